package checkout_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/payment"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// madrid is the fixture's time zone; the tests run at 09:00 on day, and book sessions that day.
var madrid, _ = time.LoadLocation("Europe/Madrid")

const day = "2026-12-01"

func at(hhmm string) string { return day + " " + hhmm + ":00" }

const base = "https://book.example"

// env is a fixture company with the sessions engine, checkout, a fake payment gateway and the HTTP API.
type env struct {
	db   *store.DB
	fix  storetest.Fixture
	clk  *clock.Manual
	gw   *fakeGateway
	svc  *checkout.Service
	h    http.Handler
	api  *apitest.Client
	auth []string // Authorization header with the company token
}

func newEnv(t testing.TB, db *store.DB) *env {
	t.Helper()
	e := &env{db: db, fix: storetest.NewFixture(t, db, storetest.FixtureOptions{Capacity: 12})}
	e.clk = clock.NewManual(time.Date(2026, 12, 1, 9, 0, 0, 0, madrid))
	e.gw = &fakeGateway{secret: "whsec", statuses: map[string]payment.Notification{}}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	e.svc = checkout.NewService(checkout.Deps{Store: db.Checkout(), Clock: e.clk, BaseURL: base, HoldTTL: 10 * time.Minute,
		Gateways: map[string]payment.Gateway{"fake": e.gw}, Logger: logger, IdempotencyWait: 20 * time.Second})
	e.h = httpapi.New(httpapi.Deps{DB: db, Sessions: sessions.NewService(db.Holds(), e.clk, 10*time.Minute), Checkout: e.svc, Logger: logger})
	e.api = apitest.New(t, e.h)
	e.auth = []string{"Authorization", "Bearer " + e.fix.Token}
	e.exec(t, `UPDATE companies SET payment_provider = 'fake', country = 'ES' WHERE id = ?`, e.fix.CompanyID)
	e.exec(t, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'confirmation', 'desk@kart.example')`, e.fix.CompanyID)
	e.exec(t, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'cancellation', 'desk@kart.example')`, e.fix.CompanyID)
	return e
}

// paymentsOn switches online payment on for the company.
func (e *env) paymentsOn(t *testing.T) {
	e.exec(t, `UPDATE companies SET payments_active = 1 WHERE id = ?`, e.fix.CompanyID)
}

func (e *env) exec(t testing.TB, q string, args ...any) {
	t.Helper()
	ctx := context.Background()
	if err := e.db.Write(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, q, args...); return err }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// count runs a COUNT(*) (or any single integer) query.
func (e *env) count(t testing.TB, q string, args ...any) int {
	t.Helper()
	var n int
	ctx := context.Background()
	if err := e.db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, args...).Scan(&n) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func (e *env) str(t testing.TB, q string, args ...any) string {
	t.Helper()
	var s string
	ctx := context.Background()
	if err := e.db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, args...).Scan(&s) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return s
}

// cart creates a shopping cart over HTTP.
func (e *env) cart(t testing.TB) string {
	t.Helper()
	res := e.api.Do("POST", "/api/payment/shopping-cart", map[string]any{"idCompany": e.fix.CompanyID})
	if res.Status != 201 {
		t.Fatalf("cart: %d %s", res.Status, res.Body)
	}
	var out struct{ Token string }
	res.JSON(t, &out)
	return out.Token
}

// hold pre-books over HTTP and returns the identifier.
func (e *env) hold(t testing.TB, cart string, product int64, drivers int, dates ...string) string {
	t.Helper()
	res := e.api.Do("POST", "/api/prebooking", sessions.HoldRequest{BookingDates: dates, NumDrivers: drivers,
		IDType: product, Type: "PRODUCT", Token: cart}, e.auth...)
	if res.Status != 201 {
		t.Fatalf("hold: %d %s", res.Status, res.Body)
	}
	var h sessions.Hold
	res.JSON(t, &h)
	return h.Identifier
}

// save is a valid save-booking payload for one pre-booking with the given drivers.
func save(cart, identifier string, drivers ...string) map[string]any {
	list := make([]any, len(drivers))
	for i, d := range drivers {
		list[i] = d
	}
	return map[string]any{
		"token": cart, "nombre": "Ana", "apellidos": "García", "phone": "+34 612 345 678",
		"email": "ana@example.com", "emailConfirmation": "ana@example.com", "adultConfirmation": 1,
		"identifiersPrebooking": []string{identifier}, "isPaymentsActive": 1, "culture": "es-ES",
		"slots": []any{map[string]any{"prebookingIdentifier": identifier, "drivers": list}},
	}
}

func (e *env) saveBooking(t testing.TB, body any, headers ...string) *apitest.Response {
	t.Helper()
	return e.api.Do("POST", "/api/booking/saveBooking", body, headers...)
}

// identifierOf reads the booking identifier from a success or provider URL answer.
func (e *env) identifierOf(t testing.TB, res *apitest.Response) string {
	t.Helper()
	var out checkout.SaveResult
	res.JSON(t, &out)
	if i := strings.Index(out.URL, "booking="); i >= 0 {
		return strings.SplitN(out.URL[i+len("booking="):], "&", 2)[0]
	}
	return e.gw.reference(strings.TrimPrefix(out.URL, "https://pay.example/"))
}

// booked is slots.booked of a session of the fixture's first circuit.
func (e *env) booked(t testing.TB, local string) int {
	t.Helper()
	return e.count(t, `SELECT COALESCE(SUM(booked), 0) FROM slots WHERE circuit_id = ? AND starts_at = ?`, e.fix.Circuit, ms(t, local))
}

// held counts the places of live holds in a session of the fixture's first circuit.
func (e *env) held(t testing.TB, local string) int {
	t.Helper()
	return e.count(t, `SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		WHERE hs.circuit_id = ? AND hs.starts_at = ? AND h.expires_at > ? AND h.released_at IS NULL AND h.booking_id IS NULL`,
		e.fix.Circuit, ms(t, local), e.clk.Now().UnixMilli())
}

func ms(t testing.TB, local string) int64 {
	ts, err := time.ParseInLocation("2006-01-02 15:04:05", local, madrid)
	if err != nil {
		t.Fatal(err)
	}
	return ts.UnixMilli()
}

// mails counts the outbox's messages of a kind.
func (e *env) mails(t testing.TB, kind string) int {
	return e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE kind = ?`, kind)
}

// status reads a booking's public status over HTTP.
func (e *env) status(t testing.TB, identifier string) checkout.StatusView {
	t.Helper()
	res := e.api.Do("GET", "/api/booking/status/"+identifier, nil)
	if res.Status != 200 {
		t.Fatalf("status: %d %s", res.Status, res.Body)
	}
	var v checkout.StatusView
	res.JSON(t, &v)
	return v
}

// notification is what the fake provider posts.
type notification struct {
	ID        string `json:"id"`
	Ref       string `json:"ref"`
	PaymentID int64  `json:"paymentId"`
	Outcome   string `json:"outcome"`
	Amount    int64  `json:"amount"`
}

// notify posts a signed notification of the fake provider.
func (e *env) notify(t testing.TB, n notification) *apitest.Response {
	t.Helper()
	body, _ := json.Marshal(n)
	return e.api.Do("POST", "/api/payment/notify/fake", body, "X-Fake-Signature", e.gw.sign(body))
}

// fakeGateway is a payment provider double: checkouts get refs cs_1, cs_2…; notifications are JSON
// signed with HMAC-SHA256 in X-Fake-Signature.
type fakeGateway struct {
	secret string

	mu        sync.Mutex
	fail      bool
	n         int
	checkouts map[string]payment.CheckoutRequest
	statuses  map[string]payment.Notification
}

func (g *fakeGateway) Name() string { return "fake" }

func (g *fakeGateway) CreateCheckout(_ context.Context, req payment.CheckoutRequest) (payment.Checkout, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.fail {
		return payment.Checkout{}, errors.New("provider down")
	}
	if g.checkouts == nil {
		g.checkouts = map[string]payment.CheckoutRequest{}
	}
	g.n++
	ref := fmt.Sprintf("cs_%d", g.n)
	g.checkouts[ref] = req
	return payment.Checkout{ProviderRef: ref, RedirectURL: "https://pay.example/" + ref}, nil
}

func (g *fakeGateway) request(ref string) payment.CheckoutRequest {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.checkouts[ref]
}

func (g *fakeGateway) reference(ref string) string { return g.request(ref).Identifier }

func (g *fakeGateway) sign(body []byte) string {
	m := hmac.New(sha256.New, []byte(g.secret))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

func (g *fakeGateway) ParseNotification(r *http.Request, body []byte) (payment.Notification, bool, error) {
	if !hmac.Equal([]byte(r.Header.Get("X-Fake-Signature")), []byte(g.sign(body))) {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "bad signature")
	}
	var n notification
	if err := json.Unmarshal(body, &n); err != nil {
		return payment.Notification{}, false, apperr.New(apperr.Invalid, "malformed")
	}
	if n.Outcome == "ignored" {
		return payment.Notification{}, false, nil
	}
	return payment.Notification{EventID: n.ID, ProviderRef: n.Ref, PaymentID: n.PaymentID,
		Outcome: payment.Outcome(n.Outcome), AmountCents: n.Amount}, true, nil
}

func (g *fakeGateway) Status(_ context.Context, ref string) (payment.Notification, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if n, ok := g.statuses[ref]; ok {
		return n, nil
	}
	return payment.Notification{ProviderRef: ref, Outcome: payment.Pending}, nil
}

func (g *fakeGateway) Refund(context.Context, string, int64, string) (payment.Refund, error) {
	return payment.Refund{}, errors.New("not supported")
}

// notificationOf is the fake provider's status answer.
func notificationOf(ref, outcome string, amount int64) payment.Notification {
	return payment.Notification{EventID: "status-" + ref + "-" + outcome, ProviderRef: ref,
		Outcome: payment.Outcome(outcome), AmountCents: amount}
}
