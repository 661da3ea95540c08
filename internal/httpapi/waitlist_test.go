package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/captcha"
	"pitlane/internal/catalog"
	"pitlane/internal/clock"
	"pitlane/internal/event"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/waitlist"
)

// waitEnv is a server with the sessions engine, the captcha and the waiting list over the fixture,
// whose sessions have two places.
type waitEnv struct {
	clubEnv
	sessions *sessions.Service
}

func newWaitEnv(t *testing.T, db *store.DB) *waitEnv {
	t.Helper()
	e := &waitEnv{clubEnv: clubEnv{db: db, fix: storetest.NewFixture(t, db, storetest.FixtureOptions{Capacity: 2}), clk: clock.NewManual(now)}}
	e.captcha = captcha.NewService(db.Secrets(), e.clk)
	e.sessions = sessions.NewService(db.Holds(), e.clk, 10*time.Minute)
	h := httpapi.New(httpapi.Deps{
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		DB:       db,
		Sessions: e.sessions,
		Captcha:  e.captcha,
		Waitlist: waitlist.NewService(db.Waitlist(), e.sessions, e.captcha, e.clk),
	})
	e.api = apitest.New(t, h)
	return e
}

var offerLink = regexp.MustCompile(`/waitlist/offer/([0-9a-f]{64})`)

func TestWaitlistCalls(t *testing.T) {
	t.Parallel()
	e := newWaitEnv(t, storetest.Open(t, store.SQLite))
	ctx := context.Background()
	auth := []string{"Authorization", "Bearer " + e.fix.Token}
	cart, err := e.sessions.NewCart(ctx, e.fix.CompanyID)
	if err != nil {
		t.Fatal(err)
	}
	full, err := e.sessions.Hold(ctx, e.fix.Token, "filler-visitor", sessions.HoldRequest{BookingDates: []string{"2026-12-01 18:00:00"},
		NumDrivers: 2, IDType: e.fix.Product, Type: sessions.KindProduct, Token: cart})
	if err != nil {
		t.Fatal(err)
	}
	join := func(captcha string, edit func(map[string]any)) map[string]any {
		b := map[string]any{"date": "2026-12-01 18:00:00", "idType": e.fix.Product, "numDrivers": 2, "name": "Ana Gómez",
			"email": "ana@example.com", "phone": "+34600111222", "culture": "es", "captcha": captcha}
		if edit != nil {
			edit(b)
		}
		return b
	}
	var entry struct {
		State, LeaveToken string
		Position          int
	}
	const path = "/api/waitlist"
	e.run(t, []row{
		{name: "list off", method: "POST", path: path, body: join(e.solve(t), nil), headers: auth, status: 422, code: apperr.Unprocessable, text: "no waiting list"},
	})
	if err := e.db.Write(ctx, func(tx *store.Tx) error { return tx.SetWaitlist(ctx, e.fix.CompanyID, true, 30) }); err != nil {
		t.Fatal(err)
	}
	good := e.solve(t)
	e.run(t, []row{
		{name: "no company token", method: "POST", path: path, body: join(good, nil), status: 401, code: apperr.Unauthorized},
		{name: "captcha missing", method: "POST", path: path, body: join("", nil), headers: auth, status: 422, code: apperr.Unprocessable, field: "captcha"},
		{name: "bad e-mail", method: "POST", path: path, body: join(good, func(b map[string]any) { b["email"] = "ana@" }), headers: auth,
			status: 422, code: apperr.Unprocessable, field: "email"},
		{name: "unknown field", method: "POST", path: path, body: join(good, func(b map[string]any) { b["cc"] = "x" }), headers: auth, status: 400, code: apperr.Invalid},
		{name: "a session already started", method: "POST", path: path, body: join(e.solve(t), func(b map[string]any) { b["date"] = "2026-12-01 11:00:00" }),
			headers: auth, status: 422, code: apperr.Unprocessable, field: "bookingDates"},
		{name: "a session with places", method: "POST", path: path, body: join(e.solve(t), func(b map[string]any) { b["date"] = "2026-12-01 18:15:00" }),
			headers: auth, status: 409, code: apperr.Conflict, text: "book them"},
		{name: "joins", method: "POST", path: path, body: join(good, nil), headers: auth, status: 201, check: func(t *testing.T, res *apitest.Response) {
			res.JSON(t, &entry)
			if entry.State != "waiting" || entry.Position != 1 || len(entry.LeaveToken) != 64 {
				t.Fatalf("entry %+v", entry)
			}
		}},
		{name: "the same e-mail again", method: "POST", path: path, body: join(e.solve(t), func(b map[string]any) { b["email"] = "ANA@example.com" }),
			headers: auth, status: 409, code: apperr.Conflict, field: "email"},
		{name: "unknown leave link", method: "GET", path: path + "/" + strings.Repeat("0", 64), status: 404, code: apperr.NotFound},
		{name: "malformed leave link", method: "GET", path: path + "/abc", status: 404, code: apperr.NotFound},
		{name: "unknown offer link", method: "GET", path: path + "/offer/" + strings.Repeat("0", 64), status: 404, code: apperr.NotFound},
	})
	e.run(t, []row{{name: "the position", method: "GET", path: path + "/" + entry.LeaveToken, status: 200, check: func(t *testing.T, res *apitest.Response) {
		if !strings.Contains(string(res.Body), `"position":1`) || !strings.Contains(string(res.Body), `"date":"2026-12-01 18:00"`) {
			t.Fatalf("entry %s", res.Body)
		}
	}}})
	if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'waitlist_joined' AND culture = 'es-ES'`); n != 1 {
		t.Fatalf("%d joined mails in Spanish, want 1", n)
	}

	// The filler lets go: the places are offered to Ana in the same transaction, and mailed.
	if err := e.sessions.Release(ctx, cart, full.Identifier); err != nil {
		t.Fatal(err)
	}
	var body string
	if err := e.db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT body_text FROM outbox_emails WHERE kind = 'waitlist_offer'`).Scan(&body)
	}); err != nil {
		t.Fatalf("no offer mail: %v", err)
	}
	m := offerLink.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no offer link in %s", body)
	}
	offer := path + "/offer/" + m[1]
	e.run(t, []row{
		{name: "the offer opens on its cart", method: "GET", path: offer, status: 200, check: func(t *testing.T, res *apitest.Response) {
			var o struct {
				Token, PrebookingIdentifier, PrebookingDate, PublicKey string
				NumDrivers                                             int
				Price                                                  float64
			}
			res.JSON(t, &o)
			if o.Token == "" || o.PrebookingIdentifier == "" || o.PrebookingDate != "2026-12-01 18:00:00" || o.NumDrivers != 2 ||
				o.Price != 40 || o.PublicKey != "fixture-key" {
				t.Fatalf("offer %+v", o)
			}
		}},
		{name: "a stranger finds the session full", method: "POST", path: "/api/prebooking", headers: auth, status: 421, code: apperr.NoStock,
			body: map[string]any{"bookingDates": []string{"2026-12-01 18:00:00"}, "numDrivers": 1, "idType": e.fix.Product, "type": "PRODUCT", "token": cart}},
		{name: "leaves", method: "DELETE", path: path + "/" + entry.LeaveToken, status: 200, check: func(t *testing.T, res *apitest.Response) {
			if !strings.Contains(string(res.Body), `"state":"left"`) {
				t.Fatalf("entry %s", res.Body)
			}
		}},
		{name: "leaving twice is harmless", method: "DELETE", path: path + "/" + entry.LeaveToken, status: 200},
		{name: "the offer is gone", method: "GET", path: offer, status: 410, code: apperr.Gone},
		{name: "its places are on sale again", method: "POST", path: "/api/prebooking", headers: auth, status: 201,
			body: map[string]any{"bookingDates": []string{"2026-12-01 18:00:00"}, "numDrivers": 2, "idType": e.fix.Product, "type": "PRODUCT", "token": cart}},
	})
}

// A sold-out event's list: joining is one place (no number asked), refused while a place is free; a
// held place that runs out is the first entry's offer when the next visitor asks, and the offer opens with
// the event's key and the visitor id the place is held for, so the registration page finds it.
func TestEventWaitlistCalls(t *testing.T) {
	t.Parallel()
	e := newWaitEnv(t, storetest.Open(t, store.SQLite))
	ctx := context.Background()
	one := int64(1)
	var eventID, ticket int64
	starts := now.Add(72 * time.Hour)
	if err := e.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		if eventID, err = tx.InsertEvent(ctx, store.SeedEvent{CompanyID: e.fix.CompanyID, PublicKey: "night-cup", Name: "Night Cup",
			DateStart: starts.Format("2006-01-02 15:04:05"), DateEnd: starts.Add(3 * time.Hour).Format("2006-01-02 15:04:05"),
			StartsAt: starts, EndsAt: starts.Add(3 * time.Hour), Data: `{}`, TemplateHTML: `<p>Night</p>`}, now); err != nil {
			return err
		}
		ticket, err = tx.InsertProduct(ctx, store.SeedProduct{CompanyID: e.fix.CompanyID, Kind: catalog.KindEvent, IDLocal: "E-night",
			Name: "Night Cup ticket", PriceCents: 2500, MaxStock: &one, Data: "{}", EventID: &eventID}, now)
		if err != nil {
			return err
		}
		return tx.SetWaitlist(ctx, e.fix.CompanyID, true, 30)
	}); err != nil {
		t.Fatal(err)
	}
	body := func(captcha string) map[string]any {
		return map[string]any{"name": "Nora", "email": "nora@example.com", "culture": "en", "captcha": captcha}
	}
	const path = "/api/event/night-cup/waitlist"
	e.run(t, []row{
		{name: "a place is free", method: "POST", path: path, body: body(e.solve(t)), status: 409, code: apperr.Conflict},
		{name: "unknown event", method: "POST", path: "/api/event/nope/waitlist", body: body(e.solve(t)), status: 404, code: apperr.NotFound},
		{name: "a number of drivers is not asked", method: "POST", path: path, body: map[string]any{"name": "Nora", "email": "nora@example.com",
			"captcha": e.solve(t), "numDrivers": 2}, status: 400, code: apperr.Invalid},
	})
	// Another visitor holds the one place; Nora joins.
	place, err := e.db.Events().InsertEventHold(ctx, event.NewHold{Identifier: "h-other", CartToken: "cart-other", VisitorID: "visitor-other",
		CompanyID: e.fix.CompanyID, EventID: eventID, ProductID: ticket, Name: "Ticket", PriceCents: 2500, CreatedAt: now,
		ExpiresAt: now.Add(10 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	e.run(t, []row{{name: "joins", method: "POST", path: path, body: body(e.solve(t)), status: 201, check: func(t *testing.T, res *apitest.Response) {
		if !strings.Contains(string(res.Body), `"position":1`) || !strings.Contains(string(res.Body), `"numDrivers":1`) {
			t.Fatalf("entry %s", res.Body)
		}
	}}})
	// The other visitor's place runs out; the next visitor asking is refused and the place is Nora's offer.
	e.clk.Set(now.Add(11 * time.Minute))
	if _, err := e.db.Events().InsertEventHold(ctx, event.NewHold{Identifier: "h-late", CartToken: "cart-late", VisitorID: "visitor-late",
		CompanyID: e.fix.CompanyID, EventID: eventID, ProductID: ticket, Name: "Ticket", PriceCents: 2500, CreatedAt: e.clk.Now(),
		ExpiresAt: e.clk.Now().Add(10 * time.Minute)}); apperr.CodeOf(err) != apperr.NoStock {
		t.Fatalf("a late visitor: %v, want no stock (the place is the waiting entry's); the first hold was %s", err, place.Identifier)
	}
	var mail string
	if err := e.db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT body_text FROM outbox_emails WHERE kind = 'waitlist_offer' AND to_addr = 'nora@example.com'`).Scan(&mail)
	}); err != nil {
		t.Fatalf("no offer mail: %v", err)
	}
	m := offerLink.FindStringSubmatch(mail)
	if m == nil {
		t.Fatalf("no offer link in %s", mail)
	}
	e.run(t, []row{{name: "the event offer opens", method: "GET", path: "/api/waitlist/offer/" + m[1], status: 200, check: func(t *testing.T, res *apitest.Response) {
		var o struct {
			EventKey, VisitorID, Token, PrebookingIdentifier string
			NumDrivers                                       int
		}
		res.JSON(t, &o)
		if o.EventKey != "night-cup" || len(o.VisitorID) != 32 || o.Token == "" || o.PrebookingIdentifier == "" || o.NumDrivers != 1 {
			t.Fatalf("offer %s", res.Body)
		}
		held, found, err := e.db.Events().VisitorEventHold(ctx, ticket, o.VisitorID, e.clk.Now())
		if err != nil || !found || held.Identifier != o.PrebookingIdentifier || held.CartToken != o.Token {
			t.Fatalf("the registration page's lookup for the offer's visitor: %+v %v %v", held, found, err)
		}
	}}})
}
