import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type TodayView = components['schemas']['TodayView'];
export type TodaySession = components['schemas']['TodaySession'];
export type TodayBooking = components['schemas']['TodayBooking'];
export type ArrivalResult = components['schemas']['ArrivalResult']['data'];

/** The query key of a company's day (all its days: the prefix without a date). */
export function todayKey(idCompany: number, date?: string) {
  return date === undefined ? ['admin', 'today', idCompany] : ['admin', 'today', idCompany, date];
}

/** GET /api/admin/today?idCompany&date: the day's sessions with their bookings (fails with an ApiError). */
export function todayQueryOptions(idCompany: number, date: string) {
  return queryOptions({
    queryKey: todayKey(idCompany, date),
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/api/admin/today', { params: { query: { idCompany, date } }, signal });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
    staleTime: 0,
  });
}

/** One arrival mark (or its undoing) of a booking, with the key that makes a double tap harmless. */
export interface ArrivalOrder {
  idCompany: number;
  bookingId: number;
  arrived: boolean;
  idempotencyKey: string;
}

/**
 * POST /api/admin/check-in (arrived) or /api/admin/undo-check-in: marks a booking arrived, or removes its
 * mark. A repeated mark changes nothing (alreadyArrived); 422 (a cancelled booking) carries the server's message.
 */
export async function markArrival(order: ArrivalOrder): Promise<ArrivalResult> {
  const body = { idCompany: order.idCompany, bookingId: order.bookingId };
  const { data, error, response } = order.arrived
    ? await api.POST('/api/admin/check-in', { params: { header: { 'Idempotency-Key': order.idempotencyKey } }, body })
    : await api.POST('/api/admin/undo-check-in', { body });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/**
 * POST /api/admin/mark-no-show: marks a booking a no-show once its session has started (undone by
 * undo-check-in, replaced by a later check-in). 409 (marked arrived) and 422 (not started, cancelled) carry
 * the server's message.
 */
export async function markNoShow(idCompany: number, bookingId: number): Promise<ArrivalResult> {
  const { data, error, response } = await api.POST('/api/admin/mark-no-show', { body: { idCompany, bookingId } });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}
