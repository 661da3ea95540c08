package sessions_test

import (
	"context"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// An expired hold stops counting the instant it expires, with no housekeeping running: another visitor
// gets its places at once, and its own visitor may hold the session again.
func TestExpiredHoldIsBookableAtOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
		slot := at("10:00")
		if code, body := e.hold(t, "visitor-first", e.cart(t), sessions.KindProduct, e.fix.Product, 4, slot); code != 201 {
			t.Fatalf("first hold: %d %v", code, body)
		}
		late := e.cart(t)
		e.clk.Advance(10*time.Minute - time.Millisecond)
		if code, _ := e.hold(t, "visitor-late", late, sessions.KindProduct, e.fix.Product, 1, slot); code != 421 {
			t.Fatalf("a millisecond before expiry: %d, want 421", code)
		}
		e.clk.Advance(time.Millisecond)
		if code, body := e.hold(t, "visitor-late", late, sessions.KindProduct, e.fix.Product, 3, slot); code != 201 {
			t.Fatalf("at expiry: %d %v, want 201", code, body)
		}
		if code, body := e.hold(t, "visitor-first", e.cart(t), sessions.KindProduct, e.fix.Product, 1, slot); code != 201 {
			t.Fatalf("the first visitor again: %d %v, want 201 (their hold expired)", code, body)
		}
		if n := e.livePlaces(t, e.fix.Circuit, slot); n != 4 {
			t.Errorf("%d places counted in rows, want 4", n)
		}
		a, err := e.svc.Availability(t.Context(), e.fix.Token, day, e.fix.Product, "PRODUCT")
		if err != nil {
			t.Fatal(err)
		}
		if s := a.Slots[0]; s.StartTime != "10:00:00" || s.UsersAvailable != 0 || s.Reason != "full" {
			t.Errorf("10:00 after the new holds: %+v", s)
		}
		var rows int
		if err := db.Read(t.Context(), func(tx *store.Tx) error {
			return tx.QueryRow(t.Context(), `SELECT COUNT(*) FROM holds`).Scan(&rows)
		}); err != nil {
			t.Fatal(err)
		}
		if rows != 3 {
			t.Errorf("%d hold rows, want 3: nothing swept the expired one", rows)
		}
	})
}

// Release gives the places back once however often it is called, only for the cart that holds them.
func TestReleaseIsIdempotent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{})
		ctx := t.Context()
		slot := at("11:00")
		cart, other := e.cart(t), e.cart(t)
		h, err := e.svc.Hold(ctx, e.fix.Token, "visitor-rel", sessions.HoldRequest{BookingDates: []string{slot}, NumDrivers: 5,
			IDType: e.fix.Product, Type: "product", Token: cart})
		if err != nil {
			t.Fatal(err)
		}
		if h.Price != 100 || h.PrebookingDate != slot || !h.ExpiresAt.Equal(e.clk.Now().Add(e.svc.HoldTTL())) {
			t.Errorf("hold %+v", h)
		}

		// Another cart cannot release it (the answer does not tell it apart from an unknown one).
		if err := e.svc.Release(ctx, other, h.Identifier); err != nil {
			t.Fatalf("release from another cart: %v", err)
		}
		if n := e.livePlaces(t, e.fix.Circuit, slot); n != 5 {
			t.Fatalf("another cart released the hold: %d places held", n)
		}
		for i := 0; i < 3; i++ {
			if err := e.svc.Release(ctx, cart, h.Identifier); err != nil {
				t.Fatalf("release %d: %v", i+1, err)
			}
			if n := e.livePlaces(t, e.fix.Circuit, slot); n != 0 {
				t.Fatalf("after release %d: %d places held", i+1, n)
			}
		}
		var lines int
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM cart_lines cl JOIN carts c ON c.id = cl.cart_id WHERE c.token = ?`, cart).Scan(&lines)
		}); err != nil {
			t.Fatal(err)
		}
		if lines != 0 {
			t.Errorf("the released pre-booking is still a line of the cart (%d lines)", lines)
		}

		// Releasing an expired hold, or one housekeeping already swept, is harmless too.
		h2, err := e.svc.Hold(ctx, e.fix.Token, "", sessions.HoldRequest{BookingDates: []string{slot}, NumDrivers: 1,
			IDType: e.fix.Product, Type: "PRODUCT", Token: cart})
		if err != nil {
			t.Fatal(err)
		}
		e.clk.Advance(time.Hour)
		if err := e.svc.Release(ctx, cart, h2.Identifier); err != nil {
			t.Errorf("release after expiry: %v", err)
		}
		if n, err := e.svc.Housekeep(ctx, 0); err != nil || n != 2 {
			t.Errorf("housekeep: %d, %v; want 2", n, err)
		}
		if err := e.svc.Release(ctx, cart, h2.Identifier); err != nil {
			t.Errorf("release after housekeeping: %v", err)
		}

		if err := e.svc.Release(ctx, "no-such-cart", h.Identifier); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown cart: %v, want not_found", err)
		}
		if err := e.svc.Release(ctx, "", h.Identifier); !apperr.Is(err, apperr.Unprocessable) {
			t.Errorf("no cart token: %v, want unprocessable", err)
		}
	})
}

// Housekeep deletes holds that expired or were released more than the grace ago, and nothing else:
// not live holds, not holds that became bookings, not dead holds still within the grace.
func TestHousekeepDeletesOnlyDeadHolds(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{})
		ctx := t.Context()
		cart := e.cart(t)
		hold := func(hhmm string, drivers int) string {
			h, err := e.svc.Hold(ctx, e.fix.Token, "", sessions.HoldRequest{BookingDates: []string{at(hhmm)}, NumDrivers: drivers,
				IDType: e.fix.Product, Type: "PRODUCT", Token: cart})
			if err != nil {
				t.Fatal(err)
			}
			return h.Identifier
		}
		// 09:00: four holds; one is released at once and one becomes a booking.
		expired, released, booked := hold("10:00", 1), hold("10:15", 2), hold("10:30", 3)
		if err := e.svc.Release(ctx, cart, released); err != nil {
			t.Fatal(err)
		}
		if err := db.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE holds SET booking_id = 1 WHERE identifier = ?`, booked)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		e.clk.Advance(45 * time.Minute) // 09:45
		recent := hold("10:45", 1)
		e.clk.Advance(15 * time.Minute) // 10:00
		live := hold("11:00", 4)
		e.clk.Advance(5 * time.Minute)
		// 10:05. Dead: released at 09:00, expired at 09:10, recent at 09:55. Live until 10:10: live.
		before := e.rows(t)
		placesBefore := e.livePlaces(t, e.fix.Circuit, at("11:00"))

		steps := []struct {
			grace   time.Duration
			deleted int64
			remain  map[string]bool
		}{
			{2 * time.Hour, 0, map[string]bool{released: true, expired: true, booked: true, recent: true, live: true}},
			{30 * time.Minute, 2, map[string]bool{released: false, expired: false, booked: true, recent: true, live: true}},
			{0, 1, map[string]bool{released: false, expired: false, booked: true, recent: false, live: true}},
			{0, 0, map[string]bool{booked: true, live: true}},
		}
		total := 0
		for _, s := range steps {
			n, err := e.svc.Housekeep(ctx, s.grace)
			if err != nil || n != s.deleted {
				t.Fatalf("grace %v: %d deleted, %v; want %d", s.grace, n, err, s.deleted)
			}
			total += int(n)
			for id, want := range s.remain {
				if got := e.holdExists(t, id); got != want {
					t.Errorf("grace %v: hold %s exists %v, want %v", s.grace, id, got, want)
				}
			}
			after := e.rows(t)
			if after.holds != before.holds-total || after.slots != before.slots-total {
				t.Errorf("grace %v: rows before %+v, after %+v; want %d holds and their sessions fewer", s.grace, before, after, total)
			}
		}
		if got := e.livePlaces(t, e.fix.Circuit, at("11:00")); got != placesBefore || got != 4 {
			t.Errorf("housekeeping changed the places counted: %d → %d", placesBefore, got)
		}
	})
}

type rowCounts struct{ holds, slots, lines int }

func (e *env) rows(t *testing.T) rowCounts {
	t.Helper()
	var r rowCounts
	ctx := context.Background()
	err := e.db.Read(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM holds`).Scan(&r.holds); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM hold_slots`).Scan(&r.slots); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM cart_lines`).Scan(&r.lines)
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func (e *env) holdExists(t *testing.T, identifier string) bool {
	t.Helper()
	var n int
	ctx := context.Background()
	if err := e.db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM holds WHERE identifier = ?`, identifier).Scan(&n)
	}); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// A pre-booking of several sessions, chosen in any order, is dated by its first session and takes a
// place in each.
func TestHoldIsDatedByItsFirstSession(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{})
		h, err := e.svc.Hold(t.Context(), e.fix.Token, "visitor-order", sessions.HoldRequest{
			BookingDates: []string{at("13:00"), at("11:00"), at("12:00")}, NumDrivers: 2,
			IDType: e.fix.Product, Type: "PRODUCT", Token: e.cart(t)})
		if err != nil {
			t.Fatal(err)
		}
		if h.PrebookingDate != at("11:00") || h.Price != 120 {
			t.Errorf("hold %+v, want dated %s and priced 120", h, at("11:00"))
		}
		for _, s := range []string{"11:00", "12:00", "13:00"} {
			if n := e.livePlaces(t, e.fix.Circuit, at(s)); n != 2 {
				t.Errorf("%s: %d places held, want 2", s, n)
			}
		}
	})
}

// With answers reused (as the server runs), a visitor sees this instance's holds and releases at once,
// and changes made elsewhere (another instance, an admin) within ReuseTTL — never later.
func TestAvailabilityReuseIsBounded(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{Capacity: 4})
		e.svc.SetReuseTTL(sessions.ReuseTTL)
		ctx := t.Context()
		free := func() int {
			t.Helper()
			a, err := e.svc.Availability(ctx, e.fix.Token, day, e.fix.Product, sessions.KindProduct)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range a.Slots {
				if s.StartTime == "10:00:00" {
					return s.UsersAvailable
				}
			}
			t.Fatal("no 10:00 session")
			return 0
		}
		if n := free(); n != 4 {
			t.Fatalf("free before any hold: %d, want 4", n)
		}
		cart := e.cart(t)
		id := e.mustHold(t, "visitor-a", cart, 3, at("10:00"))
		if n := free(); n != 1 {
			t.Fatalf("right after this instance's hold: %d free, want 1", n)
		}
		if err := e.svc.Release(ctx, cart, id); err != nil {
			t.Fatal(err)
		}
		if n := free(); n != 4 {
			t.Fatalf("right after this instance's release: %d free, want 4", n)
		}
		// Another instance books two places: not seen for up to the TTL, then seen.
		if err := db.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE slots SET booked = 2 WHERE circuit_id = ? AND local_time = '10:00:00'`, e.fix.Circuit)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		e.clk.Advance(sessions.ReuseTTL - time.Millisecond)
		if n := free(); n != 4 {
			t.Fatalf("within the TTL: %d free, want the reused answer (4)", n)
		}
		e.clk.Advance(time.Millisecond)
		if n := free(); n != 2 {
			t.Fatalf("at the TTL: %d free, want 2", n)
		}
	})
}

// With offers reused (as the server runs), a product whose stock an admin limited a moment ago is held
// against the new limit at once: stock is always read in the hold's transaction.
func TestReusedOfferNeverOversellsStock(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, storetest.FixtureOptions{})
		e.svc.SetReuseTTL(sessions.ReuseTTL)
		e.mustHold(t, "visitor-a", e.cart(t), 2, at("10:00")) // the offer, unlimited, is now reused
		if err := db.Write(t.Context(), func(tx *store.Tx) error {
			_, err := tx.Exec(t.Context(), `UPDATE products SET max_stock = 3 WHERE id = ?`, e.fix.Product)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if code, body := e.hold(t, "visitor-b", e.cart(t), sessions.KindProduct, e.fix.Product, 2, at("10:15")); code != 421 {
			t.Fatalf("2 more of a stock of 3 with 2 held: %d %v, want 421", code, body)
		}
		if code, body := e.hold(t, "visitor-c", e.cart(t), sessions.KindProduct, e.fix.Product, 1, at("10:15")); code != 201 {
			t.Fatalf("the last unit: %d %v, want 201", code, body)
		}
	})
}
