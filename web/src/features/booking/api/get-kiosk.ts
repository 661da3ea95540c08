import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A company's public data (the customer spec's company cloud data) with the kiosk's settings and advertising. */
export type CompanyPublic = components['schemas']['CompanyPublic'];

/**
 * GET /api/company/{id}?culture: the kiosk's default language and idle period, and the side images for the
 * culture (the server maps it as the admin spec's section 9 says; null when advertising is off). Without a
 * culture the images are the kiosk's default language's. Throws ApiError.
 */
export function companyPublicQueryOptions(idCompany: number, culture: string | null) {
  return queryOptions({
    queryKey: ['companyPublic', idCompany, culture],
    queryFn: async ({ signal }): Promise<CompanyPublic> => {
      const { data, error, response } = await api.GET('/api/company/{id}', {
        params: { path: { id: idCompany }, query: culture ? { culture } : {} },
        signal,
      });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
    staleTime: 60_000,
  });
}

/** The company's public data for a culture; the previous culture's stay shown while another loads. */
export function useCompanyPublic(idCompany: number | undefined, culture: string | null) {
  return useQuery({
    ...companyPublicQueryOptions(idCompany ?? 0, culture),
    enabled: idCompany !== undefined,
    placeholderData: keepPreviousData,
  });
}
