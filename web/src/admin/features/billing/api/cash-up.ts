import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A day's takings: by method, by staff member and in all (schema CashUp). */
export type CashUp = components['schemas']['CashUp'];

/** GET /api/admin/cash-up?idCompany&date: one circuit-local day's takings from the ledger. */
export function cashUpQueryOptions(idCompany: number, date: string) {
  return queryOptions({
    queryKey: ['admin', 'billing', idCompany, 'cash-up', date],
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/api/admin/cash-up', { params: { query: { idCompany, date } }, signal });
      if (!data) throw new ApiError(response.status, error);
      return data as CashUp;
    },
  });
}

/** The address of the day's cash-up as CSV, in the interface language. */
export function cashUpCsvUrl(idCompany: number, date: string, lang: string): string {
  const params = new URLSearchParams({ idCompany: String(idCompany), date, format: 'csv', lang });
  return `/api/admin/cash-up?${params.toString()}`;
}
