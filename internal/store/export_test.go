package store

import "context"

// SetReferenceDrawn exposes setReferenceDrawn to the store's tests.
func (t *Tx) SetReferenceDrawn(ctx context.Context, bookingID int64, draw func() string) (string, error) {
	return setReferenceDrawn(ctx, t, bookingID, draw)
}
