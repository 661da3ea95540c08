import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** One line of a shopping cart. */
export type CartLine = components['schemas']['ShoppingCartLine'];

/** Fetches a cart's lines (GET /api/payment/shopping-cart/{token}/details). Throws ApiError. */
export async function getShoppingCartDetails(token: string, signal?: AbortSignal): Promise<CartLine[]> {
  return unwrap(await api.GET('/api/payment/shopping-cart/{token}/details', { params: { path: { token } }, signal }))
    .data;
}

/** Query options for a cart's lines; the key is `['cart', token, 'details']` (invalidated with the cart). */
export function getShoppingCartDetailsQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['cart', token, 'details'],
    queryFn: ({ signal }) => getShoppingCartDetails(token, signal),
    staleTime: 0,
  });
}

/** Loads a cart's lines (null token: nothing). */
export function useShoppingCartDetails(token: string | null) {
  return useQuery({ ...getShoppingCartDetailsQueryOptions(token ?? ''), enabled: token !== null });
}
