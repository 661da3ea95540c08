package stripegw_test

import (
	"crypto/hmac"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"pitlane/internal/payment/stripegw"
)

// Arbitrary bodies and signature headers never panic the webhook parser, and nothing verifies unless
// the header holds a genuine signature of the body made with the webhook secret.
func FuzzParseNotification(f *testing.F) {
	body := event("evt_1", "checkout.session.completed", session("complete", "paid"), "")
	f.Add(string(body), webhookRequest(body, whsec, time.Now()).Header.Get(stripegw.SignatureHeader))
	f.Add(string(body), "t=1777629600,v1=00")
	f.Add(`{"object":"event","type":"charge.refunded","data":{"object":{"id":"ch_1"}}}`, "t=,v1=,v0=")
	f.Add("", "")
	f.Add("\x00{", "t=99999999999999999999,v1=zz,=,,")
	// Nothing listens on port 1: a verified charge.refunded would fail its lookup fast.
	g := stripegw.New(stripegw.Config{SecretKey: testKey, WebhookSecret: whsec, BackendURL: "http://127.0.0.1:1"})
	f.Fuzz(func(t *testing.T, body, header string) {
		r := webhookRequest([]byte(body), whsec, time.Now())
		r.Header.Set(stripegw.SignatureHeader, header)
		_, ok, err := g.ParseNotification(r, []byte(body))
		if err != nil && ok {
			t.Fatalf("ok with an error: %v", err)
		}
		if err == nil && ok && !genuine(body, header) {
			t.Fatalf("verified a header the secret did not sign: %q", header)
		}
	})
}

// genuine reports whether header carries the webhook secret's signature of body at its timestamp.
func genuine(body, header string) bool {
	var unix int64
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			unix, _ = strconv.ParseInt(v, 10, 64)
		case "v1":
			sigs = append(sigs, v)
		}
	}
	want := webhook.ComputeSignature(time.Unix(unix, 0), []byte(body), whsec)
	for _, s := range sigs {
		if b, err := hex.DecodeString(s); err == nil && hmac.Equal(b, want) {
			return true
		}
	}
	return false
}
