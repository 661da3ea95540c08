import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingRow } from '@/admin/features/bookings/api/bookings';

const COLOR: Record<BookingRow['state'], string> = {
  pagada: 'green',
  cancelada: 'red',
  parcialmentepagada: 'yellow',
  pending: 'gray',
};

/** A booking's state, translated (paid, cancelled, partially paid, pending) on a colour that matches. */
export function BookingStatus({ state }: { state: BookingRow['state'] }) {
  const { t } = useTranslation('bookings');
  const known = state in COLOR ? state : 'pending';
  return (
    <Badge color={COLOR[known]} variant="light" radius="sm">
      {t(`status.${known}`)}
    </Badge>
  );
}
