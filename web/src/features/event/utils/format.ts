/**
 * The date of a circuit-local "YYYY-MM-DD HH:mm:ss": DD-MM-YYYY in Spanish, YYYY-MM-DD otherwise
 * (customer spec section 9).
 */
export function formatDay(local: string, languageCode: string): string {
  const [year, month, day] = local.slice(0, 10).split('-');
  if (!year || !month || !day) return local;
  return languageCode === 'es' ? `${day}-${month}-${year}` : `${year}-${month}-${day}`;
}

/** The hour of a circuit-local "YYYY-MM-DD HH:mm:ss" as HH:mm. */
export function formatHour(local: string): string {
  return local.slice(11, 16);
}

/** The weekday's name of a circuit-local date in the visitor's language (the date itself is not moved). */
export function weekdayName(local: string, locale: string): string {
  const [y, m, d] = local.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return '';
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A price with two decimals in the visitor's locale and the company's currency symbol. */
export function formatPrice(amount: number, symbol: string, locale: string): string {
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.round(amount * 100) / 100,
  );
  return `${number} ${symbol}`.trim();
}
