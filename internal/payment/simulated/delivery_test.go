package simulated_test

import (
	"context"
	"testing"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

// When Pitlane's notify endpoint is down, the provider retries in the background until it gets through.
func TestFailedDeliveryIsRetried(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, clock.System{}, simulated.Config{Secret: "s3cret",
			RetryDelays: []time.Duration{10 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond}})
		e.rcv.setFail(2)
		co := e.checkout(t, 1200)
		if res := e.post(t, co.RedirectURL, card(e.clk, simulated.CardApproved)); res.status != 303 {
			t.Fatalf("a failed notification must not stop the visitor: %d", res.status)
		}
		if n := e.rcv.next(t); n.Outcome != payment.Approved || n.ProviderRef != co.ProviderRef {
			t.Fatalf("notification %+v", n)
		}
		e.rcv.mu.Lock()
		requests := e.rcv.requests
		e.rcv.mu.Unlock()
		if requests != 3 {
			t.Fatalf("%d requests, want 2 refused and 1 accepted", requests)
		}
	})
}

// Retries are bounded: after the last attempt the provider gives up.
func TestDeliveryGivesUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, clock.System{}, simulated.Config{Secret: "s3cret", RetryDelays: []time.Duration{5 * time.Millisecond}})
		e.rcv.setFail(1000)
		co := e.checkout(t, 1200)
		e.post(t, co.RedirectURL, card(e.clk, simulated.CardApproved))
		attempts := func() int {
			e.rcv.mu.Lock()
			defer e.rcv.mu.Unlock()
			return e.rcv.requests
		}
		// Polling a count another goroutine updates; no channel to wait on.
		testwait.Until(t, 5*time.Millisecond, "the provider's second delivery attempt", func() bool {
			if n := attempts(); n > 2 {
				t.Fatalf("%d attempts, want 2", n)
			}
			return attempts() == 2
		})
		e.rcv.setFail(0)
		if n, err := e.p.DeliverPending(context.Background()); err != nil || n != 0 {
			t.Fatalf("DeliverPending after giving up: %d %v", n, err)
		}
		e.rcv.none(t)
	})
}

// A notification whose retries were cut short (the endpoint was down, the instance restarted) is sent
// by the DeliverPending job once it is due.
func TestDeliverPending(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewManual(time.Now())
		e := newEnv(t, db, clk, simulated.Config{Secret: "s3cret", RetryDelays: []time.Duration{time.Hour}})
		e.rcv.setFail(1)
		co := e.checkout(t, 1200)
		e.post(t, co.RedirectURL, card(clk, simulated.CardDeclined))
		// The instance restarts: its background retry stops, and another provider on the same database
		// takes over. (Left running, the retry's timer, measured on the manual clock, could fire at once
		// after the Advance below and race the job for the event.)
		e.p.Close()
		restarted, err := simulated.New(db.SimPay(), simulated.Config{Secret: "s3cret", BaseURL: "http://restarted.test",
			Clock: clk, RetryDelays: []time.Duration{time.Hour}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(restarted.Close)
		ctx := context.Background()
		if n, err := restarted.DeliverPending(ctx); err != nil || n != 0 {
			t.Fatalf("delivered %d (%v) before the retry was due", n, err)
		}
		clk.Advance(time.Hour)
		if n, err := restarted.DeliverPending(ctx); err != nil || n != 1 {
			t.Fatalf("DeliverPending: %d %v, want 1", n, err)
		}
		if n := e.rcv.next(t); n.Outcome != payment.Declined || n.ProviderRef != co.ProviderRef {
			t.Fatalf("notification %+v", n)
		}
		if n, err := restarted.DeliverPending(ctx); err != nil || n != 0 {
			t.Fatalf("delivered again: %d %v", n, err)
		}
	})
}

// Without PITLANE_PAYMENT_SECRET the secret is generated once and kept in the database, so another
// instance verifies what this one signed.
func TestGeneratedSecretIsShared(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewManual(time.Now())
		e := newEnv(t, db, clk, simulated.Config{}) // the receiver verifies with the sending instance
		other, err := simulated.New(db.SimPay(), simulated.Config{BaseURL: "http://other.test", Clock: clk})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(other.Close)
		e.rcv.verify = other
		co := e.checkout(t, 1200)
		if res := e.post(t, co.RedirectURL, card(clk, simulated.CardApproved)); res.status != 303 {
			t.Fatalf("payment: %d", res.status)
		}
		if n := e.rcv.next(t); n.Outcome != payment.Approved {
			t.Fatalf("notification %+v", n)
		}
	})
}
