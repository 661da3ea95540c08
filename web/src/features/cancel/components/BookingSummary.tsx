import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CancelView } from '@/features/cancel/api/cancel-preview';
import { formatPrice, intlLocale } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/**
 * A session's circuit-local date and time written out in the page's language with its weekday
 * ("Saturday 5 December 2026, 18:00"): the wall-clock time at the circuit, never moved to the visitor's
 * time zone (the parts are formatted as UTC).
 */
export function sessionText(date: string, time: string, culture: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  if (!y || !m || !d) return `${date} ${time}`;
  const at = new Date(Date.UTC(y, m - 1, d, hh ?? 0, mm ?? 0));
  try {
    return new Intl.DateTimeFormat(intlLocale(culture), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(at);
  } catch {
    return `${date} ${time}`;
  }
}

/** The booking a cancellation link names: reference, products, first session, drivers and amount paid. */
export function BookingSummary({ view }: { view: CancelView }) {
  const { t } = useTranslation('cancel');
  const culture = currentLanguage().culture;
  const paid = view.money?.paid ?? view.total;
  const rows: { label: string; value: string; ltr?: boolean }[] = [
    { label: t('booking.reference'), value: view.reference, ltr: true },
    { label: t('booking.company'), value: view.company },
    {
      label: t('booking.what'),
      value: view.lines.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name)).join(', '),
    },
  ];
  if (view.firstSession) {
    const s = view.firstSession;
    rows.push({
      label: t('booking.when'),
      value: sessionText(s.date, s.time, culture) + (s.circuit ? ` · ${s.circuit}` : ''),
    });
  }
  if (view.drivers.length > 0) rows.push({ label: t('booking.drivers'), value: view.drivers.join(', ') });
  rows.push({
    label: view.money ? t('booking.paid') : t('booking.total'),
    value: formatPrice(paid, '', culture, view.currency),
    ltr: true,
  });
  return (
    <Stack gap={4} w="100%" ta="start">
      <Table variant="vertical" withTableBorder layout="fixed" data-testid="booking-summary">
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Th w="38%">{r.label}</Table.Th>
              <Table.Td>
                <bdi dir={r.ltr ? 'ltr' : 'auto'}>{r.value}</bdi>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {view.firstSession && (
        <Text size="xs" c="gray.7">
          {t('booking.localTime', { zone: view.timeZone })}
        </Text>
      )}
    </Stack>
  );
}
