package adminapi_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/billing"
	"pitlane/internal/payment"
	"pitlane/internal/payment/stripegw"
	"pitlane/internal/store"
	"pitlane/internal/testwait"
)

// brokenGateway is a provider that refuses every refund.
type brokenGateway struct{ payment.Gateway }

func (brokenGateway) Name() string { return "broken" }
func (brokenGateway) Refund(context.Context, string, int64, string) (payment.Refund, error) {
	return payment.Refund{}, errors.New("connection reset by peer")
}

// A provider that fails: 502, nothing in the ledger, the reservation failed and the amount free again,
// and the Idempotency-Key released so the same request can be tried again.
func TestRefundProviderFailure(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, map[string]payment.Gateway{"broken": brokenGateway{}})
		s := e.seedSale(t, sale{company: e.a, provider: "broken", cents: 4000})
		key := append(append([]string{}, e.auth...), "Idempotency-Key", "try-1")
		for range 2 {
			res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 4000), key...)
			if res.Status != http.StatusBadGateway {
				t.Fatalf("status %d: %s", res.Status, res.Body)
			}
		}
		if got := e.ledgerRefunds(t, s.bookingID); got != 0 {
			t.Errorf("a failed refund reached the ledger: %d", got)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ? AND status = 'failed'`, s.bookingID); n != 2 {
			t.Errorf("%d failed reservations, want 2", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'refund'`) + e.count(t, `SELECT COUNT(*) FROM audit_log`); n != 0 {
			t.Errorf("a failed refund sent a mail or wrote the audit log")
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payments WHERE id = ? AND status = 'approved'`, s.paymentID); n != 1 {
			t.Errorf("the payment's status changed")
		}
	})
}

// A reservation left pending (the process stopped after reserving) blocks only until reconciliation
// asks the provider again with the reservation's own key: a refund that did reach the provider is
// recorded once, one that did not is carried out.
func TestPendingRefundsAreResolved(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		ctx := context.Background()
		s := e.seedSale(t, sale{company: e.a, cents: 6000})
		reserve := func(amount int64) billing.ReservedPart {
			res, err := e.db.Billing().ReserveRefund(ctx, billing.Reservation{RefundRequest: billing.RefundRequest{CompanyID: e.a.CompanyID,
				UserID: e.adminID, Identifier: s.identifier, AmountCents: amount}, Now: e.clk.Now()})
			if err != nil || len(res.Parts) != 1 {
				t.Fatalf("reserve: %+v %v", res, err)
			}
			return res.Parts[0]
		}
		reached := reserve(2000) // the provider refunded it, then the process stopped
		if _, err := e.sim.Refund(ctx, reached.ProviderRef, 2000, fmt.Sprintf("refund-%d", reached.RefundID)); err != nil {
			t.Fatal(err)
		}
		reserve(1000) // the process stopped before calling the provider
		// While they are pending, the sale's remainder is held.
		res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 3500), e.auth...)
		if res.Status != http.StatusConflict {
			t.Errorf("refund beside pending reservations: %d %s", res.Status, res.Body)
		}
		if n, err := e.svc.ResolvePending(ctx); err != nil || n != 0 {
			t.Fatalf("fresh reservations were resolved: %d %v", n, err)
		}
		e.clk.Advance(billing.StaleAfter + time.Minute)
		if n, err := e.svc.ResolvePending(ctx); err != nil || n != 2 {
			t.Fatalf("resolved %d: %v", n, err)
		}
		if got := e.ledgerRefunds(t, s.bookingID); got != 3000 {
			t.Errorf("ledger refunds %d, want 3000", got)
		}
		if got := e.count(t, `SELECT COALESCE(SUM(amount_cents), 0) FROM sim_events WHERE ref = ? AND outcome = 'refunded'`, s.ref); got != 3000 {
			t.Errorf("the provider refunded %d, want 3000 (no second refund for the same reservation)", got)
		}
		if n, _ := e.svc.ResolvePending(ctx); n != 0 {
			t.Errorf("resolved again: %d", n)
		}
		if res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 3000), e.auth...); res.Status != 200 {
			t.Errorf("refund of the rest: %d %s", res.Status, res.Body)
		}
	})
}

// The Stripe path against stripe-mock: the refund goes to the session's PaymentIntent with the
// reservation's idempotency key, and the ledger records Stripe's refund id.
func TestStripeRefund(t *testing.T) {
	mock := startStripeMock(t)
	target, _ := url.Parse(mock)
	var mu sync.Mutex
	var refunds []*http.Request
	var forms []url.Values
	proxy := httputil.NewSingleHostReverseProxy(target)
	rec := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.Method == "POST" && r.URL.Path == "/v1/refunds" {
			form, _ := url.ParseQuery(string(body))
			mu.Lock()
			refunds, forms = append(refunds, r.Clone(context.Background())), append(forms, form)
			mu.Unlock()
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		proxy.ServeHTTP(w, r)
	}))
	defer rec.Close()
	gw := stripegw.New(stripegw.Config{SecretKey: "sk_test_123", BackendURL: rec.URL})
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			e := newEnv(t, engine, map[string]payment.Gateway{stripegw.Name: gw})
			s := e.seedSale(t, sale{company: e.a, provider: stripegw.Name, cents: 5000})
			e.exec(t, `UPDATE payments SET provider_ref = 'cs_test_123' WHERE id = ?`, s.paymentID)
			res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 500), e.auth...)
			if res.Status != 200 {
				t.Fatalf("stripe refund: %d %s", res.Status, res.Body)
			}
			id := e.count(t, `SELECT id FROM refunds WHERE booking_id = ? AND status = 'succeeded'`, s.bookingID)
			mu.Lock()
			last, form := refunds[len(refunds)-1], forms[len(forms)-1]
			mu.Unlock()
			if form.Get("amount") != "500" || !strings.HasPrefix(form.Get("payment_intent"), "pi_") ||
				last.Header.Get("Idempotency-Key") != fmt.Sprintf("refund-%d", id) {
				t.Errorf("sent %v with key %q", form, last.Header.Get("Idempotency-Key"))
			}
			if n := e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE booking_id = ? AND kind = 'refund' AND provider = 'stripe'
				AND amount_cents = -500 AND provider_event_id LIKE 're_%'`, s.bookingID); n != 1 {
				t.Errorf("%d Stripe refund entries", n)
			}
		})
	}
}

// startStripeMock builds stripe-mock v0.203.0 once per machine (into the user cache) and runs it on
// loopback for this test. The test fails if it cannot be built: the module proxy has it.
func startStripeMock(t *testing.T) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "pitlane", "stripe-mock-v0.203.0")
	bin := filepath.Join(dir, "stripe-mock")
	if _, err := os.Stat(bin); err != nil {
		tmp := t.TempDir()
		cmd := exec.Command("go", "install", "github.com/stripe/stripe-mock@v0.203.0")
		cmd.Dir, cmd.Env = tmp, append(os.Environ(), "GOBIN="+tmp)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go install stripe-mock: %v\n%s", err, out)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(filepath.Join(tmp, "stripe-mock"), bin); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	// However long a busy machine takes to start it: until shortly before the test's deadline (go test
	// -timeout; ten minutes without one).
	within := testwait.Patience(t)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if addr, ok := strings.CutPrefix(sc.Text(), "Listening for HTTP at address: "); ok {
				found <- addr
			}
		}
		close(found)
	}()
	select {
	case addr, ok := <-found:
		if !ok {
			t.Fatal("stripe-mock exited before listening")
		}
		return "http://" + addr
	case <-time.After(within):
		t.Fatalf("stripe-mock still running but not listening after %v (its ready line: \"Listening for HTTP at address: …\")",
			within.Round(time.Second))
	}
	return ""
}
