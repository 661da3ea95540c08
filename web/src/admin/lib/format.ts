import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { languageForCode } from '@/lib/i18n/languages';

/**
 * The back office's one way to write dates, times and money (issue 25): every screen writes them through
 * the AdminFormat of the chosen interface language and the company's time zone and currency, never with
 * toLocale*, a hand-made Intl formatter, toFixed or a slice of an ISO string.
 *
 * - Dates: day, short month name and year as the language writes them ("28 Nov 2026", "28 nov 2026",
 *   "28. Nov. 2026", "28 نوفمبر 2026"): never ISO, never a bare dd/mm that a US reader would swap, and the
 *   Gregorian calendar whatever the culture's default (ar-SA would otherwise write the Hijri date).
 * - Times: 24 hours in every language, as all seven interface languages write them.
 * - Money: the customer pages' formatPrice (src/lib/format.ts), always with the company's currency code,
 *   so the sign sits where the language puts it ("€22.00" in English, "22,00 €" in Spanish) and never
 *   changes side from one screen to the next.
 * - Digits: Latin in every language, Arabic included, as on the customer pages (src/lib/format.ts notes).
 * - Nothing breaks inside a value: every space of a formatted date, time, range or amount is a no-break
 *   space; values put into sentences are isolated with isolate() from src/lib/format.ts, and a value shown
 *   alone goes in a <bdi> so that Arabic does not reorder it.
 */

/** What the formatter needs to know of the company. */
export interface FormatCompany {
  /** IANA time zone of the circuits: instants (createdAt, updatedAt…) are written in it (UTC if unknown). */
  timeZone?: string;
  /** ISO 4217 code (EUR, DKK…); needed only for money. */
  currency?: string;
  /** The company's own currency sign (config.simbolCoinType), written in place of the locale's. */
  simbolCoinType?: string;
}

/** The back office's formatter for one language and company. */
export interface AdminFormat {
  /** The i18next language code it writes for. */
  language: string;
  /** A calendar day "YYYY-MM-DD" (or the day of a "YYYY-MM-DD HH:mm[:ss]"): "28 Nov 2026". */
  day(local: string): string;
  /** A calendar day with its weekday, for headings: "Saturday, 28 November 2026". */
  longDay(local: string): string;
  /** A wall-clock hour "HH:mm[:ss]" (or the hour of a "YYYY-MM-DD HH:mm[:ss]"): "18:05" (24 h). */
  time(local: string): string;
  /** A circuit-local "YYYY-MM-DD HH:mm[:ss]": "28 Nov 2026, 18:05". A bare day gives day(). */
  dateTime(local: string): string;
  /** An instant (ISO 8601 with offset, or Unix ms) in the company's time zone: "28 Nov 2026, 19:05". */
  instant(value: string | number): string;
  /** The hour of an instant in the company's time zone, on 24 hours: "18:05" (an offer's expiry, say). */
  instantTime(value: string | number): string;
  /** Two calendar days, both included: "28 Nov – 3 Dec 2026" (one day gives day()). */
  range(start: string, end: string): string;
  /** An amount of money with two decimals and the company's currency sign. */
  money(amount: number): string;
  /** A number with at most `maxDecimals` decimals: "1,234.5", "1.234,5". */
  number(value: number, maxDecimals?: number): string;
  /** The language's decimal mark ("." in English, "," in Spanish and Arabic's Latin-digit form). */
  decimalSeparator: string;
  /**
   * An amount as a money field starts with: two decimals, the language's decimal mark, no grouping or
   * sign ("22.50", "22,50"), as parseAmount reads it back.
   */
  amountField(amount: number): string;
  /** A change in percent points, signed (12.345 → "+12.35%"; "+12,35 %" in Spanish). */
  increment(percent: number): string;
}

const NBSP = '\u00a0';

/** The Intl locale of an interface language: its culture, Latin digits, the Gregorian calendar. */
export function adminIntlLocale(language: string): string {
  return `${languageForCode(language.split('-')[0]).culture}-u-ca-gregory-nu-latn`;
}

/** Spaces of a formatted value made no-break, so that a value never wraps in its middle. */
export function unbreakable(text: string): string {
  return text.replace(/[ \u2009]/g, NBSP);
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const HOUR = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/** A circuit-local "YYYY-MM-DD[ HH:mm[:ss]]" as a UTC Date holding the same wall clock, or undefined. */
function wallClock(local: string): { date: Date; withTime: boolean } | undefined {
  const m = WALL.exec(local.trim().slice(0, 19));
  if (!m) return undefined;
  const [, y, mo, d, hh, mm] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(hh ?? 0), Number(mm ?? 0)));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d)) return undefined;
  return { date, withTime: hh !== undefined };
}

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: string, kind: 'day' | 'long' | 'time' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${kind}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    const day: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
    const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      day,
      long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
      time,
      dateTime: { ...day, ...time },
    };
    try {
      format = new Intl.DateTimeFormat(adminIntlLocale(language), { ...options[kind], timeZone });
    } catch {
      // an unknown time zone: the circuit's zone is then unknown too, UTC keeps the wall clock
      format = new Intl.DateTimeFormat(adminIntlLocale(language), { ...options[kind], timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

const numbers = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = numbers.get(key);
  if (!format) {
    format = new Intl.NumberFormat(adminIntlLocale(language), options);
    numbers.set(key, format);
  }
  return format;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The decimal mark of a language, as Intl writes its numbers (Latin digits). */
function decimalMark(lang: string): string {
  return numberFormat(lang, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** The formatter of a language (an i18next code) and a company. */
export function adminFormat(language: string, company: FormatCompany): AdminFormat {
  const lang = languageForCode(language.split('-')[0]).code;
  const zone = company.timeZone || 'UTC';

  const day = (local: string) => {
    const wall = wallClock(local.slice(0, 10));
    return wall ? unbreakable(dateFormat(lang, 'day', 'UTC').format(wall.date)) : local;
  };
  const time = (local: string) => {
    const value = local.length > 8 ? local.slice(11, 19) : local;
    const m = HOUR.exec(value.trim());
    if (!m) return local;
    const date = new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2])));
    return unbreakable(dateFormat(lang, 'time', 'UTC').format(date));
  };

  return {
    language: lang,
    day,
    longDay(local) {
      const wall = wallClock(local.slice(0, 10));
      return wall ? dateFormat(lang, 'long', 'UTC').format(wall.date) : local;
    },
    time,
    dateTime(local) {
      const wall = wallClock(local);
      if (!wall) return local;
      if (!wall.withTime) return day(local);
      return unbreakable(dateFormat(lang, 'dateTime', 'UTC').format(wall.date));
    },
    instant(value) {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return String(value);
      return unbreakable(dateFormat(lang, 'dateTime', zone).format(date));
    },
    instantTime(value) {
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return String(value);
      return unbreakable(dateFormat(lang, 'time', zone).format(date));
    },
    range(start, end) {
      const a = wallClock(start.slice(0, 10));
      const b = wallClock(end.slice(0, 10));
      if (!a || !b) return `${day(start)} – ${day(end)}`;
      if (start.slice(0, 10) === end.slice(0, 10)) return day(start);
      return unbreakable(dateFormat(lang, 'day', 'UTC').formatRange(a.date, b.date));
    },
    money(amount) {
      return unbreakable(formatPrice(round2(amount), company.simbolCoinType ?? '', lang, company.currency || undefined));
    },
    number(value, maxDecimals = 2) {
      return unbreakable(numberFormat(lang, { maximumFractionDigits: maxDecimals }).format(value));
    },
    decimalSeparator: decimalMark(lang),
    amountField(amount) {
      return round2(amount).toFixed(2).replace('.', decimalMark(lang));
    },
    increment(percent) {
      const options: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 2, signDisplay: 'exceptZero' };
      return unbreakable(numberFormat(lang, options).format(round2(percent) / 100));
    },
  };
}

/** The formatter of the back office's current language for a company (re-made when either changes). */
export function useAdminFormat(company: FormatCompany): AdminFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { timeZone, currency, simbolCoinType } = company;
  return useMemo(
    () => adminFormat(language, { timeZone, currency, simbolCoinType }),
    [language, timeZone, currency, simbolCoinType],
  );
}
