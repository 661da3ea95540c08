import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** The save-booking payload. */
export type SaveBookingPayload = components['schemas']['PrebookingSave'];

/**
 * Turns the cart's pre-bookings into a booking (POST /api/booking/saveBooking) and answers where to send
 * the visitor. The Idempotency-Key makes a retry of the same submission answer the first answer instead
 * of booking twice. Throws ApiError (410 when time is up, 422 with field errors …).
 */
export async function saveBooking(payload: SaveBookingPayload, idempotencyKey: string): Promise<string> {
  return unwrap(
    await api.POST('/api/booking/saveBooking', {
      body: payload,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  ).url;
}

/** Saves the booking. */
export function useSaveBooking() {
  return useMutation({
    mutationFn: ({ payload, key }: { payload: SaveBookingPayload; key: string }) => saveBooking(payload, key),
  });
}
