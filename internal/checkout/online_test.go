package checkout_test

import (
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// saveOnline holds drivers places at 10:00 and saves paying online; it returns the booking identifier
// and the provider's checkout ref.
func (e *env) saveOnline(t *testing.T, drivers int) (string, string) {
	t.Helper()
	cart := e.cart(t)
	id := e.hold(t, cart, e.fix.Product, drivers, at("10:00"))
	names := make([]string, drivers)
	for i := range names {
		names[i] = "Driver"
	}
	res := e.saveBooking(t, save(cart, id, names...))
	if res.Status != 200 {
		t.Fatalf("save online: %d %s", res.Status, res.Body)
	}
	var out checkout.SaveResult
	res.JSON(t, &out)
	ref := out.URL[len("https://pay.example/"):]
	return e.gw.reference(ref), ref
}

// Paying online: the booking waits (pending, online, payment created) with its places still held and
// no mail; the provider is asked for the right amount and return pages. The approval books the places,
// marks it pagada and queues the confirmation.
func TestPayOnlineApproved(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		ident, ref := e.saveOnline(t, 2)
		req := e.gw.request(ref)
		if req.AmountCents != 4000 || req.Currency != "EUR" || req.SuccessURL != base+"/success?booking="+ident ||
			req.CancelURL != base+"/success?booking="+ident+"&cancelled=1" || req.Email != "ana@example.com" || req.PaymentID == 0 {
			t.Fatalf("checkout request %+v", req)
		}
		st := e.status(t, ident)
		if st.Status != checkout.StatusPending || st.PaymentMode != checkout.ModeOnline || st.PaymentStatus == nil || *st.PaymentStatus != "created" {
			t.Fatalf("before payment %+v", st)
		}
		if e.held(t, at("10:00")) != 2 || e.booked(t, at("10:00")) != 0 || e.mails(t, notify.KindBookingConfirmation) != 0 {
			t.Fatalf("before payment: held %d booked %d", e.held(t, at("10:00")), e.booked(t, at("10:00")))
		}
		// The holds outlive their 10 minutes while the visitor is on the provider's page.
		e.clk.Advance(20 * time.Minute)
		if e.held(t, at("10:00")) != 2 {
			t.Fatalf("holds not extended")
		}
		res := e.notify(t, notification{ID: "evt_1", Ref: ref, Outcome: "approved", Amount: 4000})
		if res.Status != 200 {
			t.Fatalf("notify: %d %s", res.Status, res.Body)
		}
		st = e.status(t, ident)
		if st.Status != checkout.StatusPaid || *st.PaymentStatus != "approved" || st.NeedsRefund {
			t.Errorf("after payment %+v", st)
		}
		if e.booked(t, at("10:00")) != 2 || e.held(t, at("10:00")) != 0 {
			t.Errorf("after payment: booked %d held %d", e.booked(t, at("10:00")), e.held(t, at("10:00")))
		}
		if e.mails(t, notify.KindBookingConfirmation) != 1 || e.mails(t, notify.KindCompanyNotice) != 1 {
			t.Errorf("mails %d/%d", e.mails(t, notify.KindBookingConfirmation), e.mails(t, notify.KindCompanyNotice))
		}
		if e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE kind = 'charge' AND amount_cents = 4000`) != 1 {
			t.Errorf("no charge entry")
		}
		if e.count(t, `SELECT COUNT(*) FROM bookings WHERE cancel_token_hash IS NOT NULL AND places_booked = 1`) != 1 {
			t.Errorf("no cancel token or places flag")
		}
		// A decline arriving after the approval changes nothing.
		e.notify(t, notification{ID: "evt_2", Ref: ref, Outcome: "declined"})
		if st := e.status(t, ident); st.Status != checkout.StatusPaid || *st.PaymentStatus != "approved" || e.booked(t, at("10:00")) != 2 {
			t.Errorf("a late decline changed a paid booking: %+v", st)
		}
	})
}

// A declined payment cancels the booking and frees its places; no mail is sent. An approval arriving
// afterwards is a late payment: the places are still free, so the booking is made after all.
func TestPayOnlineDeclinedThenLateApproval(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		ident, ref := e.saveOnline(t, 3)
		if res := e.notify(t, notification{ID: "evt_d", Ref: ref, Outcome: "declined"}); res.Status != 200 {
			t.Fatalf("notify: %d %s", res.Status, res.Body)
		}
		st := e.status(t, ident)
		if st.Status != checkout.StatusCancelled || *st.PaymentStatus != "declined" {
			t.Fatalf("after decline %+v", st)
		}
		if e.held(t, at("10:00")) != 0 || e.booked(t, at("10:00")) != 0 {
			t.Fatalf("places not freed: held %d booked %d", e.held(t, at("10:00")), e.booked(t, at("10:00")))
		}
		if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails`); n != 0 {
			t.Errorf("%d mails after a decline", n)
		}
		if e.str(t, `SELECT status FROM carts`) != "open" {
			t.Errorf("cart not reopened")
		}
		e.notify(t, notification{ID: "evt_a", Ref: ref, Outcome: "approved", Amount: 6000})
		st = e.status(t, ident)
		if st.Status != checkout.StatusPaid || st.NeedsRefund || e.booked(t, at("10:00")) != 3 {
			t.Errorf("late payment with free places: %+v booked %d", st, e.booked(t, at("10:00")))
		}
		if e.mails(t, notify.KindBookingConfirmation) != 1 {
			t.Errorf("no confirmation after the late payment")
		}
	})
}

// A payment that arrives after its holds expired and someone else booked the places: the money is
// recorded, nothing is overbooked, the booking is cancelada and flagged needs_refund, and the customer
// is told.
func TestLatePaymentPlacesGone(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		ident, ref := e.saveOnline(t, 10)
		e.clk.Advance(checkout.PaymentWindow + time.Minute) // the visitor left the provider's page open
		other := e.cart(t)
		id := e.hold(t, other, e.fix.Product, 5, at("10:00"))
		body := save(other, id, "A", "B", "C", "D", "E")
		e.exec(t, `UPDATE companies SET payments_active = 0 WHERE id = ?`, e.fix.CompanyID) // the desk books it, paid at the circuit
		body["email"], body["emailConfirmation"] = "bo@example.com", "bo@example.com"
		if res := e.saveBooking(t, body); res.Status != 200 {
			t.Fatalf("other save: %d %s", res.Status, res.Body)
		}
		e.paymentsOn(t)
		if res := e.notify(t, notification{ID: "evt_late", Ref: ref, Outcome: "approved", Amount: 20000}); res.Status != 200 {
			t.Fatalf("notify: %d %s", res.Status, res.Body)
		}
		if got := e.booked(t, at("10:00")); got != 5 {
			t.Fatalf("booked %d places of 12, want 5 (no overbooking)", got)
		}
		st := e.status(t, ident)
		if st.Status != checkout.StatusCancelled || !st.NeedsRefund || *st.PaymentStatus != "approved" {
			t.Errorf("late payment %+v", st)
		}
		if e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE kind = 'charge'`) != 1 {
			t.Errorf("the money taken is not recorded")
		}
		if e.mails(t, notify.KindBookingCancellation) != 1 {
			t.Errorf("customer not told")
		}
	})
}

// The provider cannot be reached: 503, the booking is cancelled and its holds released, the cart is
// open again, and the visitor can hold and book again.
func TestProviderDown(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		e.gw.fail = true
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		res := e.saveBooking(t, save(cart, id, "A", "B"))
		if res.Status != 503 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if e.held(t, at("10:00")) != 0 || e.str(t, `SELECT status FROM bookings`) != "cancelada" || e.str(t, `SELECT status FROM carts`) != "open" {
			t.Fatalf("after the failure: held %d", e.held(t, at("10:00")))
		}
		e.gw.fail = false
		id = e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		if res := e.saveBooking(t, save(cart, id, "A", "B")); res.Status != 200 {
			t.Fatalf("retry: %d %s", res.Status, res.Body)
		}
	})
}

// Reconciliation asks the provider about payments that stayed 'created' and applies the answer once.
func TestReconcile(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		ident, ref := e.saveOnline(t, 1)
		e.gw.statuses[ref] = notificationOf(ref, "approved", 2000)
		if n, err := e.svc.Reconcile(t.Context()); err != nil || n != 0 {
			t.Fatalf("too early: %d %v", n, err)
		}
		e.clk.Advance(checkout.ReconcileAfter + time.Second)
		for i := 0; i < 2; i++ {
			if _, err := e.svc.Reconcile(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		if st := e.status(t, ident); st.Status != checkout.StatusPaid || e.booked(t, at("10:00")) != 1 {
			t.Fatalf("after reconciliation %+v", st)
		}
		if e.mails(t, notify.KindBookingConfirmation) != 1 || e.count(t, `SELECT COUNT(*) FROM payment_entries`) != 1 {
			t.Errorf("applied twice")
		}
		// A payment whose provider checkout was never recorded (the server stopped) is abandoned.
		ident2, _ := e.saveOnline(t, 1)
		e.exec(t, `UPDATE payments SET provider_ref = NULL WHERE booking_id = (SELECT id FROM bookings WHERE identifier = ?)`, ident2)
		e.clk.Advance(checkout.ReconcileAfter + time.Second)
		if _, err := e.svc.Reconcile(t.Context()); err != nil {
			t.Fatal(err)
		}
		if st := e.status(t, ident2); st.Status != checkout.StatusCancelled {
			t.Errorf("abandoned payment %+v", st)
		}
	})
}
