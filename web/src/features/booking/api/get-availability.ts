import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bearer, delay, unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** A day's sessions for a product or pack (GET /api/booking/availability). */
export type Availability = components['schemas']['AvailabilityResponse']['data'];

/** Slot loading starts this long after the date (or product) changes (spec section 9). */
export const AVAILABILITY_DELAY_MS = 1000;

/** What a day's availability is asked for. */
export interface AvailabilityParams {
  date: string;
  idType: number;
  type: 'PRODUCT' | 'PACK';
  /** The company token (config.token). */
  token: string;
}

/**
 * Fetches a day's sessions after the loading delay. The signal cancels both the wait and the request, so
 * a newer date supersedes an older one in flight. Throws ApiError.
 */
export async function getAvailability(params: AvailabilityParams, signal?: AbortSignal): Promise<Availability> {
  await delay(AVAILABILITY_DELAY_MS, signal);
  const { date, idType, type, token } = params;
  const result = unwrap(
    await api.GET('/api/booking/availability', {
      params: { query: { date, idType, type } },
      headers: bearer(token),
      signal,
    }),
  );
  return result.data;
}

/** Query options for a day's sessions; the key is `['availability', idType, type, date]`. */
export function getAvailabilityQueryOptions(params: AvailabilityParams) {
  return queryOptions({
    queryKey: ['availability', params.idType, params.type, params.date],
    queryFn: ({ signal }) => getAvailability(params, signal),
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** Loads a day's sessions (null date: nothing). Earlier requests are cancelled when the date changes. */
export function useAvailability(params: AvailabilityParams | null) {
  return useQuery({
    ...getAvailabilityQueryOptions(params ?? { date: '', idType: 0, type: 'PRODUCT', token: '' }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
