import type { ShoppingCart } from '@/features/booking/api/get-shopping-cart';
import type { DriverValues, RegisterValues } from '@/features/booking/utils/register-schema';

/** The wizard's stages in order (customer spec section 2). */
export const STAGES = ['drivers', 'date', 'register', 'brief', 'done'] as const;

/** A stage's index: 0 drivers, 1 date, 2 register, 3 brief (summary), 4 done. */
export type Stage = 0 | 1 | 2 | 3 | 4;

/** A pre-booking the visitor holds: one session of a product, all sessions of a pack, or a voucher. */
export interface Hold {
  identifier: string;
  /** Local session starts "YYYY-MM-DD HH:mm:ss" (none for a voucher). */
  bookingDates: string[];
  /** The server's price for the whole hold (all drivers). */
  price: number;
  expiresAt: string;
}

/** A booking item: a product or pack with its drivers and holds (an entry of the booking stack). */
export interface BookingItem {
  productId: number;
  name: string;
  type: 'PRODUCT' | 'PACK' | 'VOUCHER';
  idLocal: string;
  idVariant: number | null;
  isPack: boolean;
  driversNumber: number;
  drivers: DriverValues[];
  holds: Hold[];
  /** A pack's random code (packAssociated). */
  packCode?: string;
}

/** The wizard's state. What matters (holds, cart, expiry) is checked against the server on load. */
export interface WizardState {
  stage: Stage;
  /** The shopping cart token, created with the first pre-booking. */
  cartToken: string | null;
  /** The current item's number of drivers. */
  drivers: number;
  productId: number | null;
  /** The track (circuit) filter of the product list. */
  track: number | null;
  /** The chosen date YYYY-MM-DD. */
  date: string | null;
  /** The current item's pre-bookings. */
  holds: Hold[];
  /** Items already completed (with their drivers), in order. */
  stack: BookingItem[];
  /** The register form's values (contact and the current item's drivers), kept across stages. */
  form: RegisterValues | null;
  /** The booking made, once done. */
  bookingId: string | null;
}

/** The state of a visitor who has just arrived. */
export const INITIAL_STATE: WizardState = {
  stage: 0,
  cartToken: null,
  drivers: 1,
  productId: null,
  track: null,
  date: null,
  holds: [],
  stack: [],
  form: null,
  bookingId: null,
};

/** A change to the wizard's state. */
export type WizardAction =
  | { type: 'goTo'; stage: Stage }
  | { type: 'setDrivers'; drivers: number }
  | { type: 'selectProduct'; productId: number | null }
  | { type: 'setTrack'; track: number | null }
  | { type: 'setDate'; date: string | null }
  | { type: 'setCart'; token: string | null }
  | { type: 'addHold'; hold: Hold }
  | { type: 'removeHolds'; identifiers: string[] }
  | { type: 'saveForm'; form: RegisterValues }
  | { type: 'pushItem'; item: BookingItem }
  | { type: 'dropLastItem' }
  | { type: 'editLastItem' }
  | { type: 'newItem' }
  | { type: 'restart' }
  | { type: 'done'; bookingId: string | null }
  | { type: 'replace'; state: WizardState };

function clearDrivers(form: RegisterValues | null): RegisterValues | null {
  return form ? { ...form, drivers: [] } : null;
}

/** The wizard's transitions. Side effects (releasing holds on the server) are the caller's. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'goTo':
      return { ...state, stage: action.stage };
    case 'setDrivers':
      return { ...state, drivers: action.drivers };
    case 'selectProduct':
      return { ...state, productId: action.productId };
    case 'setTrack':
      return { ...state, track: action.track };
    case 'setDate':
      return { ...state, date: action.date, holds: [] };
    case 'setCart':
      return { ...state, cartToken: action.token };
    case 'addHold':
      return { ...state, holds: [...state.holds.filter((h) => h.identifier !== action.hold.identifier), action.hold] };
    case 'removeHolds':
      return { ...state, holds: state.holds.filter((h) => !action.identifiers.includes(h.identifier)) };
    case 'saveForm':
      return { ...state, form: action.form };
    case 'pushItem':
      return { ...state, stack: [...state.stack, action.item], holds: [], stage: 3 };
    case 'dropLastItem': {
      const last = state.stack.at(-1);
      if (!last) return state;
      return {
        ...state,
        stack: state.stack.slice(0, -1),
        productId: last.productId,
        drivers: last.driversNumber,
        holds: [],
      };
    }
    case 'editLastItem': {
      const last = state.stack.at(-1);
      if (!last) return state;
      return {
        ...state,
        stack: state.stack.slice(0, -1),
        productId: last.productId,
        drivers: last.driversNumber,
        holds: last.holds,
        form: state.form ? { ...state.form, drivers: last.drivers } : state.form,
        stage: 2,
      };
    }
    case 'newItem':
      return { ...state, stage: 0, productId: null, date: null, holds: [], drivers: 1, form: clearDrivers(state.form) };
    case 'restart':
      return {
        ...INITIAL_STATE,
        track: state.track,
        form: clearDrivers(state.form),
      };
    case 'done':
      return { ...INITIAL_STATE, stage: 4, bookingId: action.bookingId };
    case 'replace':
      return action.state;
  }
}

/** The furthest stage the state supports, no further than its current one: the server decides which step is valid. */
export function validStage(state: WizardState): Stage {
  if (state.stage === 4) return state.bookingId !== null ? 4 : 0;
  if (state.stage >= 3 && state.stack.length > 0 && state.form !== null) return 3;
  if (state.stage >= 2 && state.holds.length > 0 && state.productId !== null) return 2;
  if (state.stage >= 1 && state.productId !== null) return 1;
  return 0;
}

/** The outcome of checking the state against the server's cart. */
export interface Reconciled {
  state: WizardState;
  /** Some hold the state counted on has expired (or was released): the visitor is told time is up. */
  expired: boolean;
  /** Live pre-bookings of the cart that the state no longer refers to (to release). */
  orphans: string[];
}

/**
 * Checks the state against the cart on the server. A hold whose cart line says `expired` (it timed out or
 * was released) means time is up: the wizard restarts at stage 0 (as on a 410). With `strict` (a reload
 * restoring the state) a hold missing from the cart counts as gone too. Otherwise the stage falls back to
 * the furthest valid one, and live pre-bookings nothing refers to are reported as orphans.
 */
export function reconcile(
  state: WizardState,
  cart: Pick<ShoppingCart, 'details'> | null,
  strict = false,
): Reconciled {
  const lines = cart?.details ?? [];
  const live = new Set(lines.filter((l) => !l.expired).map((l) => l.prebookingIdentifier));
  const known = new Set(lines.map((l) => l.prebookingIdentifier));
  const gone = (h: Hold) => (strict ? !live.has(h.identifier) : known.has(h.identifier) && !live.has(h.identifier));
  const referenced = [...state.holds, ...state.stack.flatMap((i) => i.holds)];
  const expired = referenced.some(gone);
  const referencedIds = new Set(referenced.map((h) => h.identifier));
  const orphans = [...live].filter((id) => !referencedIds.has(id));
  if (expired) {
    // Time is up for part of the booking: start again, as on a 410 (spec section 4).
    return { state: wizardReducer(state, { type: 'restart' }), expired, orphans: [...live] };
  }
  return { state: { ...state, stage: validStage(state) }, expired, orphans };
}

/** Distinct pre-booking identifiers of the cart's live lines: the number the cart button shows. */
export function cartCount(cart: Pick<ShoppingCart, 'details'> | undefined | null): number {
  if (!cart) return 0;
  return new Set(cart.details.filter((l) => !l.expired).map((l) => l.prebookingIdentifier)).size;
}
