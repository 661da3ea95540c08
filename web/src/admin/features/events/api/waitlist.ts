import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** An entry of an event's waiting list as the staff see it. */
export type EventWaitlistEntry = components['schemas']['StaffWaitlistEntry'];

/** The query key of an event's waiting list. */
export function eventWaitlistKey(idCompany: number, eventId: number) {
  return ['admin', 'events', idCompany, 'waitlist', eventId] as const;
}

/** An event's waiting list in join order (GET /api/admin/waitlist?eventId, DESK). Throws ApiError. */
export async function fetchEventWaitlist(idCompany: number, eventId: number, signal?: AbortSignal) {
  const { data, error, response } = await api.GET('/api/admin/waitlist', { params: { query: { idCompany, eventId } }, signal });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** The list, asked again every 15 s while shown: offers run out and places free without the staff. */
export function useEventWaitlist(idCompany: number, eventId: number) {
  return useQuery({
    queryKey: eventWaitlistKey(idCompany, eventId),
    queryFn: ({ signal }) => fetchEventWaitlist(idCompany, eventId, signal),
    refetchInterval: 15_000,
  });
}

/** Offers the event's free places now (POST /api/admin/waitlist/offer with eventId): the entries afterwards. */
export function useOfferEventWaitlist(idCompany: number, eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data, error, response } = await api.POST('/api/admin/waitlist/offer', { body: { idCompany, eventId } });
      if (!data) throw new ApiError(response.status, error);
      return data.data;
    },
    onSuccess: (entries) => queryClient.setQueryData(eventWaitlistKey(idCompany, eventId), entries),
  });
}

/** Removes an entry (DELETE /api/admin/waitlist/{id}); an offer it holds passes on. */
export function useRemoveEventWaitlistEntry(idCompany: number, eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const { data, error, response } = await api.DELETE('/api/admin/waitlist/{id}', { params: { path: { id }, query: { idCompany } } });
      if (!data) throw new ApiError(response.status, error);
      return data.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventWaitlistKey(idCompany, eventId) }),
  });
}
