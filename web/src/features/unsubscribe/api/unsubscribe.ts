import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** Whose unsubscribe link it is (e-mail masked), which circuit's news and offers, whether still received. */
export type UnsubscribeLink = components['schemas']['UnsubscribeLink'];

/**
 * Reads the member of an unsubscribe link (GET /api/member/unsubscribe/{key}); it changes nothing, so
 * mail scanners and link previews that open the link unsubscribe nobody. Throws ApiError: 404 unknown
 * link, 429.
 */
export async function getUnsubscribeLink(key: string, signal?: AbortSignal): Promise<UnsubscribeLink> {
  const { data, error, response } = await api.GET('/api/member/unsubscribe/{key}', {
    params: { path: { key } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/**
 * Stops promotional e-mail to the member of the link (POST /api/member/unsubscribe/{key}); repeating it
 * is harmless. Answers the member's state afterwards. Throws ApiError: 404 unknown link, 429, 5xx.
 */
export async function unsubscribe(key: string): Promise<UnsubscribeLink> {
  const { data, error, response } = await api.POST('/api/member/unsubscribe/{key}', {
    params: { path: { key } },
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** The query key of a link's member. */
export const unsubscribeLinkKey = (key: string) => ['unsubscribe', key] as const;

/** Query options for the link's member; read once per page view. */
export function unsubscribeLinkQueryOptions(key: string) {
  return queryOptions({
    queryKey: unsubscribeLinkKey(key),
    queryFn: ({ signal }) => getUnsubscribeLink(key, signal),
    staleTime: Infinity,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** The member of the link's key, read when the page opens. */
export function useUnsubscribeLink(key: string) {
  return useQuery(unsubscribeLinkQueryOptions(key));
}

/** The "Stop promotional e-mails" button's mutation; its answer replaces the link's member in the cache. */
export function useUnsubscribe(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(key),
    onSuccess: (state) => queryClient.setQueryData(unsubscribeLinkKey(key), state),
  });
}
