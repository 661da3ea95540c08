import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BookingRow } from '@/admin/features/bookings/api/bookings';

const COLOR: Record<BookingRow['state'], string> = {
  pagada: 'green',
  cancelada: 'red',
  parcialmentepagada: 'yellow',
  pending: 'gray',
};

/**
 * A booking's state, translated (paid, cancelled, partially paid, pending), with a dot of a colour that
 * matches: the text stays dark, as the light badges' coloured text fell below AA contrast (axe).
 */
export function BookingStatus({ state }: { state: BookingRow['state'] }) {
  const { t } = useTranslation('bookings');
  const known = state in COLOR ? state : 'pending';
  return (
    <Badge color={COLOR[known]} variant="dot" radius="sm">
      {t(`status.${known}`)}
    </Badge>
  );
}
