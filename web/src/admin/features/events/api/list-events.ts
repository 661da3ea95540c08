import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** One event of the calendar (admin spec section 3: id, name, dateStart, dateEnd). */
export type CalendarEvent = components['schemas']['CalendarEvent'];

/** A window of circuit-local days, both included (YYYY-MM-DD). */
export interface DayWindow {
  date: string;
  dateEnd: string;
}

/**
 * The company's events in a window (GET /api/event?date&dateEnd&idCompany). A 404 is no events (admin spec
 * section 8); another failure throws ApiError.
 */
export async function listEvents(idCompany: number, window: DayWindow, signal?: AbortSignal): Promise<CalendarEvent[]> {
  const { data, error, response } = await api.GET('/api/event', { params: { query: { idCompany, ...window } }, signal });
  if (response.status === 404) return [];
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** The events of the visible week; the previous week's stay shown while the next one loads. */
export function useCalendarEvents(idCompany: number, window: DayWindow | null) {
  return useQuery({
    queryKey: ['admin', 'events', idCompany, window?.date ?? null, window?.dateEnd ?? null],
    queryFn: ({ signal }) => listEvents(idCompany, window as DayWindow, signal),
    enabled: window !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The company's events from today to a year ahead, once: where the calendar opens (the week of the next
 * event) and where it scrolls to.
 */
export function useUpcomingEvents(idCompany: number, today: string) {
  const [y, m, d] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y + 1, m - 1, d - 1)).toISOString().slice(0, 10);
  return useQuery({
    queryKey: ['admin', 'events', idCompany, 'upcoming', today],
    queryFn: ({ signal }) => listEvents(idCompany, { date: today, dateEnd: last }, signal),
    staleTime: 60_000,
  });
}
