import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useKpis, useKpiSeries } from '@/admin/features/kpi/api/kpis';
import { KpiBoxes } from '@/admin/features/kpi/components/KpiBoxes';
import { KpiCharts } from '@/admin/features/kpi/components/KpiCharts';
import { PeriodPicker } from '@/admin/features/kpi/components/PeriodPicker';
import { useKpiTexts } from '@/admin/features/kpi/hooks/useKpiTexts';
import { periodPair, type DayPeriod, type PeriodKind } from '@/admin/features/kpi/utils/periods';
import { todayIn } from '@/admin/lib/dates';
import type { components } from '@/lib/api/schema';
import { toast } from '@/lib/toast';

/**
 * The back office's KPI section (admin spec sections 2 to 4), loaded only when chosen: a period
 * (this month at first) in the company's time zone, counted to date and compared like with like (see
 * utils/periods.ts), the two periods named, the KPI boxes and the daily charts up to today. Changing the period recomputes the days and reloads; a failure shows the generic
 * error toast and ends the loading.
 */
export function KpiSection({ company }: { company: components['schemas']['AdminCompany'] }) {
  const { t } = useKpiTexts();
  const [kind, setKind] = useState<PeriodKind>('MONTH');
  const today = todayIn(company.timeZone);
  const [range, setRange] = useState<DayPeriod>();
  const pair = useMemo(
    () => (kind === 'RANGE' && range ? periodPair('RANGE', today, range) : periodPair(kind === 'RANGE' ? 'MONTH' : kind, today)),
    [kind, range, today],
  );
  const kpis = useKpis(company.idCompany, pair.current, pair.compare);
  const series = useKpiSeries(company.idCompany, pair.current, pair.compare);

  const failedAt = Math.max(kpis.isError ? kpis.errorUpdatedAt : 0, series.isError ? series.errorUpdatedAt : 0);
  useEffect(() => {
    if (failedAt > 0) toast(t('error'));
    // t is left out on purpose: a language change must not repeat the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedAt]);

  return (
    <section aria-labelledby="kpi-title">
      <Stack gap="lg">
        <Title order={2} id="kpi-title">
          {t('title')}
        </Title>
        <PeriodPicker
          kind={kind}
          timeZone={company.timeZone}
          pair={pair}
          range={kind === 'RANGE' ? range : undefined}
          onKind={(next) => {
            if (next === 'RANGE') setRange(range ?? pair.current);
            setKind(next);
          }}
          onRange={setRange}
        />
        {(kpis.isFetching || series.isFetching) && (
          <Alert color="gray" icon={<Loader size="xs" />} aria-live="polite">
            {t('loading')}
          </Alert>
        )}
        {kpis.data && !kpis.isError && <KpiBoxes kpis={kpis.data} kind={kind} company={company} />}
        {series.data && !series.isError && <KpiCharts series={series.data} company={company} />}
      </Stack>
    </section>
  );
}
