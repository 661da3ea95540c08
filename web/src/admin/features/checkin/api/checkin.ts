import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import type { QueuedMark, SendOutcome } from '@/admin/features/checkin/lib/queue';

/** A booking as the check-in page shows it (schema CheckInBooking). */
export type CheckInBooking = components['schemas']['CheckInBooking']['data'];

/** What names the booking: a scanned code or a typed reference. */
export type CheckInTarget = { code: string } | { reference: string };

/** POST /api/admin/check-in-lookup: the booking a code or a reference names (fails with an ApiError). */
export async function lookUpBooking(idCompany: number, target: CheckInTarget, signal?: AbortSignal): Promise<CheckInBooking> {
  const { data, error, response } = await api.POST('/api/admin/check-in-lookup', { body: { idCompany, ...target }, signal });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/**
 * Sends one queued mark: POST /api/admin/check-in with its Idempotency-Key. Answered (marked, already
 * marked, replayed): done. Refused by the server for good (4xx other than 401, 408 and 429): drop, with the
 * server's message. Not reached (the network, a 5xx, a session to renew): retry later.
 */
export async function sendMark(mark: QueuedMark): Promise<SendOutcome> {
  const body = mark.code ? { idCompany: mark.idCompany, code: mark.code } : { idCompany: mark.idCompany, reference: mark.reference };
  const { data, error, response } = await api.POST('/api/admin/check-in', {
    params: { header: { 'Idempotency-Key': mark.key } },
    body,
  });
  if (data) return { kind: 'done' };
  if (response.status >= 500 || [401, 408, 429].includes(response.status)) return { kind: 'retry' };
  return { kind: 'drop', message: new ApiError(response.status, error).message };
}
