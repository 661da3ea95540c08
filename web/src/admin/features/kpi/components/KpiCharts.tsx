import { Paper, SimpleGrid, Text, Title, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { useId, type ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { KpiSeries } from '@/admin/features/kpi/api/kpis';
import { useKpiTexts } from '@/admin/features/kpi/hooks/useKpiTexts';
import { formatAmount, formatFigure } from '@/admin/features/kpi/utils/numbers';
import { adminFormat } from '@/admin/lib/format';

/** A chart's size before (and, in jsdom, instead of) the container's measurement. */
export const CHART_SIZE = { width: 560, height: 260 } as const;

type Day = KpiSeries['days'][number];

/** A day as the charts draw it: a previous figure the previous period does not have is null (no point), not 0. */
type Drawn = Omit<Day, 'previousBilling' | 'previousDrivers'> & { previousBilling: number | null; previousDrivers: number | null };

/**
 * The billing lines' curve: monotone cubic (d3's curveMonotoneX), which never overshoots its points, so
 * the line stays within the data's range (a smoothing such as 'natural' dipped below €0 between days).
 */
export const BILLING_CURVE = 'monotone' as const;

const MARGIN = { top: 8, right: 16, bottom: 8, left: 16 };

interface KpiChartsProps {
  series: KpiSeries;
  company: { simbolCoinType: string; currency: string };
}

/**
 * The KPI charts (switched on for the back office; admin spec section 2 had them off): daily billing of
 * the period against the previous one, drivers per day and the average ticket per day. Dates on the axes
 * and in the tooltips are written the interface language's way (src/lib/format.ts), the time axis runs
 * right to left in Arabic, and each chart has a name and a visually hidden table of its figures.
 */
export function KpiCharts({ series, company }: KpiChartsProps) {
  const { t, language, dir } = useKpiTexts();
  const theme = useMantineTheme();
  const rtl = dir === 'rtl';
  const symbol = series.simbolCoinType || company.simbolCoinType;
  const amount = (value: number) => formatAmount(value, symbol, company.currency, language);
  const figure = (value: number) => formatFigure(value, language);
  const day = (value: string) => adminFormat(language, {}).day(value);

  if (series.days.length === 0) {
    return <Text c="gray.7">{t('charts.noData')}</Text>;
  }

  const xAxis = <XAxis dataKey="date" tickFormatter={day} reversed={rtl} minTickGap={16} />;
  const yAxis = (format: (v: number) => string) => (
    <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={format} width={80} />
  );
  const tooltip = (format: (v: number) => string) => (
    <Tooltip
      labelFormatter={(label) => day(String(label))}
      formatter={(value, name, item) => {
        const payload = item.payload as Day;
        const previous = name === t('charts.previousPeriod');
        const shown = format(Number(value));
        return [previous && payload.previousDate ? `${shown} (${day(payload.previousDate)})` : shown, name];
      }}
    />
  );

  // The hidden table of a chart that compares the period with the previous one, day by day.
  const compared = (format: (v: number) => string, current: (d: Day) => number, previous: (d: Day) => number) => [
    { label: t('charts.thisPeriod'), value: (d: Day) => format(current(d)) },
    { label: t('charts.previousDate'), value: (d: Day) => (d.previousDate ? day(d.previousDate) : '—') },
    { label: t('charts.previousPeriod'), value: (d: Day) => (d.previousDate ? format(previous(d)) : '—') },
  ];

  // One day is one point: a line needs its dot to show at all.
  const single = series.days.length === 1;
  const drawn: Drawn[] = series.days.map((d) => (d.previousDate ? d : { ...d, previousBilling: null, previousDrivers: null }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartFigure
        title={t('charts.billing')}
        days={series.days}
        columns={compared(amount, (d) => d.billing, (d) => d.previousBilling)}
      >
        <LineChart accessibilityLayer={false} data={drawn} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" />
          {xAxis}
          {yAxis(amount)}
          {tooltip(amount)}
          <Legend />
          <Line type={BILLING_CURVE} dataKey="billing" name={t('charts.thisPeriod')} stroke={theme.colors.blue[7]} strokeWidth={2} dot={single} isAnimationActive={false} />
          <Line
            type={BILLING_CURVE}
            dataKey="previousBilling"
            name={t('charts.previousPeriod')}
            stroke={theme.colors.gray[6]}
            strokeDasharray="6 4"
            strokeWidth={2}
            dot={single}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartFigure>
      <ChartFigure
        title={t('charts.drivers')}
        days={series.days}
        columns={compared(figure, (d) => d.drivers, (d) => d.previousDrivers)}
      >
        <BarChart accessibilityLayer={false} data={drawn} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" />
          {xAxis}
          {yAxis(figure)}
          {tooltip(figure)}
          <Legend />
          <Bar dataKey="drivers" name={t('charts.thisPeriod')} fill={theme.colors.green[7]} isAnimationActive={false} />
          <Bar dataKey="previousDrivers" name={t('charts.previousPeriod')} fill={theme.colors.gray[5]} isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
      <ChartFigure
        title={t('charts.ticketAverage')}
        days={series.days}
        columns={[{ label: t('charts.thisPeriod'), value: (d) => amount(d.ticketAverage) }]}
      >
        <LineChart accessibilityLayer={false} data={series.days} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" />
          {xAxis}
          {yAxis(amount)}
          {tooltip(amount)}
          <Legend />
          <Line type="monotone" dataKey="ticketAverage" name={t('charts.thisPeriod')} stroke={theme.colors.orange[7]} strokeWidth={2} dot={single} isAnimationActive={false} />
        </LineChart>
      </ChartFigure>
    </SimpleGrid>
  );
}

interface ChartFigureProps {
  title: string;
  days: Day[];
  columns: { label: string; value: (day: Day) => string }[];
  children: ReactElement;
}

/** A chart with its title as accessible name and its figures as a table for screen readers. */
function ChartFigure({ title, days, columns, children }: ChartFigureProps) {
  const { t, language } = useKpiTexts();
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0} aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} component="figcaption" mb="sm">
        {title}
      </Title>
      {/* The drawing repeats the table below for sighted users; screen readers read the table. */}
      <div aria-hidden data-testid="kpi-chart" dir="ltr">
        <ResponsiveContainer width="100%" height={CHART_SIZE.height} initialDimension={CHART_SIZE}>
          {children}
        </ResponsiveContainer>
      </div>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('charts.date')}</th>
              {columns.map((column) => (
                <th scope="col" key={column.label}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{adminFormat(language, {}).day(d.date)}</th>
                {columns.map((column) => (
                  <td key={column.label}>{column.value(d)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
