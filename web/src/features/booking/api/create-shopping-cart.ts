import { unwrap } from '@/features/booking/api/request';
import { api } from '@/lib/api/client';

/** Creates an empty shopping cart for a company and answers its token (POST /api/payment/shopping-cart). */
export async function createShoppingCart(idCompany: number): Promise<string> {
  const result = unwrap(await api.POST('/api/payment/shopping-cart', { body: { idCompany } }));
  return result.token;
}
