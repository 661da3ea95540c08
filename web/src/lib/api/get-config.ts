import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A company's public booking configuration (GET /api/config/{key}): name, brand, culture, currency, switches. */
export type CompanyConfig = components['schemas']['Config'];

/** Fetches the configuration of the company whose public key is given. Throws ApiError (404 for an unknown key). */
export async function getConfig(key: string, signal?: AbortSignal): Promise<CompanyConfig> {
  const { data, error, response } = await api.GET('/api/config/{key}', { params: { path: { key } }, signal });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** Query options for a company's configuration; the key is `['config', key]`, shared by every page. */
export function getConfigQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['config', key],
    queryFn: ({ signal }) => getConfig(key, signal),
    staleTime: 5 * 60_000,
  });
}

/** Loads a company's configuration by its public key; nothing while the key is null. */
export function useConfig(key: string | null) {
  return useQuery({ ...getConfigQueryOptions(key ?? ''), enabled: key !== null });
}
