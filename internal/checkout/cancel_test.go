package checkout_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

var cancelLink = regexp.MustCompile(`/cancelBooking/([A-Za-z0-9_-]+)`)

// bookAtCircuit books drivers places at the session and returns the cancel token from the mail.
func (e *env) bookAtCircuit(t *testing.T, session string, drivers ...string) string {
	t.Helper()
	cart := e.cart(t)
	id := e.hold(t, cart, e.fix.Product, len(drivers), session)
	if res := e.saveBooking(t, save(cart, id, drivers...)); res.Status != 200 {
		t.Fatalf("save: %d %s", res.Status, res.Body)
	}
	text := e.str(t, `SELECT body_text FROM outbox_emails WHERE kind = ? ORDER BY id DESC LIMIT 1`, notify.KindBookingConfirmation)
	m := cancelLink.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no cancel link in %s", text)
	}
	return m[1]
}

// The mail's link's older address: a GET there answers 405 (Allow: POST, a Link to the cancel call) and
// changes nothing; its POST cancels as POST /api/booking/cancel does, frees the places and sends the
// mails; a second POST answers the same and frees nothing more; an unknown token a 404; too late
// (inside the company's window, or after the session) a 422.
func TestCancelByToken(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		token := e.bookAtCircuit(t, at("18:00"), "Ana", "Bo")
		if e.booked(t, at("18:00")) != 2 {
			t.Fatalf("booked %d", e.booked(t, at("18:00")))
		}
		for i := 0; i < 2; i++ {
			res := e.api.Do("GET", "/api/booking/cancelBooking/"+token, nil)
			if res.Status != 405 || res.Header.Get("Allow") != "POST" ||
				res.Header.Get("Link") != `</api/booking/cancel/`+token+`>; rel="alternate"` || !strings.Contains(string(res.Body), "method_not_allowed") {
				t.Fatalf("GET of the old link: %d %v %s", res.Status, res.Header, res.Body)
			}
		}
		if e.booked(t, at("18:00")) != 2 || e.mails(t, notify.KindBookingCancellation) != 0 {
			t.Fatalf("a GET cancelled: %d booked, %d mails", e.booked(t, at("18:00")), e.mails(t, notify.KindBookingCancellation))
		}
		res := e.api.Do("POST", "/api/booking/cancelBooking/"+token, nil)
		if res.Status != 200 {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		var out checkout.CancelView
		res.JSON(t, &out)
		if out.Status != checkout.StatusCancelled {
			t.Errorf("cancel %+v", out)
		}
		if e.booked(t, at("18:00")) != 0 {
			t.Errorf("places not freed: %d", e.booked(t, at("18:00")))
		}
		if e.mails(t, notify.KindBookingCancellation) != 1 || e.mails(t, notify.KindCompanyNotice) != 2 {
			t.Errorf("mails: %d cancellations, %d notices", e.mails(t, notify.KindBookingCancellation), e.mails(t, notify.KindCompanyNotice))
		}
		if res := e.api.Do("POST", "/api/booking/cancelBooking/"+token, nil); res.Status != 200 {
			t.Errorf("second cancel: %d %s", res.Status, res.Body)
		}
		if e.booked(t, at("18:00")) != 0 || e.mails(t, notify.KindBookingCancellation) != 1 {
			t.Errorf("released or mailed twice")
		}
		for _, bad := range []string{"AAAAAAAAAAAAAAAAAAAAAA", "short", "has%20space%20in%20it%20really"} {
			if res := e.api.Do("POST", "/api/booking/cancelBooking/"+bad, nil); res.Status != 404 {
				t.Errorf("token %q: %d", bad, res.Status)
			}
		}

		// The company accepts cancellations up to 1 day before: a session tomorrow at 10:00 can be
		// cancelled until today 10:00.
		e.exec(t, `UPDATE companies SET cancel_booking_max_days = 1 WHERE id = ?`, e.fix.CompanyID)
		token = e.bookAtCircuit(t, "2026-12-02 10:00:00", "Cy")
		e.clk.Set(time.Date(2026, 12, 1, 10, 0, 1, 0, madrid))
		if res := e.api.Do("POST", "/api/booking/cancelBooking/"+token, nil); res.Status != 422 {
			t.Errorf("too late: %d %s", res.Status, res.Body)
		}
		// No window: until the session starts, not after.
		e.exec(t, `UPDATE companies SET cancel_booking_max_days = 0 WHERE id = ?`, e.fix.CompanyID)
		token = e.bookAtCircuit(t, at("12:00"), "Di")
		e.clk.Set(time.Date(2026, 12, 1, 12, 0, 0, 0, madrid))
		if res := e.api.Do("POST", "/api/booking/cancelBooking/"+token, nil); res.Status != 422 {
			t.Errorf("after the start: %d %s", res.Status, res.Body)
		}
		if e.booked(t, at("12:00")) != 1 {
			t.Errorf("a refused cancel freed places")
		}
	})
}
