import { isoDate } from '@/lib/format';

/** The days a calendar view shows, as the API's window: its first day to the day before its exclusive end. */
export function viewWindow(start: Date, endExclusive: Date): { date: string; dateEnd: string } {
  const last = new Date(endExclusive.getFullYear(), endExclusive.getMonth(), endExclusive.getDate() - 1);
  return { date: isoDate(start), dateEnd: isoDate(last < start ? start : last) };
}

/** A circuit-local "YYYY-MM-DD HH:mm:ss" as the ISO form FullCalendar reads as wall-clock time. */
export function toCalendarTime(local: string): string {
  return local.replace(' ', 'T');
}

/** "HH:mm" or "HH:mm:ss" as "HH:mm:ss"; the fallback when it is neither. */
function clock(text: string, fallback: string): string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : fallback;
}

/**
 * The time grid's bounds and step (admin spec section 9): slots of half the company's interval (at least
 * 5 minutes), from its opening to its closing time; a closing at or before the opening (midnight, say)
 * runs to the end of the day.
 */
export function gridBounds(intervalMinutes: number, opening: string, closing: string) {
  const half = Math.max(5, Math.round((intervalMinutes > 0 ? intervalMinutes : 30) / 2));
  const slotDuration = `00:${String(Math.min(half, 59)).padStart(2, '0')}:00`;
  const min = clock(opening, '08:00:00');
  let max = clock(closing, '24:00:00');
  if (max <= min) max = '24:00:00';
  return { slotDuration: half >= 60 ? '01:00:00' : slotDuration, slotMinTime: min, slotMaxTime: max };
}
