/**
 * The KPI section's periods (admin spec section 4): TODAY, WEEK (Monday to Sunday), MONTH (first to last
 * day), YEAR (1 January to 31 December) or a custom range, counted to date (a period ends today at the
 * latest: days that have not happened are neither counted nor drawn), each compared like with like: the
 * week, month or year to date with the same days of the previous week, month or year (1–27 November with
 * 1–27 October), today and a custom range with as many days just before them. The server finds the same
 * previous period from the comparison (the KPI calls' `previous`). Days are "YYYY-MM-DD" strings of the company's time zone (today comes
 * from todayIn of src/admin/lib/dates.ts, which also does the day arithmetic), never Dates, so a staff
 * member abroad sees the circuit's days.
 */

import { addDays, isIsoDay, rangeLength } from '@/admin/lib/dates';

/** The period choices of the selector. */
export const PERIOD_KINDS = ['TODAY', 'WEEK', 'MONTH', 'YEAR', 'RANGE'] as const;

/** One period choice. */
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** A first and last day, both included, as "YYYY-MM-DD". */
export interface DayPeriod {
  start: string;
  end: string;
}

/** How the previous period is found (the KPI calls' `previous` parameter). */
export type Compare = 'before' | 'week' | 'month' | 'year';

/** A period to date, the period it is compared with, and how that one was found. */
export interface PeriodPair {
  current: DayPeriod;
  previous: DayPeriod;
  compare: Compare;
}

/** Each choice's comparison. */
export const COMPARE_OF: Record<PeriodKind, Compare> = { TODAY: 'before', WEEK: 'week', MONTH: 'month', YEAR: 'year', RANGE: 'before' };

/** The longest custom period the KPI API accepts, both ends included (three years and a day). */
export const MAX_PERIOD_DAYS = 3 * 365 + 1;

function toUtc(day: string): Date {
  if (!isIsoDay(day)) throw new RangeError(`not a day: ${day}`);
  return new Date(`${day}T00:00:00Z`);
}

const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

/** Whether a string is a real calendar day "YYYY-MM-DD" (2026-02-30 is not). */
export const isDay = isIsoDay;

/** A day moved by a number of days (negative goes back). */
export const shiftDay = addDays;

/** The number of days of a period, both ends included (a single day is 1). */
export function periodLength(period: DayPeriod): number {
  return rangeLength(period.start, period.end);
}

/** The period of a choice around today (RANGE needs its own days, given in `range`). */
export function currentPeriod(kind: PeriodKind, today: string, range?: DayPeriod): DayPeriod {
  const date = toUtc(today);
  switch (kind) {
    case 'TODAY':
      return { start: today, end: today };
    case 'WEEK': {
      const sinceMonday = (date.getUTCDay() + 6) % 7; // Sunday is 0 in getUTCDay, the week's last day here
      const start = shiftDay(today, -sinceMonday);
      return { start, end: shiftDay(start, 6) };
    }
    case 'MONTH': {
      const year = date.getUTCFullYear();
      const month = date.getUTCMonth();
      return {
        start: fromUtc(new Date(Date.UTC(year, month, 1))),
        end: fromUtc(new Date(Date.UTC(year, month + 1, 0))), // day 0 of the next month: this month's last
      };
    }
    case 'YEAR': {
      const year = today.slice(0, 4);
      return { start: `${year}-01-01`, end: `${year}-12-31` };
    }
    case 'RANGE':
      if (!range || rangeProblem(range)) throw new RangeError('a custom period needs a valid range');
      return range;
  }
}

/** The previous period: the same number of days, ending the day before the period starts. */
export function previousPeriod(period: DayPeriod): DayPeriod {
  const end = shiftDay(period.start, -1);
  return { start: shiftDay(end, 1 - periodLength(period)), end };
}

/** A period cut to today: its days that have not happened yet left out (a period all in the future stays whole). */
export function toDate(period: DayPeriod, today: string): DayPeriod {
  return period.start <= today && period.end > today ? { start: period.start, end: today } : period;
}

/** The same day months earlier, clamped to that month's length; a month's last day gives that month's last day. */
export function monthsBack(day: string, months: number): string {
  const date = toUtc(day);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const lastOfTarget = new Date(Date.UTC(year, month - months + 1, 0)).getUTCDate();
  const lastOfOwn = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const target = date.getUTCDate() === lastOfOwn ? lastOfTarget : Math.min(date.getUTCDate(), lastOfTarget);
  return fromUtc(new Date(Date.UTC(year, month - months, target)));
}

/** The period a period is compared with (as the server finds it from `compare`). */
export function comparedPeriod(period: DayPeriod, compare: Compare): DayPeriod {
  switch (compare) {
    case 'week':
      return { start: shiftDay(period.start, -7), end: shiftDay(period.end, -7) };
    case 'month':
      return { start: monthsBack(period.start, 1), end: monthsBack(period.end, 1) };
    case 'year':
      return { start: monthsBack(period.start, 12), end: monthsBack(period.end, 12) };
    case 'before':
      return previousPeriod(period);
  }
}

/** A period choice resolved to its days to date, the period it is compared with, and how. */
export function periodPair(kind: PeriodKind, today: string, range?: DayPeriod): PeriodPair {
  const current = toDate(currentPeriod(kind, today, range), today);
  const compare = COMPARE_OF[kind];
  return { current, previous: comparedPeriod(current, compare), compare };
}

/** What is wrong with a custom range ('invalid' days or start after end 'order'), or undefined. */
export function rangeProblem(range: DayPeriod): 'invalid' | 'order' | undefined {
  if (!isDay(range.start) || !isDay(range.end)) return 'invalid';
  if (range.start > range.end) return 'order';
  return undefined;
}

/** A day as the KPI API wants it (admin spec section 7): the date plus T00:00:00Z. */
export function kpiDate(day: string): string {
  return `${day}T00:00:00Z`;
}
