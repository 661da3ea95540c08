import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError, shouldRetry } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The cancel page's view of a booking: what it is, whether it may be cancelled, what happens to the money. */
export type CancelView = components['schemas']['CancelView'];

/** What cancelling does (or did) with the money. */
export type CancelMoney = components['schemas']['CancelMoney'];

/**
 * Reads the booking of a cancellation link (GET /api/booking/cancel/{token}). It changes nothing.
 * Throws ApiError: 404 unknown link, 429, 5xx.
 */
export async function getCancelPreview(token: string, signal?: AbortSignal): Promise<CancelView> {
  const { data, error, response } = await api.GET('/api/booking/cancel/{cancelToken}', {
    params: { path: { cancelToken: token } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** The query key of a link's booking. */
export const cancelPreviewKey = (token: string) => ['cancelPreview', token] as const;

/** Query options of the link's booking; reading it is safe, so it may be retried and refetched. */
export function cancelPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: cancelPreviewKey(token),
    queryFn: ({ signal }) => getCancelPreview(token, signal),
    retry: shouldRetry,
    refetchOnWindowFocus: false,
  });
}

/** The booking of the link's token. */
export function useCancelPreview(token: string) {
  return useQuery(cancelPreviewQueryOptions(token));
}
