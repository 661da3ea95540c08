import { Loader, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '@/features/booking/components/Wizard.module.css';
import { useWizard } from '@/features/booking/components/WizardProvider';
import { formatHour, formatPrice } from '@/lib/format';
import { freePlaces, occupancyColor, type Selection, type Slot, type SlotStatus } from '@/features/booking/utils/slots';

interface SlotGridProps {
  slots: readonly Slot[];
  loading: boolean;
  failed: boolean;
  statusOf: (slot: Slot) => SlotStatus;
  drivers: number;
  showFree: boolean;
  selection: Selection;
  onSlot: (slot: Slot) => void;
}

/** The day's sessions as toggle buttons, skeletons while loading, or the 'no slots' panel. */
export function SlotGrid({ slots, loading, failed, statusOf, drivers, showFree, selection, onSlot }: SlotGridProps) {
  const { t, i18n } = useTranslation('bookingSteps');
  const { config } = useWizard();
  const locale = i18n.resolvedLanguage ?? i18n.language;

  if (loading) {
    return (
      <div className={classes.slotGrid} aria-busy="true" data-testid="slot-skeleton">
        <Text role="status" size="sm" c="gray.7" style={{ gridColumn: '1 / -1' }}>
          {t('date.loadingSlots')}
        </Text>
        {Array.from({ length: 12 }, (_, i) => (
          <Skeleton key={i} height={60} radius="md" />
        ))}
      </div>
    );
  }

  if (failed || slots.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" data-testid="no-slots">
        <Stack align="center" gap="xs" ta="center">
          <Text fz={48} lh={1} aria-hidden>
            🏁
          </Text>
          <Text fw={700}>{t('date.noSlots')}</Text>
          <Text size="sm" c="gray.7">
            {t('date.noSlotsHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <div className={classes.slotGrid} role="group" aria-label={t('date.sessions')}>
      {slots.map((slot) => {
        const status = statusOf(slot);
        const marked = status === 'MARKED';
        const free = freePlaces(slot, marked, drivers);
        const color = occupancyColor(free, slot.maxParticipants);
        const price = formatPrice(slot.price, config.simbolCoinType, locale, config.currency);
        const stateText = t(`date.status.${status}`);
        return (
          <button
            key={slot.startTime}
            type="button"
            className={classes.slot}
            data-status={status}
            data-time={slot.startTime}
            aria-pressed={marked}
            aria-busy={status === 'PROCESSING' || undefined}
            disabled={status === 'UNAVAILABLE'}
            aria-disabled={status === 'PROCESSING' || undefined}
            onClick={() => {
              if (status !== 'PROCESSING') onSlot(slot);
            }}
          >
            <span className={classes.slotTime}>{formatHour(slot.startTime)}</span>
            {status === 'PROCESSING' ? (
              <Loader size="xs" color="currentColor" aria-hidden />
            ) : (
              <span style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
                <VisuallyHidden component="span">, </VisuallyHidden>
                <bdi>{price}</bdi>
              </span>
            )}
            {showFree && status !== 'UNAVAILABLE' && (
              <span className={classes.free} data-color={marked ? undefined : color} data-testid="slot-free">
                <VisuallyHidden component="span">, </VisuallyHidden>
                {t('date.freeShort', { count: free })}
              </span>
            )}
            <VisuallyHidden component="span">, {stateText}</VisuallyHidden>
          </button>
        );
      })}
      {selection.processing.length > 0 && (
        <Text role="status" size="xs" c="gray.7" style={{ gridColumn: '1 / -1' }}>
          {t('date.processing')}
        </Text>
      )}
    </div>
  );
}
