package checkout

import "pitlane/internal/payment"

// PaymentState is what a payment notification is applied to: the payment and its booking as stored.
type PaymentState struct {
	PaymentStatus string
	BookingStatus string
	PlacesBooked  bool  // the booking's sessions are counted in slots.booked
	ChargedCents  int64 // charges recorded for the payment
	RefundedCents int64 // refunds recorded for the payment (positive)
}

// Step is what applying a notification does.
type Step int

// The steps of a notification.
const (
	// StepNone records the notification and changes nothing else (a duplicate outcome, a decline after
	// an approval, a refund of nothing, a pending outcome).
	StepNone Step = iota
	// StepApprove records a charge and marks the payment approved, then books the booking's places
	// (re-taking them if its holds died meanwhile). When the places are gone, or the booking was
	// cancelled otherwise, nothing is booked: the booking is cancelada and flagged needs_refund.
	StepApprove
	// StepFail marks the payment declined or expired, cancels the booking that was waiting for it and
	// releases its holds.
	StepFail
	// StepFailPaymentOnly marks the payment declined or expired and leaves its booking as it is.
	StepFailPaymentOnly
	// StepRefund records a refund and marks the payment refunded or partially refunded.
	StepRefund
)

// Decision is the result of Decide.
type Decision struct {
	Step          Step
	PaymentStatus string // the payment's new status (unchanged with StepNone)
	// BookPlaces, with StepApprove: try to book the places (the booking waited for this payment, or was
	// cancelled only because an earlier notification said this payment failed: a late payment). When
	// they are gone the booking ends cancelada with needs_refund.
	BookPlaces bool
	// NeedsRefund, with StepApprove: the booking was cancelled for another reason while the payment was
	// open; it stays cancelada and is flagged needs_refund.
	NeedsRefund bool
}

// Decide applies the rules of payment notifications, which may arrive in any order and more than once:
// a payment is approved at most once (so at most one charge is recorded per payment); a decline or
// expiry after an approval changes nothing; an approval after a decline or expiry is a late payment
// that books the places if they are still free; a refund applies only to an approved payment.
func Decide(s PaymentState, o payment.Outcome, amount int64) Decision {
	none := Decision{Step: StepNone, PaymentStatus: s.PaymentStatus}
	switch o {
	case payment.Approved:
		if s.PaymentStatus != PaymentCreated && s.PaymentStatus != PaymentDeclined && s.PaymentStatus != PaymentExpired {
			return none
		}
		d := Decision{Step: StepApprove, PaymentStatus: PaymentApproved}
		switch {
		case s.PlacesBooked:
			// Nothing to book; the booking's status follows the money.
		case s.BookingStatus == StatusPending:
			d.BookPlaces = true
		case s.BookingStatus == StatusCancelled && s.PaymentStatus != PaymentCreated:
			d.BookPlaces = true // cancelled only because this payment seemed to fail: a late payment
		default:
			d.NeedsRefund = true // cancelled for another reason while the payment was open
		}
		return d
	case payment.Declined, payment.Expired:
		if s.PaymentStatus != PaymentCreated {
			return none
		}
		st := PaymentDeclined
		if o == payment.Expired {
			st = PaymentExpired
		}
		if s.BookingStatus == StatusPending && !s.PlacesBooked {
			return Decision{Step: StepFail, PaymentStatus: st}
		}
		return Decision{Step: StepFailPaymentOnly, PaymentStatus: st}
	case payment.Refunded:
		if amount <= 0 || (s.PaymentStatus != PaymentApproved && s.PaymentStatus != PaymentPartiallyRefunded) {
			return none
		}
		st := PaymentPartiallyRefunded
		if s.RefundedCents+amount >= s.ChargedCents {
			st = PaymentRefunded
		}
		return Decision{Step: StepRefund, PaymentStatus: st}
	}
	return none
}
