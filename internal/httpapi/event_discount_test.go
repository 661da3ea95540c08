package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/event"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/payment"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// An event registration takes a discount code as the booking wizard does: the code is applied to the
// registration's shopping cart (POST /api/booking/discount, the wizard's call, with the same refusals),
// the registration is charged the discounted price and takes one use of the code; a bad code changes
// nothing.
func TestEventRegistrationWithDiscountCode(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newEvSaveWorld(t, db)
		ev := w.evKeys(t, w.norte.ID)["Resistencia 3 Horas por Equipos"]
		w.exec(t, `INSERT INTO discount_codes (company_id, code, kind, value, product_ids, expires_on, usage_limit, used_count, created_at)
			VALUES (?, 'NIGHT25', 'PERCENT', 25, '[]', NULL, 1, 0, 1)`, w.norte.ID)
		token := w.norteToken(t)
		r := w.register(t, ev.Key, "visitor-disc1")
		full := int64(r.ProductOrPack.PriceConverted) // cents

		if _, err := w.co.ApplyDiscount(w.ctx, token, checkout.DiscountRequest{Token: r.TokenShoppingCart, Discount: "NOPE"}); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown code: %v, want the wizard's 404", err)
		}
		view, err := w.co.ApplyDiscount(w.ctx, token, checkout.DiscountRequest{Token: r.TokenShoppingCart, Discount: "night25"})
		if err != nil {
			t.Fatalf("apply: %v", err)
		}
		if want := full * 3 / 4; int64(view.PriceConverted) != want {
			t.Errorf("cart total %v after 25%%, want %d cents", view.PriceConverted, want)
		}
		w.run(t, []row{{name: "save with the code", method: "POST", path: "/api/event/saveEvent", headers: bearer(token), status: 200,
			body: payload(r, func(m map[string]any) { m["categories"] = []string{"SR"} }),
			check: func(t *testing.T, res *apitest.Response) {
				var out event.SaveResult
				res.JSON(t, &out)
				if out.PaymentURL == "" {
					t.Errorf("no payment page: %s", res.Body)
				}
			}}})
		want := full * 3 / 4
		if n := w.count(t, `SELECT COUNT(*) FROM bookings b JOIN payments p ON p.booking_id = b.id JOIN discount_codes d ON d.id = b.discount_code_id
			WHERE b.source = 'EVENT' AND b.total_cents = ? AND p.amount_cents = ? AND d.code = 'NIGHT25' AND d.used_count = 1`, want, want); n != 1 {
			t.Errorf("%d discounted registrations of %d cents with the code's use taken, want 1", n, want)
		}
		// Once paid, the registration's mail says which code was used and what it saved (Spanish: the
		// registration's culture), beside the discounted total.
		var bookingID, paymentID int64
		if err := db.Read(w.ctx, func(tx *store.Tx) error {
			return tx.QueryRow(w.ctx, `SELECT b.id, p.id FROM bookings b JOIN payments p ON p.booking_id = b.id
				WHERE b.source = 'EVENT' AND b.total_cents = ?`, want).Scan(&bookingID, &paymentID)
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.co.ApplyNotification(w.ctx, "fake", payment.Notification{EventID: "evt_disc", ProviderRef: fmt.Sprintf("chk_%d", paymentID),
			PaymentID: paymentID, Outcome: payment.Approved, AmountCents: want}, []byte(`{}`)); err != nil {
			t.Fatalf("approve: %v", err)
		}
		var text string
		if err := db.Read(w.ctx, func(tx *store.Tx) error {
			return tx.QueryRow(w.ctx, `SELECT body_text FROM outbox_emails WHERE booking_id = ? AND kind = 'event_registration'`, bookingID).Scan(&text)
		}); err != nil {
			t.Fatalf("the registration mail: %v", err)
		}
		saved := euros(full - want)
		for _, s := range []string{"Has ahorrado " + saved + " con el código de descuento NIGHT25.", "Código de descuento: NIGHT25",
			"Descuento: -" + saved, "Total: " + euros(want)} {
			if !strings.Contains(text, s) {
				t.Errorf("the registration mail lacks %q:\n%s", s, text)
			}
		}
		// The code is used up: the next registration is refused it, as in the wizard.
		r2 := w.register(t, ev.Key, "visitor-disc2")
		if _, err := w.co.ApplyDiscount(w.ctx, token, checkout.DiscountRequest{Token: r2.TokenShoppingCart, Discount: "NIGHT25"}); !apperr.Is(err, apperr.Gone) {
			t.Errorf("used-up code: %v, want 410", err)
		}
	})
}

// euros writes cents as the Spanish pages and mails do: 1234,56 € (grouping from five digits).
func euros(cents int64) string {
	s := fmt.Sprintf("%d,%02d\u00a0€", cents/100, cents%100)
	if cents >= 1000000 {
		s = fmt.Sprintf("%d.%03d,%02d\u00a0€", cents/100000, cents/100%1000, cents%100)
	}
	return s
}
