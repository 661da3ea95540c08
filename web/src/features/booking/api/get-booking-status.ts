import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** A booking's status for the customer. */
export type BookingStatus = components['schemas']['BookingStatus'];

/** Fetches a booking's status (GET /api/booking/status/{identifier}). Throws ApiError. */
export async function getBookingStatus(identifier: string, signal?: AbortSignal): Promise<BookingStatus> {
  return unwrap(await api.GET('/api/booking/status/{identifier}', { params: { path: { identifier } }, signal }));
}

/** Query options for a booking's status; the key is `['bookingStatus', identifier]`. */
export function getBookingStatusQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: ['bookingStatus', identifier],
    queryFn: ({ signal }) => getBookingStatus(identifier, signal),
  });
}

/** Loads a booking's status (null: nothing). */
export function useBookingStatus(identifier: string | null) {
  return useQuery({ ...getBookingStatusQueryOptions(identifier ?? ''), enabled: identifier !== null });
}
