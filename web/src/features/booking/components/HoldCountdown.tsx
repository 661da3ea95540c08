import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWizard } from '@/features/booking/components/WizardProvider';

/** The earliest expiry of the holds the wizard counts on, or null when it holds nothing. */
function earliestExpiry(expiries: readonly string[]): number | null {
  const times = expiries.map((e) => Date.parse(e)).filter((n) => Number.isFinite(n));
  return times.length ? Math.min(...times) : null;
}

/** Whole minutes left until an instant, rounded up (0 once passed). */
export function minutesLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 60_000));
}

/**
 * How long the visitor's places stay held. The text changes once a minute (announced politely, never every
 * second). When the time is up the server's cart is asked again: if it agrees the holds expired, the
 * wizard tells the visitor and restarts.
 */
export function HoldCountdown() {
  const { t } = useTranslation('booking');
  const queryClient = useQueryClient();
  const { state, cart } = useWizard();
  const held = [...state.holds, ...state.stack.flatMap((i) => i.holds)];
  const expiry = cart?.expiresAt ? Date.parse(cart.expiresAt) : earliestExpiry(held.map((h) => h.expiresAt));
  const active = held.length > 0 && expiry !== null && state.stage >= 1 && state.stage <= 3;
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!active || expiry === null) return;
    // Tick at each minute boundary before expiry, then once at expiry itself.
    const untilExpiry = expiry - Date.now();
    // After expiry, while the server still reports the holds live (clocks differ), ask every 5 seconds.
    const wait = untilExpiry <= 0 ? 5000 : Math.min(untilExpiry, untilExpiry % 60_000 || 60_000) + 50;
    const timer = setTimeout(() => {
      setTick((n) => n + 1);
      if (Date.now() >= expiry && state.cartToken) {
        void queryClient.invalidateQueries({ queryKey: ['cart', state.cartToken] });
      }
    }, wait);
    return () => clearTimeout(timer);
  }, [active, expiry, tick, queryClient, state.cartToken]);

  if (!active || expiry === null) return null;
  // Read at render: the text changes only when a tick (each minute boundary) or a new expiry re-renders it.
  // eslint-disable-next-line react-hooks/purity -- the clock is read at render on purpose: each minute's tick re-renders (comment above)
  const minutes = minutesLeft(expiry, Date.now());
  return (
    <Alert color="blue" variant="light" role="status" aria-live="polite" aria-atomic data-testid="hold-countdown">
      {minutes <= 1 ? t('hold.lastMinute') : t('hold.minutes', { count: minutes })}
    </Alert>
  );
}
