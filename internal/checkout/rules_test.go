package checkout

import (
	"reflect"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
)

func TestCheckCancel(t *testing.T) {
	t.Parallel()
	loc, _ := time.LoadLocation("Europe/Madrid")
	start := time.Date(2026, 12, 10, 10, 0, 0, 0, loc)
	cases := []struct {
		name    string
		status  string
		first   *time.Time
		maxDays int
		now     time.Time
		want    apperr.Code
	}{
		{"a week before, no window", StatusPending, &start, 0, start.AddDate(0, 0, -7), ""},
		{"a second before the start", StatusPaid, &start, 0, start.Add(-time.Second), ""},
		{"at the start", StatusPending, &start, 0, start, apperr.Unprocessable},
		{"after the session", StatusPending, &start, 0, start.Add(time.Hour), apperr.Unprocessable},
		{"exactly 2 days before, window 2", StatusPending, &start, 2, start.AddDate(0, 0, -2), ""},
		{"a second late, window 2", StatusPending, &start, 2, start.AddDate(0, 0, -2).Add(time.Second), apperr.Unprocessable},
		{"already cancelled", StatusCancelled, &start, 0, start.AddDate(0, 0, -7), apperr.Conflict},
		{"no date (a voucher)", StatusPaid, nil, 0, start, apperr.Unprocessable},
		{"part paid can cancel", StatusPartPaid, &start, 1, start.AddDate(0, 0, -3), ""},
	}
	for _, c := range cases {
		err := CheckCancel(c.status, c.first, c.maxDays, c.now)
		if (err == nil) != (c.want == "") || (err != nil && apperr.CodeOf(err) != c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// Days are the circuit's days: across the end of summer time, 1 day before 10:00 is 10:00 local.
	dst := time.Date(2026, 10, 26, 10, 0, 0, 0, loc)
	if err := CheckCancel(StatusPending, &dst, 1, time.Date(2026, 10, 25, 10, 0, 0, 0, loc)); err != nil {
		t.Errorf("across DST: %v", err)
	}
}

// Refunds (admin spec section 5): more than 0 and at most what is left; lines smallest first.
func TestRefunds(t *testing.T) {
	if got := RemainingRefundable([]int64{4000, 1500, -1000, -500}); got != 4000 {
		t.Errorf("remaining %d", got)
	}
	if got := RemainingRefundable([]int64{1000, -1500}); got != 0 {
		t.Errorf("remaining never below zero: %d", got)
	}
	for _, c := range []struct {
		amount, remaining int64
		ok                bool
	}{{1, 100, true}, {100, 100, true}, {0, 100, false}, {-5, 100, false}, {101, 100, false}} {
		if err := CheckRefund(c.amount, c.remaining); (err == nil) != c.ok {
			t.Errorf("CheckRefund(%d, %d) = %v", c.amount, c.remaining, err)
		}
	}
	if got := SplitRefund(2500, []int64{4000, 1000, 2000}); !reflect.DeepEqual(got, []int64{0, 1000, 1500}) {
		t.Errorf("split %v", got)
	}
	if got := SplitRefund(9000, []int64{4000, 1000}); !reflect.DeepEqual(got, []int64{4000, 1000}) {
		t.Errorf("split over the total %v", got)
	}
}

// The order-independent rules of payment notifications.
func TestDecide(t *testing.T) {
	t.Parallel()
	st := func(p, b string, placed bool) PaymentState {
		return PaymentState{PaymentStatus: p, BookingStatus: b, PlacesBooked: placed, ChargedCents: 4000}
	}
	cases := []struct {
		name    string
		state   PaymentState
		outcome payment.Outcome
		amount  int64
		want    Decision
	}{
		{"approved while waiting", st(PaymentCreated, StatusPending, false), payment.Approved, 4000,
			Decision{Step: StepApprove, PaymentStatus: PaymentApproved, BookPlaces: true}},
		{"approved twice", st(PaymentApproved, StatusPaid, true), payment.Approved, 4000, Decision{Step: StepNone, PaymentStatus: PaymentApproved}},
		{"approved after a decline: late payment", st(PaymentDeclined, StatusCancelled, false), payment.Approved, 4000,
			Decision{Step: StepApprove, PaymentStatus: PaymentApproved, BookPlaces: true}},
		{"approved after expiry: late payment", st(PaymentExpired, StatusCancelled, false), payment.Approved, 4000,
			Decision{Step: StepApprove, PaymentStatus: PaymentApproved, BookPlaces: true}},
		{"approved for a booking cancelled otherwise", st(PaymentCreated, StatusCancelled, false), payment.Approved, 4000,
			Decision{Step: StepApprove, PaymentStatus: PaymentApproved, NeedsRefund: true}},
		{"approved after a refund", st(PaymentRefunded, StatusPaid, true), payment.Approved, 4000, Decision{Step: StepNone, PaymentStatus: PaymentRefunded}},
		{"declined while waiting", st(PaymentCreated, StatusPending, false), payment.Declined, 0, Decision{Step: StepFail, PaymentStatus: PaymentDeclined}},
		{"expired while waiting", st(PaymentCreated, StatusPending, false), payment.Expired, 0, Decision{Step: StepFail, PaymentStatus: PaymentExpired}},
		{"declined after approval", st(PaymentApproved, StatusPaid, true), payment.Declined, 0, Decision{Step: StepNone, PaymentStatus: PaymentApproved}},
		{"expired after decline", st(PaymentDeclined, StatusCancelled, false), payment.Expired, 0, Decision{Step: StepNone, PaymentStatus: PaymentDeclined}},
		{"declined for a cancelled booking", st(PaymentCreated, StatusCancelled, false), payment.Declined, 0,
			Decision{Step: StepFailPaymentOnly, PaymentStatus: PaymentDeclined}},
		{"part refund", st(PaymentApproved, StatusPaid, true), payment.Refunded, 1000, Decision{Step: StepRefund, PaymentStatus: PaymentPartiallyRefunded}},
		{"full refund", st(PaymentApproved, StatusPaid, true), payment.Refunded, 4000, Decision{Step: StepRefund, PaymentStatus: PaymentRefunded}},
		{"refund of nothing paid", st(PaymentCreated, StatusPending, false), payment.Refunded, 1000, Decision{Step: StepNone, PaymentStatus: PaymentCreated}},
		{"pending", st(PaymentCreated, StatusPending, false), payment.Pending, 0, Decision{Step: StepNone, PaymentStatus: PaymentCreated}},
	}
	for _, c := range cases {
		if got := Decide(c.state, c.outcome, c.amount); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
	rest := PaymentState{PaymentStatus: PaymentPartiallyRefunded, ChargedCents: 4000, RefundedCents: 1000}
	if d := Decide(rest, payment.Refunded, 3000); d.PaymentStatus != PaymentRefunded {
		t.Errorf("the rest refunded: %+v", d)
	}
}
