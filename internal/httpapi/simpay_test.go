package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/httpapi"
	"pitlane/internal/payment/simulated"
)

// fakeSimPay answers the hosted page's calls with canned results.
type fakeSimPay struct {
	view   simulated.View
	result simulated.Result
	err    error
	card   simulated.Card
	calls  []string
}

func (f *fakeSimPay) Page(_ context.Context, ref string) (simulated.View, error) {
	f.calls = append(f.calls, "page "+ref)
	return f.view, f.err
}

func (f *fakeSimPay) Pay(_ context.Context, ref string, c simulated.Card) (simulated.Result, error) {
	f.calls = append(f.calls, "pay "+ref)
	f.card = c
	return f.result, f.err
}

func (f *fakeSimPay) Cancel(_ context.Context, ref string) (simulated.Result, error) {
	f.calls = append(f.calls, "cancel "+ref)
	return f.result, f.err
}

func simPay(t *testing.T, svc httpapi.SimPayService, method, body string) *httptest.ResponseRecorder {
	t.Helper()
	h := httpapi.New(httpapi.Deps{SimPay: svc})
	r := httptest.NewRequest(method, "/pay/sim/sim_abc", strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

var pendingView = simulated.View{Ref: "sim_abc", Description: "Grand Prix", Reference: "PL-1", Amount: "25.50 EUR",
	Status: simulated.StatusPending, CancelURL: "https://shop.test/ko"}

// One row per status the hosted page can answer.
func TestSimPayPage(t *testing.T) {
	t.Parallel()
	payForm := url.Values{"number": {"4242 4242 4242 4242"}, "expiry": {"12/30"}, "cvc": {"123"}, "name": {"Ana"}, "action": {"pay"}}.Encode()
	approved := simulated.View{Ref: "sim_abc", Amount: "25.50 EUR", Status: simulated.StatusApproved, ReturnURL: "https://shop.test/ok"}
	tests := []struct {
		name     string
		svc      *fakeSimPay
		method   string
		body     string
		status   int
		location string
		contains []string
	}{
		{name: "form", svc: &fakeSimPay{view: pendingView}, method: "GET", status: 200,
			contains: []string{"Test payment page — no real money is moved", "25.50 EUR", "Grand Prix", "PL-1", `autocomplete="cc-number"`, `lang="en" dir="ltr"`}},
		{name: "already paid", svc: &fakeSimPay{view: approved}, method: "GET", status: 200,
			contains: []string{"Payment approved", `href="https://shop.test/ok"`}},
		{name: "expired", svc: &fakeSimPay{view: simulated.View{Status: "expired", CancelURL: "https://shop.test/ko"}}, method: "GET", status: 410,
			contains: []string{"This payment page has expired", `href="https://shop.test/ko"`}},
		{name: "unknown", svc: &fakeSimPay{err: apperr.New(apperr.NotFound, "No such payment page.")}, method: "GET", status: 404,
			contains: []string{"Payment page not found"}},
		{name: "provider broken", svc: &fakeSimPay{err: errors.New("database on fire")}, method: "GET", status: 500,
			contains: []string{"Something went wrong"}},
		{name: "paid", svc: &fakeSimPay{result: simulated.Result{View: approved, Decided: true}}, method: "POST", body: payForm,
			status: 303, location: "https://shop.test/ok"},
		{name: "decided before", svc: &fakeSimPay{result: simulated.Result{View: approved}}, method: "POST", body: payForm, status: 200,
			contains: []string{"Payment approved"}},
		{name: "form error", svc: &fakeSimPay{result: simulated.Result{View: pendingView},
			err: apperr.WithFields(apperr.Unprocessable, "Check the card details.", map[string]string{"name": "Enter the name on the card.", "expiry": "The card has expired."})},
			method: "POST", body: payForm, status: 422,
			contains: []string{`role="alert"`, `<li><a href="#expiry">The card has expired.</a></li><li><a href="#name">Enter the name on the card.</a></li>`, `aria-invalid="true" aria-describedby="expiry-error" autofocus`, `value="4242 4242 4242 4242"`}},
		{name: "expired on submit", svc: &fakeSimPay{err: apperr.New(apperr.Gone, "expired")}, method: "POST", body: payForm, status: 410,
			contains: []string{"This payment page has expired"}},
		{name: "form too large", svc: &fakeSimPay{}, method: "POST", body: "name=" + strings.Repeat("a", 20<<10), status: 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := simPay(t, tt.svc, tt.method, tt.body)
			body := w.Body.String()
			if w.Code != tt.status || w.Header().Get("Location") != tt.location {
				t.Fatalf("got %d to %q, want %d to %q\n%s", w.Code, w.Header().Get("Location"), tt.status, tt.location, body)
			}
			if tt.status != 303 && (!strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") || w.Header().Get("Cache-Control") != "no-store") {
				t.Fatalf("headers %v", w.Header())
			}
			for _, want := range tt.contains {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %q\n%s", want, body)
				}
			}
			if strings.Contains(body, "database on fire") || strings.Contains(body, `value="123"`) {
				t.Fatalf("page leaks an internal error or the CVC:\n%s", body)
			}
		})
	}
}

// The form's fields reach the provider; the cancel button cancels whatever else was typed.
func TestSimPayPostRoutesTheForm(t *testing.T) {
	t.Parallel()
	svc := &fakeSimPay{result: simulated.Result{View: simulated.View{ReturnURL: "https://shop.test/x"}, Decided: true}}
	simPay(t, svc, "POST", url.Values{"number": {"4000 0000 0000 0002"}, "expiry": {"01/29"}, "cvc": {"999"}, "name": {"Bo"}, "action": {"pay"}}.Encode())
	if want := (simulated.Card{Number: "4000 0000 0000 0002", Expiry: "01/29", CVC: "999", Name: "Bo"}); svc.card != want {
		t.Fatalf("card %+v, want %+v", svc.card, want)
	}
	simPay(t, svc, "POST", url.Values{"number": {"4242424242424242"}, "action": {"cancel"}}.Encode())
	if got := strings.Join(svc.calls, ", "); got != "pay sim_abc, cancel sim_abc" {
		t.Fatalf("calls: %s", got)
	}
}

// Without the simulated provider (Stripe in use), the hosted page does not exist.
func TestSimPayAbsent(t *testing.T) {
	t.Parallel()
	h := httpapi.New(httpapi.Deps{})
	for _, m := range []string{"GET", "POST"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(m, "/pay/sim/sim_abc", nil))
		if w.Code != http.StatusNotFound {
			t.Fatalf("%s: %d", m, w.Code)
		}
	}
}
