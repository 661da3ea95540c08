/**
 * The price field's text as the user types it: a trailing dot becomes a comma (admin spec section 5), so
 * "12." reads "12," and the decimal separator shown is the one the circuit writes. Anything that is not a
 * digit or a separator is dropped, and at most one separator with two decimals is kept.
 */
export function typedPrice(text: string): string {
  let t = text.replace(/[^\d.,]/g, '');
  if (t.endsWith('.')) t = `${t.slice(0, -1)},`;
  const m = /^(\d*)([.,]?)(\d{0,2})/.exec(t);
  return m ? `${m[1]}${m[2]}${m[3]}` : '';
}

/** The amount of a price text ("12,5" or "12.50"), or undefined when it is empty or not a number ≥ 0. */
export function parsePrice(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '' || t === '.') return undefined;
  const n = Number(t.endsWith('.') ? t.slice(0, -1) : t);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The text of an amount for the price field: "12.5" → "12.50", integers without decimals. */
export function priceText(n: number | null | undefined): string {
  if (n === null || n === undefined) return '';
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}
