import { useMutation } from '@tanstack/react-query';
import { bearer, unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** What joining a session's waiting list sends (POST /api/waitlist). */
export type WaitlistJoin = components['schemas']['WaitlistJoin'];

/** An entry of the waiting list as its owner sees it. */
export type WaitlistEntry = components['schemas']['WaitlistEntry'];

/** An offer opened by its link: the cart that holds its places. */
export type WaitlistOffer = components['schemas']['WaitlistOffer'];

/** Joins a full session's waiting list. Throws ApiError (409 places free or e-mail already waiting, 422 fields or captcha). */
export async function joinWaitlist(body: WaitlistJoin, companyToken: string): Promise<WaitlistEntry> {
  return unwrap(await api.POST('/api/waitlist', { body, headers: bearer(companyToken) }));
}

/** Joins the waiting list; nothing cached depends on it. */
export function useJoinWaitlist(companyToken: string) {
  return useMutation({ mutationFn: (body: WaitlistJoin) => joinWaitlist(body, companyToken) });
}

/** The entry a leave link names (GET /api/waitlist/{leaveToken}). Throws ApiError (404). */
export async function getWaitlistEntry(leaveToken: string): Promise<WaitlistEntry> {
  return unwrap(await api.GET('/api/waitlist/{leaveToken}', { params: { path: { leaveToken } } }));
}

/** Leaves the waiting list (DELETE /api/waitlist/{leaveToken}). Throws ApiError (404). */
export async function leaveWaitlist(leaveToken: string): Promise<WaitlistEntry> {
  return unwrap(await api.DELETE('/api/waitlist/{leaveToken}', { params: { path: { leaveToken } } }));
}

/** Opens an offer (GET /api/waitlist/offer/{offerToken}). Throws ApiError (404 unknown, 410 no longer open). */
export async function openWaitlistOffer(offerToken: string): Promise<WaitlistOffer> {
  return unwrap(await api.GET('/api/waitlist/offer/{offerToken}', { params: { path: { offerToken } } }));
}
