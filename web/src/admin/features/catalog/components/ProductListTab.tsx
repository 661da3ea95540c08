import { ActionIcon, Button, Group, Loader, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { deleteProduct, useCatalogMutation, useGroups, useStaffProducts, type CatalogKind, type StaffProduct } from '@/admin/features/catalog/api/catalog';
import { DeleteButton } from '@/admin/features/catalog/components/DeleteButton';
import { DynamicPriceDialog } from '@/admin/features/catalog/components/DynamicPriceDialog';
import { ProductDialog, type VariantOption } from '@/admin/features/catalog/components/ProductDialog';
import { useCatalogTexts } from '@/admin/features/catalog/hooks/useCatalogTexts';
import type { AdminCompany } from '@/admin/lib/company';
import { todayIn } from '@/admin/lib/dates';
import { usePhone } from '@/admin/lib/phone';
import { ApiError } from '@/lib/api/errors';
import { useAdminFormat } from '@/admin/lib/format';
import { toast } from '@/lib/toast';

/** Props of the products and packs tabs. */
export interface CatalogTabProps {
  /** The current company (GET /api/admin/company): id, currency, time zone, opening and closing. */
  company: AdminCompany;
  /** The company's circuit variants for the variant field ('circuit - name'); the field hides without. */
  variants?: VariantOption[];
}

type Editing = { product?: StaffProduct } | undefined;

/**
 * The grid of products or packs (actions, Title, Price, Stock, Disable; 300 high) with the add button,
 * and the product, pack and dynamic price dialogs it opens (admin spec section 2).
 */
export function ProductListTab({ company, variants = [], kind }: CatalogTabProps & { kind: CatalogKind }) {
  const { t } = useCatalogTexts();
  const products = useStaffProducts(company.idCompany);
  const groups = useGroups(company.idCompany);
  const [editing, setEditing] = useState<Editing>();
  const [pricing, setPricing] = useState<StaffProduct>();
  const today = todayIn(company.timeZone);
  const remove = useCatalogMutation(company.idCompany, (p: StaffProduct) => deleteProduct(kind, company.idCompany, p.id));
  const rows = (kind === 'PACK' ? products.data?.packs : products.data?.products) ?? [];
  const packable = (products.data?.products ?? []).filter((p) => p.isActive === 1);
  const format = useAdminFormat(company);
  const phone = usePhone();
  // Always with the currency code: without it English wrote "22.00 €" here and "€22.00" everywhere else.
  const price = (n: number) => format.money(n);

  const onDelete = (p: StaffProduct) =>
    remove.mutate(p, {
      onSuccess: (r) => toast(r.archived ? t('toast.archived') : t('toast.deleted'), 'green'),
      onError: (error) => toast(error instanceof ApiError && error.status === 409 ? error.message : t('toast.error')),
    });

  const actions = (p: StaffProduct) => (
      <Group gap={2} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={t('actions.edit', { name: p.name })} onClick={() => setEditing({ product: p })}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
          </svg>
        </ActionIcon>
        <DeleteButton name={p.name} loading={remove.isPending} onConfirm={() => onDelete(p)} />
        {/* The company's own currency sign (€, kr., £…), not a dollar sign on every circuit's screen. */}
        <ActionIcon
          variant="subtle"
          color="gray"
          w="auto"
          miw={28}
          px={4}
          aria-label={t('actions.dynamic', { name: p.name })}
          onClick={() => setPricing(p)}
        >
          {/* The sign is text, so it needs text contrast (a light icon did not): the page's text colour. */}
          <Text span fw={700} size="sm" c="var(--mantine-color-text)" aria-hidden="true" data-testid="dynamic-price-sign">
            {company.simbolCoinType}
          </Text>
        </ActionIcon>
      </Group>
  );

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button onClick={() => setEditing({})}>{kind === 'PACK' ? t('actions.addPack') : t('actions.addProduct')}</Button>
      </Group>
      {products.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('grid.loading')}</Text>
        </Group>
      ) : products.isError ? (
        <Text c="red">{t('grid.loadFailed')}</Text>
      ) : phone ? (
        // On a phone the grid's five columns scrolled sideways inside the dialog: one card per product.
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={kind === 'PACK' ? t('grid.packs') : t('grid.products')}>
          {rows.length === 0 && <Text component="li">{t('grid.empty')}</Text>}
          {rows.map((p) => (
            <Paper key={p.id} component="li" withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700} dir="auto">
                  {p.name}
                </Text>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {price(p.price)}
                </Text>
              </Group>
              <Group justify="space-between" mt={4}>
                <Text size="sm" c="dimmed">
                  {t('grid.stock')}: {p.stock === null ? t('grid.unlimited') : p.stock}
                  {p.isActive === 0 ? ` · ${t('grid.disabled')}` : ''}
                </Text>
                {actions(p)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <ScrollArea h={300}>
          <Table striped highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grid.actions')}</Table.Th>
                <Table.Th>{t('grid.title')}</Table.Th>
                <Table.Th>{t('grid.price')}</Table.Th>
                <Table.Th>{t('grid.stock')}</Table.Th>
                <Table.Th>{t('grid.disable')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>{t('grid.empty')}</Table.Td>
                </Table.Tr>
              )}
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {actions(p)}
                  </Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{price(p.price)}</Table.Td>
                  <Table.Td>{p.stock === null ? t('grid.unlimited') : p.stock}</Table.Td>
                  <Table.Td>{p.isActive === 0 ? t('grid.yes') : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {editing && (
        <ProductDialog
          kind={kind}
          idCompany={company.idCompany}
          product={editing.product}
          today={today}
          groups={groups.data ?? []}
          variants={variants}
          packable={packable}
          onClose={() => setEditing(undefined)}
        />
      )}
      {pricing && (
        <DynamicPriceDialog
          idCompany={company.idCompany}
          product={pricing}
          opening={company.openingTime}
          closing={company.closingTime}
          today={today}
          onClose={() => setPricing(undefined)}
        />
      )}
    </Stack>
  );
}
