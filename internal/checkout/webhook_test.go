package checkout_test

import (
	"encoding/json"
	"sync"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Notifications: a bad signature is a 400 that changes nothing; an unknown provider or payment is a
// 404 that records nothing; a message the provider marks irrelevant is acknowledged.
func TestNotificationRejections(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		ident, ref := e.saveOnline(t, 2)
		body, _ := json.Marshal(notification{ID: "evt_1", Ref: ref, Outcome: "approved", Amount: 4000})
		cases := []struct {
			name   string
			path   string
			body   []byte
			sig    string
			status int
		}{
			{"bad signature", "/api/payment/notify/fake", body, "00" + e.gw.sign(body)[2:], 400},
			{"no signature", "/api/payment/notify/fake", body, "", 400},
			{"unknown provider", "/api/payment/notify/paypal", body, e.gw.sign(body), 404},
			{"too large", "/api/payment/notify/fake", make([]byte, checkout.MaxNotificationBytes+1), "x", 400},
		}
		for _, c := range cases {
			res := e.api.Do("POST", c.path, c.body, "X-Fake-Signature", c.sig)
			if res.Status != c.status {
				t.Errorf("%s: %d %s, want %d", c.name, res.Status, res.Body, c.status)
			}
		}
		unknown := notification{ID: "evt_x", Ref: "cs_999", Outcome: "approved", Amount: 1}
		if res := e.notify(t, unknown); res.Status != 404 {
			t.Errorf("unknown payment: %d %s", res.Status, res.Body)
		}
		if res := e.notify(t, notification{ID: "evt_i", Ref: ref, Outcome: "ignored"}); res.Status != 200 {
			t.Errorf("irrelevant: %d %s", res.Status, res.Body)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payment_notifications`); n != 0 {
			t.Errorf("%d notifications recorded", n)
		}
		if st := e.status(t, ident); st.Status != checkout.StatusPending || *st.PaymentStatus != "created" {
			t.Errorf("status changed: %+v", st)
		}
		if e.count(t, `SELECT COUNT(*) FROM payment_entries`) != 0 || e.booked(t, at("10:00")) != 0 {
			t.Errorf("rows changed")
		}
	})
}

// The same notification delivered 10 times at once: one charge, one status change, one confirmation.
func TestSameNotificationConcurrently(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		ident, ref := e.saveOnline(t, 2)
		const n = 10
		codes := make([]int, n)
		dups := make([]bool, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				res := e.notify(t, notification{ID: "evt_same", Ref: ref, Outcome: "approved", Amount: 4000})
				codes[i] = res.Status
				var ack struct{ Duplicate bool }
				_ = json.Unmarshal(res.Body, &ack)
				dups[i] = ack.Duplicate
			}(i)
		}
		close(start)
		wg.Wait()
		first := 0
		for i, c := range codes {
			if c != 200 {
				t.Errorf("delivery %d: %d", i, c)
			}
			if !dups[i] {
				first++
			}
		}
		if first != 1 {
			t.Errorf("%d deliveries applied, want 1", first)
		}
		checks := map[string]int{
			`SELECT COUNT(*) FROM payment_entries`:                                   1,
			`SELECT COUNT(*) FROM payment_notifications`:                             1,
			`SELECT COUNT(*) FROM payments WHERE status = 'approved'`:                1,
			`SELECT COUNT(*) FROM bookings WHERE status = 'pagada'`:                  1,
			`SELECT COUNT(*) FROM outbox_emails WHERE kind = 'booking_confirmation'`: 1,
		}
		for q, want := range checks {
			if got := e.count(t, q); got != want {
				t.Errorf("%s = %d, want %d", q, got, want)
			}
		}
		if e.booked(t, at("10:00")) != 2 || e.status(t, ident).Status != checkout.StatusPaid {
			t.Errorf("booked %d", e.booked(t, at("10:00")))
		}
		if e.mails(t, notify.KindCompanyNotice) != 1 {
			t.Errorf("company notices %d", e.mails(t, notify.KindCompanyNotice))
		}
	})
}

// A refund notification records a negative entry and marks the payment (partially) refunded.
func TestRefundNotification(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		ident, ref := e.saveOnline(t, 2)
		e.notify(t, notification{ID: "evt_ok", Ref: ref, Outcome: "approved", Amount: 4000})
		e.notify(t, notification{ID: "evt_r1", Ref: ref, Outcome: "refunded", Amount: 1000})
		if ps := *e.status(t, ident).PaymentStatus; ps != "partially_refunded" {
			t.Errorf("after a partial refund: %s", ps)
		}
		e.notify(t, notification{ID: "evt_r2", Ref: ref, Outcome: "refunded", Amount: 3000})
		if ps := *e.status(t, ident).PaymentStatus; ps != "refunded" {
			t.Errorf("after the full refund: %s", ps)
		}
		if got := e.count(t, `SELECT SUM(amount_cents) FROM payment_entries`); got != 0 {
			t.Errorf("ledger sums to %d", got)
		}
	})
}
