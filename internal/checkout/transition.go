package checkout

import "pitlane/internal/apperr"

// BookingEvent is something that happens to a booking and may move its status (bookings.status).
type BookingEvent string

// The events of a booking. NextStatus says where each one takes a booking from each status.
const (
	// EventCharge: a charge was recorded (an online payment approved, a payment taken at the counter).
	// The status follows the money: pagada when the charges cover the total, else parcialmentepagada.
	EventCharge BookingEvent = "charge"
	// EventCorrection: a correction line took back part of a payment taken at the counter. The status
	// follows the money, down to pending when nothing is left; a cancelada booking stays cancelada.
	EventCorrection BookingEvent = "correction"
	// EventRefund: money was given back. It never moves the status: a refund is given on purpose and
	// does not make a booking owe again.
	EventRefund BookingEvent = "refund"
	// EventCancel: the customer or staff cancelled the booking.
	EventCancel BookingEvent = "cancel"
	// EventPaymentFailed: the online payment a pending booking waited for was declined or expired.
	EventPaymentFailed BookingEvent = "payment-failed"
	// EventReopen: a payment arrived for a booking waiting for it, or cancelled only because that payment
	// seemed to fail (a late payment): it waits again while its places are booked.
	EventReopen BookingEvent = "reopen"
	// EventPlacesLost: a reopened booking's places are gone; nothing is booked.
	EventPlacesLost BookingEvent = "places-lost"
)

// BookingStatuses are every status a booking can have, and BookingEvents every event, in a fixed order.
var (
	BookingStatuses = []string{StatusPending, StatusPartPaid, StatusPaid, StatusCancelled}
	BookingEvents   = []BookingEvent{EventCharge, EventCorrection, EventRefund, EventCancel, EventPaymentFailed,
		EventReopen, EventPlacesLost}
)

// Transition is an event with the booking's money after it, which EventCharge and EventCorrection
// need: its total and what was charged, net of corrections (refunds do not count).
type Transition struct {
	Event        BookingEvent
	TotalCents   int64
	ChargedCents int64
}

// LedgerStatus is the status a booking that is not cancelled takes from its money: pagada when nothing
// is due, parcialmentepagada when something was paid, pending when nothing was.
func LedgerStatus(total, chargedNet int64) string {
	switch {
	case chargedNet <= 0 && total > 0:
		return StatusPending
	case chargedNet >= total:
		return StatusPaid
	}
	return StatusPartPaid
}

// NextStatus is the one rule of a booking's status: the status a booking in status from takes on the
// transition's event. Every writer of bookings.status goes through it. An impossible move (a charge on
// a cancelled booking, cancelling twice, a failed payment on a booking that was paid…) is
// apperr.Conflict naming the status and the event; an unknown status or event is apperr.Invalid.
func NextStatus(from string, t Transition) (string, error) {
	known := false
	for _, s := range BookingStatuses {
		known = known || s == from
	}
	if !known {
		return from, apperr.New(apperr.Invalid, "Unknown booking status %q.", from)
	}
	cancelled := from == StatusCancelled
	switch t.Event {
	case EventCharge:
		if !cancelled {
			return LedgerStatus(t.TotalCents, t.ChargedCents), nil
		}
	case EventCorrection:
		if cancelled {
			return from, nil
		}
		return LedgerStatus(t.TotalCents, t.ChargedCents), nil
	case EventRefund:
		return from, nil
	case EventCancel:
		if !cancelled {
			return StatusCancelled, nil
		}
	case EventPaymentFailed, EventPlacesLost:
		if from == StatusPending {
			return StatusCancelled, nil
		}
	case EventReopen:
		if from == StatusPending || cancelled {
			return StatusPending, nil
		}
	default:
		return from, apperr.New(apperr.Invalid, "Unknown booking event %q.", string(t.Event))
	}
	return from, apperr.New(apperr.Conflict, "A booking in status %s cannot take the event %s.", from, string(t.Event))
}
