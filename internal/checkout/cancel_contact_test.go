package checkout_test

import (
	"strings"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A booking made when it can already no longer be cancelled online (inside the company's window before
// its session) gets a confirmation that does not offer the cancel link or say "You can cancel online":
// it says to contact the circuit, with its phone and e-mail. A booking that can still be cancelled gets
// the link. The cancel page's preview of a booking past the window carries the circuit's phone and
// e-mail for its "contact the circuit".
func TestNoCancelLinkInsideTheWindow(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.exec(t, `UPDATE companies SET contact_email = 'desk@kart.example', contact_phone = '+34 942 12 34 56',
			cancel_booking_max_days = 1 WHERE id = ?`, e.fix.CompanyID)
		lastConfirmation := func() string {
			return e.str(t, `SELECT body_text FROM outbox_emails WHERE kind = ? ORDER BY id DESC LIMIT 1`, notify.KindBookingConfirmation)
		}

		// Today at 18:00 with cancellations closing a day before: too late to cancel online already.
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 1, at("18:00"))
		if res := e.saveBooking(t, save(cart, id, "Ana")); res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		text := lastConfirmation()
		if cancelLink.MatchString(text) || strings.Contains(text, "puedes cancelar tu reserva en línea") {
			t.Errorf("a booking inside the window is offered online cancellation:\n%s", text)
		}
		for _, want := range []string{"ya no se puede cancelar en línea", "Teléfono: +34 942 12 34 56", "Correo electrónico: desk@kart.example"} {
			if !strings.Contains(text, want) {
				t.Errorf("the confirmation lacks %q:\n%s", want, text)
			}
		}

		// In three days: the link, and no "contact the circuit".
		token := e.bookAtCircuit(t, "2026-12-04 10:00:00", "Bo")
		if text := lastConfirmation(); strings.Contains(text, "ya no se puede cancelar") {
			t.Errorf("a cancellable booking is told it cannot be cancelled:\n%s", text)
		}

		// Once the window has closed, the cancel page's preview names the circuit's phone and e-mail.
		e.exec(t, `UPDATE companies SET cancel_booking_max_days = 5 WHERE id = ?`, e.fix.CompanyID)
		res := e.api.Do("GET", "/api/booking/cancel/"+token, nil)
		if res.Status != 200 {
			t.Fatalf("preview: %d %s", res.Status, res.Body)
		}
		var v checkout.CancelView
		res.JSON(t, &v)
		if v.Cancellable || v.Reason == nil || *v.Reason != checkout.CancelReasonClosed ||
			v.ContactPhone != "+34 942 12 34 56" || v.ContactEmail != "desk@kart.example" {
			t.Errorf("preview %+v", v)
		}
	})
}
