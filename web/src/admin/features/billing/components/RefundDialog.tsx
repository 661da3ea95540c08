import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useExecuteRefund } from '@/admin/features/billing/api/execute-refund';
import { useBillingTexts } from '@/admin/features/billing/hooks/useBillingTexts';
import { useAdminFormat, type FormatCompany as Money } from '@/admin/lib/format';
import { amountAllowed, newIdempotencyKey, parseAmount, saleName, toHundredths, type SaleRow } from '@/admin/features/billing/utils/refund';
import { inSentence } from '@/admin/lib/reference';
import { toast } from '@/lib/toast';

interface RefundDialogProps {
  /** The sale being refunded. The dialog is mounted once per opening, which gives it a fresh key. */
  row: SaleRow;
  company: Money & { idCompany: number; timeZone: string };
  onClose: () => void;
}

/** One fact of the sale the dialog names: a label over its value. */
function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * The refund dialog (admin spec sections 4, 5 and 8; issue 23): the sale named by its customer, products,
 * date and sessions, with what was paid, what was refunded already and what is left; an amount in the
 * currency (or the whole of what is left, with one button), accepted when more than 0 and no more than what
 * is left of the sale; sent in hundredths with one Idempotency-Key for this opening,
 * so a double click refunds once. Success toasts 'refund sent', closes and reloads the sales (the mutation
 * invalidates them); a failure toasts the server's message and leaves the dialog open.
 */
export function RefundDialog({ row, company, onClose }: RefundDialogProps) {
  const { t, language } = useBillingTexts();
  const format = useAdminFormat(company);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [text, setText] = useState('');
  const refund = useExecuteRefund();
  const amount = parseAmount(text);
  const allowed = amountAllowed(amount, row.refundable);
  const limit = format.money(row.refundable);
  const invalid = text.trim() !== '' && !allowed;
  // What the sale took and gave back; older answers without them read as its amount and what is not left.
  const paid = row.paid ?? row.priceConverted;
  const refunded = row.refunded ?? Math.max(paid - row.refundable, 0);
  const sessions = [...new Set(row.details.flatMap((line) => line.sessions ?? []))];

  const submit = () => {
    if (!allowed) return;
    refund.mutate(
      { idCompany: company.idCompany, orderId: row.token, hundredths: toHundredths(amount), idempotencyKey },
      {
        onSuccess: () => {
          toast(t('refundSent'), 'green');
          onClose();
        },
        onError: (error) => toast(error.message || t('error')),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => {
        if (!refund.isPending) onClose();
      }}
      title={t('refundTitle', { token: inSentence(saleName(row), language === 'ar' ? 'rtl' : 'ltr') })}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
            <Fact label={t('table.customer')} value={row.contactName} />
            <Fact label={t('table.date')} value={<bdi>{format.instant(row.updatedAt)}</bdi>} />
            <Fact label={t('table.products')} value={row.name} />
            {sessions.length > 0 && (
              <Fact
                label={t('lines.sessions')}
                value={sessions.map((session) => (
                  <bdi key={session} style={{ display: 'block' }}>
                    {format.dateTime(session)}
                  </bdi>
                ))}
              />
            )}
            <Fact label={t('refundPaid')} value={<bdi>{format.money(paid)}</bdi>} />
            <Fact label={t('refundRefunded')} value={<bdi>{format.money(refunded)}</bdi>} />
          </SimpleGrid>
          <Text size="sm" fw={600}>
            {t('refundable', { amount: limit })}
          </Text>
          <TextInput
            label={t('refundAmount')}
            description={t('refundRule', { amount: limit })}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={invalid}
            rightSection={<Text size="sm">{company.simbolCoinType}</Text>}
            data-autofocus
          />
          <Group>
            <Button variant="light" size="xs" onClick={() => setText(format.amountField(row.refundable))} disabled={!(row.refundable > 0)}>
              {t('refundFull', { amount: limit })}
            </Button>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={refund.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!allowed} loading={refund.isPending}>
              {t('accept')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
