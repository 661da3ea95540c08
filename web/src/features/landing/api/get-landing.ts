import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A company's landing page of links: flat and grouped by category. */
export type CompanyLanding = components['schemas']['CompanyLanding'];

/** One button of a landing page. */
export type LandingButtonData = components['schemas']['LandingButton'];

/** Fetches a company's landing page (GET /api/landing/{key}). Throws ApiError (404 for an unknown company). */
export async function getLanding(key: string, signal?: AbortSignal): Promise<CompanyLanding> {
  const { data, error, response } = await api.GET('/api/landing/{key}', { params: { path: { key } }, signal });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/** Query options for a landing page; the key is `['landing', key]`. */
export function getLandingQueryOptions(key: string) {
  return queryOptions({ queryKey: ['landing', key], queryFn: ({ signal }) => getLanding(key, signal) });
}

/** Loads a company's landing page. */
export function useLanding(key: string) {
  return useQuery(getLandingQueryOptions(key));
}
