package checkout_test

import (
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A visitor holds 2 places at 10:00 and books paying at the circuit: the booking is pending (circuit),
// the places are booked (no longer held), the confirmation and the company's copy are in the outbox,
// the cart is ordered, and the status page tells the truth.
func TestSavePayingAtCircuit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		if e.held(t, at("10:00")) != 2 {
			t.Fatalf("held %d", e.held(t, at("10:00")))
		}
		res := e.saveBooking(t, save(cart, id, "Ana", "Ana"))
		if res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		ident := e.identifierOf(t, res)
		if len(ident) != 32 {
			t.Fatalf("identifier %q", ident)
		}
		if got := e.booked(t, at("10:00")); got != 2 {
			t.Errorf("booked %d, want 2", got)
		}
		if got := e.held(t, at("10:00")); got != 0 {
			t.Errorf("still held %d", got)
		}
		st := e.status(t, ident)
		if st.Status != checkout.StatusPending || st.PaymentMode != checkout.ModeCircuit || st.PaymentStatus != nil || st.Total != 4000 {
			t.Errorf("status %+v", st)
		}
		if e.mails(t, notify.KindBookingConfirmation) != 1 || e.mails(t, notify.KindCompanyNotice) != 1 {
			t.Errorf("mails: %d confirmations, %d notices", e.mails(t, notify.KindBookingConfirmation), e.mails(t, notify.KindCompanyNotice))
		}
		if to := e.str(t, `SELECT to_addr FROM outbox_emails WHERE kind = ?`, notify.KindBookingConfirmation); to != "ana@example.com" {
			t.Errorf("confirmation to %q", to)
		}
		if got := e.str(t, `SELECT status FROM carts WHERE token = ?`, cart); got != "ordered" {
			t.Errorf("cart %s", got)
		}
		names := e.str(t, `SELECT MIN(name) || ',' || MAX(name) FROM drivers`)
		if names != "Ana,Ana_1" {
			t.Errorf("drivers %q", names)
		}
		if e.str(t, `SELECT booking_date FROM bookings`) != day || e.str(t, `SELECT phone FROM bookings`) != "+34612345678" {
			t.Errorf("booking date or phone wrong")
		}
		if e.count(t, `SELECT COUNT(*) FROM members WHERE email = 'ana@example.com'`) != 1 {
			t.Errorf("no member")
		}
	})
}

// The cart over HTTP: live lines count in the totals, a released line is reported expired, expiresAt is
// the earliest live hold's expiry, and the details call lists the lines.
func TestCartView(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		cart := e.cart(t)
		a := e.hold(t, cart, e.fix.Product, 2, at("10:00"), at("10:30"))
		e.clk.Advance(time.Minute)
		b := e.hold(t, cart, e.fix.Product, 1, at("12:00"))
		var c checkout.CartResponse
		e.api.Do("GET", "/api/payment/shopping-cart/"+cart, nil).JSON(t, &c)
		v := c.Data
		if len(v.Details) != 2 || v.PriceConverted != 10000 || v.NumParticipants != 3 || v.Discount != nil {
			t.Fatalf("cart %+v", v)
		}
		first := v.Details[0]
		if first.PrebookingIdentifier != a || first.Quantity != 2 || first.OriginalPrice != 4000 || first.Total != 8000 ||
			len(first.BookingDates) != 2 || first.BookingDates[1] != at("10:30") || first.TrackName != "Track A" || first.Expired ||
			first.Type != "PRODUCT" || first.Product.Name != "Adult 10 min" {
			t.Errorf("first line %+v", first)
		}
		if want := time.Date(2026, 12, 1, 9, 10, 0, 0, madrid); v.ExpiresAt == nil || !v.ExpiresAt.Equal(want) {
			t.Errorf("expiresAt %v, want %v", v.ExpiresAt, want)
		}
		e.clk.Advance(9*time.Minute + 30*time.Second) // a expired at 09:10, b lives until 09:11
		e.api.Do("GET", "/api/payment/shopping-cart/"+cart, nil).JSON(t, &c)
		if !c.Data.Details[0].Expired || c.Data.Details[1].Expired || c.Data.PriceConverted != 2000 ||
			c.Data.ExpiresAt == nil || !c.Data.ExpiresAt.Equal(time.Date(2026, 12, 1, 9, 11, 0, 0, madrid)) {
			t.Errorf("after expiry %+v", c.Data)
		}
		var d checkout.DetailsResponse
		e.api.Do("GET", "/api/payment/shopping-cart/"+cart+"/details", nil).JSON(t, &d)
		if len(d.Data) != 2 || d.Data[1].PrebookingIdentifier != b {
			t.Errorf("details %+v", d.Data)
		}
		for _, p := range []string{"/api/payment/shopping-cart/nope", "/api/payment/shopping-cart/nope/details"} {
			if res := e.api.Do("GET", p, nil); res.Status != 404 {
				t.Errorf("%s: %d", p, res.Status)
			}
		}
	})
}

// A pack over two circuits, saved with the spec's form of slots (each session's start mapped to its
// drivers): one line with a pack code, its three sessions booked on their circuits.
func TestSavePackSpecForm(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		cart := e.cart(t)
		res := e.api.Do("POST", "/api/prebooking", map[string]any{"bookingDates": []string{at("10:00"), at("10:30"), at("11:00")},
			"numDrivers": 2, "idType": e.fix.Pack, "type": "PACK", "token": cart}, e.auth...)
		if res.Status != 201 {
			t.Fatalf("pack hold: %d %s", res.Status, res.Body)
		}
		var h struct{ PrebookingIdentifier string }
		res.JSON(t, &h)
		body := save(cart, h.PrebookingIdentifier)
		var slots []any
		for _, s := range []string{at("10:00"), at("10:30"), at("11:00")} {
			slots = append(slots, map[string]any{s: []string{"Ana", "Ana"}, "idPackCloud": e.fix.Pack, "productIdCloud": e.fix.Product,
				"idProductLocal": "Adult 10 min", "idPackLocal": nil, "idVariant": 1, "packAssociated": "QWERTY"})
		}
		body["slots"] = slots
		if res := e.saveBooking(t, body); res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if e.booked(t, at("10:00")) != 2 || e.booked(t, at("11:00")) != 2 ||
			e.count(t, `SELECT booked FROM slots WHERE circuit_id = ?`, e.fix.Circuit2) != 2 {
			t.Errorf("pack places not booked")
		}
		if e.count(t, `SELECT COUNT(*) FROM booking_slots`) != 3 || len(e.str(t, `SELECT pack_code FROM booking_lines`)) != 6 {
			t.Errorf("pack line")
		}
		if names := e.str(t, `SELECT MIN(name) || ',' || MAX(name) FROM drivers`); names != "Ana,Ana_1" || e.count(t, `SELECT COUNT(*) FROM drivers`) != 2 {
			t.Errorf("drivers %q", names)
		}
	})
}
