import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** A shopping cart with its lines, totals, discount and earliest expiry (GET /api/payment/shopping-cart/{token}). */
export type ShoppingCart = components['schemas']['ShoppingCart'];

/** Fetches a cart. Throws ApiError (404 for an unknown token). */
export async function getShoppingCart(token: string, signal?: AbortSignal): Promise<ShoppingCart> {
  return unwrap(await api.GET('/api/payment/shopping-cart/{token}', { params: { path: { token } }, signal })).data;
}

/** The query key of a cart: `['cart', token]`. */
export function cartQueryKey(token: string) {
  return ['cart', token] as const;
}

/** Query options for a cart. */
export function getShoppingCartQueryOptions(token: string) {
  return queryOptions({
    queryKey: cartQueryKey(token),
    queryFn: ({ signal }) => getShoppingCart(token, signal),
    staleTime: 0,
  });
}

/** Loads the cart whose token is given (null: nothing). */
export function useShoppingCart(token: string | null) {
  return useQuery({ ...getShoppingCartQueryOptions(token ?? ''), enabled: token !== null });
}
