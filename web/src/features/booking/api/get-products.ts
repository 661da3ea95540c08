import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** The company's bookable products and packs, and its event products (GET /api/product). */
export type ProductList = components['schemas']['ProductList'];

/** Fetches a company's products. Throws ApiError. */
export async function getProducts(idCompany: number, signal?: AbortSignal): Promise<ProductList> {
  return unwrap(await api.GET('/api/product', { params: { query: { idCompany } }, signal }));
}

/** Query options for a company's products; the key is `['products', idCompany]`. */
export function getProductsQueryOptions(idCompany: number) {
  return queryOptions({
    queryKey: ['products', idCompany],
    queryFn: ({ signal }) => getProducts(idCompany, signal),
  });
}

/** Loads a company's products. */
export function useProducts(idCompany: number) {
  return useQuery(getProductsQueryOptions(idCompany));
}
