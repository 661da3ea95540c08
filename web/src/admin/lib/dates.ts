/**
 * Calendar days for the back office's date pickers (admin spec section 5): every date is a local
 * "YYYY-MM-DD" string of the company's time zone, never a Date, so that a staff member abroad sees and
 * sends the circuit's days. Bounds: three years back from today at the earliest, 31 December of next
 * year at the latest; a start never after its end.
 */

/** A calendar day as "YYYY-MM-DD". */
export type IsoDay = string;

/** The earliest and latest day a back-office date picker accepts. */
export interface DayBounds {
  min: IsoDay;
  max: IsoDay;
}

/** A start and end day (inclusive). */
export interface DayRange {
  start: IsoDay;
  end: IsoDay;
}

/** The shortest range limit the bookings query allows, whatever the company's maxDaysBooking (31 days). */
export const MIN_RANGE_DAYS = 31;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day "YYYY-MM-DD" (2026-02-30 is not). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Today's date in a time zone (an IANA name; an unknown one falls back to the browser's zone). */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDay {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

function toUtc(day: IsoDay): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** A day moved by a number of days (negative goes back). */
export function addDays(day: IsoDay, days: number): IsoDay {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The number of days from start to end, both included (a single day is 1). */
export function rangeLength(start: IsoDay, end: IsoDay): number {
  return Math.round((toUtc(end).getTime() - toUtc(start).getTime()) / 86_400_000) + 1;
}

/** The first day of a day's month. */
export function startOfMonth(day: IsoDay): IsoDay {
  return `${day.slice(0, 7)}-01`;
}

/** The bounds of every back-office date picker, from today in the company's time zone. */
export function adminDayBounds(today: IsoDay): DayBounds {
  const year = Number(today.slice(0, 4));
  let min = `${year - 3}${today.slice(4)}`;
  if (!isIsoDay(min)) min = `${year - 3}-02-28`; // 29 February three years before a leap day
  return { min, max: `${year + 1}-12-31` };
}

/** The longest range (in days, both ends included) the bookings query allows: maxDaysBooking, at least 31. */
export function maxRangeDays(maxDaysBooking: number | undefined): number {
  return Math.max(MIN_RANGE_DAYS, Math.floor(maxDaysBooking ?? 0));
}

/** A day kept within bounds. */
export function clampDay(day: IsoDay, bounds: DayBounds): IsoDay {
  if (day < bounds.min) return bounds.min;
  if (day > bounds.max) return bounds.max;
  return day;
}

/**
 * What is wrong with a range, or undefined when it is fine: 'invalid' (not two real days), 'order'
 * (start after end), 'bounds' (outside the pickers' bounds) or 'length' (longer than maxDays, when given).
 */
export function rangeProblem(
  range: DayRange,
  bounds: DayBounds,
  maxDays?: number,
): 'invalid' | 'order' | 'bounds' | 'length' | undefined {
  if (!isIsoDay(range.start) || !isIsoDay(range.end)) return 'invalid';
  if (range.start > range.end) return 'order';
  if (range.start < bounds.min || range.end > bounds.max) return 'bounds';
  if (maxDays !== undefined && rangeLength(range.start, range.end) > maxDays) return 'length';
  return undefined;
}

/** The range the back-office sections start with: the current month up to today, in the company's zone. */
export function defaultRange(today: IsoDay): DayRange {
  return { start: startOfMonth(today), end: today };
}

/**
 * The range the bookings section starts with (by session date): today up to today + maxDaysBooking, the
 * days customers can book ahead, so next week's bookings are in view. It is kept within the query's
 * longest range (maxRangeDays, both ends counted) and the pickers' bounds; a company without installations
 * (maxDaysBooking 0) sees today.
 */
export function upcomingRange(today: IsoDay, maxDaysBooking: number | undefined): DayRange {
  const ahead = Math.min(Math.max(0, Math.floor(maxDaysBooking ?? 0)), maxRangeDays(maxDaysBooking) - 1);
  return { start: today, end: clampDay(addDays(today, ahead), adminDayBounds(today)) };
}
