package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/waitlist"
)

// wl is a waiting-list test bench: a fixture company with the list on, one session at 18:00 on
// 1 December 2026 (Madrid), and the test's own clock (now).
type wl struct {
	db    *store.DB
	fix   storetest.Fixture
	start time.Time
	now   time.Time
	cap   int
}

var wlMadrid, _ = time.LoadLocation("Europe/Madrid")

func newWL(t *testing.T, db *store.DB, capacity int) *wl {
	t.Helper()
	w := &wl{db: db, fix: storetest.NewFixture(t, db, storetest.FixtureOptions{Capacity: capacity}), cap: capacity,
		start: time.Date(2026, 12, 1, 18, 0, 0, 0, wlMadrid), now: time.Date(2026, 12, 1, 9, 0, 0, 0, wlMadrid)}
	w.exec(t, `UPDATE companies SET waitlist_enabled = 1, waitlist_offer_minutes = 30, max_slots_booking = 100 WHERE id = ?`, w.fix.CompanyID)
	return w
}

func (w *wl) exec(t testing.TB, q string, args ...any) {
	t.Helper()
	if err := w.db.Write(context.Background(), func(tx *store.Tx) error {
		_, err := tx.Exec(context.Background(), q, args...)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// held is a visitor's hold: its cart and identifier.
type held struct{ cart, id string }

// hold holds drivers places of the session for a new visitor at w.now for ten minutes.
func (w *wl) hold(t testing.TB, visitor string, drivers int) (held, error) {
	t.Helper()
	ctx := context.Background()
	h := held{cart: sessions.NewToken(), id: sessions.NewToken()}
	if err := w.db.Holds().CreateCart(ctx, w.fix.CompanyID, h.cart, w.now); err != nil {
		t.Fatal(err)
	}
	return h, w.db.Holds().InsertHold(ctx, sessions.NewHold{Identifier: h.id, CompanyID: w.fix.CompanyID, CartToken: h.cart,
		VisitorID: visitor, Kind: sessions.KindProduct, ProductID: w.fix.Product, Name: "Adult 10 min", NumDrivers: drivers,
		PriceCents: 2000 * int64(drivers), UnitCents: 2000, CreatedAt: w.now, ExpiresAt: w.now.Add(10 * time.Minute),
		Slots: []sessions.HoldSlot{{SlotKey: sessions.SlotKey{CircuitID: w.fix.Circuit, StartsAt: w.start.UnixMilli()},
			ProductID: w.fix.Product, LocalDate: "2026-12-01", LocalTime: "18:00:00", Capacity: w.cap, PriceCents: 2000}}})
}

func (w *wl) mustHold(t testing.TB, visitor string, drivers int) held {
	t.Helper()
	h, err := w.hold(t, visitor, drivers)
	if err != nil {
		t.Fatalf("hold %s×%d: %v", visitor, drivers, err)
	}
	return h
}

func (w *wl) release(t testing.TB, h held) {
	t.Helper()
	if err := w.db.Holds().ReleaseHold(context.Background(), h.cart, h.id, w.now); err != nil {
		t.Fatal(err)
	}
}

func (w *wl) join(t testing.TB, email string, drivers int) waitlist.Entry {
	t.Helper()
	e, err := w.db.Waitlist().Join(context.Background(), waitlist.Join{CompanyID: w.fix.CompanyID, ProductID: w.fix.Product,
		CircuitID: w.fix.Circuit, StartsAt: w.start.UnixMilli(), LocalDate: "2026-12-01", LocalTime: "18:00:00", UnitCents: 2000,
		Name: email, Email: email, Culture: "en-GB", Drivers: drivers}, w.now)
	if err != nil {
		t.Fatalf("join %s: %v", email, err)
	}
	return e
}

// states maps each entry's e-mail to its state.
func (w *wl) states(t testing.TB) map[string]string {
	t.Helper()
	es, err := w.db.Waitlist().Session(context.Background(), w.fix.CompanyID, w.fix.Circuit, w.start.UnixMilli())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range es {
		out[e.Email] = e.State
	}
	return out
}

// rowsTaken counts from the rows the session's places taken at w.now: live holds plus booked.
func (w *wl) rowsTaken(t testing.TB) (holds, offers int) {
	t.Helper()
	ctx := context.Background()
	err := w.db.Read(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
			WHERE hs.circuit_id = ? AND hs.starts_at = ? AND h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL`,
			w.fix.Circuit, w.start.UnixMilli(), w.now.UnixMilli()).Scan(&holds); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
			WHERE hs.circuit_id = ? AND hs.starts_at = ? AND h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL
			AND h.visitor_id LIKE 'waitlist-%'`, w.fix.Circuit, w.start.UnixMilli(), w.now.UnixMilli()).Scan(&offers)
	})
	if err != nil {
		t.Fatal(err)
	}
	return holds, offers
}

func wantStates(t *testing.T, got map[string]string, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("entry %s is %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}

// Freed places go to the waiting entries in join order among those that fit: a party of three higher up
// does not block a party of one below it, and what no entry takes is on sale again.
func TestWaitlistOffersInOrderAmongThoseThatFit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWL(t, db, 4)
		a := w.mustHold(t, "a", 2)
		w.mustHold(t, "b", 2)
		if _, err := w.db.Waitlist().Join(context.Background(), waitlist.Join{CompanyID: w.fix.CompanyID, ProductID: w.fix.Product,
			CircuitID: w.fix.Circuit, StartsAt: w.start.UnixMilli() + 15*60_000, LocalDate: "2026-12-01", LocalTime: "18:15:00",
			Name: "x", Email: "x@example.com", Culture: "en-GB", Drivers: 1}, w.now); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("joining a session with places: %v, want a conflict", err)
		}
		three := w.join(t, "three@example.com", 3)
		one := w.join(t, "one@example.com", 1)
		w.join(t, "two@example.com", 2)
		if three.Position != 1 || one.Position != 2 {
			t.Fatalf("positions %d, %d, want 1, 2", three.Position, one.Position)
		}
		if _, err := w.db.Waitlist().Join(context.Background(), waitlist.Join{CompanyID: w.fix.CompanyID, ProductID: w.fix.Product,
			CircuitID: w.fix.Circuit, StartsAt: w.start.UnixMilli(), LocalDate: "2026-12-01", LocalTime: "18:00:00",
			Name: "One", Email: "ONE@example.com", Culture: "en-GB", Drivers: 1}, w.now); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("the same e-mail twice: %v, want a conflict", err)
		}

		w.release(t, a) // two places free: three does not fit, one does, two no longer does
		wantStates(t, w.states(t), map[string]string{"three@example.com": "waiting", "one@example.com": "offered", "two@example.com": "waiting"})
		if holds, offers := w.rowsTaken(t); holds != 3 || offers != 1 {
			t.Fatalf("rows: %d places held, %d by offers; want 3 and 1", holds, offers)
		}
		if _, err := w.hold(t, "stranger", 2); apperr.CodeOf(err) != apperr.NoStock {
			t.Fatalf("a stranger asking for 2 places: %v, want no stock", err)
		}
		w.mustHold(t, "stranger", 1) // the place no entry fits is on sale
	})
}

// An offer that runs out passes to the next entry in the transaction that finds it expired: a visitor
// asking for the place then is refused, the next entry holds it. Housekeeping does the same when nobody
// asks. An entry that left is never offered.
func TestWaitlistExpiredOfferPassesOn(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newWL(t, db, 2)
		a := w.mustHold(t, "a", 2)
		gone := w.join(t, "gone@example.com", 2)
		w.join(t, "first@example.com", 2)
		w.join(t, "second@example.com", 2)
		if _, err := w.db.Waitlist().Leave(ctx, gone.LeaveToken, w.now); err != nil {
			t.Fatal(err)
		}
		w.release(t, a)
		wantStates(t, w.states(t), map[string]string{"gone@example.com": "left", "first@example.com": "offered", "second@example.com": "waiting"})

		w.now = w.now.Add(31 * time.Minute) // the first offer has run out
		if _, err := w.hold(t, "stranger", 1); apperr.CodeOf(err) != apperr.NoStock {
			t.Fatalf("a stranger after the offer expired: %v, want no stock (the place is the next entry's)", err)
		}
		wantStates(t, w.states(t), map[string]string{"first@example.com": "expired", "second@example.com": "offered"})
		if holds, offers := w.rowsTaken(t); holds != 2 || offers != 2 {
			t.Fatalf("rows: %d places held, %d by offers; want 2 and 2", holds, offers)
		}

		w.now = w.now.Add(31 * time.Minute) // the second runs out too, and nobody asks: housekeeping
		if _, err := w.db.Waitlist().Sweep(ctx, w.now); err != nil {
			t.Fatal(err)
		}
		wantStates(t, w.states(t), map[string]string{"gone@example.com": "left", "first@example.com": "expired", "second@example.com": "expired"})
		w.mustHold(t, "stranger", 2) // nobody waits any more: the places are on sale
	})
}

// Leaving with an offer in hand lets the offer's places go to the next entry at once.
func TestWaitlistLeavingPassesTheOfferOn(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWL(t, db, 1)
		a := w.mustHold(t, "a", 1)
		first := w.join(t, "first@example.com", 1)
		w.join(t, "second@example.com", 1)
		w.release(t, a)
		if _, err := w.db.Waitlist().Leave(context.Background(), first.LeaveToken, w.now); err != nil {
			t.Fatal(err)
		}
		wantStates(t, w.states(t), map[string]string{"first@example.com": "left", "second@example.com": "offered"})
		if holds, offers := w.rowsTaken(t); holds != 1 || offers != 1 {
			t.Fatalf("rows: %d places held, %d by offers; want 1 and 1", holds, offers)
		}
	})
}

// Releases and strangers race on a full session with a waiting list: every freed place goes to one
// waiting entry in the releasing transaction, so no stranger gets one and the rows never hold more
// than the capacity. Repeated, on both engines.
func TestWaitlistRaceFreeingAndTaking(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		const capacity, strangers = 6, 12
		w := newWL(t, db, capacity)
		hs := make([]held, capacity)
		for i := range hs {
			hs[i] = w.mustHold(t, fmt.Sprintf("filler-%d", i), 1)
		}
		for i := 0; i < 10; i++ {
			w.join(t, fmt.Sprintf("w%02d@example.com", i), 1)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		won := make(chan string, strangers)
		for i := 0; i < 3; i++ { // three releases
			wg.Add(1)
			go func(h held) {
				defer wg.Done()
				<-start
				if err := w.db.Holds().ReleaseHold(context.Background(), h.cart, h.id, w.now); err != nil {
					t.Error(err)
				}
			}(hs[i])
		}
		for i := 0; i < strangers; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				_, err := w.hold(t, fmt.Sprintf("stranger-%d", i), 1)
				if err == nil {
					won <- fmt.Sprint(i)
				} else if apperr.CodeOf(err) != apperr.NoStock {
					t.Errorf("stranger %d: %v", i, err)
				}
			}(i)
		}
		close(start)
		wg.Wait()
		close(won)
		for s := range won {
			t.Errorf("stranger %s took a place freed while entries were waiting", s)
		}
		holds, offers := w.rowsTaken(t)
		if holds != capacity || offers != 3 {
			t.Fatalf("rows: %d places held (%d by offers), want %d (3)", holds, offers, capacity)
		}
		st := w.states(t)
		for i := 0; i < 10; i++ {
			want := "waiting"
			if i < 3 {
				want = "offered"
			}
			if got := st[fmt.Sprintf("w%02d@example.com", i)]; got != want {
				t.Fatalf("entry %d is %s, want %s (offers in join order): %v", i, got, want, st)
			}
		}
	})
}

// mails counts the outbox rows of a kind to an address.
func (w *wl) mails(t testing.TB, kind, to string) int {
	t.Helper()
	return int(storetest.Recount(t, w.db, `SELECT COUNT(*) FROM outbox_emails WHERE kind = ? AND to_addr = ?`, kind, to))
}

// Joining queues one mail with the position; an offer queues one offer mail in the entry's language with
// the offer link, once however many times the session's places move afterwards; an entry that left gets
// no offer mail.
func TestWaitlistMails(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newWL(t, db, 2)
		a := w.mustHold(t, "a", 1)
		b := w.mustHold(t, "b", 1)
		gone := w.join(t, "gone@example.com", 1)
		if _, err := w.db.Waitlist().Join(ctx, waitlist.Join{CompanyID: w.fix.CompanyID, ProductID: w.fix.Product,
			CircuitID: w.fix.Circuit, StartsAt: w.start.UnixMilli(), LocalDate: "2026-12-01", LocalTime: "18:00:00", UnitCents: 2000,
			Name: "Lars", Email: "lars@example.com", Culture: "de-DE", Drivers: 1}, w.now); err != nil {
			t.Fatal(err)
		}
		if n := w.mails(t, "waitlist_joined", "lars@example.com"); n != 1 {
			t.Fatalf("%d joined mails, want 1", n)
		}
		if _, err := w.db.Waitlist().Leave(ctx, gone.LeaveToken, w.now); err != nil {
			t.Fatal(err)
		}
		w.release(t, a)
		w.release(t, b) // a second freeing on the session: the offer already made is not mailed again
		if n := w.mails(t, "waitlist_offer", "gone@example.com"); n != 0 {
			t.Fatalf("the entry that left got %d offer mails", n)
		}
		if n := w.mails(t, "waitlist_offer", "lars@example.com"); n != 1 {
			t.Fatalf("%d offer mails, want 1", n)
		}
		var culture, body string
		if err := w.db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT culture, body_text FROM outbox_emails WHERE kind = 'waitlist_offer'`).Scan(&culture, &body)
		}); err != nil {
			t.Fatal(err)
		}
		if culture != "de-DE" || !strings.Contains(body, "/waitlist/offer/") || !strings.Contains(body, "/waitlist/leave/") {
			t.Fatalf("offer mail in %s: %s", culture, body)
		}
	})
}

// Two instances on one PostgreSQL free places of the same session at once, while strangers ask for
// them on both: each freed place goes to exactly one waiting entry, in join order, with one offer mail.
func TestWaitlistTwoInstancesOnePostgres(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	u := storetest.MigratedPostgresURL(t)
	open := func() *store.DB {
		db, err := store.Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		return db
	}
	a, b := open(), open()
	const capacity = 4
	w := newWL(t, a, capacity)
	hs := make([]held, capacity)
	for i := range hs {
		hs[i] = w.mustHold(t, fmt.Sprintf("filler-%d", i), 1)
	}
	for i := 0; i < 8; i++ {
		w.join(t, fmt.Sprintf("w%02d@example.com", i), 1)
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, h := range hs {
		db := a
		if i%2 == 1 {
			db = b
		}
		wg.Add(2)
		go func(db *store.DB, h held) {
			defer wg.Done()
			<-start
			if err := db.Holds().ReleaseHold(ctx, h.cart, h.id, w.now); err != nil {
				t.Error(err)
			}
		}(db, h)
		go func(db *store.DB, i int) {
			defer wg.Done()
			<-start
			other := &wl{db: db, fix: w.fix, start: w.start, now: w.now, cap: w.cap}
			if _, err := other.hold(t, fmt.Sprintf("stranger-%d", i), 1); err == nil {
				t.Errorf("stranger %d took a place freed while entries were waiting", i)
			} else if apperr.CodeOf(err) != apperr.NoStock {
				t.Errorf("stranger %d: %v", i, err)
			}
		}(db, i)
	}
	close(start)
	wg.Wait()
	holds, offers := w.rowsTaken(t)
	if holds != capacity || offers != capacity {
		t.Fatalf("rows: %d places held, %d by offers; want %d and %d", holds, offers, capacity, capacity)
	}
	st := w.states(t)
	for i := 0; i < 8; i++ {
		want := "waiting"
		if i < capacity {
			want = "offered"
		}
		if got := st[fmt.Sprintf("w%02d@example.com", i)]; got != want {
			t.Fatalf("entry %d is %s, want %s: %v", i, got, want, st)
		}
	}
	if n := int(storetest.Recount(t, a, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'waitlist_offer'`)); n != capacity {
		t.Fatalf("%d offer mails, want %d", n, capacity)
	}
}
