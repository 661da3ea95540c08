import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey, type ShoppingCart } from '@/features/booking/api/get-shopping-cart';
import { bearer, unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';

/** Applies a discount code to a cart (POST /api/booking/discount) and answers the refreshed cart. Throws ApiError (404, 410, 412, 422). */
export async function applyDiscount(cartToken: string, discount: string, companyToken: string): Promise<ShoppingCart> {
  return unwrap(
    await api.POST('/api/booking/discount', {
      body: { token: cartToken, discount },
      headers: bearer(companyToken),
    }),
  ).data;
}

/** Applies a discount code; on success the cart and its details are refreshed. */
export function useApplyDiscount(cartToken: string, companyToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => applyDiscount(cartToken, code, companyToken),
    onSuccess: (cart) => {
      queryClient.setQueryData(cartQueryKey(cartToken), cart);
      return queryClient.invalidateQueries({ queryKey: ['cart', cartToken] });
    },
  });
}
