package adminapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"pitlane/internal/frontdesk"
	"pitlane/internal/realtime"
	"sync"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
	"pitlane/internal/waitlist"
)

var madrid, _ = time.LoadLocation("Europe/Madrid")

// staffToken is the bearer token fakeAuth resolves to the test's admin.
const staffToken = "staff-token"

// deskToken is the bearer token fakeAuth resolves to the test's counter member (DESK).
const deskToken = "desk-token"

// fakeAuth stands in for the auth helper's service: an admin (ADMIN) and a counter member (DESK) of one
// company, each with a token.
type fakeAuth struct {
	adminapi.AuthService // sign-in itself is not used by these tests
	userID, companyID    int64
	deskID               int64
}

func (f fakeAuth) Resolve(_ context.Context, token string) (account.Staff, error) {
	switch {
	case token == staffToken:
		return account.Staff{UserID: f.userID, Email: "boss@kart.example", Name: "Boss"}, nil
	case token == deskToken && f.deskID > 0:
		return account.Staff{UserID: f.deskID, Email: "desk@kart.example", Name: "Desk"}, nil
	}
	return account.Staff{}, apperr.New(apperr.Unauthorized, "Sign in to use the back office.")
}

func (f fakeAuth) RoleIn(_ context.Context, userID, companyID int64) (account.Role, error) {
	switch {
	case companyID != f.companyID:
	case userID == f.userID:
		return account.RoleAdmin, nil
	case userID == f.deskID && f.deskID > 0:
		return account.RoleDesk, nil
	}
	return "", apperr.New(apperr.Forbidden, "You have no role in that company.")
}

// env is two companies (A, where the admin works, and B), the simulated provider notifying the real
// HTTP API (so a provider's refund notification meets the staff refund that caused it), the billing
// service and the whole API behind an httptest server.
type env struct {
	db      *store.DB
	a, b    storetest.Fixture
	clk     *clock.Manual
	sim     *simulated.Provider
	svc     *billing.Service
	srv     *httptest.Server
	api     *apitest.Client
	adminID int64
	deskID  int64 // the counter member (DESK)
	auth    []string
	desk    []string // the counter member's headers
	seq     int
	hub     *realtime.Hub // the Today views' live signal
}

// now is the tests' time: 2026-03-15 12:00 in Madrid.
var now = time.Date(2026, 3, 15, 12, 0, 0, 0, madrid)

func newEnv(t *testing.T, engine store.Engine, extra map[string]payment.Gateway) *env {
	t.Helper()
	db := storetest.Open(t, engine)
	e := &env{db: db, clk: clock.NewManual(now),
		a: storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-a", PublicKey: "key-a"}),
		b: storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-b", PublicKey: "key-b"})}
	e.exec(t, `UPDATE companies SET is_refund_enabled = 1, refund_max_days = 2, currency_symbol = '€' WHERE id IN (?, ?)`, e.a.CompanyID, e.b.CompanyID)
	e.adminID = e.insertID(t, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
		VALUES ('boss@kart.example', 'Boss', 'x', 1, 1)`)
	e.deskID = e.insertID(t, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
		VALUES ('desk@kart.example', 'Desk', 'x', 1, 1)`)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	var h http.Handler
	var mu sync.RWMutex
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.RLock()
		defer mu.RUnlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(e.srv.Close)
	sim, err := simulated.New(db.SimPay(), simulated.Config{BaseURL: e.srv.URL, Secret: "sim-secret", Logger: logger,
		RetryDelays: []time.Duration{50 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sim.Close)
	e.sim = sim
	gateways := map[string]payment.Gateway{simulated.Name: sim}
	for k, g := range extra {
		gateways[k] = g
	}
	e.svc = billing.NewService(db.Billing(), gateways, e.clk, logger)
	e.hub = realtime.New(context.Background(), realtime.Options{Logger: logger})
	t.Cleanup(func() { _ = e.hub.Close() })
	staff := adminapi.New(adminapi.Deps{Logger: logger, Clock: e.clk, Auth: fakeAuth{userID: e.adminID, companyID: e.a.CompanyID, deskID: e.deskID},
		Billing: e.svc, Desk: e.svc, FrontDesk: frontdesk.NewService(db.FrontDesk(), e.clk), Live: e.hub,
		// The booking details' actions, on the tests' clock.
		Bookings: checkout.NewService(checkout.Deps{Store: db.Checkout(), Staff: db.Bookings(), Clock: e.clk, Gateways: gateways,
			BaseURL: e.srv.URL, Logger: logger}),

		Waitlist: waitlist.NewService(db.Waitlist(), nil, nil, e.clk)})
	// The customer API settles what the provider notifies (a refund can be settled by its notification
	// before the staff call settles it): on the tests' clock too, or a busy run dates it today.
	co := checkout.NewService(checkout.Deps{Store: db.Checkout(), Gateways: gateways, BaseURL: e.srv.URL, HoldTTL: 10 * time.Minute, Logger: logger, Clock: e.clk})
	mu.Lock()
	h = httpapi.New(httpapi.Deps{DB: db, Checkout: co, Admin: staff, Logger: logger})
	mu.Unlock()
	e.api = apitest.New(t, h)
	e.auth = []string{"Authorization", "Bearer " + staffToken}
	e.desk = []string{"Authorization", "Bearer " + deskToken}
	return e
}

func (e *env) exec(t testing.TB, q string, args ...any) {
	t.Helper()
	ctx := context.Background()
	if err := e.db.Write(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, q, args...); return err }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func (e *env) insertID(t testing.TB, q string, args ...any) int64 {
	t.Helper()
	var id int64
	ctx := context.Background()
	if err := e.db.Write(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return id
}

// count runs a COUNT or SUM query.
func (e *env) count(t testing.TB, q string, args ...any) int64 {
	t.Helper()
	var n int64
	ctx := context.Background()
	if err := e.db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, args...).Scan(&n) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// sale is a settled sale to seed: a booking with one line, a payment and its charge, and earlier refunds.
type sale struct {
	company   storetest.Fixture
	source    string // default BOOKING
	provider  string // default simulated; "cash" for a booking paid at the circuit
	cents     int64
	qty       int       // default 1
	chargedAt time.Time // default an hour before now
	session   time.Time // first session; default ten days after now
	culture   string    // default en-GB
	refunds   []refund  // refund entries already in the ledger
	email     string
}

// refund is an earlier refund entry.
type refund struct {
	cents int64
	at    time.Time
}

// seeded is what seedSale wrote.
type seeded struct {
	bookingID, paymentID int64
	identifier, ref      string
}

func (e *env) seedSale(t *testing.T, s sale) seeded {
	t.Helper()
	e.seq++
	if s.source == "" {
		s.source = "BOOKING"
	}
	if s.provider == "" {
		s.provider = simulated.Name
	}
	if s.qty == 0 {
		s.qty = 1
	}
	if s.chargedAt.IsZero() {
		s.chargedAt = now.Add(-time.Hour)
	}
	if s.session.IsZero() {
		s.session = now.AddDate(0, 0, 10)
	}
	if s.culture == "" {
		s.culture = "en-GB"
	}
	if s.email == "" {
		s.email = fmt.Sprintf("customer%d@example.com", e.seq)
	}
	mode := "online"
	if s.provider == billing.CashProvider {
		mode = "circuit"
	}
	out := seeded{identifier: fmt.Sprintf("PL-%d-%04d", s.company.CompanyID, e.seq)}
	at := s.chargedAt.UnixMilli()
	out.bookingID = e.insertID(t, `INSERT INTO bookings (identifier, company_id, source, status, payment_mode, culture, contact_name,
		phone, email, original_total_cents, total_cents, booking_date, first_starts_at, created_at, updated_at)
		VALUES (?, ?, ?, 'pagada', ?, ?, 'Ana', '+34600000000', ?, ?, ?, ?, ?, ?, ?)`,
		out.identifier, s.company.CompanyID, s.source, mode, s.culture, s.email, s.cents, s.cents,
		s.session.In(madrid).Format("2006-01-02"), s.session.UnixMilli(), at, at)
	e.insertID(t, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
		original_price_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'Adult 10 min', ?, ?, ?, ?, ?)`,
		out.bookingID, s.company.Product, s.qty, s.qty, s.cents/int64(s.qty), s.cents/int64(s.qty), s.cents)
	var ref any
	if s.provider != billing.CashProvider {
		out.ref = fmt.Sprintf("ref_%d", e.seq)
		ref = out.ref
	}
	out.paymentID = e.insertID(t, `INSERT INTO payments (company_id, booking_id, provider, provider_ref, status, amount_cents,
		currency, created_at, updated_at) VALUES (?, ?, ?, ?, 'approved', ?, 'EUR', ?, ?)`,
		s.company.CompanyID, out.bookingID, s.provider, ref, s.cents, at, at)
	e.insertID(t, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
		VALUES (?, ?, 'charge', ?, ?, ?, ?)`, out.paymentID, out.bookingID, s.cents, s.provider, "charge-"+out.identifier, at)
	for i, r := range s.refunds {
		e.insertID(t, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
			VALUES (?, ?, 'refund', ?, ?, ?, ?)`, out.paymentID, out.bookingID, -r.cents, s.provider, fmt.Sprintf("refund-%s-%d", out.identifier, i), r.at.UnixMilli())
	}
	if s.provider == simulated.Name {
		err := e.db.SimPay().SimInsertCheckout(context.Background(), simulated.CheckoutRecord{Ref: out.ref, PaymentID: out.paymentID,
			AmountCents: s.cents, Currency: "EUR", Description: "test", Reference: out.identifier, Email: s.email,
			Culture: s.culture, SuccessURL: e.srv.URL + "/ok", CancelURL: e.srv.URL + "/ko",
			NotifyURL: e.srv.URL + simulated.NotifyPath, Status: simulated.StatusApproved,
			CreatedAt: s.chargedAt, ExpiresAt: s.chargedAt.Add(30 * time.Minute), DecidedAt: s.chargedAt})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// refundJSON is a refund request body.
func refundJSON(company int64, identifier string, cents int64) string {
	return fmt.Sprintf(`{"idCompany":%d,"orderId":%q,"amount":%d}`, company, identifier, cents)
}

// ledgerRefunds is the sum of a booking's refund entries, positive, counted with SQL.
func (e *env) ledgerRefunds(t *testing.T, bookingID int64) int64 {
	t.Helper()
	return e.count(t, `SELECT COALESCE(SUM(ABS(amount_cents)), 0) FROM payment_entries WHERE booking_id = ? AND kind = 'refund'`, bookingID)
}

// forEngines runs body on both engines.
func forEngines(t *testing.T, body func(t *testing.T, engine store.Engine)) {
	for _, engine := range storetest.Engines {
		t.Run(string(engine), func(t *testing.T) { body(t, engine) })
	}
}

// waitDelivered waits until the simulated provider has delivered every notification it owes (its
// refund notifications reach the real API), or fails after a few seconds.
func (e *env) waitDelivered(t *testing.T) {
	t.Helper()
	testwait.Until(t, 20*time.Millisecond, "the simulated provider delivering every notification it owes", func() bool {
		return e.count(t, `SELECT COUNT(*) FROM sim_events WHERE delivered_at IS NULL`) == 0
	})
}
