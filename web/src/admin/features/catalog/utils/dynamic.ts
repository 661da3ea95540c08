/** Weekday keys of a dynamic price, in the dialog's order (admin spec section 9). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** A weekday key. */
export type Weekday = (typeof WEEKDAYS)[number];

/** One price row: from and to as HH:mm (00:00 as 'to' is the end of the day), price as typed. */
export interface PriceRow {
  from: string;
  to: string;
  price: string;
}

/** The dialog's state: enabled weekdays' rows, and special dates' rows. */
export interface DynamicDraft {
  days: Partial<Record<Weekday, PriceRow[]>>;
  dates: { date: string; rows: PriceRow[] }[];
}

/** The default row: the whole day at price 1 (admin spec sections 4 and 9). */
export const defaultRow = (): PriceRow => ({ from: '00:00', to: '00:00', price: '1' });

interface StoredRow {
  from: string;
  to: string;
  price: number | string;
}

/** Reads a product's data text into the dialog's state. */
export function readDynamic(data: string | null | undefined): DynamicDraft {
  const out: DynamicDraft = { days: {}, dates: [] };
  let parsed: { dynamicPrice?: Record<string, unknown> } = {};
  try {
    parsed = data ? (JSON.parse(data) as typeof parsed) : {};
  } catch {
    return out;
  }
  const dp = parsed.dynamicPrice ?? {};
  const row = (r: StoredRow): PriceRow => ({ from: r.from, to: r.to, price: String(r.price) });
  for (const day of WEEKDAYS) {
    const entry = dp[day] as { prices?: StoredRow[] } | undefined;
    if (entry) out.days[day] = (entry.prices ?? []).map(row);
  }
  const ex = (dp.exceptionalDays ?? {}) as Record<string, StoredRow[]>;
  for (const [date, rows] of Object.entries(ex).sort(([a], [b]) => a.localeCompare(b))) {
    out.dates.push({ date, rows: rows.map(row) });
  }
  return out;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
/** A row's end in minutes: 00:00 as 'to' is the end of the day. */
const endOf = (to: string) => (to === '00:00' ? 24 * 60 : minutes(to));

/**
 * The 'overlappingHours' rule of admin spec section 5 for one list of rows: the first must not start
 * before opening, the last must not end after closing, each must not start before the previous ends
 * (and must end after it starts). Returns the index of the first bad row, or -1.
 */
export function overlappingRow(rows: PriceRow[], opening: string, closing: string): number {
  const open = minutes(opening);
  const close = endOf(closing);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const from = minutes(r.from);
    const to = endOf(r.to);
    if (to <= from || from < open || to > close) return i;
    if (i > 0 && from < endOf(rows[i - 1].to)) return i;
  }
  return -1;
}

/** Whether every row of the draft keeps the rule. */
export function draftOverlaps(d: DynamicDraft, opening: string, closing: string): boolean {
  const lists = [...Object.values(d.days), ...d.dates.map((x) => x.rows)];
  return lists.some((rows) => rows !== undefined && overlappingRow(rows, opening, closing) >= 0);
}

/** Writes the draft into a product's data text (other keys kept). */
export function writeDynamic(data: string | null | undefined, d: DynamicDraft): string {
  let parsed: Record<string, unknown>;
  try {
    parsed = data ? (JSON.parse(data) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  const num = (r: PriceRow) => ({ from: r.from, to: r.to, price: Number(r.price.replace(',', '.')) || 0 });
  const dp: Record<string, unknown> = {};
  for (const day of WEEKDAYS) {
    const rows = d.days[day];
    if (rows) dp[day] = { prices: rows.map(num) };
  }
  dp.exceptionalDays = Object.fromEntries(d.dates.map((x) => [x.date, x.rows.map(num)]));
  return JSON.stringify({ ...parsed, dynamicPrice: dp });
}

/** 'Complete day': the rows span the opening hours, keeping the first price or 1. */
export function completeDay(rows: PriceRow[] | undefined, opening: string, closing: string): PriceRow[] {
  return [{ from: opening, to: closing, price: rows?.[0]?.price ?? '1' }];
}
