import { useQuery } from '@tanstack/react-query';
import { kpiDate, type Compare, type DayPeriod } from '@/admin/features/kpi/utils/periods';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** One KPI answer: the figure, its average per day and the previous period's figure with the change. */
export type Kpi = components['schemas']['Kpi'];

/** Every KPI the section's boxes show, one answer per call. */
export interface KpiSet {
  billing: Kpi;
  tickets: Kpi;
  ticketAverage: Kpi;
  partners: Kpi;
  newPartners: Kpi;
  oldPartners: Kpi;
  drivers: Kpi;
  driverAge: Kpi;
  driversPerSession: Kpi;
  /** The waiting list's entries, offers, offers taken and their revenue (issue 27). */
  waitlist: components['schemas']['KpiWaitlist'];
}

/** Settled sales: the only state the back office counts (admin spec section 9). */
const STATE = 'cerrado';

async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new ApiError(response.status, error);
  return data;
}

/**
 * Fetches every KPI of a period at once (admin spec section 7), dates as the day plus T00:00:00Z, each
 * compared with the period `previous` names: billing (POST totalBilling), tickets and their average,
 * partners (total, new and old), drivers, their average age, the average drivers per session and the
 * waiting list's figures. Rejects
 * with the first failure.
 */
export async function fetchKpis(idCompany: number, period: DayPeriod, previous: Compare, signal?: AbortSignal): Promise<KpiSet> {
  const start = kpiDate(period.start);
  const end = kpiDate(period.end);
  const range = { company: idCompany, start, end, previous };
  const sales = { ...range, state: STATE } as const;
  const [billing, tickets, ticketAverage, partners, newPartners, oldPartners, drivers, driverAge, driversPerSession, waitlist] =
    await Promise.all([
      settle(api.POST('/api/kpi/ticket/totalBilling', { body: { state: STATE, idCompany, dateStart: start, dateEnd: end, previous }, signal })),
      settle(api.GET('/api/kpi/ticket', { params: { query: sales }, signal })),
      settle(api.GET('/api/kpi/ticket/average', { params: { query: sales }, signal })),
      settle(api.GET('/api/kpi/member', { params: { query: { company: idCompany } }, signal })),
      settle(api.GET('/api/kpi/member/{kind}', { params: { path: { kind: 'new' }, query: { company: idCompany, date: start, end, previous } }, signal })),
      settle(api.GET('/api/kpi/member/{kind}', { params: { path: { kind: 'old' }, query: { company: idCompany, date: start, end, previous } }, signal })),
      settle(api.GET('/api/kpi/participant', { params: { query: range }, signal })),
      settle(api.GET('/api/kpi/participant', { params: { query: { ...range, age: true } }, signal })),
      settle(api.GET('/api/kpi/participant', { params: { query: { ...range, session: true } }, signal })),
      settle(api.GET('/api/kpi/waitlist', { params: { query: range }, signal })),
    ]);
  return { billing, tickets, ticketAverage, partners, newPartners, oldPartners, drivers, driverAge, driversPerSession, waitlist };
}

/** The daily series of the charts. */
export type KpiSeries = components['schemas']['KpiSeries'];

/** Fetches the charts' daily series of a period and the one it is compared with (GET /api/kpi/series). */
export function fetchSeries(idCompany: number, period: DayPeriod, previous: Compare, signal?: AbortSignal): Promise<KpiSeries> {
  return settle(
    api.GET('/api/kpi/series', {
      params: { query: { company: idCompany, start: kpiDate(period.start), end: kpiDate(period.end), previous } },
      signal,
    }),
  );
}

const keys = {
  kpis: (idCompany: number, period: DayPeriod, previous: Compare) => ['admin', 'kpi', idCompany, period.start, period.end, previous] as const,
  series: (idCompany: number, period: DayPeriod, previous: Compare) =>
    ['admin', 'kpi-series', idCompany, period.start, period.end, previous] as const,
};

/** The KPIs of a period compared as `previous` says; a new period is a new query. */
export function useKpis(idCompany: number, period: DayPeriod, previous: Compare) {
  return useQuery({ queryKey: keys.kpis(idCompany, period, previous), queryFn: ({ signal }) => fetchKpis(idCompany, period, previous, signal) });
}

/** The charts' series of a period compared as `previous` says. */
export function useKpiSeries(idCompany: number, period: DayPeriod, previous: Compare) {
  return useQuery({
    queryKey: keys.series(idCompany, period, previous),
    queryFn: ({ signal }) => fetchSeries(idCompany, period, previous, signal),
  });
}
