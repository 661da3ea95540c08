import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useExecuteRefund } from '@/admin/features/billing/api/execute-refund';
import { useBillingTexts } from '@/admin/features/billing/hooks/useBillingTexts';
import { money, type Money } from '@/admin/features/billing/utils/format';
import { amountAllowed, newIdempotencyKey, parseAmount, saleName, toHundredths, type SaleRow } from '@/admin/features/billing/utils/refund';
import { inSentence } from '@/admin/lib/reference';
import { toast } from '@/lib/toast';

interface RefundDialogProps {
  /** The sale being refunded. The dialog is mounted once per opening, which gives it a fresh key. */
  row: SaleRow;
  company: Money & { idCompany: number };
  onClose: () => void;
}

/**
 * The refund dialog (admin spec sections 4, 5 and 8): an amount in the currency, accepted when more than 0
 * and no more than what is left of the sale; sent in hundredths with one Idempotency-Key for this opening,
 * so a double click refunds once. Success toasts 'refund sent', closes and reloads the sales (the mutation
 * invalidates them); a failure toasts the server's message and leaves the dialog open.
 */
export function RefundDialog({ row, company, onClose }: RefundDialogProps) {
  const { t, language } = useBillingTexts();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [text, setText] = useState('');
  const refund = useExecuteRefund();
  const amount = parseAmount(text);
  const allowed = amountAllowed(amount, row.refundable);
  const limit = money(row.refundable, company, language);
  const invalid = text.trim() !== '' && !allowed;

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
          <Text size="sm">
            <bdi>{row.contactName}</bdi> · <bdi>{row.name}</bdi>
          </Text>
          <Text size="sm">{t('refundable', { amount: limit })}</Text>
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
