import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/**
 * Fetches the cart again after it changed (a hold, a release, a discount). A fetch of it that is still
 * running started before the change and would answer the cart as it was: it is cancelled, not joined.
 * (TanStack Query joins a cart's first fetch instead of restarting it, so without this a new cart's first
 * fetch, sent while its first hold was on its way, left the header's cart at 0 on a slow connection.)
 */
export async function refreshCart(queryClient: QueryClient, token: string): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartQueryKey(token) });
  await queryClient.invalidateQueries({ queryKey: cartQueryKey(token) });
}
