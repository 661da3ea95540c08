import { ActionIcon, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { deleteGroup, saveGroup, useCatalogMutation, useGroups, useStaffProducts, type Category } from '@/admin/features/catalog/api/catalog';
import { DeleteButton } from '@/admin/features/catalog/components/DeleteButton';
import { useCatalogTexts } from '@/admin/features/catalog/hooks/useCatalogTexts';
import type { AdminCompany } from '@/admin/lib/company';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

/** Props of the categories tab. */
export interface CategoriesTabProps {
  /** The current company (GET /api/admin/company). */
  company: AdminCompany;
}

/**
 * The settings dialog's categories tab (tab 8): a grid (actions, Name; 300 high), an add/edit dialog with
 * the name (required), delete behind a confirmation; the toasts of admin spec section 8.
 */
export function CategoriesTab({ company }: CategoriesTabProps) {
  const { t } = useCatalogTexts();
  const groups = useGroups(company.idCompany);
  const [editing, setEditing] = useState<{ group?: Category }>();
  const remove = useCatalogMutation(company.idCompany, (g: Category) => deleteGroup(company.idCompany, g.id));
  const rows = groups.data ?? [];
  // Deleting a category takes it off its products (they stay on sale, without a category): say how many first.
  const products = useStaffProducts(company.idCompany);
  const using = (id: number) => [...(products.data?.products ?? []), ...(products.data?.packs ?? [])].filter((p) => p.idGroup === id).length;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button onClick={() => setEditing({})}>{t('actions.addCategory')}</Button>
      </Group>
      {groups.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('grid.loadingCategories')}</Text>
        </Group>
      ) : groups.isError ? (
        <Text c="red">{t('grid.loadFailed')}</Text>
      ) : (
        <ScrollArea h={300}>
          <Table striped highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grid.actions')}</Table.Th>
                <Table.Th>{t('grid.name')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={2}>{t('grid.empty')}</Table.Td>
                </Table.Tr>
              )}
              {rows.map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('actions.edit', { name: g.name })} onClick={() => setEditing({ group: g })}>
                        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                          <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
                        </svg>
                      </ActionIcon>
                      <DeleteButton
                        name={g.name}
                        consequence={products.data ? t('confirm.categoryUsed', { count: using(g.id) }) : undefined}
                        loading={remove.isPending}
                        onConfirm={() =>
                          remove.mutate(g, {
                            onSuccess: () => toast(t('toast.categoryDeleted'), 'green'),
                            onError: () => toast(t('toast.error')),
                          })
                        }
                      />
                    </Group>
                  </Table.Td>
                  <Table.Td>{g.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {editing && <CategoryDialog idCompany={company.idCompany} group={editing.group} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}

function CategoryDialog({ idCompany, group, onClose }: { idCompany: number; group?: Category; onClose: () => void }) {
  const { t } = useCatalogTexts();
  const [name, setName] = useState(group?.name ?? '');
  const [error, setError] = useState<string>();
  const mutation = useCatalogMutation(idCompany, () => saveGroup({ idCompany, id: group?.id, name: name.trim() }));
  const save = () => {
    if (!name.trim()) {
      setError(t('form.required'));
      return;
    }
    mutation.mutate(undefined, {
      onSuccess: () => {
        toast(group ? t('toast.categoryUpdated') : t('toast.categoryCreated'), 'green');
        onClose();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 422 && e.fields?.name) setError(e.fields.name);
        else toast(t('toast.error'));
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={group ? t('form.editCategory') : t('form.newCategory')} centered closeOnClickOutside={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextInput
          label={t('form.name')}
          withAsterisk
          data-autofocus
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
