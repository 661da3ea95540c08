package sessions_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// These tests cover the per-session counter of held places (slots.held): every way a hold stops being
// live leaves it counted at most once, and a full counter never refuses places that are free.

// counter reads a session's counter of held places.
func (e *env) counter(t testing.TB, circuit int64, local string) int {
	t.Helper()
	ts, err := time.ParseInLocation("2006-01-02 15:04:05", local, madrid)
	if err != nil {
		t.Fatal(err)
	}
	var held int
	ctx := context.Background()
	if err := e.db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COALESCE(SUM(held), 0) FROM slots WHERE circuit_id = ? AND starts_at = ?`,
			circuit, ts.UnixMilli()).Scan(&held)
	}); err != nil {
		t.Fatal(err)
	}
	return held
}

// checkCounters asserts, for every session row, that the counter is the places of its counted rows and
// counts every live hold: it may over-count dead holds, never under-count live ones.
func (e *env) checkCounters(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	type row struct{ circuit, start, held, counted, live int64 }
	var bad []row
	err := e.db.Read(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT s.circuit_id, s.starts_at, s.held,
				(SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs
					WHERE hs.circuit_id = s.circuit_id AND hs.starts_at = s.starts_at AND hs.counted = 1),
				(SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
					WHERE hs.circuit_id = s.circuit_id AND hs.starts_at = s.starts_at
					AND h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL)
			FROM slots s`, e.clk.Now().UnixMilli())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.circuit, &r.start, &r.held, &r.counted, &r.live); err != nil {
				return err
			}
			if r.held != r.counted || r.held < r.live {
				bad = append(bad, r)
			}
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range bad {
		t.Errorf("session %d@%d: counter %d, counted rows %d, live holds %d", r.circuit, r.start, r.held, r.counted, r.live)
	}
}

// mustHold holds places through the service and returns the hold's identifier.
func (e *env) mustHold(t testing.TB, visitor, cart string, drivers int, dates ...string) string {
	t.Helper()
	h, err := e.svc.Hold(context.Background(), e.fix.Token, visitor, sessions.HoldRequest{BookingDates: dates,
		NumDrivers: drivers, IDType: e.fix.Product, Type: sessions.KindProduct, Token: cart})
	if err != nil {
		t.Fatalf("hold %d at %v: %v", drivers, dates, err)
	}
	return h.Identifier
}

// Releasing twice, or releasing a hold that expired and whose places a newcomer already took back, gives
// the places back once: the session can be filled again exactly to capacity, no more.
func TestCounterReleaseTwiceAndAfterExpiry(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
		ctx := t.Context()
		slot := at("10:00")
		cart := e.cart(t)
		id := e.mustHold(t, "visitor-a", cart, 3, slot)
		for i := 0; i < 2; i++ {
			if err := e.svc.Release(ctx, cart, id); err != nil {
				t.Fatal(err)
			}
			if n := e.counter(t, e.fix.Circuit, slot); n != 0 {
				t.Fatalf("after release %d: counter %d, want 0", i+1, n)
			}
		}
		e.checkCounters(t)

		// Expired, then a newcomer takes its places (the counter reclaims it), then it is released.
		old := e.mustHold(t, "visitor-b", cart, 4, slot)
		e.clk.Advance(11 * time.Minute)
		e.mustHold(t, "visitor-c", e.cart(t), 4, slot)
		for i := 0; i < 2; i++ {
			if err := e.svc.Release(ctx, cart, old); err != nil {
				t.Fatal(err)
			}
			if n := e.counter(t, e.fix.Circuit, slot); n != 4 {
				t.Fatalf("release %d of the expired hold: counter %d, want 4 (the newcomer's)", i+1, n)
			}
		}
		if code, _ := e.hold(t, "visitor-d", e.cart(t), sessions.KindProduct, e.fix.Product, 1, slot); code != 421 {
			t.Fatalf("a fifth place: %d, want 421", code)
		}
		e.checkCounters(t)

		// Expired and released before anyone reclaimed it: the release takes it out.
		e.clk.Advance(11 * time.Minute)
		late := e.mustHold(t, "visitor-e", cart, 2, at("10:15"))
		e.clk.Advance(11 * time.Minute)
		if err := e.svc.Release(ctx, cart, late); err != nil {
			t.Fatal(err)
		}
		if n := e.counter(t, e.fix.Circuit, at("10:15")); n != 0 {
			t.Fatalf("released after expiry: counter %d, want 0", n)
		}
		e.checkCounters(t)
	})
}

// Housekeeping deletes expired holds and their places leave the counter with them, once, whether or not
// a newcomer had already reclaimed them.
func TestCounterHousekeepingAfterExpiry(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
		ctx := t.Context()
		a, b := at("11:00"), at("11:15")
		e.mustHold(t, "visitor-a", e.cart(t), 1, a)
		e.mustHold(t, "visitor-b", e.cart(t), 3, a, b)
		if code, _ := e.hold(t, "visitor-x", e.cart(t), sessions.KindProduct, e.fix.Product, 1, a); code != 421 {
			t.Fatalf("full session: %d, want 421", code)
		}
		e.clk.Advance(11 * time.Minute)
		e.mustHold(t, "visitor-c", e.cart(t), 2, a) // reclaims the expired holds in a, not in b
		if got := [2]int{e.counter(t, e.fix.Circuit, a), e.counter(t, e.fix.Circuit, b)}; got != [2]int{2, 3} {
			t.Fatalf("counters after the reclaim %v, want [2 3]", got)
		}
		n, err := e.svc.Housekeep(ctx, 0)
		if err != nil || n != 2 {
			t.Fatalf("housekeep: %d, %v; want 2 deleted", n, err)
		}
		if got := [2]int{e.counter(t, e.fix.Circuit, a), e.counter(t, e.fix.Circuit, b)}; got != [2]int{2, 0} {
			t.Fatalf("counters after housekeeping %v, want [2 0]", got)
		}
		e.checkCounters(t)
		e.mustHold(t, "visitor-d", e.cart(t), 2, a)
		e.mustHold(t, "visitor-e", e.cart(t), 4, b)
		if code, _ := e.hold(t, "visitor-f", e.cart(t), sessions.KindProduct, e.fix.Product, 1, a); code != 421 {
			t.Fatalf("full again: %d, want 421", code)
		}
		e.checkCounters(t)
	})
}

// Booking a hold moves its places from the counter of held places to the booked ones: the session still
// has exactly its capacity, and releasing the booked hold changes nothing.
func TestCounterBookingAHold(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
		ctx := t.Context()
		slot := at("12:00")
		co := checkout.NewService(checkout.Deps{Store: db.Checkout(), Clock: e.clk, BaseURL: "https://book.example",
			HoldTTL: 10 * time.Minute, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		cart := e.cart(t)
		id := e.mustHold(t, "visitor-a", cart, 3, slot)
		e.mustHold(t, "visitor-b", e.cart(t), 1, slot)
		var req checkout.SaveRequest
		body, _ := json.Marshal(map[string]any{
			"token": cart, "nombre": "Ana", "apellidos": "García", "phone": "+34 612 345 678",
			"email": "ana@example.com", "emailConfirmation": "ana@example.com", "adultConfirmation": 1,
			"identifiersPrebooking": []string{id}, "isPaymentsActive": 0, "culture": "es-ES",
			"slots": []any{map[string]any{"prebookingIdentifier": id, "drivers": []string{"Ana", "Bo", "Cy"}}},
		})
		if err := json.Unmarshal(body, &req); err != nil {
			t.Fatal(err)
		}
		if _, err := co.Save(ctx, req, ""); err != nil {
			t.Fatalf("save booking: %v", err)
		}
		if n := e.counter(t, e.fix.Circuit, slot); n != 1 {
			t.Errorf("counter after booking %d, want 1 (the other visitor's hold)", n)
		}
		if n := e.livePlaces(t, e.fix.Circuit, slot); n != 4 {
			t.Errorf("%d places held and booked, want 4", n)
		}
		if err := e.svc.Release(ctx, cart, id); err == nil {
			t.Error("releasing a booked hold should be refused")
		}
		if code, _ := e.hold(t, "visitor-c", e.cart(t), sessions.KindProduct, e.fix.Product, 1, slot); code != 421 {
			t.Errorf("a fifth place: %d, want 421", code)
		}
		e.clk.Advance(11 * time.Minute) // the other hold expires; the booking stays
		e.mustHold(t, "visitor-d", e.cart(t), 1, slot)
		if code, _ := e.hold(t, "visitor-e", e.cart(t), sessions.KindProduct, e.fix.Product, 1, slot); code != 421 {
			t.Errorf("after expiry, a fifth place: %d, want 421", code)
		}
		e.checkCounters(t)
	})
}

// A session whose counter is full of expired holds (no housekeeping, no release) still gives all its
// places: no 421 while places are free, then exactly capacity, for single sessions and for holds of
// several sessions at once.
func TestCounterNever421WhilePlacesAreFree(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
		a, b := at("13:00"), at("13:15")
		e.mustHold(t, "visitor-a", e.cart(t), 1, a)
		e.mustHold(t, "visitor-b", e.cart(t), 1, a, b)
		e.mustHold(t, "visitor-c", e.cart(t), 2, a, b)
		if n := e.counter(t, e.fix.Circuit, a); n != 4 {
			t.Fatalf("counter %d, want 4", n)
		}
		e.clk.Advance(10 * time.Minute) // all expired exactly now
		for i, dates := range [][]string{{a}, {a, b}, {b}, {a, b}} {
			if code, body := e.hold(t, visitor(i), e.cart(t), sessions.KindProduct, e.fix.Product, 1, dates...); code != 201 {
				t.Fatalf("hold %d on %v: %d %v, want 201 (the expired holds free the places)", i, dates, code, body)
			}
		}
		// Now 3 of 4 places are held in each session.
		e.mustHold(t, "visitor-z", e.cart(t), 1, b)
		if code, _ := e.hold(t, "visitor-y", e.cart(t), sessions.KindProduct, e.fix.Product, 2, a); code != 421 {
			t.Fatalf("two places in %s with one free: %d, want 421", a, code)
		}
		e.mustHold(t, "visitor-w", e.cart(t), 1, a)
		if got := [2]int{e.livePlaces(t, e.fix.Circuit, a), e.livePlaces(t, e.fix.Circuit, b)}; got != [2]int{4, 4} {
			t.Fatalf("live places %v, want [4 4]", got)
		}
		if got := [2]int{e.counter(t, e.fix.Circuit, a), e.counter(t, e.fix.Circuit, b)}; got != [2]int{4, 4} {
			t.Fatalf("counters %v, want [4 4]: every expired hold reclaimed", got)
		}
		e.checkCounters(t)
	})
}
