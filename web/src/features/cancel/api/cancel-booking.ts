import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The answer to a cancellation through the confirmation mail's link. */
export type CancelBookingResult = components['schemas']['CancelBookingResult'];

/**
 * Cancels the booking whose cancellation link carries the token (GET /api/booking/cancelBooking/{token}).
 * Throws ApiError: 404 unknown link, 409 already cancelled, 422 too late (or a voucher), 429, 5xx.
 */
export async function cancelBooking(token: string, signal?: AbortSignal): Promise<CancelBookingResult> {
  const { data, error, response } = await api.GET('/api/booking/cancelBooking/{cancelToken}', {
    params: { path: { cancelToken: token } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/**
 * Query options for the cancellation; the key is `['cancelBooking', token]`. The call changes the
 * booking, so it runs once per page view: never retried, refetched or garbage-collected while shown.
 */
export function cancelBookingQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['cancelBooking', token],
    // No abort signal: once sent, the cancellation must not be abandoned and sent again on remount.
    queryFn: () => cancelBooking(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** Cancels the booking of the link's token when the page opens. */
export function useCancelBooking(token: string) {
  return useQuery(cancelBookingQueryOptions(token));
}
