import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESK_METHODS, recordPayment, type DeskMethod } from '@/admin/features/bookings/api/bookings';
import { newIdempotencyKey, parseAmount, toHundredths } from '@/admin/lib/amounts';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';

interface RecordPaymentDialogProps {
  company: Pick<AdminCompany, 'idCompany' | 'simbolCoinType' | 'currency'>;
  /** The booking paid: its id, the reference people read out, and what is due on it. */
  booking: { id: number; reference: string; due: number };
  onClose: () => void;
}

/**
 * Record payment (issue 23): a payment taken at the counter, with its method and an amount that starts at
 * what is due (a part is allowed, more is refused here and by the server), confirmed in a second step.
 * The dialog is mounted once per opening, which gives it one Idempotency-Key: a double tap records once.
 * Success toasts, reloads the booking, the bookings and billing, and closes; a refusal shows the server's
 * message and leaves the dialog open.
 */
export function RecordPaymentDialog({ company, booking, onClose }: RecordPaymentDialogProps) {
  const { t } = useTranslation('bookings');
  const format = useAdminFormat(company);
  const price = (amount: number) => isolate(format.money(amount));
  const [idempotencyKey] = useState(() => newIdempotencyKey('desk'));
  const [method, setMethod] = useState<DeskMethod>('cash');
  const [text, setText] = useState(() => format.amountField(booking.due));
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const queryClient = useQueryClient();

  const amount = parseAmount(text);
  const over = amount !== undefined && toHundredths(amount) > toHundredths(booking.due);
  const allowed = amount !== undefined && amount > 0 && !over;
  let problem: string | undefined;
  if (over) problem = t('pay.over', { amount: price(booking.due) });
  else if (text.trim() !== '' && !allowed) problem = t('pay.invalid');

  const mutation = useMutation({
    mutationFn: () =>
      recordPayment({ idCompany: company.idCompany, bookingId: booking.id, method, hundredths: toHundredths(amount ?? 0), idempotencyKey }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'booking-master-data', company.idCompany, booking.id] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'bookings', company.idCompany] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'billing', company.idCompany] });
      // The KPIs' billing and its charts count the ledger: a manager's open KPIs move with the counter.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'kpi', company.idCompany] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'kpi-series', company.idCompany] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'today', company.idCompany] });
      toast(result.due > 0 ? t('pay.donePart', { due: price(result.due) }) : t('pay.done'), 'green');
      onClose();
    },
    onError: (error) => {
      setConfirming(false);
      setRefusal(error.message || t('pay.failed'));
    },
  });

  return (
    <Modal
      opened
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('pay.title', { id: isolate(booking.reference) })}
      closeButtonProps={{ 'aria-label': t('details.close') }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!allowed) return;
          if (!confirming) {
            setRefusal(undefined);
            setConfirming(true);
            return;
          }
          mutation.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('pay.due', { amount: price(booking.due) })}</Text>
          <NativeSelect
            label={t('pay.method')}
            value={method}
            disabled={confirming}
            onChange={(event) => setMethod(event.currentTarget.value as DeskMethod)}
            data={DESK_METHODS.map((m) => ({ value: m, label: t(`pay.methods.${m}`) }))}
          />
          <TextInput
            label={t('pay.amount')}
            description={t('pay.rule', { amount: price(booking.due) })}
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={text}
            disabled={confirming}
            onChange={(event) => setText(event.currentTarget.value)}
            error={problem}
            rightSection={<Text size="sm">{company.simbolCoinType}</Text>}
            data-autofocus
          />
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          {confirming && amount !== undefined && (
            <Text size="sm" fw={600} role="status">
              {t('pay.confirm', { amount: price(amount), method: t(`pay.methods.${method}`), id: isolate(booking.reference) })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            {confirming ? (
              <Button variant="default" onClick={() => setConfirming(false)} disabled={mutation.isPending}>
                {t('pay.back')}
              </Button>
            ) : (
              <Button variant="default" onClick={onClose}>
                {t('pay.cancel')}
              </Button>
            )}
            <Button type="submit" disabled={!allowed} loading={mutation.isPending}>
              {confirming ? t('pay.yes') : t('pay.record')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
