package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"pitlane/internal/clock"
	"pitlane/internal/config"
	"pitlane/internal/demo"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/server"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// getNow is when the walk runs: Tuesday 1 December 2026, 09:00 UTC (the demo seeds around it).
var getNow = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// walker is a demo server with a visitor who holds an event place and a session, and a booking paid at
// the circuit: the values the walk puts into the paths.
type walker struct {
	db      *store.DB
	handler http.Handler
	visitor string
	company struct {
		id    int64
		key   string
		token string
	}
	product     int64
	date        string
	eventKey    string
	cart        string // the open cart of the visitor's session hold
	hold        string
	eventCart   string
	eventHold   string
	booking     string // identifier of the booking paid at the circuit
	cancel      string // its cancellation token, from its confirmation mail
	unsubscribe string
	payPage     string // the simulated provider's page of the booking waiting for its payment
}

// call sends a request as the visitor, with the company's token, and decodes a 2xx JSON answer into out.
func (w *walker) call(t *testing.T, method, target string, body, out any) *apitest.Response {
	t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	req := httptest.NewRequest(method, target, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+w.company.token)
	req.Header.Set("X-Visitor-Id", w.visitor)
	rec := httptest.NewRecorder()
	w.handler.ServeHTTP(rec, req)
	res := &apitest.Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	if out != nil {
		if res.Status/100 != 2 {
			t.Fatalf("%s %s → %d %s", method, target, res.Status, res.Body)
		}
		res.JSON(t, out)
	}
	return res
}

// newWalker seeds the demo's companies (no history) on db, builds the server as cmd/pitlane does, and
// books and holds as a visitor would.
func newWalker(t *testing.T, db *store.DB, opts ...server.Option) *walker {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewManual(getNow)
	res, err := demo.Seed(ctx, db, clk)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := config.Load("serve", nil, map[string]string{"PITLANE_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "unused.db")}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app, err := server.New(cfg, db, clk, slog.New(slog.NewTextHandler(io.Discard, nil)), "http://example.com",
		append([]server.Option{server.WithoutRateLimits()}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	w := &walker{db: db, handler: app.Handler(), visitor: "walker-visitor-1"}
	for _, c := range res.Companies {
		if c.Name == "Circuito Norte" {
			w.company.id, w.company.key = c.ID, c.PublicKey
		}
	}
	var cfgOut struct {
		Token string `json:"token"`
	}
	w.call(t, "GET", "/api/config/"+w.company.key, nil, &cfgOut)
	w.company.token = cfgOut.Token

	var products struct {
		ProductsBooking []struct {
			ID int64 `json:"id"`
		} `json:"productsBooking"`
	}
	w.call(t, "GET", fmt.Sprintf("/api/product?idCompany=%d", w.company.id), nil, &products)
	if len(products.ProductsBooking) == 0 {
		t.Fatal("no bookable product")
	}
	w.product = products.ProductsBooking[0].ID
	type slot struct {
		StartTime string  `json:"startTime"`
		Available bool    `json:"available"`
		Free      int     `json:"usersAvailable"`
		Price     float64 `json:"price"`
	}
	var free []slot
	// From three days ahead: Circuito Norte takes online cancellations until two days before, and the
	// walker needs the cancel link of its confirmation mail.
	for d := 3; d < 22 && len(free) < 3; d++ {
		w.date = getNow.AddDate(0, 0, d).Format("2006-01-02")
		var av struct {
			Data struct {
				Slots []slot `json:"slots"`
			} `json:"data"`
		}
		w.call(t, "GET", fmt.Sprintf("/api/booking/availability?date=%s&idType=%d&type=PRODUCT", w.date, w.product), nil, &av)
		free = free[:0]
		for _, s := range av.Data.Slots {
			if s.Available && s.Free >= 2 {
				free = append(free, s)
			}
		}
	}
	if len(free) < 3 {
		t.Fatal("no day with three free sessions")
	}
	hold := func(s slot, drivers int) (cart, id string) {
		var c struct {
			Token string `json:"token"`
		}
		w.call(t, "POST", "/api/payment/shopping-cart", map[string]any{"idCompany": w.company.id}, &c)
		var h struct {
			ID string `json:"prebookingIdentifier"`
		}
		w.call(t, "POST", "/api/prebooking", map[string]any{"bookingDates": []string{w.date + " " + s.StartTime}, "numDrivers": drivers,
			"idType": w.product, "type": "PRODUCT", "token": c.Token, "price": s.Price * float64(drivers)}, &h)
		return c.Token, h.ID
	}
	save := func(s slot, email string) string {
		cart, id := hold(s, 2)
		var saved struct {
			URL string `json:"url"`
		}
		w.call(t, "POST", "/api/booking/saveBooking", map[string]any{
			"token": cart, "nombre": "Ana", "apellidos": "Berg", "phone": "+34600123456", "email": email,
			"emailConfirmation": email, "adultConfirmation": 1, "acceptSendPromo": 1, "identifiersPrebooking": []string{id},
			"slots": []map[string]any{{"prebookingIdentifier": id, "drivers": []map[string]string{
				{"name": "Ana", "email": "ana." + email}, {"name": "Bo", "email": "bo." + email}}}},
			"isPaymentsActive": 1, "culture": "es-ES"}, &saved)
		return saved.URL
	}
	// A booking waiting for its online payment (the simulated provider's page), then, with payment at
	// the circuit, a booked one with its confirmation mail (the cancel link).
	payURL := save(free[0], "online@example.com")
	if u, err := url.Parse(payURL); err != nil || !strings.HasPrefix(u.Path, "/pay/sim/") {
		t.Fatalf("saveBooking answered %q, not the simulated provider's page", payURL)
	} else {
		w.payPage = u.Path
	}
	if err := db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE companies SET payments_active = 0 WHERE id = ?`, w.company.id)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	booked := save(free[1], "walker@example.com")
	if u, err := url.Parse(booked); err == nil {
		w.booking = u.Query().Get("booking")
	}
	if w.booking == "" {
		t.Fatalf("saveBooking answered %q, not the success page of a booking paid at the circuit", booked)
	}
	var text string
	if err := db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT body_text FROM outbox_emails WHERE body_text LIKE ? ORDER BY id DESC LIMIT 1`,
			"%/cancelBooking/%").Scan(&text)
	}); err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`/cancelBooking/([A-Za-z0-9_-]+)`).FindStringSubmatch(text); m != nil {
		w.cancel = m[1]
	} else {
		t.Fatalf("no cancel link in the confirmation mail:\n%s", text)
	}
	if m := regexp.MustCompile(`/member/unsubscribe/([A-Za-z0-9_.~-]+)`).FindStringSubmatch(text); m != nil {
		w.unsubscribe = m[1]
	} else {
		t.Fatalf("no unsubscribe link in the confirmation mail of a customer who accepted news and offers:\n%s", text)
	}
	// A live session hold and a live event place of the visitor.
	w.cart, w.hold = hold(free[2], 1)
	var events struct {
		Data []struct {
			Key string `json:"key"`
		} `json:"data"`
	}
	w.call(t, "GET", fmt.Sprintf("/api/event?idCompany=%d", w.company.id), nil, &events)
	if len(events.Data) == 0 {
		t.Fatal("no demo event")
	}
	w.eventKey = events.Data[0].Key
	var reg struct {
		Data struct {
			TokenShoppingCart string `json:"tokenShoppingCart"`
			Prebooking        struct {
				Identifier string `json:"identifier"`
			} `json:"prebooking"`
		} `json:"data"`
	}
	w.call(t, "POST", "/api/event/"+w.eventKey+"/register", nil, &reg)
	w.eventCart, w.eventHold = reg.Data.TokenShoppingCart, reg.Data.Prebooking.Identifier
	return w
}

// availability is what the walk compares: every row that holds, books or sells a place, and what the
// visitor sees of the places (each event's places left, the day's sessions).
func (w *walker) availability(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	queries := []string{
		`SELECT COUNT(*) FROM holds`,
		`SELECT COUNT(*) FROM holds WHERE released_at IS NULL AND booking_id IS NULL`,
		`SELECT COALESCE(SUM(expires_at), 0) FROM holds`, // a GET that extended a hold changes it
		`SELECT COUNT(*) FROM hold_slots`,
		`SELECT COUNT(*) FROM carts`,
		`SELECT COUNT(*) FROM carts WHERE status = 'open'`,
		`SELECT COUNT(*) FROM cart_lines`,
		`SELECT COUNT(*) FROM bookings`,
		`SELECT COUNT(*) FROM bookings WHERE status = 'cancelada'`,
		`SELECT COUNT(*) FROM booking_slots`,
		`SELECT COALESCE(SUM(booked), 0) FROM slots`,
		`SELECT COUNT(*) FROM payments`,
		`SELECT COUNT(*) FROM refunds`,
		`SELECT COUNT(*) FROM event_registrations`,
		`SELECT COALESCE(SUM(max_stock), 0) FROM products`,
		// a GET that unsubscribed a member (the unsubscribe link's GET used to) changes these
		`SELECT COUNT(*) FROM members WHERE accept_send_promo = 1`,
		`SELECT COUNT(*) FROM members WHERE unsubscribed_at IS NOT NULL`,
	}
	var out []string
	err := w.db.Read(ctx, func(tx *store.Tx) error {
		for _, q := range queries {
			var n int64
			if err := tx.QueryRow(ctx, q).Scan(&n); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
			out = append(out, fmt.Sprintf("%s = %d", q, n))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var events struct {
		Data []struct {
			Key string `json:"key"`
		} `json:"data"`
	}
	w.call(t, "GET", fmt.Sprintf("/api/event?idCompany=%d", w.company.id), nil, &events)
	for _, e := range events.Data {
		var info struct {
			ProductOrPack struct {
				Stock *int64 `json:"stock"`
			} `json:"productOrPack"`
			Available bool `json:"available"`
		}
		w.call(t, "GET", "/api/event/"+e.Key, nil, &info)
		stock := "unlimited"
		if info.ProductOrPack.Stock != nil {
			stock = strconv.FormatInt(*info.ProductOrPack.Stock, 10)
		}
		out = append(out, fmt.Sprintf("event %s: %s places left, available %v", e.Key, stock, info.Available))
	}
	res := w.call(t, "GET", fmt.Sprintf("/api/booking/availability?date=%s&idType=%d&type=PRODUCT", w.date, w.product), nil, nil)
	out = append(out, "sessions: "+string(res.Body))
	return strings.Join(out, "\n")
}

// values are what the walk tries for each path parameter, by name: the visitor's, the booking's and the
// company's real values, and one that names nothing.
func (w *walker) values() map[string][]string {
	company := strconv.FormatInt(w.company.id, 10)
	return map[string][]string{
		"key":         {w.company.key, w.eventKey, w.unsubscribe, "nothing-here-0"},
		"identifier":  {w.booking, w.hold, w.eventHold, "nothing-here-0"},
		"token":       {w.cart, w.eventCart, "nothing-here-0"},
		"cancelToken": {w.cancel, "nothing-here-0"},
		"id":          {company, "999999"},
		"idCompany":   {company, "999999"},
		"culture":     {"es-ES", "en-GB"},
	}
}

// query is the query string of an operation: each parameter it declares, with a real value.
func (w *walker) query(op *openapi3.Operation) string {
	q := url.Values{}
	real := map[string]string{"idCompany": strconv.FormatInt(w.company.id, 10), "date": w.date, "dateEnd": w.date,
		"idType": strconv.FormatInt(w.product, 10), "type": "PRODUCT", "booking": w.booking, "token": w.cart}
	for _, p := range op.Parameters {
		if p.Value == nil || p.Value.In != "query" {
			continue
		}
		if v, ok := real[p.Value.Name]; ok {
			q.Set(p.Value.Name, v)
		} else if p.Value.Required {
			q.Set(p.Value.Name, "1")
		}
	}
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

// expand fills a path template with every combination of its parameters' values.
func expand(template string, values map[string][]string) []string {
	out := []string{template}
	for {
		i := strings.Index(out[0], "{")
		if i < 0 {
			return out
		}
		j := strings.Index(out[0][i:], "}") + i
		name := out[0][i+1 : j]
		vals := values[name]
		if len(vals) == 0 {
			vals = []string{"1", "nothing-here-0"}
		}
		var next []string
		for _, p := range out {
			for _, v := range vals {
				if v == "" {
					continue
				}
				next = append(next, strings.Replace(p, "{"+name+"}", url.PathEscape(v), 1))
			}
		}
		out = next
	}
}

// TestGetsChangeNothing walks every GET of docs/openapi.yaml (with the booking's, the visitor's and the
// company's real values, and values that name nothing) and every page of the app (the event
// registration page, the cancel page, the unsubscribe page, the kiosk …), as the visitor who holds
// places and as a stranger, and finds the places held, booked and left, and the members' consent to
// news and offers, exactly as before, on both engines. A GET that took a place (the event registration
// page used to), cancelled (the old cancel link's GET did), extended a hold or unsubscribed a member
// (the unsubscribe link's GET did, so mail scanners unsubscribed people) fails it.
func TestGetsChangeNothing(t *testing.T) {
	t.Parallel()
	path, err := apitest.SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromFile(path)
	if err != nil {
		t.Fatal(err)
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWalker(t, db)
		before := w.availability(t)
		values := w.values()
		var targets []string
		templates := doc.Paths.InMatchingOrder()
		sort.Strings(templates)
		for _, tmpl := range templates {
			item := doc.Paths.Value(tmpl)
			if item == nil || item.Get == nil {
				continue
			}
			for _, p := range expand(tmpl, values) {
				targets = append(targets, p+w.query(item.Get))
			}
		}
		if len(targets) < 40 {
			t.Fatalf("%d GET calls from docs/openapi.yaml, want the whole contract", len(targets))
		}
		pages := []string{"/", "/index.html", "/" + w.company.key, "/" + w.company.key + "/landing", "/" + w.company.key + "/landingEvents",
			"/event/" + w.eventKey, "/event/" + w.eventKey + "/register", "/events/" + w.company.key, "/kiosk/" + w.company.key,
			"/cancelBooking/" + w.cancel, "/terms", "/success?booking=" + w.booking, "/login", "/admin", w.payPage, "/dev/mail"}
		pages = append(pages, "/member/unsubscribe/"+w.unsubscribe)
		if !slices.Contains(targets, "/api/member/unsubscribe/"+url.PathEscape(w.unsubscribe)) {
			t.Fatal("the walk does not open the member's unsubscribe link's call")
		}
		targets = append(targets, pages...)
		t.Logf("%d GETs (contract calls and pages), each as the visitor and as a stranger", len(targets))
		for _, target := range targets {
			for _, visitor := range []string{w.visitor, "a-stranger-01"} {
				req := httptest.NewRequest("GET", target, nil)
				req.Header.Set("Authorization", "Bearer "+w.company.token)
				req.Header.Set("X-Visitor-Id", visitor)
				rec := httptest.NewRecorder()
				w.handler.ServeHTTP(rec, req)
				if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
					t.Errorf("GET %s → %d %s", target, rec.Code, rec.Body)
				}
			}
		}
		after := w.availability(t)
		if before != after {
			t.Errorf("%d GETs changed the places:\nbefore:\n%s\nafter:\n%s", len(targets)*2, before, after)
		}
		// The comparison sees a place taken: a stranger's hold (a POST) changes it.
		req := httptest.NewRequest("POST", "/api/event/"+w.eventKey+"/register", nil)
		req.Header.Set("X-Visitor-Id", "a-stranger-01")
		w.handler.ServeHTTP(httptest.NewRecorder(), req)
		held := w.availability(t)
		if held == after {
			t.Error("a stranger's hold changed nothing the walk compares")
		}
		// … and so does an unsubscribe (its POST).
		w.call(t, "POST", "/api/member/unsubscribe/"+url.PathEscape(w.unsubscribe), nil, &struct{}{})
		if w.availability(t) == held {
			t.Error("unsubscribing changed nothing the walk compares")
		}
	})
}
