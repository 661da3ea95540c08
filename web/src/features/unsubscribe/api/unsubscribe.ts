import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

/**
 * Stops promotional e-mail to the member whose unsubscribe link carries the key
 * (GET /api/member/unsubscribe/{key}); repeating it is harmless. Throws ApiError: 404 unknown link, 429.
 */
export async function unsubscribe(key: string, signal?: AbortSignal): Promise<{ unsubscribed: boolean }> {
  const { data, error, response } = await api.GET('/api/member/unsubscribe/{key}', {
    params: { path: { key } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Query options for the unsubscribe call; the key is `['unsubscribe', key]`. It runs once per page view. */
export function unsubscribeQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['unsubscribe', key],
    queryFn: ({ signal }) => unsubscribe(key, signal),
    staleTime: Infinity,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** Unsubscribes the member of the link's key when the page opens. */
export function useUnsubscribe(key: string) {
  return useQuery(unsubscribeQueryOptions(key));
}
