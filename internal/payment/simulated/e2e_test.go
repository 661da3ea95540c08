package simulated_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// receiver stands for Pitlane's notify endpoint: it verifies each notification with the provider and
// records it. While fail is above 0 it answers 503 and counts down.
type receiver struct {
	t      *testing.T
	verify *simulated.Provider // the provider instance that checks signatures
	got    chan payment.Notification

	mu       sync.Mutex
	fail     int
	requests int
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	rc.requests++
	failing := rc.fail > 0
	if failing {
		rc.fail--
	}
	rc.mu.Unlock()
	if failing {
		http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
		return
	}
	n, ok, err := rc.verify.ParseNotification(r, body)
	if err != nil || !ok {
		rc.t.Errorf("notification refused: ok=%v err=%v body=%s", ok, err, body)
		http.Error(w, "bad notification", http.StatusBadRequest)
		return
	}
	rc.got <- n
	w.WriteHeader(http.StatusNoContent)
}

func (rc *receiver) setFail(n int) {
	rc.mu.Lock()
	rc.fail = n
	rc.mu.Unlock()
}

// next returns the next notification, failing the test if none comes before shortly before the test's
// deadline (go test -timeout; ten minutes without one): a busy machine delays a notification, a lost one
// never comes.
func (rc *receiver) next(t *testing.T) payment.Notification {
	t.Helper()
	within := testwait.Patience(t)
	select {
	case n := <-rc.got:
		return n
	case <-time.After(within):
		t.Fatalf("no notification arrived in %v", within.Round(time.Second))
		return payment.Notification{}
	}
}

// none fails the test if a notification is waiting.
func (rc *receiver) none(t *testing.T) {
	t.Helper()
	select {
	case n := <-rc.got:
		t.Fatalf("unexpected notification %+v", n)
	default:
	}
}

type env struct {
	p       *simulated.Provider
	clk     clock.Clock
	db      *store.DB
	site    *httptest.Server // Pitlane: the hosted page
	rcv     *receiver
	browser *http.Client // does not follow redirects
}

// newEnv starts Pitlane's HTTP handler with the provider and a notify receiver, both on loopback.
func newEnv(t *testing.T, db *store.DB, clk clock.Clock, cfg simulated.Config) *env {
	t.Helper()
	var handler http.Handler
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(site.Close)
	rcv := &receiver{t: t, got: make(chan payment.Notification, 16)}
	notify := httptest.NewServer(rcv)
	t.Cleanup(notify.Close)

	cfg.BaseURL, cfg.NotifyURL, cfg.Clock = site.URL, notify.URL+simulated.NotifyPath, clk
	p, err := simulated.New(db.SimPay(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	rcv.verify = p
	handler = httpapi.New(httpapi.Deps{SimPay: p})
	browser := &http.Client{Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &env{p: p, clk: clk, db: db, site: site, rcv: rcv, browser: browser}
}

func (e *env) checkout(t *testing.T, amount int64) payment.Checkout {
	t.Helper()
	co, err := e.p.CreateCheckout(context.Background(), payment.CheckoutRequest{PaymentID: 42, Reference: "PL-7Q2K",
		AmountCents: amount, Currency: "EUR", Description: "Grand Prix, 2 drivers", Email: "ana@example.com",
		Culture: "en-GB", SuccessURL: "https://shop.test/ok?b=PL-7Q2K", CancelURL: "https://shop.test/ko?b=PL-7Q2K"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(co.RedirectURL, e.site.URL+"/pay/sim/") || co.ProviderRef == "" {
		t.Fatalf("checkout %+v does not point at the hosted page on %s", co, e.site.URL)
	}
	return co
}

type page struct {
	status   int
	location string
	body     string
}

func (e *env) get(t *testing.T, u string) page {
	t.Helper()
	res, err := e.browser.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	return readPage(t, res)
}

func (e *env) post(t *testing.T, u string, form url.Values) page {
	t.Helper()
	res, err := e.browser.PostForm(u, form)
	if err != nil {
		t.Fatal(err)
	}
	return readPage(t, res)
}

func readPage(t *testing.T, res *http.Response) page {
	t.Helper()
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return page{status: res.StatusCode, location: res.Header.Get("Location"), body: string(b)}
}

// card is a form the hosted page accepts, with the number given.
func card(clk clock.Clock, number string) url.Values {
	return url.Values{"number": {number}, "expiry": {fmt.Sprintf("12/%02d", (clk.Now().Year()+3)%100)},
		"cvc": {"123"}, "name": {"Ana Ruiz"}, "action": {"pay"}}
}

func (e *env) status(t *testing.T, ref string) payment.Notification {
	t.Helper()
	n, err := e.p.Status(context.Background(), ref)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
