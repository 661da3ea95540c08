import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  creditLookupQueryOptions,
  DESK_METHODS,
  normalizeCreditCode,
  recordPayment,
  type CreditNote,
  type DeskMethod,
} from '@/admin/features/bookings/api/bookings';
import { ApiError } from '@/lib/api/errors';
import { newIdempotencyKey, parseAmount, toHundredths } from '@/admin/lib/amounts';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { invalidateMoney } from '@/admin/lib/money-queries';

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
 * message and leaves the dialog open. The method "credit note" asks for the note's code and checks it live
 * (POST /api/admin/credit-lookup): unknown, malformed, expired or used-up codes are refused with their
 * reason, and the amount may not exceed the note's balance.
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

  const [codeText, setCodeText] = useState('');
  // An empty code is refused once the field was left or the payment tried, not as soon as the method is chosen.
  const [codeTouched, setCodeTouched] = useState(false);
  const credit = method === 'credit';
  const code = normalizeCreditCode(codeText);
  const lookup = useQuery({ ...creditLookupQueryOptions(company.idCompany, code), enabled: credit && code !== '' });
  const note = credit && code !== '' ? lookup.data : undefined;
  const refusal0 = credit ? creditRefusal(codeText, code, lookup.error, note) : undefined;
  const codeRefusal = refusal0 === 'required' && !codeTouched ? undefined : refusal0;
  const codeProblem =
    codeRefusal === 'expired' && note
      ? t('pay.credit.expired', { date: isolate(format.instant(note.expiresAt)) })
      : codeRefusal
        ? t(`pay.credit.${codeRefusal}`)
        : undefined;
  const noteUsable = note !== undefined && codeProblem === undefined;

  const amount = parseAmount(text);
  const over = amount !== undefined && toHundredths(amount) > toHundredths(booking.due);
  const overNote = noteUsable && amount !== undefined && toHundredths(amount) > toHundredths(note.balance);
  const allowed = amount !== undefined && amount > 0 && !over && !overNote && (!credit || noteUsable);
  let problem: string | undefined;
  if (over) problem = t('pay.over', { amount: price(booking.due) });
  else if (overNote) problem = t('pay.credit.over', { amount: price(note.balance) });
  else if (text.trim() !== '' && amount === undefined) problem = t('pay.invalid');
  else if (text.trim() !== '' && !(amount !== undefined && amount > 0)) problem = t('pay.invalid');

  const mutation = useMutation({
    mutationFn: () =>
      recordPayment({
        idCompany: company.idCompany,
        bookingId: booking.id,
        method,
        hundredths: toHundredths(amount ?? 0),
        idempotencyKey,
        ...(credit ? { creditCode: code } : {}),
      }),
    onSuccess: (result) => {
      invalidateMoney(queryClient, company.idCompany, booking.id);
      if (credit) {
        // The note's balance shows in the details of the booking it came from, and in later look-ups.
        void queryClient.invalidateQueries({ queryKey: ['admin', 'credit-lookup', company.idCompany] });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'booking-master-data', company.idCompany] });
      }
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
          setCodeTouched(true);
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
          {credit && (
            <TextInput
              label={t('pay.credit.code')}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              maxLength={40}
              value={codeText}
              disabled={confirming}
              onChange={(event) => setCodeText(event.currentTarget.value)}
              onBlur={() => setCodeTouched(true)}
              error={codeProblem}
              description={
                noteUsable
                  ? t('pay.credit.found', {
                      amount: price(note.balance),
                      date: isolate(format.instant(note.expiresAt)),
                      name: isolate(note.customerName || note.customerEmail),
                    })
                  : credit && code !== '' && lookup.isFetching
                    ? t('pay.credit.checking')
                    : undefined
              }
            />
          )}
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
              {credit && note
                ? t('pay.credit.confirm', { amount: price(amount), code: isolate(note.code), id: isolate(booking.reference) })
                : t('pay.confirm', { amount: price(amount), method: t(`pay.methods.${method}`), id: isolate(booking.reference) })}
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

/** Why a typed credit note's code cannot pay (a key of pay.credit), or undefined when it can or is still being typed. */
type CreditRefusal = 'required' | 'malformed' | 'unknown' | 'expired' | 'usedUp';

/**
 * Why a typed credit note's code cannot pay, or undefined when it can (or while it is still being typed):
 * empty, not 16 letters and digits, unknown to the company, expired, or used up.
 */
function creditRefusal(typed: string, code: string, error: Error | null, note: CreditNote | undefined): CreditRefusal | undefined {
  if (typed.trim() === '') return 'required';
  if (code === '') return typed.replace(/[\s-]/g, '').length >= 16 ? 'malformed' : undefined;
  if (error) return error instanceof ApiError && error.status === 404 ? 'unknown' : 'malformed';
  if (!note) return undefined;
  if (note.expired) return 'expired';
  if (!(note.balance > 0)) return 'usedUp';
  return undefined;
}
