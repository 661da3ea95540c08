import { queryOptions, useQuery } from '@tanstack/react-query';
import { visitorId } from '@/lib/visitor';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The event with the place held for the visitor and the shopping cart it is in. */
export type EventRegistration = components['schemas']['EventRegistration'];

/**
 * Holds one place of the event for the visitor in a new cart (GET /api/event/{key}/register). The same
 * visitor gets the same live hold back, so asking again takes nothing. Throws ApiError: 404 unknown
 * event, 410 registration closed, 421 no place left, 429.
 */
export async function registerForEvent(key: string, signal?: AbortSignal): Promise<EventRegistration> {
  const { data, error, response } = await api.GET('/api/event/{key}/register', {
    params: { path: { key }, header: { 'X-Visitor-Id': visitorId() } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/**
 * Query options for the hold; the key is `['eventRegistration', key]`. Asked once per visit of the page
 * (never retried: a 4xx is an answer) and forgotten when the page is left, so coming back asks again.
 */
export function registerEventQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['eventRegistration', key],
    queryFn: ({ signal }) => registerForEvent(key, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Holds a place of the event when the registration page opens. */
export function useEventRegistration(key: string) {
  return useQuery(registerEventQueryOptions(key));
}
