package checkout_test

import (
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/payment"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Several instances share one database, and each runs the payment reconciliation job every minute: when
// their runs overlap, every payment the provider approved is applied once (one ledger entry, one
// confirmation mail, its places counted once), whichever instance gets there first.
func TestReconcileOnTwoInstancesAppliesEachPaymentOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		const payments = 5
		idents := make([]string, payments)
		for i := range idents {
			ident, ref := e.saveOnline(t, 1)
			idents[i] = ident
			e.gw.mu.Lock()
			e.gw.statuses[ref] = notificationOf(ref, "approved", 2000)
			e.gw.mu.Unlock()
		}
		e.clk.Advance(checkout.ReconcileAfter + time.Second)

		// The second instance: its own service over the same database and provider, as a second process has.
		other := checkout.NewService(checkout.Deps{Store: db.Checkout(), Clock: e.clk, BaseURL: base, HoldTTL: 10 * time.Minute,
			Gateways: map[string]payment.Gateway{"fake": e.gw}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			IdempotencyWait: 20 * time.Second})
		var wg sync.WaitGroup
		for _, svc := range []*checkout.Service{e.svc, other, e.svc, other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := svc.Reconcile(t.Context()); err != nil {
					t.Errorf("reconciliation: %v", err)
				}
			}()
		}
		wg.Wait()

		for _, ident := range idents {
			if st := e.status(t, ident); st.Status != checkout.StatusPaid {
				t.Errorf("%s after both reconciliations: %+v", ident, st)
			}
		}
		if n := e.booked(t, at("10:00")); n != payments {
			t.Errorf("%d places counted at 10:00, want %d", n, payments)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payment_entries`); n != payments {
			t.Errorf("%d ledger entries, want %d (one per payment)", n, payments)
		}
		if n := e.mails(t, notify.KindBookingConfirmation); n != payments {
			t.Errorf("%d confirmation mails, want %d", n, payments)
		}
	})
}
