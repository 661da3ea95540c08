import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import { refreshCart } from '@/features/booking/api/get-shopping-cart';

/** Releases a pre-booking's places (DELETE /api/prebooking/{identifier}); harmless when already released. */
export async function releasePrebooking(identifier: string, cartToken: string): Promise<void> {
  unwrap(
    await api.DELETE('/api/prebooking/{identifier}', {
      params: { path: { identifier } },
      body: { token: cartToken },
    }),
  );
}

/** Releases a pre-booking; the cart is refetched afterwards. */
export function useReleasePrebooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identifier, cartToken }: { identifier: string; cartToken: string }) =>
      releasePrebooking(identifier, cartToken),
    onSettled: (_data, _error, { cartToken }) => refreshCart(queryClient, cartToken),
  });
}
