package checkout

import (
	"fmt"
	"sort"
	"time"

	"pitlane/internal/apperr"
)

// CheckCancel tells whether a customer may cancel a booking at now (customer spec section 4): the
// booking must have a date (firstStart non-nil), not be cancelled already, its first session must not
// have started, and now must be no later than maxDays days before the first session (0: until the
// session starts). firstStart should be in the circuit's time zone, so that days are local days.
// Returns apperr.Conflict when already cancelled and apperr.Unprocessable when it cannot be cancelled.
func CheckCancel(status string, firstStart *time.Time, maxDays int, now time.Time) error {
	switch {
	case status == StatusCancelled:
		return apperr.New(apperr.Conflict, "This booking is already cancelled.")
	case firstStart == nil:
		return apperr.New(apperr.Unprocessable, "This booking has no date, so it cannot be cancelled online.")
	case !now.Before(*firstStart):
		return apperr.New(apperr.Unprocessable, "This booking's date has passed, so it can no longer be cancelled.")
	}
	if maxDays > 0 && now.After(firstStart.AddDate(0, 0, -maxDays)) {
		return apperr.New(apperr.Unprocessable,
			"It is too late to cancel this booking online: cancellations are accepted up to %d days before the session.", maxDays)
	}
	return nil
}

// RemainingRefundable is what can still be refunded of a sale's lines (admin spec section 5): the
// positive amounts (charges) less the negative ones (refunds), never below zero.
func RemainingRefundable(amounts []int64) int64 {
	var sum int64
	for _, a := range amounts {
		sum += a
	}
	return max(sum, 0)
}

// CheckRefund accepts a refund of amount cents when it is more than 0 and no more than remaining.
// Returns apperr.Unprocessable otherwise.
func CheckRefund(amount, remaining int64) error {
	switch {
	case amount <= 0:
		return apperr.WithFields(apperr.Unprocessable, "The refund is not valid.", map[string]string{"amount": "must be more than 0"})
	case amount > remaining:
		return apperr.WithFields(apperr.Unprocessable, "The refund is not valid.",
			map[string]string{"amount": fmt.Sprintf("at most the remaining refundable amount, %d cents", remaining)})
	}
	return nil
}

// SplitRefund spreads a refund over lines with the given remaining refundable amounts, taking from the
// smallest remaining amount first (ties: earlier line first). The result has one share per line; the
// shares sum to amount when amount is at most the total remaining, else to the total remaining.
func SplitRefund(amount int64, remaining []int64) []int64 {
	out := make([]int64, len(remaining))
	order := make([]int, len(remaining))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return remaining[order[a]] < remaining[order[b]] })
	for _, i := range order {
		if amount <= 0 {
			break
		}
		take := min(max(remaining[i], 0), amount)
		out[i] = take
		amount -= take
	}
	return out
}
