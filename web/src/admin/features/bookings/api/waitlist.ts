import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { todayKey } from '@/admin/features/bookings/api/today';

/** An entry of a session's waiting list as the staff see it. */
export type StaffWaitlistEntry = components['schemas']['StaffWaitlistEntry'];

/** The query key of a session's waiting list: under the company's days, so the live signal refreshes it too. */
export function waitlistKey(idCompany: number, circuitId: number, startsAt: string) {
  return [...todayKey(idCompany), 'waitlist', circuitId, startsAt];
}

/** A session's waiting list in join order (GET /api/admin/waitlist, DESK). */
export async function fetchWaitlist(idCompany: number, circuitId: number, startsAt: string, signal?: AbortSignal) {
  const { data, error, response } = await api.GET('/api/admin/waitlist', { params: { query: { idCompany, circuitId, startsAt } }, signal });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** Offers the session's free places now (POST /api/admin/waitlist/offer): the entries afterwards. */
export async function offerWaitlist(idCompany: number, circuitId: number, startsAt: string) {
  const { data, error, response } = await api.POST('/api/admin/waitlist/offer', { body: { idCompany, circuitId, startsAt } });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** Removes an entry (DELETE /api/admin/waitlist/{id}); an offer it holds passes on. */
export async function removeWaitlistEntry(idCompany: number, id: number) {
  const { data, error, response } = await api.DELETE('/api/admin/waitlist/{id}', { params: { path: { id }, query: { idCompany } } });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}
