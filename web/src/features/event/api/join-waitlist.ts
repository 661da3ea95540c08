import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** What joining a sold-out event's waiting list sends (POST /api/event/{key}/waitlist). */
export type EventWaitlistJoin = components['schemas']['EventWaitlistJoin'];

/** The entry made: its position among those waiting. */
export type EventWaitlistEntry = components['schemas']['WaitlistEntry'];

/**
 * Joins a sold-out event's waiting list for one place. Throws ApiError (404 unknown event, 409 a place is
 * free or the e-mail already waits, 422 fields, captcha or list off, 429).
 */
export async function joinEventWaitlist(key: string, body: EventWaitlistJoin): Promise<EventWaitlistEntry> {
  const { data, error, response } = await api.POST('/api/event/{key}/waitlist', { params: { path: { key } }, body });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Joins the event's waiting list; nothing cached depends on it. */
export function useJoinEventWaitlist(key: string) {
  return useMutation({ mutationFn: (body: EventWaitlistJoin) => joinEventWaitlist(key, body) });
}
