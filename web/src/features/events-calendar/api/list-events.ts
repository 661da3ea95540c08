import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** One event of the calendar. */
export type CalendarEvent = components['schemas']['CalendarEvent'];

/** A window of circuit-local days, both included (YYYY-MM-DD). */
export interface DayWindow {
  date: string;
  dateEnd: string;
}

/**
 * The company's events running at some moment of the window (GET /api/event). Without a window the
 * server uses today to two months ahead. Throws ApiError (400 bad window, 404 unknown company).
 */
export async function listEvents(idCompany: number, window: DayWindow | null, signal?: AbortSignal): Promise<CalendarEvent[]> {
  const { data, error, response } = await api.GET('/api/event', {
    params: { query: { idCompany, ...(window ?? {}) } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/** Query options for the events of a window; the key is `['events', idCompany, date, dateEnd]` (null: upcoming). */
export function listEventsQueryOptions(idCompany: number, window: DayWindow | null) {
  return queryOptions({
    queryKey: ['events', idCompany, window?.date ?? null, window?.dateEnd ?? null],
    queryFn: ({ signal }) => listEvents(idCompany, window, signal),
    staleTime: 60_000,
  });
}

/** Loads the events of the visible week; the previous week's stay shown while the next one loads. */
export function useEvents(idCompany: number, window: DayWindow | null, enabled = true) {
  return useQuery({ ...listEventsQueryOptions(idCompany, window), enabled, placeholderData: keepPreviousData });
}
