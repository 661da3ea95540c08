import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { cancelPreviewKey, type CancelView } from '@/features/cancel/api/cancel-preview';

/**
 * Cancels the booking of a cancellation link under the company's refund policy
 * (POST /api/booking/cancel/{token}). Idempotent: pressed twice, it answers the same booking and refunds
 * once. Throws ApiError: 404 unknown link, 422 too late (or a voucher), 429, 5xx.
 */
export async function cancelBooking(token: string): Promise<CancelView> {
  const { data, error, response } = await api.POST('/api/booking/cancel/{cancelToken}', {
    params: { path: { cancelToken: token } },
  });
  if (error !== undefined || data === undefined) throw new ApiError(response.status, error);
  return data;
}

/** The Cancel booking button's mutation; its answer replaces the link's booking in the cache. */
export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(token),
    onSuccess: (view) => queryClient.setQueryData(cancelPreviewKey(token), view),
  });
}
