import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** Whether the visitor is a signed-in staff member of the company, and their name (GET /api/booking/staff). */
export type StaffDesk = components['schemas']['StaffDesk'];

/** Asks the server whether the visitor's staff session (an HttpOnly cookie) belongs to the company. */
export async function getStaffDesk(idCompany: number, signal?: AbortSignal): Promise<StaffDesk> {
  return unwrap(await api.GET('/api/booking/staff', { params: { query: { idCompany } }, signal }));
}

/**
 * Whether the visitor books at the desk: a staff member of the company, whose bookings are paid at the
 * circuit. Undefined while the server is asked; a failed question counts as a customer.
 */
export function useStaffDesk(idCompany: number) {
  return useQuery({
    queryKey: ['staff-desk', idCompany],
    queryFn: ({ signal }) => getStaffDesk(idCompany, signal),
    staleTime: 60_000,
    retry: false,
  });
}
