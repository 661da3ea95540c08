import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/components/BookingDoneDetails.module.css';
import { CheckInQr } from '@/components/CheckInQr';
import { bookingCalendarUrl, type BookingSummary } from '@/lib/api/get-booking-summary';
import { formatPrice, intlLocale, isolate } from '@/lib/format';
import { languageForCode } from '@/lib/i18n/languages';

interface BookingDoneDetailsProps {
  summary: BookingSummary;
  /** The company's currency symbol (config), to write amounts as the booking page does. */
  symbol?: string;
}

/**
 * A session written out in the page's language with its weekday, at the circuit's time zone:
 * "Saturday 1 December 2026, 10:00". Falls back to the stored local date and time.
 */
export function sessionDateTime(startsAt: string, timeZone: string, culture: string, fallback: string): string {
  const when = new Date(startsAt);
  if (Number.isNaN(when.getTime())) return fallback;
  try {
    return new Intl.DateTimeFormat(intlLocale(culture), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(when);
  } catch {
    return fallback; // an unknown time zone
  }
}

/**
 * The done page's account of a booking, shared by the wizard's last stage and the booking's page
 * (/success): the short reference people read out at the desk, per line the product, its sessions
 * (date and time at the circuit) and drivers, what was paid and how, and "Add to calendar" (the
 * mail's .ics). Printing shows the receipt alone (header, navigation and buttons are hidden).
 */
export function BookingDoneDetails({ summary, symbol = '' }: BookingDoneDetailsProps) {
  const { t, i18n } = useTranslation('components');
  const culture = languageForCode(i18n.resolvedLanguage ?? i18n.language).culture;
  const money = (amount: number) => isolate(formatPrice(amount, symbol, culture, summary.currency));
  const atCircuit = summary.paymentMode === 'circuit';
  const paid = summary.paid > 0 ? summary.paid : 0;

  return (
    <Stack gap="md" w="100%" data-testid="booking-done-details">
      <Stack gap={2} align="center">
        <Text c="gray.7">{t('bookingDone.reference')}</Text>
        <Text className={classes.reference} data-testid="booking-reference" dir="ltr">
          {summary.reference}
        </Text>
        <Text size="sm" c="gray.7">
          {t('bookingDone.referenceHint')}
        </Text>
      </Stack>

      {summary.checkCode && summary.hasCalendar && summary.status !== 'cancelada' && <CheckInQr code={summary.checkCode} reference={summary.reference} />}

      <Stack gap="sm" className={classes.lines}>
        <Title order={2} fz="lg">
          {t('bookingDone.booked')}
        </Title>
        {summary.lines.map((line, i) => (
          <Stack key={i} gap={4} data-testid="booking-done-line">
            <Group justify="space-between" wrap="nowrap" align="baseline">
              <Text fw={700}>
                <bdi>{line.quantity > 1 ? `${line.quantity} × ${line.product}` : line.product}</bdi>
              </Text>
              <Text fw={600} dir="ltr">
                {money(line.total)}
              </Text>
            </Group>
            {line.sessions.map((s, j) => (
              <Text key={j} size="sm">
                {sessionDateTime(s.startsAt, summary.timeZone, culture, `${s.date} ${s.time}`)}
                {s.circuit && (
                  <>
                    {' · '}
                    <bdi>{s.circuit}</bdi>
                  </>
                )}
              </Text>
            ))}
            {line.drivers.length > 0 && (
              <Text size="sm" c="gray.7">
                {t('bookingDone.drivers')}{' '}
                <bdi>{line.drivers.join(', ')}</bdi>
              </Text>
            )}
          </Stack>
        ))}
      </Stack>

      <List listStyleType="none" spacing={4} className={classes.lines}>
        <List.Item>
          <Text fw={700}>{t('bookingDone.total', { amount: money(summary.total) })}</Text>
        </List.Item>
        <List.Item>
          <Text data-testid="booking-done-payment">
            {atCircuit
              ? t('bookingDone.atCircuit', { amount: money(Math.max(summary.total - paid, 0)) })
              : t('bookingDone.byCard', { amount: money(paid) })}
          </Text>
        </List.Item>
      </List>

      <Group justify="center" className={classes.noPrint}>
        {summary.hasCalendar && summary.status !== 'cancelada' && (
          <Button component="a" href={bookingCalendarUrl(summary.identifier)} download variant="light">
            {t('bookingDone.addToCalendar')}
          </Button>
        )}
        <Button variant="subtle" onClick={() => window.print()}>
          {t('bookingDone.print')}
        </Button>
      </Group>
    </Stack>
  );
}
