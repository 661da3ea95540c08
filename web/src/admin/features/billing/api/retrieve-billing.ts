import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The billing answer: sales, refunds and totals of a date range. */
export type Billing = components['schemas']['BillingResponse'];

/** A date range of the billing query, both days included ("YYYY-MM-DD"). */
export interface BillingRange {
  start: string;
  end: string;
}

/** The query key of one company's billing; every range of the company shares the prefix, so a refund reloads them. */
export const billingKeys = {
  company: (idCompany: number) => ['admin', 'billing', idCompany] as const,
  range: (idCompany: number, range: BillingRange) => ['admin', 'billing', idCompany, range.start, range.end] as const,
};

/** Fetches the sales and refunds of a range (POST /api/admin/retrieveBillingBetweenDates, with details). */
export async function retrieveBilling(idCompany: number, range: BillingRange, signal?: AbortSignal): Promise<Billing> {
  const { data, error, response } = await api.POST('/api/admin/retrieveBillingBetweenDates', {
    body: { idCompany, dateIni: range.start, dateEnd: range.end, details: true },
    signal,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** The billing of a range, loaded when the range is sent. */
export function useBilling(idCompany: number, range: BillingRange) {
  return useQuery({
    queryKey: billingKeys.range(idCompany, range),
    queryFn: ({ signal }) => retrieveBilling(idCompany, range, signal),
  });
}
