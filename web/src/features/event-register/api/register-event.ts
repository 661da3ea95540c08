import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visitorId } from '@/lib/visitor';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The event with the place held for the visitor and the shopping cart it is in. */
export type EventRegistration = components['schemas']['EventRegistration'];

/** The registration page's event, with the visitor's live hold or null when the visitor holds no place. */
export type EventRegistrationView = components['schemas']['EventRegistrationView'];

/** The view's hold as a registration, or null while the visitor holds no place. */
export function heldRegistration(view: EventRegistrationView): EventRegistration | null {
  const { prebooking, tokenShoppingCart } = view;
  return prebooking && tokenShoppingCart ? { ...view, prebooking, tokenShoppingCart } : null;
}

/**
 * The registration page's event and the place the visitor already holds, if any (GET
 * /api/event/{key}/register): it takes no place, so a look, a link preview or a crawler leaves the
 * event's places as they were. Throws ApiError: 404 unknown event, 400.
 */
export async function getEventRegistration(key: string, signal?: AbortSignal): Promise<EventRegistrationView> {
  const { data, error, response } = await api.GET('/api/event/{key}/register', {
    params: { path: { key }, header: { 'X-Visitor-Id': visitorId() } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/**
 * Holds one place of the event for the visitor in a new cart (POST /api/event/{key}/register), once the
 * visitor starts the registration. The same visitor gets the same live hold back, so asking again takes
 * nothing. Throws ApiError: 404 unknown event, 410 registration closed, 421 no place left, 429.
 */
export async function holdEventPlace(key: string): Promise<EventRegistration> {
  const { data, error, response } = await api.POST('/api/event/{key}/register', {
    params: { path: { key }, header: { 'X-Visitor-Id': visitorId() } },
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/**
 * Query options for the page; the key is `['eventRegistration', key]`. Asked once per visit of the page
 * (never retried: a 4xx is an answer) and forgotten when the page is left, so coming back asks again.
 */
export function eventRegistrationQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['eventRegistration', key],
    queryFn: ({ signal }) => getEventRegistration(key, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** The registration page's event and the visitor's hold, if any: opening the page holds nothing. */
export function useEventRegistration(key: string) {
  return useQuery(eventRegistrationQueryOptions(key));
}

/**
 * Holds the visitor's place when the registration starts; the page's answer then carries the hold (and
 * the event page, its places left, is asked again).
 */
export function useHoldEventPlace(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => holdEventPlace(key),
    onSuccess: (held) => {
      queryClient.setQueryData(eventRegistrationQueryOptions(key).queryKey, held);
      void queryClient.invalidateQueries({ queryKey: ['event', key] });
    },
  });
}
