package store

import (
	"fmt"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
)

// checkMaxSlots enforces the company's maxSlotsBooking across the whole shopping cart, inside the hold's
// write transaction: the sessions of the cart's live product holds plus those of the new hold may not
// exceed it. The wizard holds one session per request, so the per-request rule of sessions.PlanHold alone
// would let a visitor hold any number. A pack's sessions come as one fixed set and are not counted, as in
// PlanHold. held is the sessions of the cart's live product holds, counted by InsertHold in the
// statement that finds the cart. Zero or less in the row means the spec's default (sessions.DefaultMaxSlots).
func checkMaxSlots(h sessions.NewHold, held, maxSlots int) error {
	if h.Kind != sessions.KindProduct {
		return nil
	}
	if maxSlots <= 0 {
		maxSlots = sessions.DefaultMaxSlots
	}
	if held+len(h.Slots) <= maxSlots {
		return nil
	}
	return maxSlotsError(maxSlots)
}

// maxSlotsError is the refusal of one session more than the company's maxSlotsBooking in a booking: a
// 422 whose message is the spec's alertaMsg and whose bookingDates field starts with "max_slots".
func maxSlotsError(maxSlots int) error {
	return apperr.WithFields(apperr.Unprocessable,
		fmt.Sprintf("You have reached the maximum number of sessions per booking (%d).", maxSlots),
		map[string]string{"bookingDates": fmt.Sprintf("max_slots: at most %d sessions in one booking", maxSlots)})
}
