import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveBooking, moveChoicesQueryOptions } from '@/admin/features/bookings/api/bookings';
import { DateField } from '@/admin/components/DateField';
import type { AdminCompany } from '@/admin/lib/company';
import { useAdminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';
import { toast } from '@/lib/toast';

interface MoveBookingDialogProps {
  company: AdminCompany;
  /** The booking: its id, the reference people read out, and its first session now ("YYYY-MM-DD HH:mm:ss"). */
  booking: { id: number; reference: string; firstSession: string };
  onClose: () => void;
}

/**
 * Move a booking to another session of the same product (issue 23): a day (the booking's own to start
 * with) and that day's sessions, each with its free places, as radio buttons (arrows move between them,
 * full or past ones are disabled); a pack moves as a whole from the chosen start. The server takes the new
 * places and gives back the old ones in one step (POST /api/admin/move-booking) and mails the customer; a
 * refusal (the session filled meanwhile, …) shows the server's message and leaves the dialog open.
 */
export function MoveBookingDialog({ company, booking, onClose }: MoveBookingDialogProps) {
  const { t } = useTranslation('bookings');
  const format = useAdminFormat(company);
  const [day, setDay] = useState<string>(booking.firstSession.slice(0, 10));
  const [start, setStart] = useState<string>('');
  const [refusal, setRefusal] = useState<string>();
  const queryClient = useQueryClient();
  const choices = useQuery({ ...moveChoicesQueryOptions(company.idCompany, booking.id, day), enabled: day !== '' });
  const mutation = useMutation({
    mutationFn: () => moveBooking(company.idCompany, booking.id, day, start),
    onSuccess: (moved) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'booking-master-data', company.idCompany, booking.id] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'bookings', company.idCompany] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'today', company.idCompany] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'move-choices', company.idCompany, booking.id] });
      const when = isolate(format.dateTime(moved.sessions[0] ?? ''));
      toast(moved.mailed ? t('move.done', { when }) : t('move.doneNoMail', { when }), 'green');
      onClose();
    },
    onError: (error) => {
      setRefusal(error.message || t('move.failed'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'move-choices', company.idCompany, booking.id] });
    },
  });
  const current = choices.data?.current ?? [];
  const slots = choices.data?.slots ?? [];
  return (
    <Modal
      opened
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('move.title', { id: isolate(booking.reference) })}
      closeButtonProps={{ 'aria-label': t('details.close') }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          {t('move.now', { when: isolate(format.dateTime(booking.firstSession)) })}
          {choices.data?.kind === 'PACK' ? ` ${t('move.pack')}` : ''}
        </Text>
        <DateField
          label={t('move.date')}
          value={day}
          onChange={(d) => {
            setDay(d ?? '');
            setStart('');
            setRefusal(undefined);
          }}
        />
        {choices.isPending && day !== '' && <Loader size="sm" aria-label={t('move.loading')} />}
        {choices.isError && (
          <Alert color="red" role="alert">
            {choices.error.message || t('move.failed')}
          </Alert>
        )}
        {choices.data && slots.length === 0 && (
          <Text size="sm" c="gray.7">
            {t('move.noSessions')}
          </Text>
        )}
        {slots.length > 0 && (
          <Radio.Group
            label={t('move.session')}
            value={start}
            onChange={(v) => {
              setStart(v);
              setRefusal(undefined);
            }}
          >
            <Stack gap={6} mt={6}>
              {slots.map((s) => {
                const mine = current.includes(`${day} ${s.startTime}`);
                const fits = s.available && s.usersAvailable >= (choices.data?.numDrivers ?? 1);
                let note = t('move.free', { count: s.usersAvailable });
                if (mine) note = t('move.current');
                else if (!s.available && s.reason === 'full') note = t('move.full');
                else if (!s.available) note = t('move.closed');
                else if (!fits) note = t('move.tooFew', { count: s.usersAvailable });
                return (
                  <Radio
                    key={s.startTime}
                    value={s.startTime}
                    disabled={mine || !fits}
                    label={
                      <>
                        <bdi>{format.time(s.startTime)}</bdi> · {note}
                      </>
                    }
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Text size="xs" c="gray.7">
          {t('move.mail')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            {t('pay.cancel')}
          </Button>
          <Button loading={mutation.isPending} disabled={start === ''} onClick={() => mutation.mutate()}>
            {t('move.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
