import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { markArrival, markNoShow, todayKey } from '@/admin/features/bookings/api/today';
import { newIdempotencyKey } from '@/admin/lib/amounts';
import { toast } from '@/lib/toast';

interface DetailsArrivalProps {
  idCompany: number;
  booking: { id: number; arrived: boolean; noShow: boolean };
}

/**
 * The counter's marks in the booking's details (issue 23): arrived, no-show or not yet, with Mark arrived
 * and No-show beside each other, or Undo. The same calls as the Today view (check-in, mark-no-show,
 * undo-check-in); a refusal (the session has not started, a cancelled booking) is the server's message.
 */
export function DetailsArrival({ idCompany, booking }: DetailsArrivalProps) {
  const { t } = useTranslation('bookings');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (to: 'arrived' | 'noShow' | 'none') =>
      to === 'noShow'
        ? markNoShow(idCompany, booking.id)
        : markArrival({ idCompany, bookingId: booking.id, arrived: to === 'arrived', idempotencyKey: newIdempotencyKey('arrival') }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'booking-master-data', idCompany, booking.id] });
      void queryClient.invalidateQueries({ queryKey: todayKey(idCompany) });
      toast(t('noShow.done'), 'green');
    },
    onError: (error) => toast(error.message || t('today.markFailed')),
  });
  const state = booking.arrived ? 'arrived' : booking.noShow ? 'noShow' : 'expected';
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" data-testid="arrival-state">
        {t('noShow.arrival')}: <strong>{t(`noShow.${state}`)}</strong>
      </Text>
      {state === 'expected' ? (
        <>
          <Button size="compact-sm" variant="light" loading={change.isPending} onClick={() => change.mutate('arrived')}>
            {t('noShow.markArrived')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" loading={change.isPending} onClick={() => change.mutate('noShow')}>
            {t('noShow.mark')}
          </Button>
        </>
      ) : (
        <Button size="compact-sm" variant="subtle" loading={change.isPending} onClick={() => change.mutate('none')}>
          {t('noShow.undoArrival')}
        </Button>
      )}
    </Group>
  );
}
