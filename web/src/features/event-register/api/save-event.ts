import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The event registration payload. */
export type EventSaveRequest = components['schemas']['EventSaveRequest'];

/**
 * Registers for the event with the held place (POST /api/event/saveEvent, company token) and answers
 * the payment page to send the visitor to. Throws ApiError: 410 time is up (timeoutPrebooking), 409
 * already registered, 422 with field errors, 401, 503.
 */
export async function saveEvent(body: EventSaveRequest, companyToken: string): Promise<string> {
  const { data, error, response } = await api.POST('/api/event/saveEvent', {
    body,
    headers: { Authorization: `Bearer ${companyToken}` },
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.paymentURL;
}

/** Saves the registration; the event's page (its stock) is refetched afterwards. */
export function useSaveEvent(eventKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, token }: { body: EventSaveRequest; token: string }) => saveEvent(body, token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['event', eventKey] }),
  });
}
