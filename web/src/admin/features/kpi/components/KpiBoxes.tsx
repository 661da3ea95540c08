import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Kpi, KpiSet } from '@/admin/features/kpi/api/kpis';
import { useKpiTexts, type KpiKey } from '@/admin/features/kpi/hooks/useKpiTexts';
import { formatAmount, formatFigure, formatIncrement, trendOf } from '@/admin/features/kpi/utils/numbers';
import type { PeriodKind } from '@/admin/features/kpi/utils/periods';

/** The colour of each group of boxes (admin spec section 9): sales blue, partners orange, drivers green. */
export const GROUP_COLOURS = { billing: 'blue', partners: 'orange', drivers: 'green', waitlist: 'grape' } as const;

type Group = keyof typeof GROUP_COLOURS;

interface Box {
  id: string;
  label: KpiKey;
  value: (kpis: KpiSet) => number;
  kind: 'amount' | 'figure';
  /** The KPI whose previous value and change the box shows, when it has one. */
  compare?: (kpis: KpiSet) => Kpi;
  /** A note under the figure saying what it counts, when it differs from what another screen shows. */
  note?: KpiKey;
}

const GROUPS: { group: Group; boxes: Box[] }[] = [
  {
    group: 'billing',
    boxes: [
      { id: 'billing', label: 'boxes.billing.MONTH', value: (k) => k.billing.total, kind: 'amount', compare: (k) => k.billing },
      { id: 'averagePerDay', label: 'boxes.averagePerDay', value: (k) => k.billing.average, kind: 'amount' },
      { id: 'tickets', label: 'boxes.tickets', value: (k) => k.tickets.total, kind: 'figure', compare: (k) => k.tickets },
      { id: 'ticketAverage', label: 'boxes.ticketAverage', value: (k) => k.ticketAverage.total, kind: 'amount', compare: (k) => k.ticketAverage },
    ],
  },
  {
    group: 'partners',
    boxes: [
      { id: 'partners', label: 'boxes.partners', value: (k) => k.partners.total, kind: 'figure' },
      { id: 'newPartners', label: 'boxes.newPartners', value: (k) => k.newPartners.total, kind: 'figure', compare: (k) => k.newPartners },
      { id: 'oldPartners', label: 'boxes.oldPartners', value: (k) => k.oldPartners.total, kind: 'figure' },
    ],
  },
  {
    group: 'drivers',
    boxes: [
      // Drivers count once per session raced, the bookings list's once per booking: the box says so.
      { id: 'drivers', label: 'boxes.drivers', value: (k) => k.drivers.total, kind: 'figure', compare: (k) => k.drivers, note: 'boxes.driversNote' },
      { id: 'driverAge', label: 'boxes.driverAge', value: (k) => k.driverAge.averageAge, kind: 'figure' },
      { id: 'driversPerSession', label: 'boxes.driversPerSession', value: (k) => k.driversPerSession.averageSession, kind: 'figure' },
    ],
  },
  {
    group: 'waitlist',
    boxes: [
      { id: 'waitlistEntries', label: 'boxes.waitlistEntries', value: (k) => k.waitlist.entries.total, kind: 'figure', compare: (k) => k.waitlist.entries },
      { id: 'waitlistOffers', label: 'boxes.waitlistOffers', value: (k) => k.waitlist.offers.total, kind: 'figure', compare: (k) => k.waitlist.offers },
      { id: 'waitlistTaken', label: 'boxes.waitlistTaken', value: (k) => k.waitlist.taken.total, kind: 'figure', compare: (k) => k.waitlist.taken },
      { id: 'waitlistRevenue', label: 'boxes.waitlistRevenue', value: (k) => k.waitlist.revenue.total, kind: 'amount', compare: (k) => k.waitlist.revenue },
    ],
  },
];

interface KpiBoxesProps {
  kpis: KpiSet;
  kind: PeriodKind;
  company: { simbolCoinType: string; currency: string };
}

/**
 * The KPI boxes (admin spec section 3), in three coloured groups: sales (billing of the period with the
 * previous period and the change, average per day, tickets, average ticket), partners and drivers.
 * Values are rounded to two decimals; amounts carry the company's symbol.
 */
export function KpiBoxes({ kpis, kind, company }: KpiBoxesProps) {
  const { t, language } = useKpiTexts();
  const symbol = kpis.billing.simbolCoinType || company.simbolCoinType;
  const write = (value: number, box: Box) =>
    box.kind === 'amount' ? formatAmount(value, symbol, company.currency, language) : formatFigure(value, language);

  return (
    <Stack gap="lg">
      {GROUPS.map(({ group, boxes }) => (
        <section key={group} aria-labelledby={`kpi-group-${group}`}>
          <Title order={3} size="h5" id={`kpi-group-${group}`} mb="xs" c={`${GROUP_COLOURS[group]}.8`}>
            {t(`groups.${group}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
            {boxes.map((box) => {
              const label = box.id === 'billing' ? t(`boxes.billing.${kind}`) : t(box.label);
              const compared = box.compare?.(kpis);
              return (
                <Paper
                  key={box.id}
                  withBorder
                  p="md"
                  radius="md"
                  data-testid={`kpi-${box.id}`}
                  data-colour={GROUP_COLOURS[group]}
                  bg={`${GROUP_COLOURS[group]}.0`}
                  style={{ borderInlineStart: `4px solid var(--mantine-color-${GROUP_COLOURS[group]}-6)` }}
                >
                  <Text size="sm" c="gray.7" component="h4" m={0} fw={500}>
                    {label}
                  </Text>
                  <Text fw={700} size="xl">
                    {write(box.value(kpis), box)}
                  </Text>
                  {compared && <Comparison kpi={compared} write={(v) => write(v, box)} />}
                  {box.note && (
                    <Text size="xs" c="gray.7" mt={4} data-testid={`kpi-${box.id}-note`}>
                      {t(box.note)}
                    </Text>
                  )}
                </Paper>
              );
            })}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}

const TREND = {
  up: { arrow: '▲', colour: 'green.9' },
  down: { arrow: '▼', colour: 'red.9' },
  same: { arrow: '▬', colour: 'gray.7' },
} as const;

function Comparison({ kpi, write }: { kpi: Kpi; write: (value: number) => string }) {
  const { t, language } = useKpiTexts();
  const trend = TREND[trendOf(kpi.increment)];
  return (
    <>
      <Text size="sm">{t('previousValue', { value: write(kpi.previous) })}</Text>
      <Group gap={4} c={trend.colour} data-trend={trendOf(kpi.increment)}>
        <span aria-hidden>{trend.arrow}</span>
        <Text size="sm" fw={600} span>
          {t('increment', { value: `\u2068${formatIncrement(kpi.increment, language)}\u2069` })}
        </Text>
      </Group>
    </>
  );
}
