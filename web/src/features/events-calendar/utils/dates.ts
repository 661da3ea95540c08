import { isoDate } from '@/lib/format';

/**
 * The days a calendar view shows, as the API's window: from its first day to the day before its
 * exclusive end (FullCalendar's `end`).
 */
export function viewWindow(start: Date, endExclusive: Date): { date: string; dateEnd: string } {
  const last = new Date(endExclusive.getFullYear(), endExclusive.getMonth(), endExclusive.getDate() - 1);
  return { date: isoDate(start), dateEnd: isoDate(last < start ? start : last) };
}

/** A circuit-local "YYYY-MM-DD HH:mm:ss" as the ISO form FullCalendar reads as wall-clock time. */
export function toCalendarTime(local: string): string {
  return local.replace(' ', 'T');
}
