package checkout_test

import (
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A gift paid online: once paid, the receiver gets the gift mail with the buyer's message.
func TestGift(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 1, at("10:00"))
		body := save(cart, id, "Bo")
		body["gift"] = map[string]string{"name": "Bo", "email": "bo@example.com", "message": "Happy birthday!"}
		res := e.saveBooking(t, body)
		if res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if e.mails(t, notify.KindGiftVoucher) != 0 {
			t.Fatalf("gift mail before payment")
		}
		e.notify(t, notification{ID: "evt", Ref: "cs_1", Outcome: "approved", Amount: 2000})
		if e.mails(t, notify.KindGiftVoucher) != 1 {
			t.Fatalf("no gift mail")
		}
		if to := e.str(t, `SELECT to_addr FROM outbox_emails WHERE kind = ?`, notify.KindGiftVoucher); to != "bo@example.com" {
			t.Errorf("gift to %q", to)
		}
		if text := e.str(t, `SELECT body_text FROM outbox_emails WHERE kind = ?`, notify.KindGiftVoucher); !strings.Contains(text, "Happy birthday!") {
			t.Errorf("gift mail without the message: %s", text)
		}
	})
}

var voucherCode = regexp.MustCompile(`\b[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\b`)

// Voucher mode: a product is held without a session and booked as a voucher with a redeemable code that
// the confirmation mail carries. Outside voucher mode the call is refused.
func TestVoucherMode(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		cart := e.cart(t)
		req := map[string]any{"token": cart, "idProduct": e.fix.Product, "numDrivers": 2}
		if res := e.api.Do("POST", "/api/booking/voucher", req, e.auth...); res.Status != 422 {
			t.Fatalf("not in voucher mode: %d %s", res.Status, res.Body)
		}
		e.exec(t, `UPDATE companies SET voucher_mode = 1 WHERE id = ?`, e.fix.CompanyID)
		if res := e.api.Do("POST", "/api/booking/voucher", map[string]any{"token": cart, "idProduct": 99999, "numDrivers": 1}, e.auth...); res.Status != 404 {
			t.Errorf("unknown product: %d", res.Status)
		}
		res := e.api.Do("POST", "/api/booking/voucher", req, e.auth...)
		if res.Status != 201 {
			t.Fatalf("voucher hold: %d %s", res.Status, res.Body)
		}
		var h checkout.VoucherHold
		res.JSON(t, &h)
		if h.Price != 4000 || h.NumDrivers != 2 {
			t.Errorf("hold %+v", h)
		}
		var c checkout.CartResponse
		e.api.Do("GET", "/api/payment/shopping-cart/"+cart, nil).JSON(t, &c)
		if len(c.Data.Details) != 1 || c.Data.Details[0].Type != "VOUCHER" || len(c.Data.Details[0].BookingDates) != 0 || c.Data.PriceConverted != 4000 {
			t.Fatalf("cart %+v", c.Data)
		}
		body := save(cart, h.Identifier)
		delete(body, "slots") // no drivers in voucher mode
		if res := e.saveBooking(t, body); res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		code := e.str(t, `SELECT code FROM vouchers`)
		if !voucherCode.MatchString(code) || e.count(t, `SELECT value_cents FROM vouchers`) != 4000 {
			t.Fatalf("voucher %q", code)
		}
		if text := e.str(t, `SELECT body_text FROM outbox_emails WHERE kind = ?`, notify.KindBookingConfirmation); !strings.Contains(text, code) {
			t.Errorf("confirmation without the code: %s", text)
		}
		if e.count(t, `SELECT COUNT(*) FROM bookings WHERE booking_date IS NULL`) != 1 {
			t.Errorf("a voucher booking has a date")
		}
	})
}
