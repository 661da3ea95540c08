import { adminFormat } from '@/admin/lib/format';

/** A KPI value rounded to two decimals (admin spec section 9). */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A KPI figure with at most two decimals, in the interface language (1.234,5 in German): the back office formatter's. */
export function formatFigure(value: number, language: string): string {
  return adminFormat(language, {}).number(round2(value));
}

/** A KPI amount with two decimals and the company's symbol (src/lib/format.ts rules). */
export function formatAmount(value: number, symbol: string, currency: string, language: string): string {
  return adminFormat(language, { currency, simbolCoinType: symbol }).money(value);
}

/** Which way a change went. */
export type Trend = 'up' | 'down' | 'same';

/** The trend of an increment once rounded: 0.004 % is no change. */
export function trendOf(increment: number): Trend {
  const rounded = round2(increment);
  if (rounded > 0) return 'up';
  if (rounded < 0) return 'down';
  return 'same';
}

/** An increment in percent (12.345 → "+12.35%"), signed, in the interface language. */
export function formatIncrement(increment: number, language: string): string {
  return adminFormat(language, {}).increment(increment);
}
