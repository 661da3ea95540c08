import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HoldCountdown } from '@/features/booking/components/HoldCountdown';
import { StageDrivers } from '@/features/booking/components/StageDrivers';
import { StageRecap } from '@/features/booking/components/StageRecap';
import { StepIndicator } from '@/features/booking/components/StepIndicator';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { loadBookingStepTexts } from '@/lib/i18n';

// The later stages are their own chunks: the date picker, the phone input and the summary load only when
// the visitor gets there (they are prefetched as soon as the visitor starts choosing on the first stage),
// together with their texts (the namespace bookingSteps, kept out of the first download too).
function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadBookingStepTexts()]))[0];
}
const loadDate = withTexts(() => import('@/features/booking/components/StageDate'));
const loadVoucher = () => import('@/features/booking/components/StageVoucher');
const loadRegister = withTexts(() => import('@/features/booking/components/StageRegister'));
const loadSummary = withTexts(() => import('@/features/booking/components/StageSummary'));
const loadDone = withTexts(() => import('@/features/booking/components/StageDone'));
const StageDone = lazy(async () => ({ default: (await loadDone()).StageDone }));
const StageDate = lazy(async () => ({ default: (await loadDate()).StageDate }));
const StageVoucher = lazy(async () => ({ default: (await loadVoucher()).StageVoucher }));
const StageRegister = lazy(async () => ({ default: (await loadRegister()).StageRegister }));
const StageSummary = lazy(async () => ({ default: (await loadSummary()).StageSummary }));

function StageLoading() {
  const { t } = useTranslation('booking');
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** The booking wizard: step indicator, hold countdown and the current stage. */
export function BookingWizard() {
  const { t } = useTranslation('booking');
  const { state, voucherMode, notice, restoring, restoreFailed, retryRestore, abandonRestore } = useWizard();

  useEffect(() => {
    // Fetch the next stages' code once the visitor starts choosing (their first tap, click or key on the
    // page), not while the page is still coming up: on a slow phone evaluating the date picker, the
    // validation rules and the phone metadata competes with the first stage's own rendering.
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const prefetch = () => {
      events.forEach((name) => window.removeEventListener(name, prefetch, true));
      void (voucherMode ? loadVoucher() : loadDate());
      void loadRegister();
      void loadSummary();
    };
    events.forEach((name) => window.addEventListener(name, prefetch, { capture: true, passive: true }));
    return () => events.forEach((name) => window.removeEventListener(name, prefetch, true));
  }, [voucherMode]);

  if (restoring) return <StageLoading />;
  if (restoreFailed) {
    return (
      <Alert color="red" variant="light" title={t('errors.cartLoadTitle')} data-testid="cart-load-error">
        <Stack gap="sm">
          <Text size="sm">{t('errors.cartLoad')}</Text>
          <Group>
            <Button onClick={retryRestore}>{t('retry')}</Button>
            <Button variant="default" onClick={abandonRestore}>
              {t('startAgain')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md" data-testid="booking-wizard" data-stage={state.stage}>
      <StepIndicator />
      {notice === 'timeout' && (
        <Alert
          color="orange"
          variant="light"
          title={t('errors.timeoutTitle')}
          styles={{ title: { color: '#7c2d12' } }}
          data-testid="timeout-notice"
        >
          {t('errors.timeoutPrebooking')}
        </Alert>
      )}
      {notice === 'expired' && (
        <Alert
          color="orange"
          variant="light"
          title={t('errors.expiredTitle')}
          styles={{ title: { color: '#7c2d12' } }}
          data-testid="expired-notice"
          role="alert"
        >
          {t('errors.expired')}
        </Alert>
      )}
      {notice === 'paymentError' && (
        <Alert color="red" variant="light">
          {t('errors.paymentError')}
        </Alert>
      )}
      <HoldCountdown />
      <StageRecap />
      <Suspense fallback={<StageLoading />}>
        {state.stage === 0 && <StageDrivers />}
        {state.stage === 1 && (voucherMode ? <StageVoucher /> : <StageDate />)}
        {state.stage === 2 && <StageRegister />}
        {state.stage === 3 && <StageSummary />}
        {state.stage === 4 && <StageDone />}
      </Suspense>
    </Stack>
  );
}
