package sessions_test

import (
	"context"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A product past its expiration date is not on sale: no availability, no pre-booking, whatever the
// client sends. The day of expiry itself is still on sale.
func TestExpiredProductCannotBeHeld(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{})
		ctx := context.Background()
		setExpiry := func(date string) {
			if err := db.Write(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `UPDATE products SET expiration_date = ? WHERE id = ?`, date, e.fix.Product)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		setExpiry("2026-11-30") // the day before the fixture's today
		if code, body := e.hold(t, "visitor-exp-1", e.cart(t), sessions.KindProduct, e.fix.Product, 1, at("12:00")); code != 422 {
			t.Fatalf("expired product: got %d %v, want 422", code, body)
		}
		if _, err := e.svc.Availability(ctx, e.fix.Token, day, e.fix.Product, sessions.KindProduct); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("availability of an expired product: %v, want not found", err)
		}
		setExpiry("2026-12-01") // expires today: still on sale
		if code, body := e.hold(t, "visitor-exp-2", e.cart(t), sessions.KindProduct, e.fix.Product, 1, at("12:00")); code != 201 {
			t.Fatalf("product expiring today: got %d %v, want 201", code, body)
		}
	})
}
