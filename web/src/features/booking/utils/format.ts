/**
 * Formats a price with two decimals in the visitor's locale and the company's currency symbol
 * (config.simbolCoinType). The symbol goes where the locale puts a currency sign when the ISO code is
 * known (22,00 € in Spanish, €22.00 in English); otherwise after the number.
 */
export function formatPrice(amount: number, symbol: string, locale: string, currency?: string): string {
  const rounded = Math.round(amount * 100) / 100;
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      const parts = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).formatToParts(rounded);
      return parts
        .map((part) => (part.type === 'currency' ? symbol : part.value))
        .join('')
        .trim();
    } catch {
      // an unknown currency code: fall through to the plain format
    }
  }
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rounded);
  return `${number} ${symbol}`.trim();
}

/** The date part of a local "YYYY-MM-DD HH:mm:ss": DD-MM-YYYY in Spanish, YYYY-MM-DD otherwise (spec section 9). */
export function formatDay(local: string, languageCode: string): string {
  const [year, month, day] = local.slice(0, 10).split('-');
  if (!year || !month || !day) return local;
  return languageCode === 'es' ? `${day}-${month}-${year}` : `${year}-${month}-${day}`;
}

/** The hour of a local "YYYY-MM-DD HH:mm:ss" or "HH:mm:ss" as HH:mm. */
export function formatHour(local: string): string {
  const time = local.length > 8 ? local.slice(11) : local;
  return time.slice(0, 5);
}

/** Today's date at the visitor's clock as YYYY-MM-DD. */
export function todayISO(now: Date = new Date()): string {
  return isoDate(now);
}

/** A Date's local calendar day as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A YYYY-MM-DD day moved by a number of days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return isoDate(new Date(y, m - 1, d + days));
}

/** A YYYY-MM-DD day moved by a number of years (29 February becomes 1 March in a common year). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return isoDate(new Date(y + years, m - 1, d));
}

/**
 * Wraps a value interpolated into a sentence (a date, an hour list, a price) in Unicode first-strong
 * isolates, so that in Arabic (right to left) "2026-11-25" or "kr. 199.00" is not reordered.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
