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

/** Minutes since midnight of "HH:mm:ss". */
function minutesOf(clockText: string): number {
  const [h, m] = clockText.split(':').map(Number);
  return h * 60 + m;
}

/** Minutes since midnight as "HH:mm:ss" (1440 is "24:00:00"). */
function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** An event's local start and end ("YYYY-MM-DD HH:mm:ss"), as the grid bounds read them. */
export interface TimedEvent {
  dateStart: string;
  dateEnd: string;
}

/**
 * The time grid's bounds and step (issue 25): rows of 15 minutes when the company sells sessions shorter
 * than half an hour, of 30 minutes otherwise; from its opening to its closing time (a closing at or before
 * the opening runs to the end of the day), widened to whole hours so that every event shown fits: an
 * evening event after closing time is never cut off.
 */
export function gridBounds(intervalMinutes: number, opening: string, closing: string, events: readonly TimedEvent[] = []) {
  const slotDuration = intervalMinutes > 0 && intervalMinutes < 30 ? '00:15:00' : '00:30:00';
  let min = minutesOf(clock(opening, '08:00:00'));
  let max = minutesOf(clock(closing, '24:00:00'));
  if (max <= min) max = 1440;
  for (const e of events) {
    const startDay = e.dateStart.slice(0, 10);
    const start = minutesOf(clock(e.dateStart.slice(11), '00:00:00'));
    // An event that ends on a later day runs to midnight on its first day.
    const end = e.dateEnd.slice(0, 10) > startDay ? 1440 : minutesOf(clock(e.dateEnd.slice(11), '24:00:00'));
    min = Math.min(min, Math.floor(start / 60) * 60);
    max = Math.max(max, Math.min(1440, Math.ceil(end / 60) * 60));
  }
  return { slotDuration, slotMinTime: clockOf(min), slotMaxTime: clockOf(max) };
}

/**
 * Where the calendar opens (issue 25): the next event still to end at `now` ("YYYY-MM-DD HH:mm:ss",
 * circuit-local), or null when none is coming. Events are ordered by start.
 */
export function nextEvent<T extends TimedEvent>(events: readonly T[], now: string): T | null {
  return [...events].sort((a, b) => a.dateStart.localeCompare(b.dateStart)).find((e) => e.dateEnd > now) ?? null;
}

/** The scroll position that shows an event's start: the whole hour before it ("HH:00:00"). */
export function scrollTimeOf(dateStart: string): string {
  const hour = Number(dateStart.slice(11, 13));
  return clockOf(Number.isNaN(hour) ? 0 : Math.max(0, hour - 1) * 60);
}

/** The wall-clock time now in a time zone, "YYYY-MM-DD HH:mm:ss" (an unknown zone: the browser's). */
export function localNowIn(timeZone: string | undefined, now: Date = new Date()): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { ...options, timeZone }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat('en-CA', options).formatToParts(now);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
