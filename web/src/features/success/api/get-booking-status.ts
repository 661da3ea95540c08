import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A booking's status as the return page after payment sees it (no personal data). */
export type BookingStatus = components['schemas']['BookingStatus'];

/** Fetches a booking's status (GET /api/booking/status/{identifier}). Throws ApiError (404 unknown). */
export async function getBookingStatus(identifier: string, signal?: AbortSignal): Promise<BookingStatus> {
  const { data, error, response } = await api.GET('/api/booking/status/{identifier}', {
    params: { path: { identifier } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Query options for a booking's status; the key is `['bookingStatus', identifier]`. Never cached stale. */
export function getBookingStatusQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: ['bookingStatus', identifier],
    queryFn: ({ signal }) => getBookingStatus(identifier, signal),
    staleTime: 0,
  });
}

/**
 * Loads a booking's status, asking again every `pollEvery` ms while `poll` says the answer may still
 * change (a payment being confirmed).
 */
export function useBookingStatus(identifier: string, poll: (status: BookingStatus) => boolean, pollEvery: number) {
  return useQuery({
    ...getBookingStatusQueryOptions(identifier),
    refetchInterval: (query) => (query.state.data && poll(query.state.data) ? pollEvery : false),
    refetchIntervalInBackground: true,
  });
}
