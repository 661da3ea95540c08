package checkout_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/notify"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// lastBooking is the id of the newest booking.
func (d *desk) lastBooking(t testing.TB) int64 {
	return int64(d.count(t, `SELECT MAX(id) FROM bookings`))
}

func (d *desk) staffCancel(id, company int64) (int, string) {
	res := d.admin.Do("DELETE", fmt.Sprintf("/api/private/cancelBooking/%d?idCompany=%d", id, company), nil, as...)
	return res.Status, string(res.Body)
}

// tryHold pre-books one driver at the session and answers the status.
func (d *desk) tryHold(t testing.TB, session string) int {
	res := d.api.Do("POST", "/api/prebooking", sessions.HoldRequest{BookingDates: []string{session}, NumDrivers: 1,
		IDType: d.fix.Product, Type: "PRODUCT", Token: d.cart(t)}, d.auth...)
	return res.Status
}

// Staff cancel: the booking is cancelada, its places are free at once (a hold on the full session
// succeeds), the cancellation mail is queued and the change audited; the customer's cancellation
// window does not bind staff. Already cancelled, no date (a voucher) and a started session are 409
// and change nothing; another company's booking is 404, another company's scope 403.
func TestStaffCancel(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		d.exec(t, `UPDATE installations SET max_participants = 2 WHERE company_id = ?`, d.fix.CompanyID)
		d.bookAtCircuit(t, at("18:00"), "Ana", "Bo")
		// The customer's window closes 5 days before: this booking is inside it (made while it was not,
		// so that its mail carries the cancel link the helper reads).
		d.exec(t, `UPDATE companies SET cancel_booking_max_days = 5 WHERE id = ?`, d.fix.CompanyID)
		id := d.lastBooking(t)
		if got := d.tryHold(t, at("18:00")); got == 201 {
			t.Fatalf("the session should be full")
		}
		mails := d.mails(t, notify.KindBookingCancellation)
		status, body := d.staffCancel(id, d.fix.CompanyID)
		if status != 200 || !strings.Contains(body, `"state":"cancelada"`) {
			t.Fatalf("cancel: %d %s", status, body)
		}
		if s := d.str(t, `SELECT status FROM bookings WHERE id = ?`, id); s != "cancelada" {
			t.Errorf("status %s", s)
		}
		if d.booked(t, at("18:00")) != 0 {
			t.Errorf("places not freed: %d", d.booked(t, at("18:00")))
		}
		if got := d.tryHold(t, at("18:00")); got != 201 {
			t.Errorf("hold after the cancel: %d", got)
		}
		if d.mails(t, notify.KindBookingCancellation) != mails+1 {
			t.Errorf("cancellation mail not queued")
		}
		if n := d.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND user_id = ? AND user_email = 'desk@kart.example'
			AND action = 'booking.cancel' AND entity = 'booking' AND entity_id = ?`, d.fix.CompanyID, d.user, fmt.Sprint(id)); n != 1 {
			t.Errorf("audit entries: %d", n)
		}
		if det := d.str(t, `SELECT details FROM audit_log WHERE entity_id = ?`, fmt.Sprint(id)); !strings.Contains(det, `"previousStatus":"pending"`) {
			t.Errorf("audit details %s", det)
		}

		// Refusals change nothing.
		if status, body := d.staffCancel(id, d.fix.CompanyID); status != 409 || !strings.Contains(body, "already cancelled") {
			t.Errorf("second cancel: %d %s", status, body)
		}
		voucher := d.seedBooking(t, seed{company: d.fix.CompanyID, circuit: d.fix.Circuit, product: d.fix.Product, created: "2026-11-20 10:00"})
		if status, body := d.staffCancel(voucher, d.fix.CompanyID); status != 409 || !strings.Contains(body, "no date") {
			t.Errorf("voucher: %d %s", status, body)
		}
		d.exec(t, `UPDATE companies SET cancel_booking_max_days = 0 WHERE id = ?`, d.fix.CompanyID) // so its mail has the link
		d.bookAtCircuit(t, at("10:00"), "Cy")
		started := d.lastBooking(t)
		d.clk.Set(time.Date(2026, 12, 1, 10, 0, 0, 0, madrid))
		if status, body := d.staffCancel(started, d.fix.CompanyID); status != 409 || !strings.Contains(body, "started") {
			t.Errorf("started: %d %s", status, body)
		}
		if d.booked(t, at("10:00")) != 1 {
			t.Errorf("a refused cancel freed places")
		}
		other := d.seedBooking(t, seed{company: d.b.CompanyID, circuit: d.b.Circuit, product: d.b.Product, start: "2026-12-20 10:00",
			created: "2026-11-20 10:00"})
		if status, _ := d.staffCancel(other, d.fix.CompanyID); status != 404 {
			t.Errorf("another company's booking: %d", status)
		}
		if status, _ := d.staffCancel(other, d.b.CompanyID); status != 403 {
			t.Errorf("another company's scope: %d", status)
		}
		if s := d.str(t, `SELECT status FROM bookings WHERE id = ?`, other); s != "pagada" {
			t.Errorf("company B's booking became %s", s)
		}
		if n := d.count(t, `SELECT COUNT(*) FROM audit_log`); n != 1 {
			t.Errorf("refusals were audited: %d entries", n)
		}
	})
}

// Two staff cancelling the same booking at once: exactly one 200 and one 409, the places released
// once (another booking's places in the same session stay booked), one mail, one audit entry.
func TestStaffCancelConcurrent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		for round := range 3 {
			session := at(fmt.Sprintf("%d:00", 14+round))
			d.bookAtCircuit(t, session, "Keep")
			d.bookAtCircuit(t, session, "Ana", "Bo")
			id := d.lastBooking(t)
			mails := d.mails(t, notify.KindBookingCancellation)
			var wg sync.WaitGroup
			statuses := make([]int, 2)
			for i := range statuses {
				wg.Add(1)
				go func() {
					defer wg.Done()
					statuses[i], _ = d.staffCancel(id, d.fix.CompanyID)
				}()
			}
			wg.Wait()
			if !(statuses[0] == 200 && statuses[1] == 409 || statuses[0] == 409 && statuses[1] == 200) {
				t.Errorf("round %d: statuses %v", round, statuses)
			}
			if got := d.booked(t, session); got != 1 {
				t.Errorf("round %d: booked %d, want 1 (released once)", round, got)
			}
			if d.mails(t, notify.KindBookingCancellation) != mails+1 {
				t.Errorf("round %d: cancellation mails %d", round, d.mails(t, notify.KindBookingCancellation)-mails)
			}
			if n := d.count(t, `SELECT COUNT(*) FROM audit_log WHERE entity_id = ?`, fmt.Sprint(id)); n != 1 {
				t.Errorf("round %d: audit entries %d", round, n)
			}
		}
	})
}
