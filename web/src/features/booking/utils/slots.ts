import type { components } from '@/lib/api/schema';

/** A session of a day as GET /api/booking/availability lists it. */
export type Slot = components['schemas']['Slot'];

/** How a session shows in the grid (customer spec section 3). */
export type SlotStatus = 'AVAILABLE' | 'PROCESSING' | 'UNAVAILABLE' | 'MARKED' | 'SKELETON';

/** The colour of a session's free places by occupancy (spec section 9). */
export type OccupancyColor = 'green' | 'amber' | 'red';

/**
 * Green when 25 % or less of the places are taken, red at 75 % or more, amber between. A session without
 * capacity counts as full.
 */
export function occupancyColor(free: number, capacity: number): OccupancyColor {
  if (capacity <= 0) return 'red';
  const occupancy = (capacity - Math.max(0, Math.min(free, capacity))) / capacity;
  if (occupancy <= 0.25) return 'green';
  if (occupancy >= 0.75) return 'red';
  return 'amber';
}

/** The visitor's choices on the slot grid: sessions held (MARKED) and requests under way (PROCESSING). */
export interface Selection {
  /** Start times (HH:mm:ss) marked by the visitor, each with the pre-booking that holds it (none yet for a pack). */
  marked: Record<string, string | null>;
  /** Start times whose pre-booking request is pending. */
  processing: string[];
}

/** The empty selection. */
export const EMPTY_SELECTION: Selection = { marked: {}, processing: [] };

/** A change to the selection. */
export type SelectionAction =
  | { type: 'request'; time: string }
  | { type: 'held'; time: string; identifier: string }
  | { type: 'failed'; time: string }
  | { type: 'release'; time: string }
  | { type: 'markPack'; times: string[] }
  | { type: 'clear' };

/**
 * The selection's transitions: AVAILABLE → PROCESSING (request) → MARKED (held) or back to AVAILABLE
 * (failed); MARKED → AVAILABLE (release); a pack marks all its sessions at once (markPack) without a
 * request and clears them all at once (clear).
 */
export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'request':
      if (state.processing.includes(action.time) || action.time in state.marked) return state;
      return { ...state, processing: [...state.processing, action.time] };
    case 'held':
      return {
        marked: { ...state.marked, [action.time]: action.identifier },
        processing: state.processing.filter((t) => t !== action.time),
      };
    case 'failed':
      return { ...state, processing: state.processing.filter((t) => t !== action.time) };
    case 'release': {
      const marked = { ...state.marked };
      delete marked[action.time];
      return { ...state, marked };
    }
    case 'markPack':
      return { marked: Object.fromEntries(action.times.map((t) => [t, null])), processing: [] };
    case 'clear':
      return EMPTY_SELECTION;
  }
}

/**
 * The selection that the pre-bookings still held make on a day: each hold of one session on that day marks
 * its start (after a reload on the date stage, the grid shows what the server still holds).
 */
export function selectionFromHolds(holds: readonly { identifier: string; bookingDates: string[] }[], date: string): Selection {
  const marked: Record<string, string | null> = {};
  for (const hold of holds) {
    if (hold.bookingDates.length !== 1) continue;
    const [day, time] = hold.bookingDates[0]!.split(' ');
    if (day === date && time) marked[time] = hold.identifier;
  }
  return { marked, processing: [] };
}

/** The start times marked, in time order. */
export function markedTimes(selection: Selection): string[] {
  return Object.keys(selection.marked).sort();
}

/** Free places shown for a session: the server's count less the visitor's own drivers on a session they marked. */
export function freePlaces(slot: Slot, marked: boolean, drivers: number): number {
  return Math.max(0, slot.usersAvailable - (marked ? drivers : 0));
}

interface StatusContext {
  drivers: number;
  selection: Selection;
  /** The product's stock left after the visitor's marked sessions; null when unlimited. */
  stockLeft: number | null;
  /** Whether the day's sessions are still loading. */
  loading?: boolean;
}

/**
 * A session's state: SKELETON while loading, PROCESSING while its request is pending, MARKED when held,
 * UNAVAILABLE when the server says so or it has fewer free places than drivers (or the product's stock left
 * is short), AVAILABLE otherwise.
 */
export function slotStatus(slot: Slot, ctx: StatusContext): SlotStatus {
  if (ctx.loading) return 'SKELETON';
  if (ctx.selection.processing.includes(slot.startTime)) return 'PROCESSING';
  if (slot.startTime in ctx.selection.marked) return 'MARKED';
  if (!slot.available || slot.usersAvailable < ctx.drivers) return 'UNAVAILABLE';
  if (ctx.stockLeft !== null && ctx.stockLeft < ctx.drivers) return 'UNAVAILABLE';
  return 'AVAILABLE';
}

/**
 * The product's stock left once the visitor's marked sessions are taken off (each takes one place per
 * driver); null when the product has unlimited stock.
 */
export function stockLeft(stock: number | null, markedCount: number, drivers: number): number | null {
  return stock === null ? null : Math.max(0, stock - markedCount * drivers);
}

/** Whether another session may be marked under the company's maximum of sessions per booking. */
export function canMarkAnother(markedCount: number, maxSlots: number): boolean {
  return markedCount < Math.max(1, maxSlots);
}

function minutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/** The schedule's interval in minutes: the smallest gap between consecutive sessions (0 when fewer than two). */
export function slotInterval(slots: readonly Slot[]): number {
  const sorted = slots.map((s) => minutes(s.startTime)).sort((a, b) => a - b);
  let interval = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i] - sorted[i - 1];
    if (gap > 0 && (interval === 0 || gap < interval)) interval = gap;
  }
  return interval;
}

/** The outcome of choosing a pack's first session. */
export type PackPick =
  | { ok: true; times: string[] }
  | { ok: false; reason: 'missing' | 'unavailable'; time: string | null };

/**
 * The sessions a pack of `count` sub-products takes when it starts at `start`: each (gapSlots + 1)
 * intervals after the previous. Fails — and nothing is to be marked — when a needed session does not exist
 * or is not AVAILABLE.
 */
export function packChain(
  slots: readonly Slot[],
  start: string,
  count: number,
  gapSlots: number,
  isAvailable: (slot: Slot) => boolean,
): PackPick {
  const interval = slotInterval(slots);
  const step = interval * (Math.max(0, gapSlots) + 1);
  const byMinute = new Map(slots.map((s) => [minutes(s.startTime), s]));
  const first = minutes(start);
  const times: string[] = [];
  for (let i = 0; i < Math.max(1, count); i++) {
    const m = first + i * step;
    const slot = byMinute.get(m);
    if (!slot || (i > 0 && step === 0)) {
      const hh = String(Math.floor(m / 60)).padStart(2, '0');
      const mm = String(m % 60).padStart(2, '0');
      return { ok: false, reason: 'missing', time: `${hh}:${mm}:00` };
    }
    if (!isAvailable(slot)) return { ok: false, reason: 'unavailable', time: slot.startTime };
    times.push(slot.startTime);
  }
  return { ok: true, times };
}

/** A pack's price per driver: the highest price among its sessions (spec section 4). */
export function packPrice(slots: readonly Pick<Slot, 'price'>[]): number {
  return slots.reduce((max, s) => Math.max(max, s.price), 0);
}
