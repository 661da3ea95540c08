import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** What the back office shows of the current company. */
export type AdminCompany = components['schemas']['AdminCompany'];

/** GET /api/admin/company?idCompany: the company the sections work on (fails with an ApiError). */
export function companyQueryOptions(idCompany: number) {
  return queryOptions({
    queryKey: ['admin', 'company', idCompany],
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/api/admin/company', {
        params: { query: { idCompany } },
        signal,
      });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether a failure means the session (or the user's access to the company) is over: 400, 401, 403 or
 * 404 (admin spec sections 4 and 8). The stored sign-in is then forgotten and the user signs in again.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && [400, 401, 403, 404].includes(error.status);
}
