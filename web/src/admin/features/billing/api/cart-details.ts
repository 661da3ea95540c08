import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The lines of one sale. */
export type CartDetails = components['schemas']['AdminCartDetails']['data'];

/** Fetches a sale's lines (POST /api/admin/retrieveShoppingCartDetails). */
export async function retrieveCartDetails(idCompany: number, token: string, signal?: AbortSignal): Promise<CartDetails> {
  const { data, error, response } = await api.POST('/api/admin/retrieveShoppingCartDetails', {
    body: { idCompany, token },
    signal,
  });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** A sale's lines, loaded while its details dialog is open (token set). */
export function useCartDetails(idCompany: number, token: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'billing-details', idCompany, token] as const,
    queryFn: ({ signal }) => retrieveCartDetails(idCompany, token ?? '', signal),
    enabled: token !== undefined,
  });
}
