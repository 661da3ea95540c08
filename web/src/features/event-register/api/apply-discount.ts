import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/** The registration's shopping cart as the server prices it after a discount code. */
export type DiscountedCart = components['schemas']['ShoppingCart'];

/**
 * Applies a discount code to the registration's shopping cart (POST /api/booking/discount, the booking
 * wizard's call) and answers the repriced cart. Throws ApiError: 404 unknown code, 410 expired or used
 * up, 412 a code already applied, 422 valid for nothing in the cart.
 */
export async function applyEventDiscount(cartToken: string, code: string, companyToken: string): Promise<DiscountedCart> {
  const { data, error, response } = await api.POST('/api/booking/discount', {
    body: { token: cartToken, discount: code },
    headers: { Authorization: `Bearer ${companyToken}` },
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data.data;
}

/** Applies a discount code to the registration's cart. */
export function useApplyEventDiscount(cartToken: string, companyToken: string) {
  return useMutation({ mutationFn: (code: string) => applyEventDiscount(cartToken, code, companyToken) });
}
