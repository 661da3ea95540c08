package checkout_test

import (
	"strconv"
	"strings"
	"testing"

	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A walk-in (staff mode): a signed-in staff member of the company books for a customer at the counter
// with the e-mail left out (or given once), no legal-age box and their statement that the customer
// accepted the terms; the booking is paid at the circuit and records who took it. Without that
// statement it is 422; the same payload from a customer, a dead session, another company's staff or
// another site's page is 403 and writes nothing.
func TestWalkInStaffMode(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, desk, stranger := newStaffEnv(t, db)

		walkIn := func(hhmm, email, cookie, origin string, accepted bool) (int, string, string) {
			cart := e.cart(t)
			id := e.hold(t, cart, e.fix.Product, 1, at(hhmm))
			body := save(cart, id, "Ana")
			body["staffMode"] = 1
			body["email"] = email
			delete(body, "emailConfirmation")
			delete(body, "adultConfirmation")
			if accepted {
				body["customerAcceptedTerms"] = 1
			}
			var headers []string
			if cookie != "" {
				headers = []string{"Cookie", "pitlane_staff=" + cookie}
			}
			if origin != "" {
				headers = append(headers, "Origin", origin)
			}
			res := e.saveBooking(t, body, headers...)
			if res.Status != 200 {
				return res.Status, string(res.Body), ""
			}
			return res.Status, string(res.Body), e.identifierOf(t, res)
		}

		confirmations := e.mails(t, notify.KindBookingConfirmation)
		st, body, noMail := walkIn("10:00", "", desk.token, "http://example.com", true)
		if st != 200 {
			t.Fatalf("walk-in without an e-mail: %d %s", st, body)
		}
		if got := e.str(t, `SELECT payment_mode || ' ' || status || ' ' || email || '|' || COALESCE(CAST(taken_by AS TEXT), '-') FROM bookings WHERE identifier = ?`,
			noMail); got != "circuit pending |"+strconv.FormatInt(desk.id, 10) {
			t.Errorf("walk-in: %q, want circuit, pending, no e-mail, taken by %d", got, desk.id)
		}
		if e.mails(t, notify.KindBookingConfirmation) != confirmations {
			t.Errorf("a confirmation was queued to no address")
		}
		if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE kind = ? AND to_addr = 'desk@kart.example'`, notify.KindCompanyNotice); n < 1 {
			t.Errorf("the company's copy of the walk-in is missing")
		}
		if e.booked(t, at("10:00")) != 1 {
			t.Errorf("the walk-in's place is not booked")
		}
		if st, body, id := walkIn("10:15", "walk@example.com", desk.token, "http://example.com", true); st != 200 ||
			e.str(t, `SELECT email FROM bookings WHERE identifier = ?`, id) != "walk@example.com" {
			t.Errorf("walk-in with an e-mail given once: %d %s", st, body)
		}
		if e.mails(t, notify.KindBookingConfirmation) != confirmations+1 {
			t.Errorf("the walk-in with an address got no confirmation")
		}
		if st, body, _ := walkIn("10:30", "", desk.token, "http://example.com", false); st != 422 || !strings.Contains(body, "customerAcceptedTerms") {
			t.Errorf("without the customer's terms: %d %s", st, body)
		}
		if st, body, _ := walkIn("10:45", "not-an-address", desk.token, "http://example.com", true); st != 422 || !strings.Contains(body, `"email"`) {
			t.Errorf("a wrong e-mail: %d %s", st, body)
		}
		bookings := e.count(t, `SELECT COUNT(*) FROM bookings`)
		for _, c := range []struct{ name, hhmm, cookie, origin string }{
			{"a customer", "11:00", "", "http://example.com"},
			{"a dead session", "11:15", "not-a-session", "http://example.com"},
			{"another company's staff", "11:30", stranger.token, "http://example.com"},
			{"the staff's cookie from another site", "11:45", desk.token, "https://evil.example"},
		} {
			if st, body, _ := walkIn(c.hhmm, "", c.cookie, c.origin, true); st != 403 {
				t.Errorf("%s in staff mode: %d %s, want 403", c.name, st, body)
			}
		}
		if got := e.count(t, `SELECT COUNT(*) FROM bookings`); got != bookings {
			t.Errorf("refused walk-ins wrote %d bookings", got-bookings)
		}
	})
}
