import { useMutation } from '@tanstack/react-query';
import type { CreateEventPayload } from '@/admin/features/events/utils/event-form';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

/** What the server answers for a created event: its public address, id and key. */
export interface CreatedEvent {
  url: string;
  id: number;
  key: string;
}

/** Creates an event in one transaction (POST /api/event/createFullEvent, SUPERADMIN only); throws ApiError. */
export async function createEvent(payload: CreateEventPayload): Promise<CreatedEvent> {
  const { data, error, response } = await api.POST('/api/event/createFullEvent', { body: payload });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** The create-event mutation. */
export function useCreateEvent() {
  return useMutation({ mutationFn: createEvent });
}
