import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BookingDoneDetails } from '@/components/BookingDoneDetails';
import { useBookingStatus } from '@/features/booking/api/get-booking-status';
import { StageHeading } from '@/features/booking/components/StageHeading';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { useBookingSummary } from '@/lib/api/get-booking-summary';

/**
 * Stage 4: the booking is made; a confirmation mail is on its way. The booking's account follows: its
 * short reference, per line the sessions, product and drivers, what was paid and how, "Add to calendar"
 * and a print-friendly layout. A walk-in taken by staff (staff mode) ends at the counter: take the payment
 * now (the back office's Today opens the booking's Record payment, card terminal or cash) or later.
 */
export function StageDone() {
  const { t } = useTranslation('bookingSteps');
  const { state, config, deskStaff } = useWizard();
  const status = useBookingStatus(state.bookingId);
  const summary = useBookingSummary(state.bookingId);
  return (
    <Paper withBorder p="xl" radius="md" component="section" aria-labelledby="stage-heading" data-testid="stage-done">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" color="green" aria-hidden>
          <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          </svg>
        </ThemeIcon>
        <StageHeading>{t('done.heading')}</StageHeading>
        <Text size="lg">{t('done.mailSent')}</Text>
        {status.data?.paymentMode === 'circuit' && <Text c="gray.7">{t('done.payAtCircuit')}</Text>}
        {summary.data && <BookingDoneDetails summary={summary.data} symbol={config.simbolCoinType} />}
        <Text c="gray.7">{t('done.arrival')}</Text>
        {deskStaff !== null && summary.data && (
          <Group justify="center" gap="sm" data-testid="desk-pay">
            <Button component="a" href={`/admin?pay=${encodeURIComponent(summary.data.reference)}`}>
              {t('done.payNow')}
            </Button>
            <Button component="a" variant="default" href="/admin">
              {t('done.payLater')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
