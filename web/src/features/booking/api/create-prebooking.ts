import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bearer, unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { refreshCart } from '@/features/booking/api/get-shopping-cart';

/** A pre-booking (hold) as the server answers it. */
export type Prebooking = components['schemas']['Prebooking'];

/** What a pre-booking asks for. */
export type PrebookingRequest = components['schemas']['PrebookingRequest'];

/** Holds places in one or more sessions (POST /api/prebooking). Throws ApiError (420, 421, 422 …). */
export async function createPrebooking(
  body: PrebookingRequest,
  companyToken: string,
  visitor: string,
): Promise<Prebooking> {
  return unwrap(
    await api.POST('/api/prebooking', {
      body,
      headers: { ...bearer(companyToken), 'X-Visitor-Id': visitor },
    }),
  );
}

/** Holds places; the cart is refetched afterwards (its key is `['cart', token]`). */
export function useCreatePrebooking(companyToken: string, visitor: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrebookingRequest) => createPrebooking(body, companyToken, visitor),
    onSettled: (_data, _error, body) => refreshCart(queryClient, body.token),
  });
}
