package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

var simNow = time.UnixMilli(1_780_000_000_000)

func simCheckout(t *testing.T, db *store.DB, ref string, amount int64) simulated.CheckoutRecord {
	t.Helper()
	c := simulated.CheckoutRecord{Ref: ref, PaymentID: 7, AmountCents: amount, Currency: "EUR", Description: "2 drivers",
		Reference: "B-1", Email: "a@example.com", Culture: "es-ES", SuccessURL: "https://shop.test/ok",
		CancelURL: "https://shop.test/ko", NotifyURL: "https://pitlane.test/notify", Status: simulated.StatusPending,
		CreatedAt: simNow, ExpiresAt: simNow.Add(30 * time.Minute)}
	if err := db.SimPay().SimInsertCheckout(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return c
}

func simEvent(ref string, outcome payment.Outcome, amount int64, key string) simulated.Event {
	return simulated.Event{ID: fmt.Sprintf("evt_%s_%s_%d_%s", ref, outcome, amount, key), Ref: ref, Outcome: outcome,
		AmountCents: amount, IdempotencyKey: key, CreatedAt: simNow}
}

func countSimEvents(t *testing.T, db *store.DB, ref string) int {
	t.Helper()
	var n int
	err := db.Read(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM sim_events WHERE ref = ?`, ref).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A checkout reads back as written; an unknown one is not found.
func TestSimCheckoutRoundTrip(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		want := simCheckout(t, db, "sim_1", 2550)
		got, err := db.SimPay().SimCheckout(ctx, "sim_1")
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("got %+v\nwant %+v", got, want)
		}
		if _, err := db.SimPay().SimCheckout(ctx, "sim_none"); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("unknown ref: %v", err)
		}
	})
}

// Many submissions at once decide a checkout once, with one event; an expired checkout is not decided.
func TestSimDecideOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		simCheckout(t, db, "sim_1", 2550)
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ev := simEvent("sim_1", payment.Approved, 2550, fmt.Sprint(i))
				c, decided, err := db.SimPay().SimDecide(ctx, "sim_1", simulated.StatusApproved, "", simNow.Add(time.Minute), ev)
				if err != nil || c.Status != simulated.StatusApproved {
					t.Errorf("decide: %+v %v", c, err)
				}
				if decided {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if wins != 1 || countSimEvents(t, db, "sim_1") != 1 {
			t.Fatalf("%d submissions won, %d events; want 1 and 1", wins, countSimEvents(t, db, "sim_1"))
		}
		c, _ := db.SimPay().SimCheckout(ctx, "sim_1")
		if !c.DecidedAt.Equal(simNow.Add(time.Minute)) {
			t.Fatalf("decided at %v", c.DecidedAt)
		}

		simCheckout(t, db, "sim_2", 100)
		c, decided, err := db.SimPay().SimDecide(ctx, "sim_2", simulated.StatusApproved, "", simNow.Add(30*time.Minute),
			simEvent("sim_2", payment.Approved, 100, ""))
		if err != nil || decided || c.Status != simulated.StatusPending || countSimEvents(t, db, "sim_2") != 0 {
			t.Fatalf("expired checkout: decided=%v status=%s err=%v", decided, c.Status, err)
		}
		if _, _, err := db.SimPay().SimDecide(ctx, "sim_none", simulated.StatusDeclined, "", simNow, simEvent("sim_none", payment.Declined, 1, "")); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("unknown ref: %v", err)
		}
	})
}

// Concurrent refunds never give back more than was captured, and an idempotency key refunds once.
func TestSimRefundLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		simCheckout(t, db, "sim_1", 1000)
		if _, err := db.SimPay().SimRefund(ctx, "sim_1", simEvent("sim_1", payment.Refunded, 100, "")); !apperr.Is(err, apperr.Unprocessable) {
			t.Fatalf("refund of an unpaid checkout: %v", err)
		}
		if _, _, err := db.SimPay().SimDecide(ctx, "sim_1", simulated.StatusApproved, "", simNow, simEvent("sim_1", payment.Approved, 1000, "")); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := db.SimPay().SimRefund(ctx, "sim_1", simEvent("sim_1", payment.Refunded, 300, fmt.Sprint("k", i)))
				if err != nil && !apperr.Is(err, apperr.Unprocessable) {
					t.Errorf("refund: %v", err)
				}
			}()
		}
		wg.Wait()
		var refunded int64
		_ = db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM sim_events WHERE ref = ? AND outcome = 'refunded'`, "sim_1").Scan(&refunded)
		})
		if refunded != 900 {
			t.Fatalf("refunded %d of 1000 in steps of 300, want 900", refunded)
		}

		first, err := db.SimPay().SimRefund(ctx, "sim_1", simEvent("sim_1", payment.Refunded, 100, "same"))
		if err != nil {
			t.Fatal(err)
		}
		again, err := db.SimPay().SimRefund(ctx, "sim_1", simulated.Event{ID: "evt_other", Ref: "sim_1", Outcome: payment.Refunded,
			AmountCents: 100, IdempotencyKey: "same", CreatedAt: simNow})
		if err != nil || again.ID != first.ID {
			t.Fatalf("replayed key: %+v %v, want the first refund %s", again, err, first.ID)
		}
		if _, err := db.SimPay().SimRefund(ctx, "sim_1", simEvent("sim_1", payment.Refunded, 50, "same")); !apperr.Is(err, apperr.Conflict) {
			t.Fatalf("same key, other amount: %v", err)
		}
		if _, err := db.SimPay().SimRefund(ctx, "sim_1", simEvent("sim_1", payment.Refunded, 1, "")); !apperr.Is(err, apperr.Unprocessable) {
			t.Fatalf("nothing left: %v", err)
		}
	})
}

// An event is claimed by one sender at a time, retried when due, and never after it was delivered or
// ran out of attempts.
func TestSimEventDelivery(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		simCheckout(t, db, "sim_1", 1000)
		ev := simEvent("sim_1", payment.Declined, 1000, "")
		if _, _, err := db.SimPay().SimDecide(ctx, "sim_1", simulated.StatusDeclined, "gave up", simNow, ev); err != nil {
			t.Fatal(err)
		}
		const maxAttempts = 2
		due, err := db.SimPay().SimDueEvents(ctx, simNow, maxAttempts, 10)
		if err != nil || len(due) != 1 || due[0] != ev.ID {
			t.Fatalf("due: %v %v", due, err)
		}
		got, ok, err := db.SimPay().SimClaimEvent(ctx, ev.ID, simNow, simNow.Add(time.Minute), maxAttempts)
		if err != nil || !ok || got.Attempts != 1 || got.NotifyURL != "https://pitlane.test/notify" || got.PaymentID != 7 || got.Outcome != payment.Declined {
			t.Fatalf("claim: %+v %v %v", got, ok, err)
		}
		if _, ok, _ := db.SimPay().SimClaimEvent(ctx, ev.ID, simNow, simNow.Add(time.Minute), maxAttempts); ok {
			t.Fatal("claimed twice within the lease")
		}
		if err := db.SimPay().SimEventFailed(ctx, ev.ID, "connection refused", simNow.Add(10*time.Second)); err != nil {
			t.Fatal(err)
		}
		if due, _ := db.SimPay().SimDueEvents(ctx, simNow.Add(9*time.Second), maxAttempts, 10); len(due) != 0 {
			t.Fatalf("due before its retry time: %v", due)
		}
		if _, ok, _ := db.SimPay().SimClaimEvent(ctx, ev.ID, simNow.Add(10*time.Second), simNow.Add(time.Minute), maxAttempts); !ok {
			t.Fatal("retry not claimable when due")
		}
		if err := db.SimPay().SimEventFailed(ctx, ev.ID, "503", simNow.Add(20*time.Second)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := db.SimPay().SimClaimEvent(ctx, ev.ID, simNow.Add(time.Hour), simNow.Add(2*time.Hour), maxAttempts); ok {
			t.Fatal("claimed after running out of attempts")
		}

		simCheckout(t, db, "sim_2", 500)
		ev2 := simEvent("sim_2", payment.Approved, 500, "")
		if _, _, err := db.SimPay().SimDecide(ctx, "sim_2", simulated.StatusApproved, "", simNow, ev2); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := db.SimPay().SimClaimEvent(ctx, ev2.ID, simNow, simNow.Add(time.Minute), 5); !ok {
			t.Fatal("not claimed")
		}
		if err := db.SimPay().SimEventDelivered(ctx, ev2.ID, simNow); err != nil {
			t.Fatal(err)
		}
		if due, _ := db.SimPay().SimDueEvents(ctx, simNow.Add(time.Hour), maxAttempts, 10); len(due) != 0 {
			t.Fatalf("delivered or exhausted events still due: %v", due)
		}
	})
}

// Every instance ends up with the secret the first one stored.
func TestSimSecretIsShared(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, err := db.SimPay().SimSecret(ctx, "first", simNow)
		if err != nil || a != "first" {
			t.Fatalf("%q %v", a, err)
		}
		b, err := db.SimPay().SimSecret(ctx, "second", simNow)
		if err != nil || b != "first" {
			t.Fatalf("second instance got %q %v, want the first secret", b, err)
		}
	})
}
