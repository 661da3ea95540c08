import type { CartLine } from '@/features/booking/api/get-shopping-cart-details';
import {
  cartCount,
  INITIAL_STATE,
  reconcile,
  validStage,
  wizardReducer,
  type BookingItem,
  type Hold,
  type WizardState,
} from '@/features/booking/utils/wizard-state';

const hold = (identifier: string): Hold => ({
  identifier,
  bookingDates: ['2026-11-23 10:00:00'],
  price: 44,
  expiresAt: '2026-11-22T10:10:00Z',
});

const line = (identifier: string, expired = false): CartLine => ({
  id: 1,
  product: { id: 1, name: 'Tanda' },
  quantity: 2,
  prebookingIdentifier: identifier,
  type: 'PRODUCT',
  originalPrice: 22,
  discountedPrice: 22,
  total: 44,
  bookingDates: ['2026-11-23 10:00:00'],
  trackName: 'Pista Grande',
  expired,
});

const item = (identifier: string): BookingItem => ({
  productId: 1,
  name: 'Tanda',
  type: 'PRODUCT',
  idLocal: '101',
  idVariant: 1,
  isPack: false,
  driversNumber: 2,
  drivers: [],
  holds: [hold(identifier)],
});

const form = {
  nombre: 'Ana',
  apellidos: '',
  fechaNacimiento: '',
  email: 'a@x.com',
  emailConfirmation: 'a@x.com',
  telefono: '+34600123456',
  drivers: [{ name: 'Ana', email: '', underage: false, isCloudMember: false }],
  adultConfirmation: true,
  acceptSendPromo: false,
  isSendPresentChecked: false,
  presentReceptorName: '',
  presentReceptorEmail: '',
  presentMessage: '',
};

describe('wizard state', () => {
  it('counts distinct live pre-bookings for the cart button', () => {
    expect(cartCount({ details: [line('a'), line('a'), line('b'), line('c', true)] })).toBe(2);
    expect(cartCount(null)).toBe(0);
  });

  it('falls back to the furthest valid stage', () => {
    const state: WizardState = { ...INITIAL_STATE, stage: 3 };
    expect(validStage(state)).toBe(0);
    expect(validStage({ ...state, productId: 1 })).toBe(1);
    expect(validStage({ ...state, productId: 1, holds: [hold('a')] })).toBe(2);
    expect(validStage({ ...state, productId: 1, stack: [item('a')], form })).toBe(3);
    expect(validStage({ ...INITIAL_STATE, stage: 4 })).toBe(0);
  });

  it('restarts when the cart says a hold expired', () => {
    const state: WizardState = { ...INITIAL_STATE, stage: 3, cartToken: 't', productId: 1, stack: [item('a')], form };
    const result = reconcile(state, { details: [line('a', true)] });
    expect(result.expired).toBe(true);
    expect(result.state.stage).toBe(0);
    expect(result.state.stack).toEqual([]);
    expect(result.state.cartToken).toBeNull();
    expect(result.state.form?.drivers).toEqual([]); // drivers cleared, contact kept
    expect(result.state.form?.nombre).toBe('Ana');
  });

  it('keeps a valid state and reports live pre-bookings nothing refers to', () => {
    const state: WizardState = { ...INITIAL_STATE, stage: 3, cartToken: 't', productId: 1, stack: [item('a')], form };
    const result = reconcile(state, { details: [line('a'), line('zombie')] });
    expect(result.expired).toBe(false);
    expect(result.state.stage).toBe(3);
    expect(result.orphans).toEqual(['zombie']);
  });

  it('on a reload (strict), a hold missing from the cart is gone too', () => {
    const state: WizardState = { ...INITIAL_STATE, stage: 2, cartToken: 't', productId: 1, holds: [hold('a')] };
    expect(reconcile(state, { details: [] }).expired).toBe(false);
    expect(reconcile(state, { details: [] }, true).expired).toBe(true);
  });

  it('adds a product: back to stage 0 with a fresh item and the driver fields cleared', () => {
    const state: WizardState = { ...INITIAL_STATE, stage: 3, productId: 1, drivers: 3, stack: [item('a')], form };
    const next = wizardReducer(state, { type: 'newItem' });
    expect(next).toMatchObject({ stage: 0, productId: null, drivers: 1, holds: [], stack: [item('a')] });
    expect(next.form?.drivers).toEqual([]);
  });

  it('leaving the summary backwards drops the current item, or takes it back to edit', () => {
    const state: WizardState = { ...INITIAL_STATE, stage: 3, productId: 2, stack: [item('a'), item('b')], form };
    const dropped = wizardReducer(state, { type: 'dropLastItem' });
    expect(dropped.stack.map((i) => i.holds[0].identifier)).toEqual(['a']);
    expect(dropped.holds).toEqual([]);
    const edited = wizardReducer(state, { type: 'editLastItem' });
    expect(edited.stage).toBe(2);
    expect(edited.holds.map((h) => h.identifier)).toEqual(['b']);
  });

  it('pushes the item with its holds and goes to the summary', () => {
    const state: WizardState = { ...INITIAL_STATE, stage: 2, productId: 1, holds: [hold('a')] };
    const next = wizardReducer(state, { type: 'pushItem', item: item('a') });
    expect(next.stage).toBe(3);
    expect(next.holds).toEqual([]);
    expect(next.stack).toHaveLength(1);
  });
});
