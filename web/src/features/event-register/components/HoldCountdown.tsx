import { Alert, Button, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whole minutes left until an instant, rounded up (0 once passed). */
export function minutesLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 60_000));
}

/**
 * How long the visitor's place stays held, as the booking wizard shows it: the text changes once a
 * minute (announced politely, never every second). When the time is up it says so and offers to start
 * again, which asks for a new place.
 */
export function HoldCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('eventRegister');
  const expiry = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!Number.isFinite(expiry)) return;
    const untilExpiry = expiry - Date.now();
    if (untilExpiry <= 0) return;
    // Tick at each minute boundary before expiry, then once at expiry itself.
    const wait = Math.min(untilExpiry, untilExpiry % 60_000 || 60_000) + 50;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [expiry, now]);

  if (!Number.isFinite(expiry)) return null;
  if (now >= expiry) {
    return (
      <Alert color="orange" variant="light" role="alert" title={t('hold.expiredTitle')} data-testid="hold-expired">
        <Text size="sm" mb="sm">
          {t('errors.timeoutPrebooking')}
        </Text>
        <Button size="xs" onClick={() => window.location.reload()}>
          {t('hold.startAgain')}
        </Button>
      </Alert>
    );
  }
  const minutes = minutesLeft(expiry, now);
  return (
    <Alert color="blue" variant="light" role="status" aria-live="polite" aria-atomic data-testid="hold-countdown">
      {minutes <= 1 ? t('hold.lastMinute') : t('hold.minutes', { count: minutes })}
    </Alert>
  );
}
