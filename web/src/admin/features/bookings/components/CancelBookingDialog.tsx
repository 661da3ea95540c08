import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelWithMoney, type BookingMasterData } from '@/admin/features/bookings/api/bookings';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { invalidateMoney } from '@/admin/lib/money-queries';

/** The choices of the dialog: refund, keep as a credit note, or no refund ('keep' the money as it is). */
type Choice = 'refund' | 'credit' | 'keep';

interface CancelBookingDialogProps {
  company: Pick<AdminCompany, 'idCompany' | 'simbolCoinType' | 'currency'>;
  /** The booking's details as loaded: its reference, payments, what is refundable and why a refund may be blocked. */
  booking: BookingMasterData;
  onClose: () => void;
}

/** What the booking's payments still hold, to the card (online payments) and in cash (taken at the counter). */
function heldMoney(b: BookingMasterData): { card: number; cash: number } {
  let card = 0;
  let cash = 0;
  for (const p of b.payments) {
    const holds = p.holds ?? 0;
    if (p.provider === 'cash') cash += holds;
    else card += holds;
  }
  // Older answers without holds: everything refundable counts as the card's.
  if (card + cash === 0 && b.refundable > 0) card = b.refundable;
  return { card, cash };
}

/**
 * Cancel from the booking's details (issue 23): the dialog shows what happens to the money before the
 * confirmation — "refund €66.00 to the card", "give back €30.00 in cash", "keep €66.00 as credit" or "no
 * refund" — and does it in one step (POST /api/admin/cancel-booking). When the company's policy allows no
 * refund now the refund choice is disabled with the reason (the billing section's refundBlocked reasons);
 * keeping the money as credit (a credit note the customer spends at the desk) is disabled with its reason
 * when nothing paid is left to keep.
 */
export function CancelBookingDialog({ company, booking, onClose }: CancelBookingDialogProps) {
  const { t } = useTranslation('bookings');
  const { t: admin } = useTranslation('admin');
  const format = useAdminFormat(company);
  const price = (amount: number) => isolate(format.money(amount));
  const reference = isolate(booking.reference || booking.identifier);
  const { card, cash } = heldMoney(booking);
  const refundable = card + cash > 0;
  // Nothing paid or refunded already: nothing to choose. Otherwise a policy block disables the refund.
  const blocked =
    refundable && booking.refundBlocked && booking.refundBlocked !== 'nothingPaid' && booking.refundBlocked !== 'fullyRefunded'
      ? booking.refundBlocked
      : undefined;
  // What a credit note would hold: everything paid and not refunded (older answers: what is refundable).
  const creditable = booking.creditable ?? card + cash;
  // Something was paid once: the choices are shown, each disabled with its reason when it cannot be made.
  const anyPaid = refundable || creditable > 0 || booking.payments.length > 0;
  const refundWhyNot = blocked ?? (refundable ? undefined : (booking.refundBlocked ?? 'fullyRefunded'));
  const [choice, setChoice] = useState<Choice>(refundable && !blocked ? 'refund' : 'keep');
  const [refusal, setRefusal] = useState<string>();
  const queryClient = useQueryClient();

  const refundText =
    card > 0 && cash > 0
      ? t('cancelMoney.refundBoth', { card: price(card), cash: price(cash) })
      : cash > 0
        ? t('cancelMoney.refundCash', { amount: price(cash) })
        : t('cancelMoney.refundCard', { amount: price(card) });

  const mutation = useMutation({
    mutationFn: () =>
      cancelWithMoney(
        company.idCompany,
        booking.id,
        refundable && choice === 'refund' ? 'refund' : creditable > 0 && choice === 'credit' ? 'credit' : 'none',
      ),
    onSuccess: (result) => {
      invalidateMoney(queryClient, company.idCompany, booking.id);
      if (result.credit)
        toast(t('cancelMoney.doneCredit', { amount: price(result.credit.amount), code: isolate(result.credit.code) }), 'green');
      else if (result.owed > 0) toast(t('cancelMoney.owed', { amount: price(result.owed) }));
      else if (result.refunded > 0) toast(t('cancelMoney.doneRefunded', { amount: price(result.refunded) }), 'green');
      else toast(t('cancel.done'), 'green');
      onClose();
    },
    onError: (error) => setRefusal(error.message || t('cancel.failed')),
  });

  return (
    <Modal
      opened
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('cancelMoney.title', { id: reference })}
      closeButtonProps={{ 'aria-label': t('details.close') }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setRefusal(undefined);
          mutation.mutate();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('cancelMoney.intro')}</Text>
          {anyPaid ? (
            <Radio.Group label={t('cancelMoney.money')} value={choice} onChange={(v) => setChoice(v as Choice)} name="cancel-money">
              <Stack gap="xs" mt="xs">
                <Radio
                  value="refund"
                  label={refundText}
                  disabled={!refundable || blocked !== undefined}
                  description={
                    refundWhyNot ? `${admin('refundBlocked.title')}: ${admin(`refundBlocked.${refundWhyNot}`)}` : undefined
                  }
                />
                <Radio
                  value="credit"
                  label={t('cancelMoney.credit', { amount: price(creditable) })}
                  disabled={!(creditable > 0)}
                  description={creditable > 0 ? t('cancelMoney.creditHint') : t('cancelMoney.creditNothing')}
                />
                <Radio value="keep" label={t('cancelMoney.keep')} />
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm">{t('cancelMoney.nothingPaid')}</Text>
          )}
          <Text size="sm" fw={600} role="status">
            {refundable && choice === 'refund'
              ? t('cancelMoney.confirmRefund', { id: reference, money: refundText })
              : creditable > 0 && choice === 'credit'
                ? t('cancelMoney.confirmCredit', { id: reference, amount: price(creditable) })
                : t('cancelMoney.confirmKeep', { id: reference })}
          </Text>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('cancel.no')}
            </Button>
            <Button type="submit" color="red" loading={mutation.isPending}>
              {t('cancel.yes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
