/** Today's day "YYYY-MM-DD" in a time zone (an IANA name; an unknown one falls back to the browser's zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone }).format(now); // en-CA writes YYYY-MM-DD
  } catch {
    return new Intl.DateTimeFormat('en-CA', options).format(now);
  }
}
