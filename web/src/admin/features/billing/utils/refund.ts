import type { components } from '@/lib/api/schema';

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

/** Why a row's refund button is off, or undefined when it may be refunded (admin spec section 6). */
export function refundBlock(row: SaleRow): 'refundRow' | 'nothingLeft' | undefined {
  if (row.priceConverted < 0 || row.type === 'REFUND' || row.shopping_cart.state === 'REFUND') return 'refundRow';
  if (!(row.refundable > 0)) return 'nothingLeft';
  return undefined;
}

/**
 * What the refund dialog's amount field holds, read as an amount in the currency: a number with at most two
 * decimals, a comma accepted as the decimal mark. Undefined for anything else (empty, letters, 1.234).
 */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Whether an amount may be refunded: more than 0 and no more than what is left (admin spec section 5). */
export function amountAllowed(amount: number | undefined, refundable: number): amount is number {
  return amount !== undefined && amount > 0 && toHundredths(amount) <= toHundredths(refundable);
}

/** An amount in hundredths (cents), as the refund call sends it (admin spec section 9). */
export function toHundredths(amount: number): number {
  return Math.round(amount * 100);
}

/** A fresh key for one opening of the refund dialog: a repeated click sends the same key and refunds once. */
export function newIdempotencyKey(): string {
  const random: Crypto = globalThis.crypto;
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof random.randomUUID === 'function') return `refund-${random.randomUUID()}`;
  const bytes = random.getRandomValues(new Uint8Array(16));
  return `refund-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
