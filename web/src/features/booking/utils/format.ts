/** Calendar-day arithmetic of the booking wizard (prices, dates and hours are written by @/lib/format). */
import { isoDate } from '@/lib/format';

/** Today's date at the visitor's clock as YYYY-MM-DD. */
export function todayISO(now: Date = new Date()): string {
  return isoDate(now);
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
