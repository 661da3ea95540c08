import type { SpecialRow } from '@/admin/features/settings/api/settings';
import { WEEKDAYS, weekdayClosed, type Draft, type Weekday } from '@/admin/features/settings/utils/draft';

const first = (r: SpecialRow) => r.date[0];
const last = (r: SpecialRow) => r.date[r.date.length - 1];

/** Whether the row covers the date ('yyyy-mm-dd'). */
export function covers(r: SpecialRow, iso: string): boolean {
  return first(r) <= iso && iso <= last(r);
}

/** Whether two rows share a day ('dateExists'). */
export function sharesDay(a: SpecialRow, b: SpecialRow): boolean {
  return first(a) <= last(b) && first(b) <= last(a);
}

/** The weekday key of a date. */
export function weekdayOf(iso: string): Weekday {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return WEEKDAYS[(day + 6) % 7];
}

/** Every date of a row, in order. */
export function datesOf(r: SpecialRow): string[] {
  const out: string[] = [];
  const end = last(r);
  for (let d = new Date(`${first(r)}T00:00:00Z`); out.length < 4000; d.setUTCDate(d.getUTCDate() + 1)) {
    const iso = d.toISOString().slice(0, 10);
    if (iso > end) break;
    out.push(iso);
  }
  return out;
}

/**
 * The 'weekDayClosed' dates of a new row (admin spec section 5): the days a range skips because their
 * weekday is closed in the weekly schedule, or a single closed day on a weekday closed anyway.
 */
export function closedWeekdayDates(d: Draft, r: SpecialRow): string[] {
  if (r.date.length === 1) return r.schedule.closed && weekdayClosed(d, weekdayOf(r.date[0])) ? [r.date[0]] : [];
  return datesOf(r).filter((iso) => weekdayClosed(d, weekdayOf(iso)));
}

function minutes(hhmm: string, end: boolean): number | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m) return undefined;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return end && v === 0 ? 1440 : v;
}

/** Whether periods overlap each other or are empty ('overlappingHours'); a period ending at or before its start wraps past midnight. */
export function periodsOverlap(ranges: { from: string; to: string }[]): boolean {
  const spans: [number, number][] = [];
  for (const r of ranges) {
    const from = minutes(r.from, false);
    let to = minutes(r.to, true);
    if (from === undefined || to === undefined) return true;
    if (to === from && from !== 0) return true;
    if (to <= from) to += 1440;
    for (const [a, b] of spans) if (from < b && a < to) return true;
    spans.push([from, to]);
  }
  return false;
}
