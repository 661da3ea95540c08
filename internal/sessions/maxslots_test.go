package sessions_test

import (
	"testing"

	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// maxSlotsBooking counts every live session the cart holds, not only those of one request: the wizard
// holds one session per call, so one call more than the company allows answers 422 with the spec's
// message and takes no place; a released hold frees its count, and another cart has its own.
func TestMaxSlotsAcrossTheCart(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{})
		e.setMaxSlots(t, 2)
		cart := e.cart(t)
		var ids []string
		for _, hhmm := range []string{"10:00", "10:15"} {
			code, body := e.hold(t, "visitor-a", cart, sessions.KindProduct, e.fix.Product, 1, at(hhmm))
			if code != 201 {
				t.Fatalf("hold %s: %d %v", hhmm, code, body)
			}
			ids = append(ids, body["prebookingIdentifier"].(string))
		}
		code, body := e.hold(t, "visitor-a", cart, sessions.KindProduct, e.fix.Product, 1, at("10:30"))
		if code != 422 {
			t.Fatalf("third session: %d %v, want 422", code, body)
		}
		if msg := body["message"]; msg != "You have reached the maximum number of sessions per booking (2)." {
			t.Errorf("message %q", msg)
		}
		if n := e.livePlaces(t, e.fix.Circuit, at("10:30")); n != 0 {
			t.Errorf("the refused hold took %d places", n)
		}
		if code, _ := e.hold(t, "visitor-b", e.cart(t), sessions.KindProduct, e.fix.Product, 1, at("10:30")); code != 201 {
			t.Errorf("another cart: %d, want 201", code)
		}
		if err := e.svc.Release(t.Context(), cart, ids[0]); err != nil {
			t.Fatal(err)
		}
		if code, body := e.hold(t, "visitor-a", cart, sessions.KindProduct, e.fix.Product, 1, at("10:45")); code != 201 {
			t.Errorf("after releasing one: %d %v, want 201", code, body)
		}
	})
}

// setMaxSlots sets the fixture company's maxSlotsBooking.
func (e *env) setMaxSlots(t testing.TB, n int) {
	t.Helper()
	if err := e.db.Write(t.Context(), func(tx *store.Tx) error {
		_, err := tx.Exec(t.Context(), `UPDATE companies SET max_slots_booking = ? WHERE id = ?`, n, e.fix.CompanyID)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}
