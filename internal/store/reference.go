package store

import (
	"context"
	"fmt"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
)

// referenceAttempts is how many references are drawn before giving up; with 32^8 references per company a
// second draw is already rare.
const referenceAttempts = 8

// setReference gives the booking a short reference (checkout.NewReference) unique in its company, drawing
// again on a unique violation. Each try runs under a savepoint, so a violation (which aborts a PostgreSQL
// transaction) is rolled back alone and the booking's transaction goes on. Returns the reference.
func setReference(ctx context.Context, tx *Tx, bookingID int64) (string, error) {
	return setReferenceDrawn(ctx, tx, bookingID, checkout.NewReference)
}

// setReferenceDrawn is setReference with the references drawn by draw (tests draw a taken one).
func setReferenceDrawn(ctx context.Context, tx *Tx, bookingID int64, draw func() string) (string, error) {
	for range referenceAttempts {
		ref := draw()
		if _, err := tx.Exec(ctx, `SAVEPOINT booking_reference`); err != nil {
			return "", err
		}
		_, err := tx.Exec(ctx, `UPDATE bookings SET reference = ? WHERE id = ?`, ref, bookingID)
		if err == nil {
			_, err = tx.Exec(ctx, `RELEASE SAVEPOINT booking_reference`)
			return ref, err
		}
		if !apperr.Is(err, apperr.Conflict) {
			return "", err
		}
		if _, err := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT booking_reference`); err != nil {
			return "", err
		}
	}
	return "", fmt.Errorf("booking %d: no free reference after %d draws", bookingID, referenceAttempts)
}

// BackfillReferences gives a short reference to every booking without one (written before migration
// 00013, or by code that inserts bookings directly, such as the demo history), in batches. It is run at
// start-up (Migrate) and after the demo seeding; with nothing to do it is one indexed query.
func (db *DB) BackfillReferences(ctx context.Context) (int, error) {
	total := 0
	for {
		n := 0
		err := db.Write(ctx, func(tx *Tx) error {
			n = 0
			ids, err := int64sOf(ctx, tx, `SELECT id FROM bookings WHERE reference IS NULL ORDER BY id LIMIT 500`)
			if err != nil {
				return err
			}
			for _, id := range ids {
				if _, err := setReference(ctx, tx, id); err != nil {
					return err
				}
			}
			n = len(ids)
			return nil
		})
		if err != nil {
			return total, fmt.Errorf("backfill booking references: %w", err)
		}
		total += n
		if n < 500 {
			return total, nil
		}
	}
}
