import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A company's events landing: upcoming events with a landing button, WhatsApp information, newsletter. */
export type EventsLanding = components['schemas']['EventsLanding'];

/** One event of the events landing. */
export type LandingEvent = components['schemas']['LandingEvent'];

/** Fetches a company's events landing (GET /api/landing/{key}/events). Throws ApiError (404 unknown company). */
export async function getEventsLanding(key: string, signal?: AbortSignal): Promise<EventsLanding> {
  const { data, error, response } = await api.GET('/api/landing/{key}/events', { params: { path: { key } }, signal });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/** Query options for the events landing; the key is `['eventsLanding', key]`. */
export function getEventsLandingQueryOptions(key: string) {
  return queryOptions({ queryKey: ['eventsLanding', key], queryFn: ({ signal }) => getEventsLanding(key, signal) });
}

/** Loads a company's events landing. */
export function useEventsLanding(key: string) {
  return useQuery(getEventsLandingQueryOptions(key));
}
