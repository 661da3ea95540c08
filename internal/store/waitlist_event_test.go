package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/report"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/waitlist"
)

// evWL is an event waiting-list bench: a fixture company with the list on and one event of the given
// stock, two days after eventNow.
type evWL struct {
	db  *store.DB
	fix storetest.Fixture
	ev  testEvent
	now time.Time
}

func newEvWL(t *testing.T, db *store.DB, stock int64, price int64) *evWL {
	t.Helper()
	f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
	w := &evWL{db: db, fix: f, now: eventNow}
	w.ev = addEvent(t, db, f, fmt.Sprintf("Night race %d", stock), 48*time.Hour, eventStock(stock))
	(&wl{db: db}).exec(t, `UPDATE companies SET waitlist_enabled = 1, waitlist_offer_minutes = 30 WHERE id = ?`, f.CompanyID)
	(&wl{db: db}).exec(t, `UPDATE products SET price_cents = ? WHERE id = ?`, price, w.ev.Ticket)
	return w
}

func (w *evWL) join(t testing.TB, email string) waitlist.Entry {
	t.Helper()
	e, err := w.db.Waitlist().JoinEvent(context.Background(), w.ev.Key, waitlist.Join{Name: email, Email: email,
		Culture: "en-GB", Drivers: 1}, w.now)
	if err != nil {
		t.Fatalf("join %s: %v", email, err)
	}
	return e
}

func (w *evWL) states(t testing.TB) map[string]string {
	t.Helper()
	es, err := w.db.Waitlist().Event(context.Background(), w.fix.CompanyID, w.ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range es {
		out[e.Email] = e.State
	}
	return out
}

// taken counts from the rows the event's places taken at w.now: live unpaid holds plus registrations
// not cancelled; and how many of the holds are offers of the list.
func (w *evWL) taken(t testing.TB) (taken, offers int) {
	t.Helper()
	now := w.now.UnixMilli()
	held := int(storetest.Recount(t, w.db, `SELECT COUNT(*) FROM holds WHERE product_id = ? AND expires_at > ?
		AND released_at IS NULL AND booking_id IS NULL AND pending_booking_id IS NULL`, w.ev.Ticket, now))
	regs := int(storetest.Recount(t, w.db, `SELECT COUNT(*) FROM event_registrations r JOIN bookings b ON b.id = r.booking_id
		WHERE r.event_id = ? AND b.status <> ?`, w.ev.ID, checkout.StatusCancelled))
	offers = int(storetest.Recount(t, w.db, `SELECT COUNT(*) FROM holds h JOIN waitlist_entries e ON e.offer_hold_id = h.id
		WHERE h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL AND e.state = 'offered'`, now))
	return held + regs, offers
}

// register turns a held place into a free registration (the ticket costs nothing: registered at once).
func (w *evWL) register(t testing.TB, cart, hold, email string) int64 {
	t.Helper()
	b, err := w.db.Checkout().CreateEventBooking(context.Background(), checkout.NewEventBooking{CartToken: cart,
		HoldIdentifier: hold, EventID: w.ev.ID, CompanyID: w.fix.CompanyID, Identifier: "reg-" + email, Nick: email,
		Phone: "+34600000000", Email: email, Culture: "en-GB", Now: w.now, PaymentUntil: w.now.Add(15 * time.Minute)})
	if err != nil {
		t.Fatalf("register %s: %v", email, err)
	}
	return b.BookingID
}

// An event's list: joining is refused while a place is free, then in join order a freed place (a
// registration cancelled by staff) is held for the first entry in the cancelling transaction, with one
// offer mail; the offer's place is taken through the registration and the entry shows booked; an offer
// that runs out passes to the next entry where the next visitor would take the place; staff raising the
// stock offer at once; staff removing an offered entry passes its place on. Staff actions are audited.
func TestWaitlistEvent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newEvWL(t, db, 1, 0)
		if _, err := db.Waitlist().JoinEvent(ctx, w.ev.Key, waitlist.Join{Name: "x", Email: "x@example.com", Culture: "en-GB",
			Drivers: 1}, w.now); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("joining an event with a place free: %v, want a conflict", err)
		}
		p, err := holdPlace(db, w.fix, w.ev, "first-visitor", w.now)
		if err != nil {
			t.Fatal(err)
		}
		booking := w.register(t, p.CartToken, p.Identifier, "first@example.com")
		a := w.join(t, "a@example.com")
		w.join(t, "b@example.com")
		w.join(t, "c@example.com")
		if _, err := db.Waitlist().JoinEvent(ctx, w.ev.Key, waitlist.Join{Name: "A", Email: "A@example.com", Culture: "en-GB",
			Drivers: 1}, w.now); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("the same e-mail twice: %v, want a conflict", err)
		}
		if a.Position != 1 {
			t.Fatalf("first position %d", a.Position)
		}

		// A cancelled registration: its place is a's offer in the same transaction.
		if _, err := db.Bookings().CancelByStaff(ctx, w.fix.CompanyID, booking, checkout.Actor{UserID: 0, Email: "desk@example.com"}, w.now); err != nil {
			t.Fatal(err)
		}
		wantStates(t, w.states(t), map[string]string{"a@example.com": "offered", "b@example.com": "waiting"})
		if taken, offers := w.taken(t); taken != 1 || offers != 1 {
			t.Fatalf("rows: %d places taken, %d offers; want 1 and 1", taken, offers)
		}
		if _, err := holdPlace(db, w.fix, w.ev, "stranger", w.now); apperr.CodeOf(err) != apperr.NoStock {
			t.Fatalf("a stranger after the cancellation: %v, want no stock", err)
		}
		if n := int(storetest.Recount(t, db, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'waitlist_offer' AND to_addr = ?`, "a@example.com")); n != 1 {
			t.Fatalf("%d offer mails to a, want 1", n)
		}

		// The offer runs out: the next visitor asking is refused, b holds the place.
		w.now = w.now.Add(31 * time.Minute)
		if _, err := holdPlace(db, w.fix, w.ev, "stranger-2", w.now); apperr.CodeOf(err) != apperr.NoStock {
			t.Fatalf("a stranger after the offer expired: %v, want no stock", err)
		}
		wantStates(t, w.states(t), map[string]string{"a@example.com": "expired", "b@example.com": "offered", "c@example.com": "waiting"})

		// b opens the offer and registers with it: booked.
		es, _ := db.Waitlist().Event(ctx, w.fix.CompanyID, w.ev.ID)
		var bEntry waitlist.Entry
		for _, e := range es {
			if e.Email == "b@example.com" {
				bEntry = e
			}
		}
		var holdIdent string
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT h.identifier FROM holds h JOIN waitlist_entries e ON e.offer_hold_id = h.id WHERE e.id = ?`,
				bEntry.ID).Scan(&holdIdent)
		}); err != nil {
			t.Fatal(err)
		}
		w.register(t, bEntry.OfferCartToken, holdIdent, "b@example.com")
		wantStates(t, w.states(t), map[string]string{"b@example.com": "booked", "c@example.com": "waiting"})

		// Staff raise the stock by two: c is offered at once; staff remove c: nobody waits, the place is on sale.
		(&wl{db: db}).exec(t, `UPDATE products SET max_stock = 3 WHERE id = ?`, w.ev.Ticket)
		by := waitlist.Actor{UserID: 0, Email: "desk@example.com"}
		if _, err := db.Waitlist().OfferEvent(ctx, w.fix.CompanyID, w.ev.ID, by, w.now); err != nil {
			t.Fatal(err)
		}
		wantStates(t, w.states(t), map[string]string{"c@example.com": "offered"})
		es, _ = db.Waitlist().Event(ctx, w.fix.CompanyID, w.ev.ID)
		for _, e := range es {
			if e.Email == "c@example.com" {
				if _, err := db.Waitlist().Remove(ctx, w.fix.CompanyID, e.ID, by, w.now); err != nil {
					t.Fatal(err)
				}
			}
		}
		wantStates(t, w.states(t), map[string]string{"c@example.com": "left"})
		if taken, offers := w.taken(t); taken != 1 || offers != 0 {
			t.Fatalf("rows after removing c: %d taken, %d offers; want 1 and 0", taken, offers)
		}
		if _, err := holdPlace(db, w.fix, w.ev, "stranger-3", w.now); err != nil {
			t.Fatalf("a stranger once nobody waits: %v", err)
		}
		for _, action := range []string{"waitlist.offer", "waitlist.remove"} {
			if n := storetest.Recount(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = ? AND user_email = ?`,
				w.fix.CompanyID, action, "desk@example.com"); int(n) != 1 {
				t.Fatalf("%v %s audit entries, want 1", n, action)
			}
		}
		// Another company's staff see no such event.
		if _, err := db.Waitlist().Event(ctx, w.fix.CompanyID+1000, w.ev.ID); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("another company's list: %v, want not found", err)
		}
	})
}

// Saving the settings audits the change (before and after), and a save that changes nothing audits nothing.
func TestWaitlistSettingsAudited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newWL(t, db, 2)
		by := waitlist.Actor{Email: "admin@example.com"}
		if err := db.Waitlist().SaveSettings(ctx, w.fix.CompanyID, waitlist.Settings{Enabled: true, OfferMinutes: 45}, by, w.now); err != nil {
			t.Fatal(err)
		}
		if err := db.Waitlist().SaveSettings(ctx, w.fix.CompanyID, waitlist.Settings{Enabled: true, OfferMinutes: 45}, by, w.now); err != nil {
			t.Fatal(err)
		}
		var details string
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT details FROM audit_log WHERE company_id = ? AND action = 'waitlist.settings'`, w.fix.CompanyID).Scan(&details)
		}); err != nil {
			t.Fatalf("one settings audit entry: %v", err)
		}
		if want := `"after":{"enabled":true,"offerMinutes":45}`; !strings.Contains(details, want) || !strings.Contains(details, `"offerMinutes":30`) {
			t.Fatalf("audit details %s", details)
		}
	})
}

// A waiting list of 50 on one session of 20 places, all taken: at one instant ten holders let their
// places go, ten holds have run out (reclaimed by whoever comes first), twelve strangers ask for a
// place and the first five entries leave the list, all at once. Afterwards the rows hold exactly the
// capacity, no stranger got a place, and the offers went in join order: the five that left, then the
// next twenty offered, the rest still waiting. Both engines.
func TestWaitlistRaceOfFifty(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const capacity, entries, strangers = 20, 50, 12
		w := newWL(t, db, capacity)
		early := *w
		early.now = w.now.Add(-6 * time.Minute) // these holds run out at now+4 minutes
		var cancels []held
		for i := 0; i < capacity/2; i++ {
			early.mustHold(t, fmt.Sprintf("expiring-%d", i), 1)
			cancels = append(cancels, w.mustHold(t, fmt.Sprintf("cancelling-%d", i), 1))
		}
		joined := make([]waitlist.Entry, entries)
		for i := range joined {
			joined[i] = w.join(t, fmt.Sprintf("w%02d@example.com", i), 1)
		}
		w.now = w.now.Add(5 * time.Minute) // the race: the expiring holds are dead
		var wg sync.WaitGroup
		start := make(chan struct{})
		for _, h := range cancels {
			wg.Add(1)
			go func(h held) {
				defer wg.Done()
				<-start
				if err := db.Holds().ReleaseHold(ctx, h.cart, h.id, w.now); err != nil {
					t.Error(err)
				}
			}(h)
		}
		for i := 0; i < strangers; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				if _, err := w.hold(t, fmt.Sprintf("stranger-%d", i), 1); err == nil {
					t.Errorf("stranger %d took a place while entries were waiting", i)
				} else if apperr.CodeOf(err) != apperr.NoStock {
					t.Errorf("stranger %d: %v", i, err)
				}
			}(i)
		}
		for i := 0; i < 5; i++ {
			wg.Add(1)
			go func(e waitlist.Entry) {
				defer wg.Done()
				<-start
				if _, err := db.Waitlist().Leave(ctx, e.LeaveToken, w.now); err != nil {
					t.Error(err)
				}
			}(joined[i])
		}
		close(start)
		wg.Wait()
		if _, err := db.Waitlist().Sweep(ctx, w.now); err != nil { // whatever no request reclaimed
			t.Fatal(err)
		}
		holds, offers := w.rowsTaken(t)
		booked := int(storetest.Recount(t, db, `SELECT COALESCE(SUM(booked), 0) FROM slots WHERE circuit_id = ? AND starts_at = ?`,
			w.fix.Circuit, w.start.UnixMilli()))
		if holds+booked != capacity || offers != capacity {
			t.Fatalf("rows: %d held + %d booked (%d by offers), want %d, all offers", holds, booked, offers, capacity)
		}
		st := w.states(t)
		for i := range joined {
			want := "waiting"
			switch {
			case i < 5:
				want = "left"
			case i < 5+capacity:
				want = "offered"
			}
			if got := st[fmt.Sprintf("w%02d@example.com", i)]; got != want {
				t.Fatalf("entry %d is %s, want %s (offers in join order): %v", i, got, want, st)
			}
		}
		if n := int(storetest.Recount(t, db, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'waitlist_offer'`)); n < capacity {
			t.Fatalf("%d offer mails, want at least one per offer standing (%d)", n, capacity)
		}
	})
}

// The waiting list's KPIs recount the rows: entries joined, offers made and offers taken in the period,
// and the taken offers' bookings' totals; a cancelled booking's total is no revenue; the previous day
// has none of them.
func TestWaitlistKPIRecount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newEvWL(t, db, 1, 0)
		p, err := holdPlace(db, w.fix, w.ev, "first-visitor", w.now)
		if err != nil {
			t.Fatal(err)
		}
		first := w.register(t, p.CartToken, p.Identifier, "first@example.com")
		for _, e := range []string{"a@example.com", "b@example.com", "c@example.com"} {
			w.join(t, e)
		}
		if _, err := db.Bookings().CancelByStaff(ctx, w.fix.CompanyID, first, checkout.Actor{Email: "desk@example.com"}, w.now); err != nil {
			t.Fatal(err)
		}
		es, _ := db.Waitlist().Event(ctx, w.fix.CompanyID, w.ev.ID)
		var hold string
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT identifier FROM holds WHERE id = (SELECT offer_hold_id FROM waitlist_entries WHERE id = ?)`, es[0].ID).Scan(&hold)
		}); err != nil {
			t.Fatal(err)
		}
		taken := w.register(t, es[0].OfferCartToken, hold, "a@example.com")
		(&wl{db: db}).exec(t, `UPDATE bookings SET total_cents = 4550 WHERE id = ?`, taken)

		day, _ := report.ParseDate("start", eventNow.Format("2006-01-02"))
		period, err := report.NewPeriod(day, day)
		if err != nil {
			t.Fatal(err)
		}
		k, err := report.NewService(db.Reports()).Waitlist(ctx, w.fix.CompanyID, period)
		if err != nil {
			t.Fatal(err)
		}
		rows := func(q string) float64 { return storetest.Recount(t, db, q, w.fix.CompanyID) }
		want := report.WaitlistKPI{
			Entries: report.KPI{Total: rows(`SELECT COUNT(*) FROM waitlist_entries WHERE company_id = ?`)},
			Offers:  report.KPI{Total: rows(`SELECT COUNT(*) FROM waitlist_entries WHERE company_id = ? AND offers > 0`)},
			Taken:   report.KPI{Total: rows(`SELECT COUNT(*) FROM waitlist_entries WHERE company_id = ? AND state = 'booked'`)},
			Revenue: report.KPI{Total: rows(`SELECT COALESCE(SUM(b.total_cents), 0) FROM waitlist_entries e JOIN bookings b ON b.id = e.booking_id
				WHERE e.company_id = ? AND e.state = 'booked'`) / 100},
		}
		if k.Entries.Total != 3 || k.Offers.Total != 1 || k.Taken.Total != 1 || k.Revenue.Total != 45.5 {
			t.Fatalf("KPIs %+v, want 3 entries, 1 offer, 1 taken, 45.50", k)
		}
		for name, pair := range map[string][2]report.KPI{"entries": {k.Entries, want.Entries}, "offers": {k.Offers, want.Offers},
			"taken": {k.Taken, want.Taken}, "revenue": {k.Revenue, want.Revenue}} {
			if pair[0].Total != pair[1].Total || pair[0].Previous != 0 {
				t.Fatalf("%s: KPI %v (previous %v), rows %v", name, pair[0].Total, pair[0].Previous, pair[1].Total)
			}
		}
		if _, err := db.Bookings().CancelByStaff(ctx, w.fix.CompanyID, taken, checkout.Actor{Email: "desk@example.com"}, w.now); err != nil {
			t.Fatal(err)
		}
		if k, err = report.NewService(db.Reports()).Waitlist(ctx, w.fix.CompanyID, period); err != nil || k.Revenue.Total != 0 || k.Taken.Total != 1 {
			t.Fatalf("after cancelling the taken offer's booking: %+v, %v; want revenue 0, still 1 taken", k, err)
		}
	})
}
