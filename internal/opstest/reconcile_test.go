package opstest

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"pitlane/internal/payment/simulated"
)

// TestTwoInstancesReconcile: two built binaries on one PostgreSQL database both run the payment
// reconciliation job, every second, over the same payments. The provider's notifications never
// arrive (its notify URL is dead), so only reconciliation can settle the payments: each is applied
// once — one charge in the ledger, the booking paid, its places counted once, one confirmation mail —
// whichever instance asked the provider first, and neither instance logs a failed job.
func TestTwoInstancesReconcile(t *testing.T) {
	t.Parallel()
	dbURL := postgresURL(t)
	keys := seedDemo(t, dbURL).keys
	box := startMailbox(t)
	env := baseEnv(dbURL)
	env["PITLANE_SMTP_URL"] = box.url
	// Port 9 (discard) refuses connections on loopback: every notification the simulated provider sends
	// fails, and so do its retries. The hosted page and the API stay reachable at the instance's address.
	env["PITLANE_BASE_URL"] = "http://127.0.0.1:9"
	env["PITLANE_RECONCILE_INTERVAL"] = "1s"
	env["PITLANE_RECONCILE_AFTER"] = "2s"
	env["PITLANE_HOUSEKEEPING_INTERVAL"] = "1s" // the other job every instance runs, racing too
	ins := []*instance{launchInstance(t, env), launchInstance(t, env)}
	for _, in := range ins {
		in.waitReady(t)
	}
	db := openDB(t, dbURL)

	const n = 8
	list := bookMany(t, ins, keys["Circuito Norte"], n, 30, "reconcile")
	for _, b := range list {
		if b.payRef == "" {
			t.Fatalf("booking %s was not sent to the simulated provider's page: Circuito Norte takes payment online", b.email)
		}
	}
	// Each visitor pays on the provider's page (through either instance); the provider records the
	// approval and tries to notify Pitlane, which it cannot reach.
	noRedirect := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	for i, b := range list {
		form := url.Values{simulated.FieldNumber: {simulated.CardApproved}, simulated.FieldExpiry: {"12/39"},
			simulated.FieldCVC: {"123"}, simulated.FieldName: {"Ana Berg"}}
		res, err := noRedirect.Post(ins[i%2].base+"/pay/sim/"+b.payRef, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("paying %s on the provider's page: %d, want 303 back to the shop", b.payRef, res.StatusCode)
		}
	}
	paid := func() int {
		return count(t, db, dbURL, `SELECT COUNT(*) FROM payments p JOIN bookings b ON b.id = p.booking_id
			WHERE p.provider = 'simulated' AND p.status = 'approved' AND b.status = 'pagada' AND b.email LIKE 'reconcile-%'`)
	}
	settling := time.Now()
	for paid() < n {
		if time.Since(settling) > patience(t) {
			t.Fatalf("after %v %d of %d payments are settled by reconciliation\n%s", time.Since(settling).Round(time.Second),
				paid(), n, ins[0].log.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	// Let both jobs run over the settled payments a few more times.
	time.Sleep(3 * time.Second)

	if got := count(t, db, dbURL, `SELECT COUNT(*) FROM payment_entries e JOIN payments p ON p.id = e.payment_id
		JOIN bookings b ON b.id = p.booking_id WHERE e.kind = 'charge' AND b.email LIKE 'reconcile-%'`); got != n {
		t.Errorf("%d charge entries in the ledger for %d payments, want one each", got, n)
	}
	checkAcknowledged(t, db, dbURL, list)
	checkCapacity(t, db) // every session's booked counter equals the places of its confirmed bookings
	for _, b := range list {
		if got := count(t, db, dbURL, `SELECT COUNT(*) FROM outbox_emails WHERE to_addr = ? AND kind = 'booking_confirmation'`, b.email); got != 1 {
			t.Errorf("%s: %d confirmation mails queued, want 1", b.email, got)
		}
	}
	box.waitDelivered(t, func() []outboxMail { return outbox(t, db) }, patience(t))

	// Both instances took part, and neither reports a failed job.
	settled := 0
	for i, in := range ins {
		log := in.log.String()
		if strings.Contains(log, "job failed") || strings.Contains(log, "payment reconciliation failed") {
			t.Errorf("instance %d logged a failed job:\n%s", i+1, log)
		}
		runs := strings.Count(log, `job="payment reconciliation"`)
		t.Logf("instance %d: %d reconciliation runs found payments to settle", i+1, runs)
		settled += runs
	}
	if settled == 0 {
		t.Errorf("no instance logged a reconciliation run that settled payments")
	}
}
