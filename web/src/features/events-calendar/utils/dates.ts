/** A Date's local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * The days a calendar view shows, as the API's window: from its first day to the day before its
 * exclusive end (FullCalendar's `end`).
 */
export function viewWindow(start: Date, endExclusive: Date): { date: string; dateEnd: string } {
  const last = new Date(endExclusive.getFullYear(), endExclusive.getMonth(), endExclusive.getDate() - 1);
  return { date: isoDay(start), dateEnd: isoDay(last < start ? start : last) };
}

/**
 * The date of a circuit-local "YYYY-MM-DD HH:mm:ss": DD-MM-YYYY in Spanish, YYYY-MM-DD otherwise
 * (customer spec section 9).
 */
export function formatDay(local: string, languageCode: string): string {
  const [year, month, day] = local.slice(0, 10).split('-');
  if (!year || !month || !day) return local;
  return languageCode === 'es' ? `${day}-${month}-${year}` : `${year}-${month}-${day}`;
}

/** The hour of a circuit-local "YYYY-MM-DD HH:mm:ss" as HH:mm. */
export function formatHour(local: string): string {
  return local.slice(11, 16);
}

/** A circuit-local "YYYY-MM-DD HH:mm:ss" as the ISO form FullCalendar reads as wall-clock time. */
export function toCalendarTime(local: string): string {
  return local.replace(' ', 'T');
}
