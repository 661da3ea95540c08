/** The names the auto-fill checkbox gives: Driver1 … DriverN. */
export function autoFillNames(count: number, base = 'Driver'): string[] {
  return Array.from({ length: count }, (_, i) => `${base}${i + 1}`);
}

/**
 * Makes the drivers' names unique the way the server does: a later duplicate (trimmed, any case) gets
 * `_n` with the smallest n from 1 whose result is neither taken nor typed for another driver.
 * Ana, Ana, Ana → Ana, Ana_1, Ana_2; Ana, Ana, Ana_1 → Ana, Ana_2, Ana_1.
 */
export function uniqueDriverNames(names: readonly string[]): string[] {
  const typed = new Set(names.map((n) => n.trim().toLowerCase()));
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (!name || !taken.has(key)) {
      if (name) taken.add(key);
      return name;
    }
    for (let n = 1; ; n++) {
      const candidate = `${name}_${n}`;
      const k = candidate.toLowerCase();
      if (!taken.has(k) && !typed.has(k)) {
        taken.add(k);
        return candidate;
      }
    }
  });
}

/** Indexes of drivers whose e-mail repeats an earlier driver's (compared trimmed, any case; empty ones ignored). */
export function repeatedEmailIndexes(emails: readonly (string | undefined)[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  emails.forEach((raw, i) => {
    const e = (raw ?? '').trim().toLowerCase();
    if (!e) return;
    if (seen.has(e)) out.push(i);
    else seen.add(e);
  });
  return out;
}
