import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A company's terms and conditions in one culture. */
export type Terms = components['schemas']['Terms'];

/**
 * Fetches the company's terms in the culture, or the server's best fallback
 * (GET /api/termsAndConditions/{idCompany}/{culture}). Throws ApiError (404: no such company or no terms).
 */
export async function getTerms(idCompany: number, culture: string, signal?: AbortSignal): Promise<Terms> {
  const { data, error, response } = await api.GET('/api/termsAndConditions/{idCompany}/{culture}', {
    params: { path: { idCompany, culture } },
    signal,
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Query options for the terms; the key is `['terms', idCompany, culture]`. */
export function getTermsQueryOptions(idCompany: number, culture: string) {
  return queryOptions({
    queryKey: ['terms', idCompany, culture],
    queryFn: ({ signal }) => getTerms(idCompany, culture, signal),
    staleTime: 10 * 60_000,
  });
}

/** Loads a company's terms in a culture while `enabled` (a dialog is open, say); nothing while the company is unknown. */
export function useTerms(idCompany: number | undefined, culture: string, enabled = true) {
  return useQuery({ ...getTermsQueryOptions(idCompany ?? 0, culture), enabled: enabled && idCompany !== undefined });
}
