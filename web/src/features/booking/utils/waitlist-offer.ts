import type { WaitlistOffer } from '@/features/booking/api/waitlist';
import { INITIAL_STATE, type WizardState } from '@/features/booking/utils/wizard-state';

/**
 * The wizard's state for an offer of the waiting list: the cart made for the offer, its one hold, on the
 * register stage (drivers and contact), as if the visitor had just held the session. The wizard checks
 * it against the server's cart when the booking page loads, like any stored booking.
 */
export function offerState(o: WaitlistOffer): WizardState {
  return {
    ...INITIAL_STATE,
    stage: 2,
    cartToken: o.token,
    drivers: o.numDrivers,
    productId: o.idType,
    date: o.prebookingDate.slice(0, 10),
    holds: [{ identifier: o.prebookingIdentifier, bookingDates: [o.prebookingDate], price: o.price, expiresAt: o.expiresAt }],
  };
}
