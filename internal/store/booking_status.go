package store

import (
	"context"

	"pitlane/internal/checkout"
)

// moveBooking is the one writer of a booking's status after its insert: it takes the status the caller
// read (under the booking's lock) and the transition, asks checkout.NextStatus for the next status (an
// impossible move is its error and nothing is written) and writes it, with the other columns the step
// sets: set is ", col = ?, …" and args their values. Returns the status written.
func moveBooking(ctx context.Context, tx *Tx, id int64, from string, t checkout.Transition, set string, args ...any) (string, error) {
	next, err := checkout.NextStatus(from, t)
	if err != nil {
		return from, err
	}
	args = append(append([]any{next}, args...), id)
	_, err = tx.Exec(ctx, `UPDATE bookings SET status = ?`+set+` WHERE id = ?`, args...)
	return next, err
}
