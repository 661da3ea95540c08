import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** An event's public page: its ticket, dates, sanitised template and company links. */
export type EventInfo = components['schemas']['EventInfo'];

/** Fetches an event by its public key (GET /api/event/{key}). Throws ApiError (404 for an unknown key). */
export async function getEvent(key: string, signal?: AbortSignal): Promise<EventInfo> {
  const { data, error, response } = await api.GET('/api/event/{key}', { params: { path: { key } }, signal });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Query options for an event; the key is `['event', key]`. Places change often: kept fresh for 30 s. */
export function getEventQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['event', key],
    queryFn: ({ signal }) => getEvent(key, signal),
    staleTime: 30_000,
  });
}

/** Loads an event by its public key. */
export function useEvent(key: string) {
  return useQuery(getEventQueryOptions(key));
}
