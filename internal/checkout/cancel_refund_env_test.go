package checkout_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

// refundEnv is a company whose customers pay on the simulated provider, which notifies the real HTTP
// API behind an httptest server (so its refund notifications meet the cancellation that caused them),
// and a "broken" provider whose refunds always fail.
type refundEnv struct {
	*env
	sim *simulated.Provider
	srv *httptest.Server
	seq int
}

func newRefundEnv(t *testing.T, db *store.DB) *refundEnv {
	t.Helper()
	e := &refundEnv{env: &env{db: db, fix: storetest.NewFixture(t, db, storetest.FixtureOptions{Capacity: 12})}}
	e.clk = clock.NewManual(time.Date(2026, 12, 1, 9, 0, 0, 0, madrid))
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
	gateways := map[string]payment.Gateway{simulated.Name: sim, "broken": brokenGateway{}}
	e.svc = checkout.NewService(checkout.Deps{Store: db.Checkout(), Staff: db.Bookings(), Clock: e.clk, Gateways: gateways, BaseURL: e.srv.URL,
		HoldTTL: 10 * time.Minute, Logger: logger})
	mu.Lock()
	h = httpapi.New(httpapi.Deps{DB: db, Checkout: e.svc, Logger: logger})
	mu.Unlock()
	e.h = h
	e.api = apitest.New(t, h)
	e.exec(t, `UPDATE companies SET currency = 'EUR', currency_symbol = '€' WHERE id = ?`, e.fix.CompanyID)
	e.exec(t, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'cancellation', 'desk@kart.example')`, e.fix.CompanyID)
	return e
}

// brokenGateway is a provider whose refunds fail (its checkouts are never used).
type brokenGateway struct{ payment.Gateway }

func (brokenGateway) Refund(context.Context, string, int64, string) (payment.Refund, error) {
	return payment.Refund{}, errors.New("provider down")
}

// paid is a seeded booking: its cancel token and ids.
type paid struct {
	token      string
	bookingID  int64
	paymentID  int64
	identifier string
	ref        string
}

// seedPaid writes a booking of two drivers for 2026-12-05 18:00 in Madrid paid cents through provider
// (simulated, broken, or cash: settled at the desk; 0 cents: booked to pay at the circuit, unpaid),
// with the simulated provider's own record of the payment.
func (e *refundEnv) seedPaid(t *testing.T, provider string, cents int64, culture string) paid {
	t.Helper()
	e.seq++
	p := paid{token: checkout.NewCancelToken(), identifier: fmt.Sprintf("PL%030d", e.seq)}
	start := time.Date(2026, 12, 5, 18, 0, 0, 0, madrid)
	mode, status := "online", checkout.StatusPaid
	if provider == "cash" || cents == 0 {
		mode = "circuit"
	}
	if cents == 0 {
		status = checkout.StatusPending
	}
	now := e.clk.Now().UnixMilli()
	p.bookingID = e.insertID(t, `INSERT INTO bookings (identifier, company_id, source, status, payment_mode, culture, contact_name,
		phone, email, original_total_cents, total_cents, booking_date, first_starts_at, cancel_token_hash, created_at, updated_at)
		VALUES (?, ?, 'BOOKING', ?, ?, ?, 'Ana', '+34600000000', 'ana@example.com', 5800, 5800, '2026-12-05', ?, ?, ?, ?)`,
		p.identifier, e.fix.CompanyID, status, mode, culture, start.UnixMilli(), checkout.HashToken(p.token), now, now)
	line := e.insertID(t, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
		original_price_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'Adult 10 min', 2, 2, 2900, 2900, 5800)`, p.bookingID, e.fix.Product)
	e.exec(t, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time, product_id, places)
		VALUES (?, 0, ?, ?, '2026-12-05', '18:00', ?, 2)`, line, e.fix.Circuit, start.UnixMilli(), e.fix.Product)
	for i, name := range []string{"Ana", "Bo"} {
		e.exec(t, `INSERT INTO drivers (booking_id, booking_line_id, position, name) VALUES (?, ?, ?, ?)`, p.bookingID, line, i, name)
	}
	if cents == 0 {
		return p
	}
	var ref any
	if provider != "cash" {
		p.ref = fmt.Sprintf("sim_ref_%d", e.seq)
		ref = p.ref
	}
	p.paymentID = e.insertID(t, `INSERT INTO payments (company_id, booking_id, provider, provider_ref, status, amount_cents,
		currency, created_at, updated_at) VALUES (?, ?, ?, ?, 'approved', ?, 'EUR', ?, ?)`,
		e.fix.CompanyID, p.bookingID, provider, ref, cents, now, now)
	e.exec(t, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
		VALUES (?, ?, 'charge', ?, ?, ?, ?)`, p.paymentID, p.bookingID, cents, provider, "charge-"+p.identifier, now)
	if provider == simulated.Name {
		at := e.clk.Now()
		err := e.db.SimPay().SimInsertCheckout(context.Background(), simulated.CheckoutRecord{Ref: p.ref, PaymentID: p.paymentID,
			AmountCents: cents, Currency: "EUR", Description: "test", Reference: p.identifier, Email: "ana@example.com",
			Culture: culture, SuccessURL: e.srv.URL + "/ok", CancelURL: e.srv.URL + "/ko",
			NotifyURL: e.srv.URL + simulated.NotifyPath, Status: simulated.StatusApproved,
			CreatedAt: at, ExpiresAt: at.Add(30 * time.Minute), DecidedAt: at})
		if err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func (e *refundEnv) insertID(t testing.TB, q string, args ...any) int64 {
	t.Helper()
	var id int64
	ctx := context.Background()
	if err := e.db.Write(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return id
}

// preview reads the cancel page's view over HTTP.
func (e *refundEnv) preview(t *testing.T, token string) checkout.CancelView {
	t.Helper()
	res := e.api.Do("GET", "/api/booking/cancel/"+token, nil)
	if res.Status != 200 {
		t.Fatalf("preview: %d %s", res.Status, res.Body)
	}
	var v checkout.CancelView
	res.JSON(t, &v)
	return v
}

// cancel presses Cancel booking over HTTP.
func (e *refundEnv) cancel(t *testing.T, token string) checkout.CancelView {
	t.Helper()
	res := e.api.Do("POST", "/api/booking/cancel/"+token, nil)
	if res.Status != 200 {
		t.Fatalf("cancel: %d %s", res.Status, res.Body)
	}
	var v checkout.CancelView
	res.JSON(t, &v)
	return v
}

// ledgerRefunds is the sum of a booking's refund entries (stored negative), read positive.
func (e *refundEnv) ledgerRefunds(t *testing.T, bookingID int64) int {
	t.Helper()
	return e.count(t, `SELECT COALESCE(SUM(ABS(amount_cents)), 0) FROM payment_entries WHERE booking_id = ? AND kind = 'refund'`, bookingID)
}

// simRefunded is what the simulated provider's own record says it refunded of a checkout.
func (e *refundEnv) simRefunded(t *testing.T, ref string) int {
	t.Helper()
	return e.count(t, `SELECT COALESCE(SUM(amount_cents), 0) FROM sim_events WHERE ref = ? AND outcome = 'refunded'`, ref)
}

// cancelMail is the text of the customer's cancellation mail of a booking ("" when none was queued).
func (e *refundEnv) cancelMail(t *testing.T, bookingID int64) string {
	t.Helper()
	if e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ? AND kind = 'booking_cancellation'`, bookingID) == 0 {
		return ""
	}
	return e.str(t, `SELECT body_text FROM outbox_emails WHERE booking_id = ? AND kind = 'booking_cancellation'`, bookingID)
}

// waitDelivered waits until the simulated provider has delivered its notifications to the API.
func (e *refundEnv) waitDelivered(t *testing.T) {
	t.Helper()
	testwait.Until(t, 20*time.Millisecond, "the simulated provider delivering every notification it owes", func() bool {
		return e.count(t, `SELECT COUNT(*) FROM sim_events WHERE delivered_at IS NULL`) == 0
	})
}
