import { bearer, unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

/** A voucher held without a session (voucher mode). */
export type VoucherHold = components['schemas']['VoucherHold'];

/** Holds a product as a voucher, without a session (POST /api/booking/voucher). Throws ApiError. */
export async function holdVoucher(
  body: components['schemas']['VoucherRequest'],
  companyToken: string,
): Promise<VoucherHold> {
  return unwrap(await api.POST('/api/booking/voucher', { body, headers: bearer(companyToken) }));
}
