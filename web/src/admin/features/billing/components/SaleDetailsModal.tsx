import { Alert, Center, Loader, Modal, Table, Text } from '@mantine/core';
import { useCartDetails } from '@/admin/features/billing/api/cart-details';
import { useBillingTexts } from '@/admin/features/billing/hooks/useBillingTexts';
import { useAdminFormat, type FormatCompany as Money } from '@/admin/lib/format';
import { saleName } from '@/admin/features/billing/utils/refund';
import { inSentence } from '@/admin/lib/reference';

interface SaleDetailsModalProps {
  /** The sale whose lines to show (its booking identifier and reference), or undefined when closed. */
  sale: { token: string; reference?: string } | undefined;
  company: Money & { idCompany: number };
  onClose: () => void;
}

/**
 * The sales-detail dialog: the lines of one sale (POST /api/admin/retrieveShoppingCartDetails), each adding
 * up: drivers × unit price − discount = amount (a line's quantity counts its sessions, listed beside it).
 */
export function SaleDetailsModal({ sale, company, onClose }: SaleDetailsModalProps) {
  const { t, language } = useBillingTexts();
  const format = useAdminFormat(company);
  const details = useCartDetails(company.idCompany, sale?.token);
  const name = sale ? inSentence(saleName(sale), language === 'ar' ? 'rtl' : 'ltr') : '';
  return (
    <Modal opened={sale !== undefined} onClose={onClose} title={t('detailsTitle', { token: name })} size="xl" centered>
      {details.isPending && (
        <Center py="lg">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
      {details.isError && <Alert color="red">{t('detailsFailed')}</Alert>}
      {details.data && (
        <Table.ScrollContainer minWidth={600} type="native" tabIndex={0}>
          <Table aria-label={t('detailsTitle', { token: name })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('lines.name')}</Table.Th>
                <Table.Th scope="col">{t('lines.drivers')}</Table.Th>
                <Table.Th scope="col">{t('lines.unitPrice')}</Table.Th>
                <Table.Th scope="col">{t('lines.discount')}</Table.Th>
                <Table.Th scope="col">{t('lines.amount')}</Table.Th>
                <Table.Th scope="col">{t('lines.sessions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.data.details.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{line.name}</Table.Td>
                  <Table.Td>{line.drivers ?? line.quantity}</Table.Td>
                  <Table.Td>{format.money(line.unitPriceConverted)}</Table.Td>
                  <Table.Td>{format.money(line.discountPrice)}</Table.Td>
                  <Table.Td>
                    <Text span inherit c={line.priceConverted < 0 ? 'red.8' : undefined}>
                      {format.money(line.priceConverted)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {(line.sessions ?? []).map((session) => (
                      <div key={session}>
                        <bdi>{format.dateTime(session)}</bdi>
                      </div>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {sale && (
        <Text size="xs" c="gray.7" mt="sm">
          {t('identifier')}: <bdi dir="ltr">{sale.token}</bdi>
        </Text>
      )}
    </Modal>
  );
}
