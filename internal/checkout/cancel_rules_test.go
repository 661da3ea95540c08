package checkout_test

import (
	"testing"
	"time"

	"pitlane/internal/checkout"
)

// PlanRefund: the card gets the card charges back, the desk owes the cash ones (or everything under
// the desk policy), none gives nothing; an unknown policy is the default, card.
func TestPlanRefund(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		policy               string
		online, cash         int64
		wantCard, wantAtDesk int64
	}{
		{checkout.RefundCard, 5800, 0, 5800, 0},
		{checkout.RefundCard, 5800, 1000, 5800, 1000},
		{checkout.RefundCard, 0, 0, 0, 0},
		{checkout.RefundDesk, 5800, 1000, 0, 6800},
		{checkout.RefundNone, 5800, 1000, 0, 0},
		{"", 5800, 0, 5800, 0},
		{checkout.RefundCard, -5, -1, 0, 0},
	} {
		card, desk := checkout.PlanRefund(c.policy, c.online, c.cash)
		if card != c.wantCard || desk != c.wantAtDesk {
			t.Errorf("PlanRefund(%q, %d, %d) = %d, %d; want %d, %d", c.policy, c.online, c.cash, card, desk, c.wantCard, c.wantAtDesk)
		}
	}
	for p, ok := range map[string]bool{"card": true, "desk": true, "none": true, "": false, "CARD": false} {
		if checkout.ValidRefundPolicy(p) != ok {
			t.Errorf("ValidRefundPolicy(%q) != %v", p, ok)
		}
	}
}

// CancelReason agrees with CheckCancel: a reason exactly when CheckCancel refuses.
func TestCancelReason(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 12, 5, 18, 0, 0, 0, madrid)
	for _, c := range []struct {
		status  string
		first   *time.Time
		maxDays int
		now     time.Time
		want    string
	}{
		{checkout.StatusPaid, &start, 0, start.Add(-time.Minute), ""},
		{checkout.StatusPaid, &start, 0, start, checkout.CancelReasonStarted},
		{checkout.StatusCancelled, &start, 0, start.Add(-time.Hour), checkout.CancelReasonCancelled},
		{checkout.StatusPaid, nil, 0, start, checkout.CancelReasonNoDate},
		{checkout.StatusPaid, &start, 2, start.AddDate(0, 0, -2), ""},
		{checkout.StatusPaid, &start, 2, start.AddDate(0, 0, -2).Add(time.Second), checkout.CancelReasonClosed},
	} {
		got := checkout.CancelReason(c.status, c.first, c.maxDays, c.now)
		if got != c.want || (got == "") != (checkout.CheckCancel(c.status, c.first, c.maxDays, c.now) == nil) {
			t.Errorf("CancelReason(%s, %v, %d, %v) = %q, want %q", c.status, c.first, c.maxDays, c.now, got, c.want)
		}
	}
}
