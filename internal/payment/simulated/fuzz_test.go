package simulated_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/payment/simulated"
)

// Arbitrary bodies and signature headers never panic the parser, and nothing verifies unless the header
// holds a genuine signature of the body made with the secret.
func FuzzParseNotification(f *testing.F) {
	body := `{"id":"evt_1","type":"payment.approved","ref":"sim_a","paymentId":42,"amountCents":2550,"created":1}`
	f.Add(body, simulated.Sign(testSecret, signedAt, []byte(body)))
	f.Add(body, "t=1777629600,v1=00")
	f.Add(`{"id":"x","type":"refund.succeeded","ref":"r","amountCents":-1}`, "t=,v1=,v1")
	f.Add("", "")
	f.Add("\x00\xff", "t=99999999999999999999,v1=zz,=,,")
	p := offlineProvider(f, clock.NewManual(signedAt))
	f.Fuzz(func(t *testing.T, body, header string) {
		n, ok, err := p.ParseNotification(notifyRequest(body, header), []byte(body))
		if err != nil {
			if ok {
				t.Fatalf("ok with an error: %v", err)
			}
			return
		}
		// It verified: the header must carry the signature the secret makes at the header's timestamp.
		var unix int64
		for _, part := range strings.Split(header, ",") {
			if v, found := strings.CutPrefix(strings.TrimSpace(part), "t="); found {
				unix, _ = strconv.ParseInt(v, 10, 64)
			}
		}
		want := simulated.Sign(testSecret, time.Unix(unix, 0), []byte(body))
		if !strings.Contains(strings.ToLower(header), want[strings.Index(want, "v1="):]) { // hex is read in either case
			t.Fatalf("verified a header the secret did not sign: %q → %+v", header, n)
		}
	})
}
