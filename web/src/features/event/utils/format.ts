// Days, hours and prices are written by @/lib/format, as on the booking page.

/** The weekday's name of a circuit-local date in the visitor's language (the date itself is not moved). */
export function weekdayName(local: string, locale: string): string {
  const [y, m, d] = local.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return '';
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
