package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/event"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// eventNow is the instant event store tests run at.
var eventNow = time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)

// testEvent is an event with its ticket, written by addEvent.
type testEvent struct {
	ID, Ticket int64
	Key        string
}

// addEvent writes an event of the company starting `in` from eventNow and lasting three hours,
// with a ticket of price 25.00 and the stock (nil: unlimited), and the categories.
func addEvent(t *testing.T, db *store.DB, f storetest.Fixture, name string, in time.Duration, stock *int64, cats ...event.Category) testEvent {
	t.Helper()
	ctx := context.Background()
	starts := eventNow.Add(in)
	e := testEvent{Key: strings.ReplaceAll(strings.ToLower(name), " ", "-")}
	err := db.Write(ctx, func(tx *store.Tx) error {
		var err error
		e.ID, err = tx.InsertEvent(ctx, store.SeedEvent{CompanyID: f.CompanyID, PublicKey: e.Key, Name: name,
			DateStart: starts.Format(event.LocalLayout), DateEnd: starts.Add(3 * time.Hour).Format(event.LocalLayout),
			StartsAt: starts, EndsAt: starts.Add(3 * time.Hour), Data: `{"checkboxText":"Over 16"}`,
			TemplateHTML: `<h2>` + name + `</h2><script>alert(1)</script><p onclick="steal()">Race</p>`}, eventNow)
		if err != nil {
			return err
		}
		for _, c := range cats {
			opts := make([]store.SeedEventOption, len(c.Options))
			for i, o := range c.Options {
				opts[i] = store.SeedEventOption{Name: o.Name, ShortName: o.ShortName, Checked: o.Checked, Disabled: o.Disabled}
			}
			if _, err := tx.InsertEventCategory(ctx, e.ID, c.Title, c.Excluding, opts); err != nil {
				return err
			}
		}
		var variant int64
		if err := tx.QueryRow(ctx, `SELECT id FROM variants WHERE company_id = ? AND circuit_id = ?`, f.CompanyID, f.Circuit).Scan(&variant); err != nil {
			return err
		}
		e.Ticket, err = tx.InsertProduct(ctx, store.SeedProduct{CompanyID: f.CompanyID, Kind: catalog.KindEvent,
			IDLocal: "E-" + e.Key, Name: "Ticket " + name, PriceCents: 2500, MaxStock: stock, Data: "{}",
			VariantID: &variant, EventID: &e.ID}, eventNow)
		return err
	})
	if err != nil {
		t.Fatalf("add event %s: %v", name, err)
	}
	return e
}

func eventStock(n int64) *int64 { return &n }

// holdPlace asks the store for one place of e for the visitor at the instant.
func holdPlace(db *store.DB, f storetest.Fixture, e testEvent, visitor string, at time.Time) (event.HeldPlace, error) {
	id := fmt.Sprintf("h-%s-%d", visitor, at.UnixNano())
	return db.Events().InsertEventHold(context.Background(), event.NewHold{Identifier: id, CartToken: "cart-" + id, VisitorID: visitor,
		CompanyID: f.CompanyID, EventID: e.ID, ProductID: e.Ticket, Name: "Ticket", PriceCents: 2500,
		CreatedAt: at, ExpiresAt: at.Add(10 * time.Minute)})
}

func countRows(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.Read(context.Background(), func(tx *store.Tx) error { return tx.QueryRow(context.Background(), query, args...).Scan(&n) }); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestEventsBetweenListsOverlappingEventsInOrder(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		addEvent(t, db, f, "Later", 48*time.Hour, nil)
		addEvent(t, db, f, "Over", -5*time.Hour, nil)     // ended two hours ago
		addEvent(t, db, f, "Running", -1*time.Hour, nil)  // still running
		addEvent(t, db, f, "Tomorrow", 24*time.Hour, nil) // inside
		addEvent(t, db, f, "Far", 30*24*time.Hour, nil)   // after the window
		got, err := db.Events().EventsBetween(context.Background(), f.CompanyID, eventNow, eventNow.Add(3*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range got {
			names = append(names, e.Name)
		}
		if strings.Join(names, ",") != "Running,Tomorrow,Later" {
			t.Errorf("events %v, want Running, Tomorrow, Later", names)
		}
		if e := got[1]; e.Key != "tomorrow" || e.DateStart != eventNow.Add(24*time.Hour).Format(event.LocalLayout) ||
			!e.StartsAt.Equal(eventNow.Add(24*time.Hour)) || e.Data.CheckboxText != "Over 16" {
			t.Errorf("event %+v", e)
		}
		other, err := db.Events().EventsBetween(context.Background(), f.CompanyID+1000, eventNow, eventNow.Add(3*24*time.Hour))
		if err != nil || len(other) != 0 {
			t.Errorf("another company's events: %v %v", other, err)
		}
	})
}

func TestEventByKeyLoadsTheWholePageAndSanitisesOnWrite(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		cat := event.Category{Title: "Class", Excluding: true, Options: []event.Option{
			{Name: "Junior", ShortName: "JR", Checked: true}, {Name: "Senior", ShortName: "SR"}, {Name: "Master", ShortName: "MS", Disabled: true}}}
		e := addEvent(t, db, f, "Night Cup", 24*time.Hour, eventStock(3), cat)
		if _, err := holdPlace(db, f, e, "visitor-a", eventNow); err != nil {
			t.Fatal(err)
		}
		d, err := db.Events().EventByKey(context.Background(), e.Key, eventNow)
		if err != nil {
			t.Fatal(err)
		}
		if d.Event.ID != e.ID || d.Company.ID != f.CompanyID || d.Ticket.ID != e.Ticket || d.Ticket.CircuitName != "Track A" ||
			d.Ticket.PriceCents != 2500 || !d.Ticket.IsActive || d.Ticket.Taken != 1 || *d.Ticket.Remaining() != 2 {
			t.Errorf("detail %+v ticket %+v", d.Event, d.Ticket)
		}
		if len(d.Categories) != 1 || d.Categories[0].Title != "Class" || !d.Categories[0].Excluding ||
			len(d.Categories[0].Options) != 3 || d.Categories[0].Options[0] != cat.Options[0] || d.Categories[0].Options[2] != cat.Options[2] {
			t.Errorf("categories %+v", d.Categories)
		}
		if html := d.Event.TemplateHTML; strings.Contains(html, "script") || strings.Contains(html, "onclick") || !strings.Contains(html, "<h2>Night Cup</h2>") {
			t.Errorf("stored template %q: want it sanitised on write", html)
		}
		byID, err := db.Events().EventByID(context.Background(), e.ID, eventNow)
		if err != nil || byID.Event.Key != e.Key {
			t.Errorf("by id: %+v %v", byID.Event, err)
		}
		if _, err := db.Events().EventByKey(context.Background(), "no-such-event", eventNow); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown key: %v", err)
		}
	})
}

// A place is taken by a live hold or by a registration whose booking is not cancelled; the same
// visitor asking again gets the hold it has; no place is held past the stock or after the start.
func TestEventHoldsRespectStock(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		e := addEvent(t, db, f, "Cup", 24*time.Hour, eventStock(2))
		a, err := holdPlace(db, f, e, "visitor-a", eventNow)
		if err != nil {
			t.Fatal(err)
		}
		again, err := holdPlace(db, f, e, "visitor-a", eventNow.Add(time.Minute))
		if err != nil || again != a {
			t.Fatalf("same visitor again: %+v %v, want the first hold %+v", again, err, a)
		}
		if _, err := holdPlace(db, f, e, "visitor-b", eventNow); err != nil {
			t.Fatal(err)
		}
		if _, err := holdPlace(db, f, e, "visitor-c", eventNow); !apperr.Is(err, apperr.NoStock) {
			t.Fatalf("third place of two: %v, want no_stock", err)
		}
		if n := countRows(t, db, `SELECT COUNT(*) FROM holds WHERE product_id = ? AND kind = 'EVENT'`, e.Ticket); n != 2 {
			t.Errorf("%d holds written, want 2", n)
		}
		if n := countRows(t, db, `SELECT COUNT(*) FROM carts c JOIN cart_lines l ON l.cart_id = c.id WHERE l.product_id = ? AND l.kind = 'EVENT' AND l.total_cents = 2500`, e.Ticket); n != 2 {
			t.Errorf("%d cart lines, want 2", n)
		}

		// The holds expire: the places are free again without any sweeper.
		later := eventNow.Add(11 * time.Minute)
		if _, err := holdPlace(db, f, e, "visitor-c", later); err != nil {
			t.Fatalf("after expiry: %v", err)
		}
		// A registration of a live booking takes a place; one of a cancelled booking does not.
		register := func(status string) {
			err := db.Write(ctx, func(tx *store.Tx) error {
				var booking int64
				if err := tx.QueryRow(ctx, `INSERT INTO bookings (identifier, company_id, source, status, payment_mode, contact_name,
					phone, email, original_total_cents, total_cents, created_at, updated_at)
					VALUES (?, ?, 'EVENT', ?, 'online', 'Ana', '+34600123456', 'ana@example.com', 2500, 2500, 1, 1) RETURNING id`,
					"B-"+status, f.CompanyID, status).Scan(&booking); err != nil {
					return err
				}
				_, err := tx.Exec(ctx, `INSERT INTO event_registrations (event_id, booking_id, nick, phone, email, created_at)
					VALUES (?, ?, 'Ana', '+34600123456', 'ana@example.com', 1)`, e.ID, booking)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		register("cancelada")
		if _, err := holdPlace(db, f, e, "visitor-d", later); err != nil {
			t.Fatalf("a cancelled registration takes a place: %v", err)
		}
		d, err := db.Events().EventByKey(ctx, e.Key, later)
		if err != nil || *d.Ticket.Remaining() != 0 {
			t.Fatalf("remaining %v, %v", d.Ticket.Remaining(), err)
		}
		register("pending")
		d, _ = db.Events().EventByKey(ctx, e.Key, later)
		if d.Ticket.Taken != 3 || *d.Ticket.Remaining() != 0 {
			t.Errorf("taken %d: two live holds and a pending registration", d.Ticket.Taken)
		}

		past := addEvent(t, db, f, "Yesterday", -24*time.Hour, nil)
		if _, err := holdPlace(db, f, past, "visitor-a", eventNow); !apperr.Is(err, apperr.Gone) {
			t.Errorf("hold on a past event: %v, want gone", err)
		}
	})
}

// Many visitors race for the last places: exactly the stock is held, counted in rows.
func TestEventHoldRaceNeverOversells(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		e := addEvent(t, db, f, "Race", 24*time.Hour, eventStock(5))
		const visitors = 24
		var wg sync.WaitGroup
		errs := make(chan error, visitors)
		for i := range visitors {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := holdPlace(db, f, e, fmt.Sprintf("visitor-%02d", i), eventNow)
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		ok, sold := 0, 0
		for err := range errs {
			switch {
			case err == nil:
				ok++
			case apperr.Is(err, apperr.NoStock):
				sold++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if n := countRows(t, db, `SELECT COUNT(*) FROM holds WHERE product_id = ?`, e.Ticket); n != 5 || ok != 5 || sold != visitors-5 {
			t.Errorf("%d holds written, %d granted, %d refused; want 5, 5, %d", n, ok, sold, visitors-5)
		}
	})
}
