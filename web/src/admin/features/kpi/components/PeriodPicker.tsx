import { Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useKpiTexts } from '@/admin/features/kpi/hooks/useKpiTexts';
import { PERIOD_KINDS, rangeProblem, type DayPeriod, type PeriodKind, type PeriodPair } from '@/admin/features/kpi/utils/periods';
import { formatDay, isolate } from '@/lib/format';

interface PeriodPickerProps {
  kind: PeriodKind;
  pair: PeriodPair;
  onKind: (kind: PeriodKind) => void;
  /** Called with a custom range once it is valid (start not after end). */
  onRange: (range: DayPeriod) => void;
}

/**
 * The KPI period selector (admin spec sections 2 and 5): today, week, month, year or a custom range with
 * a start not after its end; the current and previous periods written below it.
 */
export function PeriodPicker({ kind, pair, onKind, onRange }: PeriodPickerProps) {
  const { t, language } = useKpiTexts();
  const [draft, setDraft] = useState<DayPeriod>(pair.current);
  const problem = rangeProblem(draft);
  const day = (value: string) => isolate(formatDay(value, language));

  const change = (next: DayPeriod) => {
    setDraft(next);
    if (!rangeProblem(next)) onRange(next);
  };

  return (
    <Stack gap="xs">
      <Text component="label" id="kpi-period" fw={600} size="sm">
        {t('period')}
      </Text>
      <SegmentedControl
        aria-labelledby="kpi-period"
        value={kind}
        onChange={(value) => {
          const next = value as PeriodKind;
          if (next === 'RANGE') setDraft(pair.current);
          onKind(next);
        }}
        data={PERIOD_KINDS.map((k) => ({ value: k, label: t(`periods.${k}`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {kind === 'RANGE' && (
        <Group align="start" gap="sm">
          <TextInput
            type="date"
            label={t('from')}
            value={draft.start}
            max={draft.end || undefined}
            onChange={(event) => change({ ...draft, start: event.currentTarget.value })}
            error={problem === 'order' ? t('rangeOrder') : undefined}
          />
          <TextInput
            type="date"
            label={t('to')}
            value={draft.end}
            min={draft.start || undefined}
            onChange={(event) => change({ ...draft, end: event.currentTarget.value })}
          />
        </Group>
      )}
      <div aria-live="polite">
        <Text size="sm" data-testid="kpi-current">
          {t('current', { start: day(pair.current.start), end: day(pair.current.end) })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="kpi-previous">
          {t('previous', { start: day(pair.previous.start), end: day(pair.previous.end) })}
        </Text>
      </div>
    </Stack>
  );
}
