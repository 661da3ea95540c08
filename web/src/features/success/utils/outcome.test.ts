import type { BookingStatus } from '@/features/success/api/get-booking-status';
import { outcomeOf, type Outcome } from '@/features/success/utils/outcome';

const base: BookingStatus = {
  identifier: 'b-1',
  status: 'pending',
  paymentMode: 'online',
  paymentStatus: 'created',
  needsRefund: false,
  total: 45,
  culture: 'es-ES',
};

describe('outcomeOf', () => {
  it.each<[string, Partial<BookingStatus>, boolean, Outcome]>([
    ['paid online', { status: 'pagada', paymentStatus: 'approved' }, false, 'paid'],
    ['nothing to pay', { status: 'pagada', paymentMode: 'circuit', paymentStatus: null }, false, 'paid'],
    ['partly paid', { status: 'parcialmentepagada' }, false, 'partiallyPaid'],
    ['pay at the circuit', { paymentMode: 'circuit', paymentStatus: null }, false, 'payAtCircuit'],
    ['payment under way', {}, false, 'processing'],
    ['no payment yet', { paymentStatus: null }, false, 'processing'],
    ['back from the provider with cancel', {}, true, 'notPaid'],
    ['declined, not yet cancelled', { paymentStatus: 'declined' }, false, 'notPaid'],
    ['expired, not yet cancelled', { paymentStatus: 'expired' }, false, 'notPaid'],
    ['declined and cancelled', { status: 'cancelada', paymentStatus: 'declined' }, false, 'notPaid'],
    ['abandoned and cancelled', { status: 'cancelada', paymentStatus: 'created' }, false, 'notPaid'],
    ['paid but the places were gone', { status: 'cancelada', paymentStatus: 'approved', needsRefund: true }, false, 'refund'],
    ['paid, cancelled later by its link', { status: 'cancelada', paymentStatus: 'approved' }, false, 'cancelled'],
    ['pay at the circuit, cancelled later', { status: 'cancelada', paymentMode: 'circuit', paymentStatus: null }, false, 'cancelled'],
    ['paid even though the visitor pressed cancel', { status: 'pagada', paymentStatus: 'approved' }, true, 'paid'],
  ])('%s', (_name, change, returnedCancelled, outcome) => {
    expect(outcomeOf({ ...base, ...change }, returnedCancelled)).toBe(outcome);
  });
});
