package simulated_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A visitor pays with the approval card: Pitlane is notified, with a valid signature, before the visitor
// is sent back to the success URL, and the provider's status says approved.
func TestPayApproved(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, clock.NewManual(time.Now()), simulated.Config{Secret: "s3cret"})
		co := e.checkout(t, 2550)

		pg := e.get(t, co.RedirectURL)
		for _, want := range []string{"Test payment page — no real money is moved", "25.50 EUR", "Grand Prix, 2 drivers",
			`<label for="number">`, `<label for="expiry">`, `<label for="cvc">`, `<label for="name">`, "Cancel and return"} {
			if pg.status != 200 || !strings.Contains(pg.body, want) {
				t.Fatalf("page %d lacks %q:\n%s", pg.status, want, pg.body)
			}
		}

		res := e.post(t, co.RedirectURL, card(e.clk, "4242 4242 4242 4242"))
		if res.status != 303 || res.location != "https://shop.test/ok?b=PL-7Q2K" {
			t.Fatalf("got %d to %q, want 303 to the success URL", res.status, res.location)
		}
		select { // delivered while the visitor waited, so the booking is paid when they land
		case n := <-e.rcv.got:
			want := payment.Notification{EventID: n.EventID, ProviderRef: co.ProviderRef, PaymentID: 42, Outcome: payment.Approved, AmountCents: 2550}
			if n != want || !strings.HasPrefix(n.EventID, "evt_") {
				t.Fatalf("notification %+v, want %+v", n, want)
			}
		default:
			t.Fatal("the visitor was redirected before Pitlane was notified")
		}
		st := e.status(t, co.ProviderRef)
		if st.Outcome != payment.Approved || st.AmountCents != 2550 || st.EventID != "status-"+co.ProviderRef+"-approved" || st.PaymentID != 42 {
			t.Fatalf("status %+v", st)
		}
	})
}

// Declines: the decline card, a valid card test mode does not accept, and giving up. Each sends the
// visitor to the cancel URL and notifies a decline without money.
func TestDeclines(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, clock.NewManual(time.Now()), simulated.Config{Secret: "s3cret"})
		tests := []struct {
			name   string
			form   url.Values
			reason string
		}{
			{"decline card", card(e.clk, "4000 0000 0000 0002"), "The card was declined."},
			{"card not accepted in test mode", card(e.clk, "5555 5555 5555 4444"), "Card not accepted in test mode."},
			{"cancel and return", url.Values{"action": {"cancel"}}, "The payment was cancelled."},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				co := e.checkout(t, 1200)
				res := e.post(t, co.RedirectURL, tt.form)
				if res.status != 303 || res.location != "https://shop.test/ko?b=PL-7Q2K" {
					t.Fatalf("got %d to %q, want 303 to the cancel URL", res.status, res.location)
				}
				n := e.rcv.next(t)
				if n.Outcome != payment.Declined || n.ProviderRef != co.ProviderRef || n.AmountCents != 0 {
					t.Fatalf("notification %+v", n)
				}
				if st := e.status(t, co.ProviderRef); st.Outcome != payment.Declined {
					t.Fatalf("status %+v", st)
				}
				if pg := e.get(t, co.RedirectURL); pg.status != 200 || !strings.Contains(pg.body, tt.reason) {
					t.Fatalf("result page %d lacks %q", pg.status, tt.reason)
				}
			})
		}
	})
}

// A card the form rejects shows the form again with the error; nothing is decided or notified.
func TestFormErrors(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, clock.NewManual(time.Now()), simulated.Config{Secret: "s3cret"})
		co := e.checkout(t, 1200)
		tests := []struct {
			name, field, value, message string
		}{
			{"number failing Luhn", "number", "4242 4242 4242 4241", "The card number is not valid."},
			{"expired card", "expiry", "01/20", "The card has expired."},
			{"bad CVC", "cvc", "12", "The security code is the 3 or 4 digits on the card."},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				form := card(e.clk, simulated.CardApproved)
				form.Set(tt.field, tt.value)
				res := e.post(t, co.RedirectURL, form)
				if res.status != 422 || !strings.Contains(res.body, tt.message) ||
					!strings.Contains(res.body, `id="`+tt.field+`" name="`+tt.field+`"`) ||
					!strings.Contains(res.body, `aria-describedby="`+tt.field+`-error"`) || strings.Contains(res.body, `value="123"`) {
					t.Fatalf("got %d, want 422 with the form, %q linked to the field, and the CVC not echoed:\n%s", res.status, tt.message, res.body)
				}
				e.rcv.none(t)
				if st := e.status(t, co.ProviderRef); st.Outcome != payment.Pending {
					t.Fatalf("status %+v", st)
				}
			})
		}
	})
}

// A checkout not paid within 30 minutes shows an expiry message and cannot be paid.
func TestExpiredCheckout(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewManual(time.Now())
		e := newEnv(t, db, clk, simulated.Config{Secret: "s3cret"})
		co := e.checkout(t, 1200)
		clk.Advance(simulated.CheckoutTTL)
		if pg := e.get(t, co.RedirectURL); pg.status != 410 || !strings.Contains(pg.body, "This payment page has expired") {
			t.Fatalf("page %d:\n%s", pg.status, pg.body)
		}
		if res := e.post(t, co.RedirectURL, card(clk, simulated.CardApproved)); res.status != 410 || !strings.Contains(res.body, "expired") {
			t.Fatalf("paying an expired checkout: %d", res.status)
		}
		e.rcv.none(t)
		if st := e.status(t, co.ProviderRef); st.Outcome != payment.Expired || st.EventID != "status-"+co.ProviderRef+"-expired" {
			t.Fatalf("status %+v", st)
		}
		if pg := e.get(t, e.site.URL+"/pay/sim/sim_nothing"); pg.status != 404 || !strings.Contains(pg.body, "Payment page not found") {
			t.Fatalf("unknown checkout: %d", pg.status)
		}
	})
}

// Deciding twice changes nothing: the second submission shows the first result and notifies nothing.
func TestDecideTwice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, clock.NewManual(time.Now()), simulated.Config{Secret: "s3cret"})
		co := e.checkout(t, 1200)
		if res := e.post(t, co.RedirectURL, card(e.clk, simulated.CardApproved)); res.status != 303 {
			t.Fatalf("first payment: %d", res.status)
		}
		e.rcv.next(t)
		for _, form := range []url.Values{card(e.clk, simulated.CardDeclined), {"action": {"cancel"}}, card(e.clk, simulated.CardApproved)} {
			res := e.post(t, co.RedirectURL, form)
			if res.status != 200 || !strings.Contains(res.body, "Payment approved") || !strings.Contains(res.body, `href="https://shop.test/ok?b=PL-7Q2K"`) {
				t.Fatalf("second submission: %d\n%s", res.status, res.body)
			}
		}
		e.rcv.none(t)
		if st := e.status(t, co.ProviderRef); st.Outcome != payment.Approved {
			t.Fatalf("status %+v", st)
		}
	})
}

// Refunds are allowed up to what was captured, each notified as refund.succeeded; a replayed key
// refunds once.
func TestRefunds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db, clock.NewManual(time.Now()), simulated.Config{Secret: "s3cret"})
		co := e.checkout(t, 2550)
		if _, err := e.p.Refund(ctx, co.ProviderRef, 100, "k0"); !apperr.Is(err, apperr.Unprocessable) {
			t.Fatalf("refund before payment: %v", err)
		}
		e.post(t, co.RedirectURL, card(e.clk, simulated.CardApproved))
		e.rcv.next(t)

		r1, err := e.p.Refund(ctx, co.ProviderRef, 1000, "k1")
		if err != nil || r1.AmountCents != 1000 {
			t.Fatalf("refund: %+v %v", r1, err)
		}
		n := e.rcv.next(t)
		if n.Outcome != payment.Refunded || n.AmountCents != 1000 || n.EventID != r1.ProviderRefundID || n.PaymentID != 42 {
			t.Fatalf("refund notification %+v for refund %+v", n, r1)
		}
		if again, err := e.p.Refund(ctx, co.ProviderRef, 1000, "k1"); err != nil || again != r1 {
			t.Fatalf("replayed key: %+v %v", again, err)
		}
		if _, err := e.p.Refund(ctx, co.ProviderRef, 1551, "k2"); !apperr.Is(err, apperr.Unprocessable) {
			t.Fatalf("refund over the captured amount: %v", err)
		}
		if _, err := e.p.Refund(ctx, co.ProviderRef, 1550, "k3"); err != nil {
			t.Fatalf("refund of the rest: %v", err)
		}
		if n := e.rcv.next(t); n.AmountCents != 1550 {
			t.Fatalf("second refund notification %+v", n)
		}
		e.rcv.none(t)
		if _, err := e.p.Refund(ctx, "sim_nothing", 1, "k4"); !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("unknown checkout: %v", err)
		}
	})
}

// The hosted page speaks the language the checkout was created in, as the provider stored it, and
// names the company the payment belongs to.
func TestPageInTheBookingsLanguage(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, clock.NewManual(time.Now()), simulated.Config{Secret: "s3cret"})
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		var paymentID int64
		err := db.Write(context.Background(), func(tx *store.Tx) error {
			var booking int64
			if err := tx.QueryRow(context.Background(), `INSERT INTO bookings (identifier, company_id, status, payment_mode,
					contact_name, phone, email, birth_date, original_total_cents, total_cents, first_starts_at, created_at, updated_at)
				VALUES ('PL-8R3L', ?, 'pending', 'online', 'Ana', '+34600000000', 'ana@example.com', '2000-01-01', 1200, 1200, 1, 1, 1)
				RETURNING id`, f.CompanyID).Scan(&booking); err != nil {
				return err
			}
			return tx.QueryRow(context.Background(), `INSERT INTO payments (company_id, booking_id, provider, status, amount_cents,
					currency, created_at, updated_at) VALUES (?, ?, 'simulated', 'created', 1200, 'EUR', 1, 1) RETURNING id`,
				f.CompanyID, booking).Scan(&paymentID)
		})
		if err != nil {
			t.Fatal(err)
		}
		co, err := e.p.CreateCheckout(context.Background(), payment.CheckoutRequest{PaymentID: paymentID, Reference: "PL-8R3L",
			AmountCents: 1200, Currency: "EUR", Description: "Sprint", Culture: "ar-SA",
			SuccessURL: "https://shop.test/ok", CancelURL: "https://shop.test/ko"})
		if err != nil {
			t.Fatal(err)
		}
		pg := e.get(t, co.RedirectURL)
		for _, want := range []string{`<html lang="ar" dir="rtl">`, "ادفع ثمن حجزك", `<span class="company">Fixture Karting</span>`, `<bdi dir="ltr">12.00 EUR</bdi>`} {
			if pg.status != 200 || !strings.Contains(pg.body, want) {
				t.Fatalf("page %d lacks %q:\n%s", pg.status, want, pg.body)
			}
		}
	})
}
