import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DateRangeFields } from '@/admin/components/DateRangeFields';
import { useKpiTexts } from '@/admin/features/kpi/hooks/useKpiTexts';
import { MAX_PERIOD_DAYS, PERIOD_KINDS, type DayPeriod, type PeriodKind, type PeriodPair } from '@/admin/features/kpi/utils/periods';
import { adminFormat } from '@/admin/lib/format';
import { isolate } from '@/lib/format';

interface PeriodPickerProps {
  kind: PeriodKind;
  /** The company's time zone: the date fields' today and bounds are its own. */
  timeZone: string;
  pair: PeriodPair;
  /** The custom range as chosen (it may end after today; pair.current stops at today). */
  range?: DayPeriod;
  onKind: (kind: PeriodKind) => void;
  /** Called with a custom range once it is valid (start not after end). */
  onRange: (range: DayPeriod) => void;
}

/**
 * The KPI period selector (admin spec sections 2 and 5): today, week, month, year or a custom range with
 * a start not after its end (the date fields keep it so); below it, the period counted (to date) and the
 * period it is compared with.
 */
export function PeriodPicker({ kind, timeZone, pair, range, onKind, onRange }: PeriodPickerProps) {
  const { t, language } = useKpiTexts();
  const day = (value: string) => isolate(adminFormat(language, {}).day(value));

  return (
    <Stack gap="xs">
      <Text component="label" id="kpi-period" fw={600} size="sm">
        {t('period')}
      </Text>
      <SegmentedControl
        aria-labelledby="kpi-period"
        value={kind}
        onChange={(value) => onKind(value as PeriodKind)}
        data={PERIOD_KINDS.map((k) => ({ value: k, label: t(`periods.${k}`) }))}
        // Never wider than the screen: on a 390 px phone "Custom range" wraps onto two lines instead of
        // pushing the switch 18 px past the edge (admin-phone-screens.spec.ts).
        style={{ alignSelf: 'flex-start', maxInlineSize: '100%' }}
        styles={{ label: { whiteSpace: 'normal' } }}
      />
      {kind === 'RANGE' && (
        <DateRangeFields value={range ?? pair.current} onChange={onRange} timeZone={timeZone} maxDays={MAX_PERIOD_DAYS} />
      )}
      <div aria-live="polite">
        <Text size="sm" data-testid="kpi-current">
          {t('current', { start: day(pair.current.start), end: day(pair.current.end) })}
        </Text>
        <Text size="sm" c="gray.7" data-testid="kpi-previous">
          {t('previous', { start: day(pair.previous.start), end: day(pair.previous.end) })}
        </Text>
      </div>
    </Stack>
  );
}
