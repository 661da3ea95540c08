import { findLanguage } from '@/lib/i18n/languages';

/**
 * How the customer pages write prices, dates and hours (customer spec section 9): prices with two decimals
 * and the company's currency symbol in the visitor's locale; dates DD-MM-YYYY in Spanish and YYYY-MM-DD in
 * every other language; hours HH:mm. Session times are the circuit's local wall-clock time
 * ("YYYY-MM-DD HH:mm:ss"), written as they are, never moved to the visitor's time zone.
 *
 * Digits: one style per page, and it is Latin (0-9) in all seven languages, Arabic included. Company data
 * on an Arabic page (phone numbers, references, Latin currency codes, dates in the spec's numeric rule)
 * is written in Latin digits anyway, and mixing ٥٨٫٠٠ with 58.00 on one page is what customers noticed;
 * Latin digits are also common on Arabic booking and payment pages. So every Intl formatter here asks
 * for the Latin numbering system (intlLocale: `-u-nu-latn`), the hand-written quick prices use Latin
 * digits, and i18next writes {{count}} as a plain Latin number: prices, dates, counters and the hold
 * countdown agree. Arabic still gets its own plural forms (locale files: key_zero … key_other).
 */

/**
 * The BCP 47 locale every Intl formatter of the customer pages uses for a language code or culture: the
 * language with Latin digits (see the note above), whatever the browser's default numbering for it.
 */
export function intlLocale(language: string): string {
  const base = language.split('-u-')[0] || 'en';
  return `${base}-u-nu-latn`;
}

/**
 * A price with two decimals in the visitor's locale. With an ISO currency code the symbol goes where the
 * locale puts a currency sign (22,00 € in Spanish, €22.00 in English); `symbol` (the company's
 * config.simbolCoinType) replaces the locale's own sign, or the locale's sign stays when `symbol` is empty.
 * Without a known currency code the symbol (else the code) goes after the number.
 *
 * The booking page's own case (one of the seven interface languages, the company's symbol, a common
 * currency) is written by hand, exactly as Intl writes it (format.test.ts compares the two over every
 * language, currency and a range of amounts): the first Intl.NumberFormat of a page starts the browser's
 * number-formatting data, 20 to 50 ms on a desktop and four times that on a phone, before the first
 * product could be shown (docs/performance.md). Everything else goes through Intl.
 */
export function formatPrice(amount: number, symbol: string, locale: string, currency?: string): string {
  return quickPrice(amount, symbol, locale, currency) ?? intlPrice(amount, symbol, locale, currency);
}

/** formatPrice through Intl alone: the reference the quick path must match (exported for its test). */
export function intlPrice(amount: number, symbol: string, locale: string, currency?: string): string {
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

const NBSP = '\u00a0';

/** How a language writes a two-decimal amount, as Intl (CLDR) does for its bare language code. */
interface NumberStyle {
  decimal: string;
  group: string;
  /** Digits the integer part needs before it is grouped: 4 (1,234) or, in Spanish, 5 (1234 but 12.345). */
  groupFrom: number;
  /** The currency before the number (English) instead of after it, separated by a no-break space. */
  currencyFirst?: boolean;
  /** What precedes a currency amount (Arabic: a right-to-left mark). */
  currencyLead?: string;
}

/** The seven interface languages (their i18next codes, as the booking page passes them). */
const NUMBER_STYLES: Readonly<Record<string, NumberStyle>> = {
  en: { decimal: '.', group: ',', groupFrom: 4, currencyFirst: true },
  es: { decimal: ',', group: '.', groupFrom: 5 },
  da: { decimal: ',', group: '.', groupFrom: 4 },
  ar: { decimal: '.', group: ',', groupFrom: 4, currencyLead: '\u200f' },
  de: { decimal: ',', group: '.', groupFrom: 4 },
  nb: { decimal: ',', group: NBSP, groupFrom: 4 },
  sv: { decimal: ',', group: NBSP, groupFrom: 4 },
};

/**
 * Currencies the quick path knows, with whether English writes the currency's sign against the number
 * (€22.00) or apart, because its English sign is the code itself (DKK 22.00): Intl keeps that spacing
 * even when the company's symbol replaces the sign.
 */
const QUICK_CURRENCIES: Readonly<Record<string, { signAgainstNumber: boolean }>> = {
  EUR: { signAgainstNumber: true },
  GBP: { signAgainstNumber: true },
  USD: { signAgainstNumber: true },
  DKK: { signAgainstNumber: false },
  SEK: { signAgainstNumber: false },
  NOK: { signAgainstNumber: false },
  CHF: { signAgainstNumber: false },
};

/**
 * formatPrice without Intl, or undefined where only Intl knows the answer (the locale's own sign, a
 * culture with a region, a negative amount). Exported for its test.
 */
export function quickPrice(amount: number, symbol: string, locale: string, currency?: string): string | undefined {
  const style = Object.hasOwn(NUMBER_STYLES, locale) ? NUMBER_STYLES[locale] : undefined;
  if (!style || !symbol || !Number.isFinite(amount) || amount < 0 || amount >= 1e15) return undefined;
  const [integer, fraction] = (Math.round(amount * 100) / 100).toFixed(2).split('.');
  let grouped = integer;
  if (integer.length >= style.groupFrom) {
    grouped = integer.replace(/\B(?=(\d{3})+$)/g, style.group);
  }
  const number = `${grouped}${style.decimal}${fraction}`;
  if (!currency) return `${number} ${symbol}`;
  const known = Object.hasOwn(QUICK_CURRENCIES, currency) ? QUICK_CURRENCIES[currency] : undefined;
  if (!known) return undefined;
  if (style.currencyFirst) return known.signAgainstNumber ? `${symbol}${number}` : `${symbol}${NBSP}${number}`;
  return `${style.currencyLead ?? ''}${number}${NBSP}${symbol}`;
}

// Number formats by locale and currency: building an Intl.NumberFormat costs far more than formatting
// with one, and a product list formats dozens of prices per render.
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A two-decimal number format for the locale, in the currency when one is given; throws as Intl does. */
function numberFormat(locale: string | undefined, currency: string): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale ? intlLocale(locale) : undefined, {
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

/** A circuit-local "YYYY-MM-DD[ HH:mm[:ss]]" as a UTC Date holding the same wall clock (undefined when malformed). */
function wallClock(local: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?/.exec(local);
  if (!match) return undefined;
  const [, y, m, d, hh = '0', mm = '0'] = match;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm)));
}

const longFormats = new Map<string, Intl.DateTimeFormat>();

function longFormat(language: string, withTime: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${withTime}|${timeZone}`;
  let format = longFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(findLanguage(language)?.culture ?? language), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
      timeZone,
    });
    longFormats.set(key, format);
  }
  return format;
}

/**
 * A date as a person reads it in a sentence or a heading, written out in the page's language with its
 * weekday: "Saturday 1 December 2026, 10:00", "sábado, 1 de diciembre de 2026, 10:00". `local` is the
 * circuit's wall-clock time ("YYYY-MM-DD HH:mm:ss"; a bare "YYYY-MM-DD" gives the date alone), written as
 * it is; the spec's numeric rule (formatDay) stays for lists and tables.
 */
export function formatLongDate(local: string, language: string): string {
  const date = wallClock(local);
  if (!date) return local;
  const withTime = local.length > 10;
  try {
    return longFormat(language, withTime, 'UTC').format(date);
  } catch {
    return withTime ? formatDayHour(local, language) : formatDay(local, language);
  }
}

/**
 * An instant (Unix ms, such as when a booking was made) written out like formatLongDate, in the circuit's
 * time zone (an IANA name; an unknown one falls back to UTC).
 */
export function formatLongInstant(ms: number, language: string, timeZone: string): string {
  try {
    return longFormat(language, true, timeZone).format(new Date(ms));
  } catch {
    return longFormat(language, true, 'UTC').format(new Date(ms));
  }
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
