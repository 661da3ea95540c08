package simulated_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
)

const testSecret = "test-secret-0123456789"

var signedAt = time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)

// offlineProvider is a provider with a configured secret, enough to parse notifications.
func offlineProvider(t testing.TB, clk clock.Clock) *simulated.Provider {
	t.Helper()
	p, err := simulated.New(nil, simulated.Config{BaseURL: "http://pitlane.test", Secret: testSecret, Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

func notifyRequest(body, header string) *http.Request {
	r := httptest.NewRequest("POST", simulated.NotifyPath, strings.NewReader(body))
	if header != "" {
		r.Header.Set(simulated.SignatureHeader, header)
	}
	return r
}

func TestParseNotification(t *testing.T) {
	t.Parallel()
	p := offlineProvider(t, clock.NewManual(signedAt))
	approved := `{"id":"evt_1","type":"payment.approved","ref":"sim_a","paymentId":42,"amountCents":2550,"created":1777629600}`
	tests := []struct {
		name    string
		body    string
		header  string
		want    payment.Notification
		ok      bool
		invalid bool
	}{
		{name: "approved", body: approved, header: simulated.Sign(testSecret, signedAt, []byte(approved)), ok: true,
			want: payment.Notification{EventID: "evt_1", ProviderRef: "sim_a", PaymentID: 42, Outcome: payment.Approved, AmountCents: 2550}},
		{name: "declined carries no money", ok: true,
			body:   `{"id":"evt_2","type":"payment.declined","ref":"sim_a","paymentId":42,"amountCents":2550,"created":1}`,
			header: "sign", want: payment.Notification{EventID: "evt_2", ProviderRef: "sim_a", PaymentID: 42, Outcome: payment.Declined}},
		{name: "refund", ok: true,
			body:   `{"id":"evt_3","type":"refund.succeeded","ref":"sim_a","paymentId":42,"amountCents":500,"created":1}`,
			header: "sign", want: payment.Notification{EventID: "evt_3", ProviderRef: "sim_a", PaymentID: 42, Outcome: payment.Refunded, AmountCents: 500}},
		{name: "a type this version does not know", ok: false,
			body: `{"id":"evt_4","type":"payout.paid","ref":"sim_a","paymentId":42,"amountCents":1,"created":1}`, header: "sign"},
		{name: "signed 4 minutes ago", body: approved, header: simulated.Sign(testSecret, signedAt.Add(-4*time.Minute), []byte(approved)), ok: true,
			want: payment.Notification{EventID: "evt_1", ProviderRef: "sim_a", PaymentID: 42, Outcome: payment.Approved, AmountCents: 2550}},
		{name: "signed 6 minutes ago", body: approved, header: simulated.Sign(testSecret, signedAt.Add(-6*time.Minute), []byte(approved)), invalid: true},
		{name: "signed 6 minutes ahead", body: approved, header: simulated.Sign(testSecret, signedAt.Add(6*time.Minute), []byte(approved)), invalid: true},
		{name: "wrong secret", body: approved, header: simulated.Sign("other", signedAt, []byte(approved)), invalid: true},
		{name: "body changed after signing", body: strings.Replace(approved, "2550", "9999", 1),
			header: simulated.Sign(testSecret, signedAt, []byte(approved)), invalid: true},
		{name: "no signature", body: approved, header: "", invalid: true},
		{name: "garbage signature", body: approved, header: "t=abc,v1=zz", invalid: true},
		{name: "malformed JSON", body: `{"id":`, header: "sign", invalid: true},
		{name: "two JSON values", body: approved + approved, header: "sign", invalid: true},
		{name: "no id", body: `{"type":"payment.approved","ref":"sim_a"}`, header: "sign", invalid: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header := tt.header
			if header == "sign" {
				header = simulated.Sign(testSecret, signedAt, []byte(tt.body))
			}
			n, ok, err := p.ParseNotification(notifyRequest(tt.body, header), []byte(tt.body))
			if tt.invalid {
				if !apperr.Is(err, apperr.Invalid) || ok {
					t.Fatalf("got ok=%v err=%v, want apperr.Invalid", ok, err)
				}
				return
			}
			if err != nil || ok != tt.ok || n != tt.want {
				t.Fatalf("got %+v ok=%v err=%v, want %+v ok=%v", n, ok, err, tt.want, tt.ok)
			}
		})
	}
}

// A secret being rotated: the header carries two signatures and either may match.
func TestVerifyAcceptsAnyOfSeveralSignatures(t *testing.T) {
	t.Parallel()
	body := []byte(`{}`)
	old := simulated.Sign("old-secret", signedAt, body)
	current := simulated.Sign(testSecret, signedAt, body)
	header := old + "," + current[strings.Index(current, "v1="):]
	if err := simulated.Verify(testSecret, header, body, signedAt); err != nil {
		t.Fatal(err)
	}
	if err := simulated.Verify("third", header, body, signedAt); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("got %v, want invalid", err)
	}
}
