import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelBooking, type BookingRow } from '@/admin/features/bookings/api/bookings';
import { bookingName, inSentence } from '@/admin/lib/reference';
import { ApiError } from '@/lib/api/errors';
import { toast } from '@/lib/toast';

interface CancelBookingButtonProps {
  idCompany: number;
  row: BookingRow;
  /** Called once the booking is cancelled (the grid reloads). */
  onCancelled: () => void;
}

/**
 * Cancels a booking after a confirmation popover (admin spec sections 2, 4 and 8): 'cancelled' toast and
 * a reload on success; the server's reason (409: already cancelled, no date, date past) or a generic
 * text on failure.
 */
export function CancelBookingButton({ idCompany, row, onCancelled }: CancelBookingButtonProps) {
  const { t, i18n } = useTranslation('bookings');
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => cancelBooking(idCompany, row.id),
    onSuccess: () => {
      setOpened(false);
      // Its details dialog shows it cancelled next time, not as cached.
      queryClient.removeQueries({ queryKey: ['admin', 'booking-master-data', idCompany, row.id] });
      toast(t('cancel.done'), 'green');
      onCancelled();
    },
    onError: (error) => {
      setOpened(false);
      toast(error instanceof ApiError && error.status === 409 ? error.message : t('cancel.failed'));
    },
  });
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow shadow="md" width={280} withinPortal>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('actions.cancel', { id: bookingName(row) })}
          onClick={() => setOpened((o) => !o)}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="9" />
            <path d="M8 8l8 8M16 8l-8 8" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="alertdialog" aria-label={t('actions.cancel', { id: bookingName(row) })}>
          <Text size="sm">{t('cancel.confirm', { id: inSentence(bookingName(row), i18n.dir()) })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              {t('cancel.no')}
            </Button>
            <Button color="red" size="xs" loading={mutation.isPending} onClick={() => mutation.mutate()}>
              {t('cancel.yes')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
