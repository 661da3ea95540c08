import { formatDayHour, formatPrice } from '@/lib/format';

/** The company fields money formatting needs. */
export interface Money {
  simbolCoinType: string;
  currency: string;
}

/** An amount with two decimals and the company's symbol in the interface language (src/lib/format.ts rules). */
export function money(amount: number, company: Money, language: string): string {
  return formatPrice(amount, company.simbolCoinType, language, company.currency);
}

/** An instant as the company's local "YYYY-MM-DD HH:mm", written the interface language's way. */
export function localDateTime(instant: string, timeZone: string, language: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = localParts(date, timeZone);
  } catch {
    parts = localParts(date, undefined);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return formatDayHour(`${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`, language);
}

function localParts(date: Date, timeZone: string | undefined): Intl.DateTimeFormatPart[] {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
}
