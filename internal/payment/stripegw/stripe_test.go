package stripegw_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/payment"
	"pitlane/internal/payment/stripegw"
)

const testKey = "sk_test_123"

var now = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

func checkoutRequest(culture string) payment.CheckoutRequest {
	return payment.CheckoutRequest{PaymentID: 42, Reference: "PL-7Q2K", AmountCents: 2550, Currency: "EUR",
		Description: "Grand Prix, 2 drivers", Email: "ana@example.com", Culture: culture,
		SuccessURL: "https://pitlane.test/ok", CancelURL: "https://pitlane.test/ko"}
}

// A checkout becomes one Checkout Session with everything Stripe needs to take the money and tell us
// which payment it was; stripe-mock validates the request against Stripe's API.
func TestCreateCheckout(t *testing.T) {
	u, rec := recordingMock(t)
	g := stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: u, Clock: clock.NewManual(now)})
	co, err := g.CreateCheckout(context.Background(), checkoutRequest("es-ES"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(co.ProviderRef, "cs_") || !strings.HasPrefix(co.RedirectURL, "https://") {
		t.Fatalf("checkout %+v", co)
	}
	req := rec.last(t, "POST /v1/checkout/sessions")
	want := map[string]string{
		"mode":                 "payment",
		"success_url":          "https://pitlane.test/ok",
		"cancel_url":           "https://pitlane.test/ko",
		"client_reference_id":  "42",
		"metadata[payment_id]": "42",
		"metadata[reference]":  "PL-7Q2K",
		"payment_intent_data[metadata][payment_id]": "42",
		"customer_email":                                "ana@example.com",
		"locale":                                        "es",
		"expires_at":                                    strconv.FormatInt(now.Add(31*time.Minute).Unix(), 10),
		"line_items[0][quantity]":                       "1",
		"line_items[0][price_data][currency]":           "eur",
		"line_items[0][price_data][unit_amount]":        "2550",
		"line_items[0][price_data][product_data][name]": "Grand Prix, 2 drivers",
	}
	for k, v := range want {
		if got := req.Form.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if len(req.Form["line_items[1][quantity]"]) != 0 {
		t.Error("more than one line item")
	}
	if req.Header.Get("Authorization") != "Bearer "+testKey {
		t.Errorf("authorization %q", req.Header.Get("Authorization"))
	}
}

// Cultures map to the locales Stripe Checkout has; a language it lacks sends no locale (Stripe then
// follows the browser) rather than an error.
func TestLocale(t *testing.T) {
	tests := map[string]string{"es-ES": "es", "en-GB": "en-GB", "en-US": "en", "pt-BR": "pt-BR", "da-DK": "da",
		"de-DE": "de", "sv-SE": "sv", "nb-NO": "nb", "no-NO": "nb", "zh_TW": "zh-TW", "ar-SA": "", "": "", "xx": ""}
	for culture, want := range tests {
		if got := stripegw.Locale(culture); got != want {
			t.Errorf("Locale(%q) = %q, want %q", culture, got, want)
		}
	}
	u, rec := recordingMock(t)
	g := stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: u})
	if _, err := g.CreateCheckout(context.Background(), checkoutRequest("ar-SA")); err != nil {
		t.Fatalf("an Arabic page: %v", err)
	}
	if l, sent := rec.last(t, "POST /v1/checkout/sessions").Form["locale"]; sent {
		t.Fatalf("sent locale %v", l)
	}
}

// Status asks Stripe for the session and reads what it answers.
func TestStatus(t *testing.T) {
	u, rec := recordingMock(t)
	g := stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: u})
	n, err := g.Status(context.Background(), "cs_test_123")
	if err != nil {
		t.Fatal(err)
	}
	rec.last(t, "GET /v1/checkout/sessions/cs_test_123")
	if n.ProviderRef != "cs_test_123" || n.EventID != "status-cs_test_123-"+string(n.Outcome) {
		t.Fatalf("status %+v", n)
	}

	tests := []struct {
		name, answer string
		want         payment.Notification
	}{
		{"paid", `{"id":"cs_1","object":"checkout.session","payment_status":"paid","status":"complete","amount_total":2550,"client_reference_id":"42"}`,
			payment.Notification{EventID: "status-cs_1-approved", ProviderRef: "cs_1", PaymentID: 42, Outcome: payment.Approved, AmountCents: 2550}},
		{"expired", `{"id":"cs_1","object":"checkout.session","payment_status":"unpaid","status":"expired","metadata":{"payment_id":"42"}}`,
			payment.Notification{EventID: "status-cs_1-expired", ProviderRef: "cs_1", PaymentID: 42, Outcome: payment.Expired}},
		{"open", `{"id":"cs_1","object":"checkout.session","payment_status":"unpaid","status":"open","client_reference_id":"42"}`,
			payment.Notification{EventID: "status-cs_1-pending", ProviderRef: "cs_1", PaymentID: 42, Outcome: payment.Pending}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: fakeStripe(t, answer{"GET /v1/checkout/sessions/cs_1", 200, tt.answer})})
			n, err := g.Status(context.Background(), "cs_1")
			if err != nil || n != tt.want {
				t.Fatalf("got %+v %v, want %+v", n, err, tt.want)
			}
		})
	}
	g = stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: fakeStripe(t)})
	if _, err := g.Status(context.Background(), "cs_x"); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("unknown session: %v", err)
	}
}

// A refund refunds the session's PaymentIntent with our idempotency key.
func TestRefund(t *testing.T) {
	u, rec := recordingMock(t)
	g := stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: u})
	r, err := g.Refund(context.Background(), "cs_test_123", 500, "refund-7-1")
	if err != nil {
		t.Fatal(err)
	}
	rec.last(t, "GET /v1/checkout/sessions/cs_test_123")
	req := rec.last(t, "POST /v1/refunds")
	if !strings.HasPrefix(req.Form.Get("payment_intent"), "pi_") || req.Form.Get("amount") != "500" ||
		req.Header.Get("Idempotency-Key") != "refund-7-1" || req.Form.Get("metadata[checkout_session]") != "cs_test_123" {
		t.Fatalf("sent %v with headers %v", req.Form, req.Header)
	}
	if !strings.HasPrefix(r.ProviderRefundID, "re_") || r.AmountCents != 500 {
		t.Fatalf("refund %+v", r)
	}

	calls := len(rec.all())
	if _, err := g.Refund(context.Background(), "cs_test_123", 0, "k"); !apperr.Is(err, apperr.Invalid) || len(rec.all()) != calls {
		t.Fatalf("a zero refund: %v, and it reached Stripe: %v", err, len(rec.all()) != calls)
	}
	unpaid := stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: fakeStripe(t, answer{"GET /v1/checkout/sessions/cs_1", 200,
		`{"id":"cs_1","object":"checkout.session","payment_status":"unpaid","status":"open","payment_intent":null}`})})
	if _, err := unpaid.Refund(context.Background(), "cs_1", 100, "k"); !apperr.Is(err, apperr.Unprocessable) {
		t.Fatalf("refund of an unpaid session: %v", err)
	}
	refused := stripegw.New(stripegw.Config{SecretKey: testKey, BackendURL: fakeStripe(t,
		answer{"GET /v1/checkout/sessions/cs_1", 200, `{"id":"cs_1","object":"checkout.session","payment_status":"paid","payment_intent":"pi_1"}`},
		answer{"POST /v1/refunds", 400, `{"error":{"type":"invalid_request_error","code":"amount_too_large","message":"Refund amount is greater than unrefunded amount"}}`})})
	if _, err := refused.Refund(context.Background(), "cs_1", 100, "k"); !apperr.Is(err, apperr.Unprocessable) {
		t.Fatalf("refused refund: %v", err)
	}
}
