package stripegw_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
	"pitlane/internal/payment/stripegw"
)

const whsec = "whsec_test_secret"

// event is a webhook body of the type with the object, as Stripe sends it.
func event(id, typ, object, previous string) []byte {
	data := `{"object":` + object
	if previous != "" {
		data += `,"previous_attributes":` + previous
	}
	return []byte(fmt.Sprintf(`{"id":%q,"object":"event","api_version":%q,"created":1777629600,"type":%q,"data":%s}}`,
		id, stripe.APIVersion, typ, data))
}

// webhookRequest signs body with secret at t, as Stripe does.
func webhookRequest(body []byte, secret string, t time.Time) *http.Request {
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: t})
	r := httptest.NewRequest("POST", "/api/payment/notify/stripe", strings.NewReader(string(body)))
	r.Header.Set(stripegw.SignatureHeader, signed.Header)
	return r
}

func session(status, paymentStatus string) string {
	return fmt.Sprintf(`{"id":"cs_test_1","object":"checkout.session","status":%q,"payment_status":%q,"amount_total":2550,
		"currency":"eur","client_reference_id":"42","metadata":{"payment_id":"42","reference":"PL-7Q2K"},"payment_intent":"pi_1"}`, status, paymentStatus)
}

// Each event type maps to the outcome Pitlane acts on; event types it does not act on are ignored.
func TestParseNotificationMapsEvents(t *testing.T) {
	g := stripegw.New(stripegw.Config{SecretKey: testKey, WebhookSecret: whsec, BackendURL: fakeStripe(t)})
	tests := []struct {
		name string
		body []byte
		want payment.Notification
		ok   bool
	}{
		{"completed and paid", event("evt_1", "checkout.session.completed", session("complete", "paid"), ""),
			payment.Notification{EventID: "evt_1", ProviderRef: "cs_test_1", PaymentID: 42, Outcome: payment.Approved, AmountCents: 2550}, true},
		{"completed, paying later", event("evt_2", "checkout.session.completed", session("complete", "unpaid"), ""),
			payment.Notification{EventID: "evt_2", ProviderRef: "cs_test_1", PaymentID: 42, Outcome: payment.Pending}, true},
		{"async payment succeeded", event("evt_3", "checkout.session.async_payment_succeeded", session("complete", "paid"), ""),
			payment.Notification{EventID: "evt_3", ProviderRef: "cs_test_1", PaymentID: 42, Outcome: payment.Approved, AmountCents: 2550}, true},
		{"async payment failed", event("evt_4", "checkout.session.async_payment_failed", session("complete", "unpaid"), ""),
			payment.Notification{EventID: "evt_4", ProviderRef: "cs_test_1", PaymentID: 42, Outcome: payment.Declined}, true},
		{"expired", event("evt_5", "checkout.session.expired", session("expired", "unpaid"), ""),
			payment.Notification{EventID: "evt_5", ProviderRef: "cs_test_1", PaymentID: 42, Outcome: payment.Expired}, true},
		{"a refund not from a checkout", event("evt_6", "refund.created", `{"id":"re_1","object":"refund","amount":2550,"status":"succeeded","payment_intent":null}`, ""),
			payment.Notification{}, false},
		{"a failed refund", event("evt_6b", "refund.created", `{"id":"re_2","object":"refund","amount":2550,"status":"failed","payment_intent":"pi_abc"}`, ""),
			payment.Notification{}, false},
		{"charge.refunded (recorded through refund.created instead)", event("evt_6c", "charge.refunded", `{"id":"ch_1","object":"charge","amount":2550,"amount_refunded":2550,"payment_intent":"pi_abc"}`, ""),
			payment.Notification{}, false},
		{"another event type", event("evt_7", "customer.created", `{"id":"cus_1","object":"customer"}`, ""), payment.Notification{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, ok, err := g.ParseNotification(webhookRequest(tt.body, whsec, time.Now()), tt.body)
			if err != nil || ok != tt.ok || n != tt.want {
				t.Fatalf("got %+v ok=%v err=%v, want %+v ok=%v", n, ok, err, tt.want, tt.ok)
			}
		})
	}
}

// A refund reports its own id (the id a staff refund records, so the two are one ledger entry) and its
// amount, and its Checkout Session is looked up at Stripe by the refund's PaymentIntent.
func TestParseNotificationRefund(t *testing.T) {
	u, rec := recordingMock(t)
	g := stripegw.New(stripegw.Config{SecretKey: testKey, WebhookSecret: whsec, BackendURL: u})
	body := event("evt_8", "refund.created",
		`{"id":"re_8","object":"refund","amount":500,"status":"succeeded","payment_intent":"pi_abc","metadata":{"payment_id":"42"}}`, "")
	n, ok, err := g.ParseNotification(webhookRequest(body, whsec, time.Now()), body)
	if err != nil || !ok {
		t.Fatalf("ok=%v err=%v", ok, err)
	}
	if n.EventID != "re_8" || n.Outcome != payment.Refunded || n.AmountCents != 500 || n.PaymentID != 42 || !strings.HasPrefix(n.ProviderRef, "cs_") {
		t.Fatalf("notification %+v", n)
	}
	if pi := rec.last(t, "GET /v1/checkout/sessions").Form.Get("payment_intent"); pi != "pi_abc" {
		t.Fatalf("looked up sessions of %q", pi)
	}

	// Stripe unreachable: an internal error, so Stripe retries the webhook later.
	down := stripegw.New(stripegw.Config{SecretKey: testKey, WebhookSecret: whsec, BackendURL: "http://127.0.0.1:1"})
	if _, _, err := down.ParseNotification(webhookRequest(body, whsec, time.Now()), body); err == nil || apperr.CodeOf(err) != apperr.Internal {
		t.Fatalf("lookup failure: %v", err)
	}
}

// Anything not signed with the webhook secret, or signed too long ago, is refused as invalid.
func TestParseNotificationRefuses(t *testing.T) {
	g := stripegw.New(stripegw.Config{SecretKey: testKey, WebhookSecret: whsec, BackendURL: fakeStripe(t)})
	good := event("evt_1", "checkout.session.completed", session("complete", "paid"), "")
	oldVersion := []byte(strings.Replace(string(good), stripe.APIVersion, "2020-08-27", 1))
	tests := []struct {
		name string
		req  *http.Request
		body []byte
	}{
		{"bad signature", webhookRequest(good, "whsec_other", time.Now()), good},
		{"stale timestamp", webhookRequest(good, whsec, time.Now().Add(-stripegw.Tolerance-time.Minute)), good},
		{"body changed after signing", webhookRequest(good, whsec, time.Now()), []byte(strings.Replace(string(good), "2550", "1", 1))},
		{"no signature", httptest.NewRequest("POST", "/", nil), good},
		{"malformed JSON", webhookRequest([]byte(`{"id":`), whsec, time.Now()), []byte(`{"id":`)},
		{"an API version the SDK cannot read", webhookRequest(oldVersion, whsec, time.Now()), oldVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ok, err := g.ParseNotification(tt.req, tt.body)
			if !apperr.Is(err, apperr.Invalid) || ok {
				t.Fatalf("got ok=%v err=%v, want apperr.Invalid", ok, err)
			}
		})
	}
}
