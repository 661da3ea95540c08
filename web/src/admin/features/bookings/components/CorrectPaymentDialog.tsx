import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { correctPayment } from '@/admin/features/bookings/api/bookings';
import { newIdempotencyKey, parseAmount, toHundredths } from '@/admin/lib/amounts';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { invalidateMoney } from '@/admin/lib/money-queries';

/** The most a correction's reason may say (the server's limit). */
const MAX_REASON = 500;

interface CorrectPaymentDialogProps {
  company: Pick<AdminCompany, 'idCompany' | 'simbolCoinType' | 'currency'>;
  /** The booking and the counter payment corrected, with what that payment still holds. */
  booking: { id: number; reference: string };
  payment: { id: number; holds: number };
  onClose: () => void;
}

/**
 * Correct a counter payment (issue 23; ADMIN and above): history is never edited, a correction line with
 * its reason takes part or all of the payment off. The amount starts at what the payment holds and may not
 * exceed it; the reason is required. One Idempotency-Key per opening.
 */
export function CorrectPaymentDialog({ company, booking, payment, onClose }: CorrectPaymentDialogProps) {
  const { t } = useTranslation('bookings');
  const format = useAdminFormat(company);
  const price = (amount: number) => isolate(format.money(amount));
  const [idempotencyKey] = useState(() => newIdempotencyKey('correction'));
  const [text, setText] = useState(() => format.amountField(payment.holds));
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const queryClient = useQueryClient();

  const amount = parseAmount(text);
  const over = amount !== undefined && toHundredths(amount) > toHundredths(payment.holds);
  const allowed = amount !== undefined && amount > 0 && !over && reason.trim() !== '' && reason.length <= MAX_REASON;
  let problem: string | undefined;
  if (over) problem = t('correct.over', { amount: price(payment.holds) });
  else if (text.trim() !== '' && (amount === undefined || amount <= 0)) problem = t('pay.invalid');

  const mutation = useMutation({
    mutationFn: () =>
      correctPayment({
        idCompany: company.idCompany,
        bookingId: booking.id,
        paymentId: payment.id,
        hundredths: toHundredths(amount ?? 0),
        reason: reason.trim(),
        idempotencyKey,
      }),
    onSuccess: () => {
      invalidateMoney(queryClient, company.idCompany, booking.id);
      toast(t('correct.done'), 'green');
      onClose();
    },
    onError: (error) => setRefusal(error.message || t('correct.failed')),
  });

  return (
    <Modal
      opened
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('correct.title', { id: isolate(booking.reference) })}
      closeButtonProps={{ 'aria-label': t('details.close') }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (allowed) mutation.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('correct.explain', { amount: price(payment.holds) })}</Text>
          <TextInput
            label={t('correct.amount')}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={problem}
            rightSection={<Text size="sm">{company.simbolCoinType}</Text>}
          />
          <Textarea
            label={t('details.reason')}
            required
            maxLength={MAX_REASON}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('pay.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!allowed} loading={mutation.isPending}>
              {t('correct.yes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
