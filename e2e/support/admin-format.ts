/**
 * How the back office writes dates and times in English (web/src/admin/lib/format.ts, issue 25): "28 Nov
 * 2026" and "28 Nov 2026, 18:05", never ISO. The specs that read a date on screen compare through these,
 * and read the day back with isoOfShown.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A "YYYY-MM-DD" as the English back office writes it: "28 Nov 2026" (Intl may say "Sept": both are read). */
export function shownDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** A "YYYY-MM-DD HH:mm[:ss]" as the English back office writes it: "28 Nov 2026, 18:05". */
export function shownDateTime(local: string): string {
  return `${shownDay(local)}, ${local.slice(11, 16)}`;
}

/** A pattern that finds a day written the English back office's way, with any kind of space between its parts. */
export const SHOWN_DAY = /(\d{1,2})\s(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\s(\d{4})/g;

/**
 * The days (and times, "YYYY-MM-DD HH:mm") written the English back office's way in a text, as ISO, in
 * order: "28 Nov 2026, 18:05 – 3 Dec 2026" → ["2026-11-28 18:05", "2026-12-03"].
 */
export function isoOfShown(text: string): string[] {
  const out: string[] = [];
  const re = /(\d{1,2})\s(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\s(\d{4})(?:,\s(\d{2}:\d{2}))?/g;
  for (const m of text.matchAll(re)) {
    const month = MONTHS.indexOf(m[2].slice(0, 3)) + 1;
    const day = `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}`;
    out.push(m[4] ? `${day} ${m[4]}` : day);
  }
  return out;
}

/** A text as a pattern that accepts any space (no-break or not) where the text has one. */
export function anySpace(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s');
}
