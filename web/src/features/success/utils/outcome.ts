import type { BookingStatus } from '@/features/success/api/get-booking-status';

/**
 * What the success page tells the customer:
 * - paid: paid online (or nothing to pay);
 * - partiallyPaid: part paid, the rest at the circuit;
 * - payAtCircuit: booked, to be paid at the circuit;
 * - processing: an online payment not confirmed yet;
 * - notPaid: the online payment was declined, expired or abandoned: nothing is booked;
 * - refund: paid, but the places were gone meanwhile: nothing is booked and the company refunds;
 * - cancelled: the booking was cancelled later (by its cancellation link or the circuit).
 */
export type Outcome = 'paid' | 'partiallyPaid' | 'payAtCircuit' | 'processing' | 'notPaid' | 'refund' | 'cancelled';

/**
 * The outcome of a booking's status. `returnedCancelled` is the payment provider sending the customer
 * back with `cancelled=1`: while the booking is still pending, nothing has been paid.
 */
export function outcomeOf(status: BookingStatus, returnedCancelled: boolean): Outcome {
  switch (status.status) {
    case 'pagada':
      return 'paid';
    case 'parcialmentepagada':
      return 'partiallyPaid';
    case 'cancelada':
      if (status.needsRefund) return 'refund';
      if (status.paymentMode === 'online' && status.paymentStatus !== 'approved' && status.paymentStatus !== 'refunded' && status.paymentStatus !== 'partially_refunded') {
        return 'notPaid';
      }
      return 'cancelled';
    default:
      if (status.paymentMode === 'circuit') return 'payAtCircuit';
      if (status.paymentStatus === 'declined' || status.paymentStatus === 'expired') return 'notPaid';
      if (returnedCancelled) return 'notPaid';
      return 'processing';
  }
}
