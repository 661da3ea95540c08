import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** A product or pack as the back office edits it. */
export type StaffProduct = components['schemas']['StaffProduct'];
/** The body of the product and pack writes. */
export type ProductWrite = components['schemas']['ProductWrite'];
/** A product category. */
export type Category = components['schemas']['Category'];
/** Which rows a call is about. */
export type CatalogKind = 'PRODUCT' | 'PACK';

/** Query keys of the catalogue: everything of a company is invalidated together after a write. */
export const catalogKeys = {
  company: (idCompany: number) => ['admin', 'catalog', idCompany] as const,
  products: (idCompany: number) => ['admin', 'catalog', idCompany, 'products'] as const,
  groups: (idCompany: number) => ['admin', 'catalog', idCompany, 'groups'] as const,
};

/** GET /api/product/staff: every product and pack of the company, inactive and expired ones included. */
export function productsQueryOptions(idCompany: number) {
  return queryOptions({
    queryKey: catalogKeys.products(idCompany),
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/api/product/staff', { params: { query: { idCompany } }, signal });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
  });
}

/** The company's products and packs. */
export const useStaffProducts = (idCompany: number) => useQuery(productsQueryOptions(idCompany));

/** GET /api/group: the company's categories. */
export function groupsQueryOptions(idCompany: number) {
  return queryOptions({
    queryKey: catalogKeys.groups(idCompany),
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/api/group', { params: { query: { idCompany } }, signal });
      if (!data) throw new ApiError(response.status, error);
      return data;
    },
  });
}

/** The company's categories. */
export const useGroups = (idCompany: number) => useQuery(groupsQueryOptions(idCompany));

/** Creates (no id) or updates a product or pack. */
export async function saveProduct(kind: CatalogKind, body: ProductWrite): Promise<StaffProduct> {
  const create = !body.id;
  const call =
    kind === 'PACK'
      ? create
        ? api.POST('/api/product/createPack', { body })
        : api.PUT('/api/product/updatePack', { body })
      : create
        ? api.POST('/api/product/createProduct', { body })
        : api.PUT('/api/product/updateProduct', { body });
  const { data, error, response } = await call;
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Deletes a product or pack (archived by the server when bookings refer to it). */
export async function deleteProduct(kind: CatalogKind, idCompany: number, id: number) {
  const body = { idCompany, id };
  const { data, error, response } = await (kind === 'PACK'
    ? api.DELETE('/api/product/deletePack', { body })
    : api.DELETE('/api/product/deleteProduct', { body }));
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Creates (no id) or renames a category. */
export async function saveGroup(body: { idCompany: number; id?: number; name: string }): Promise<Category> {
  const { data, error, response } = await (body.id
    ? api.PUT('/api/group/updateGroup', { body })
    : api.POST('/api/group/createGroup', { body }));
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Deletes a category. */
export async function deleteGroup(idCompany: number, id: number) {
  const { data, error, response } = await api.DELETE('/api/group/deleteGroup', { body: { idCompany, id } });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Uploads a product image (base64 PNG without prefix) and returns its address. */
export async function uploadPhoto(idCompany: number, name: string, photo: string): Promise<string> {
  const { data, error, response } = await api.POST('/api/product/photo', { body: { idCompany, name, photo } });
  if (!data) throw new ApiError(response.status, error);
  return data.url;
}

/** A catalogue write whose success reloads the company's lists. */
export function useCatalogMutation<A, R>(idCompany: number, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.company(idCompany) }),
  });
}
