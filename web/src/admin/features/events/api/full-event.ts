import { useMutation } from '@tanstack/react-query';
import type { FullEvent, UpdateEventPayload } from '@/admin/features/events/utils/event-form';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

/** An event as the event form edits it (GET /api/event/fullEvent, SUPERADMIN only); throws ApiError. */
export async function fetchFullEvent(idCompany: number, id: number, signal?: AbortSignal): Promise<FullEvent> {
  const { data, error, response } = await api.GET('/api/event/fullEvent', { params: { query: { idCompany, id } }, signal });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** Read fresh each time the form opens: its version is what the save is based on. */
export function fullEventQuery(idCompany: number, id: number) {
  return {
    queryKey: ['admin', 'events', idCompany, 'full', id],
    queryFn: ({ signal }: { signal?: AbortSignal }) => fetchFullEvent(idCompany, id, signal),
    staleTime: 0,
  };
}

/**
 * Saves the event form's changes (POST /api/event/updateFullEvent, SUPERADMIN only) and answers the event
 * as stored; throws ApiError (409: stale, or fewer places than are taken; 422: fields).
 */
export async function updateEvent(payload: UpdateEventPayload): Promise<FullEvent> {
  const { data, error, response } = await api.POST('/api/event/updateFullEvent', { body: payload });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** The edit-event mutation. */
export function useUpdateEvent() {
  return useMutation({ mutationFn: updateEvent });
}
