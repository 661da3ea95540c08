import { toHundredths } from '@/admin/lib/amounts';
import type { components } from '@/lib/api/schema';

export { newIdempotencyKey, parseAmount, toHundredths } from '@/admin/lib/amounts';

/** One row of the sales table. */
export type SaleRow = components['schemas']['SaleRow'];

/**
 * The name a sale goes by in labels and dialogs: its booking's short reference (ABCD-2345), or the booking
 * identifier for a booking without one.
 */
export function saleName(row: Pick<SaleRow, 'reference' | 'token'>): string {
  return row.reference || row.token;
}

/** Letters and digits only, upper case: "ue9b ktgr" and "UE9B-KTGR" compare equal. */
function compact(text: string): string {
  return text.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/**
 * Whether a sale matches the sales table's search by its reference, typed in any case, with or without
 * the dash (at least 4 letters or digits, so that a short word does not match every reference).
 */
export function referenceMatches(row: Pick<SaleRow, 'reference'>, search: string): boolean {
  const typed = compact(search);
  return typed.length >= 4 && !!row.reference && compact(row.reference).includes(typed);
}

/** Why the server will not refund a sale now (schema RefundBlocked). */
export type RefundBlocked = components['schemas']['RefundBlocked'];

/**
 * Why a row's refund button is off, or undefined when it may be refunded (admin spec section 6): not a sale
 * ('refundRow'), the server's reason (refunds off, the session started, the window over, refunded in full,
 * nothing paid), or nothing left by the row's own figures ('nothingLeft', for a server that sent no reason).
 */
export function refundBlock(row: SaleRow): 'refundRow' | 'nothingLeft' | RefundBlocked | undefined {
  // Only a sale is refunded: refund and correction rows take money back already, and a later payment's
  // money is refunded from its sale's row.
  if (row.priceConverted < 0 || row.type !== 'SALE' || row.shopping_cart.state === 'REFUND') return 'refundRow';
  if (row.refundBlocked) return row.refundBlocked;
  if (!(row.refundable > 0)) return 'nothingLeft';
  return undefined;
}

/** Whether an amount may be refunded: more than 0 and no more than what is left (admin spec section 5). */
export function amountAllowed(amount: number | undefined, refundable: number): amount is number {
  return amount !== undefined && amount > 0 && toHundredths(amount) <= toHundredths(refundable);
}
