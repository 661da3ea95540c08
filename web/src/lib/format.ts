/**
 * How the customer pages write prices, dates and hours (customer spec section 9): prices with two decimals
 * and the company's currency symbol in the visitor's locale; dates DD-MM-YYYY in Spanish and YYYY-MM-DD in
 * every other language; hours HH:mm. Session times are the circuit's local wall-clock time
 * ("YYYY-MM-DD HH:mm:ss"), written as they are, never moved to the visitor's time zone.
 */

/**
 * A price with two decimals in the visitor's locale. With an ISO currency code the symbol goes where the
 * locale puts a currency sign (22,00 € in Spanish, €22.00 in English); `symbol` (the company's
 * config.simbolCoinType) replaces the locale's own sign, or the locale's sign stays when `symbol` is empty.
 * Without a known currency code the symbol (else the code) goes after the number.
 */
export function formatPrice(amount: number, symbol: string, locale: string, currency?: string): string {
  const rounded = Math.round(amount * 100) / 100;
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      const parts = numberFormat(locale, currency).formatToParts(rounded);
      return parts
        .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
        .join('')
        .trim();
    } catch {
      // an unknown currency code or locale: fall through to the plain format
    }
  }
  let number: string;
  try {
    number = numberFormat(locale, '').format(rounded);
  } catch {
    number = rounded.toFixed(2);
  }
  return `${number} ${symbol || currency || ''}`.trim();
}

// Number formats by locale and currency: building an Intl.NumberFormat costs far more than formatting
// with one, and a product list formats dozens of prices per render.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A two-decimal number format for the locale, in the currency when one is given; throws as Intl does. */
function numberFormat(locale: string | undefined, currency: string): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency } : {}),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** The date part of a local "YYYY-MM-DD[ HH:mm:ss]": DD-MM-YYYY in Spanish (language code `es`), YYYY-MM-DD otherwise. */
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

/** A local "YYYY-MM-DD HH:mm:ss" as its day (formatDay) and hour: "23-11-2026 10:15" in Spanish. */
export function formatDayHour(local: string, languageCode: string): string {
  return `${formatDay(local, languageCode)} ${formatHour(local)}`;
}

/**
 * Wraps a value interpolated into a sentence (a date, an hour list, a price) in Unicode first-strong
 * isolates, so that in Arabic (right to left) "2026-11-25" or "kr. 199.00" is not reordered.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A Date's local calendar day as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
