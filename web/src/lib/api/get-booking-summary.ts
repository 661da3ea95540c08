import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The done page's account of a booking (GET /api/booking/summary/{identifier}). */
export type BookingSummary = components['schemas']['BookingSummary'];

/** Fetches a booking's summary. Throws ApiError (404 for an unknown booking). */
export async function getBookingSummary(identifier: string, signal?: AbortSignal): Promise<BookingSummary> {
  const { data, error, response } = await api.GET('/api/booking/summary/{identifier}', {
    params: { path: { identifier } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Query options for a booking's summary; the key is `['bookingSummary', identifier]`. */
export function getBookingSummaryQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: ['bookingSummary', identifier],
    queryFn: ({ signal }) => getBookingSummary(identifier, signal),
    staleTime: 30_000,
  });
}

/** Loads a booking's summary; nothing while the identifier is null. */
export function useBookingSummary(identifier: string | null) {
  return useQuery({ ...getBookingSummaryQueryOptions(identifier ?? ''), enabled: identifier !== null });
}

/** The address of a booking's .ics file (GET /api/booking/ics/{identifier}), the mail's attachment. */
export function bookingCalendarUrl(identifier: string): string {
  return `/api/booking/ics/${encodeURIComponent(identifier)}`;
}
