import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { invalidateMoney } from '@/admin/lib/money-queries';

/** What a refund did. */
export type RefundResult = components['schemas']['RefundResult']['data'];

/** One refund order: the sale, the amount in hundredths and the key that makes a repeat harmless. */
export interface RefundOrder {
  idCompany: number;
  orderId: string;
  hundredths: number;
  idempotencyKey: string;
}

/** Refunds part of a sale (POST /api/payment/execute-refund); a repeat with the same key refunds once. */
export async function executeRefund(order: RefundOrder): Promise<RefundResult> {
  const { data, error, response } = await api.POST('/api/payment/execute-refund', {
    params: { header: { 'Idempotency-Key': order.idempotencyKey } },
    body: { amount: order.hundredths, orderId: order.orderId, idCompany: order.idCompany },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.data;
}

/** The refund mutation; on success the company's sales, bookings and KPIs are read again. */
export function useExecuteRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: executeRefund,
    onSuccess: (_, order) => invalidateMoney(queryClient, order.idCompany),
  });
}
