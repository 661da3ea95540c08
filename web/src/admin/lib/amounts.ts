// Amounts typed into the back office's money dialogs (a refund, a counter payment) and the keys that
// make a repeated click harmless.

/**
 * What a money dialog's amount field holds, read as an amount in the currency: a number with at most two
 * decimals, a comma accepted as the decimal mark. Undefined for anything else (empty, letters, 1.234).
 */
export function parseAmount(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** An amount in hundredths (cents), as the money calls send it (admin spec section 9). */
export function toHundredths(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * A fresh key for one opening of a money dialog (a refund, a counter payment): a repeated click sends the
 * same key and the server acts once.
 */
export function newIdempotencyKey(prefix = 'refund'): string {
  const random: Crypto = globalThis.crypto;
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof random.randomUUID === 'function') return `${prefix}-${random.randomUUID()}`;
  const bytes = random.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
