package adminapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"pitlane/internal/store"
)

// cancelAnswer is schema AdminCancelRefundResult.
type cancelAnswer struct {
	Data struct {
		ID       int64   `json:"id"`
		State    string  `json:"state"`
		Refunded float64 `json:"refunded"`
		Owed     float64 `json:"owed"`
	} `json:"data"`
}

// cancelWithMoney sends POST /api/admin/cancel-booking; refund is the JSON value sent ("" leaves it out).
func (e *env) cancelWithMoney(t *testing.T, booking int64, refund string, as []string) (int, cancelAnswer, errorAnswer) {
	t.Helper()
	body := fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"refund":%s}`, e.a.CompanyID, booking, refund)
	if refund == "" {
		body = fmt.Sprintf(`{"idCompany":%d,"bookingId":%d}`, e.a.CompanyID, booking)
	}
	res := e.api.Do("POST", "/api/admin/cancel-booking", body, as...)
	var ok cancelAnswer
	var bad errorAnswer
	target := any(&bad)
	if res.Status == http.StatusOK {
		target = &ok
	}
	if err := json.Unmarshal(res.Body, target); err != nil {
		t.Fatalf("%d %s: %v", res.Status, res.Body, err)
	}
	return res.Status, ok, bad
}

// bookingStatus is a booking's status.
func (e *env) bookingStatus(t *testing.T, id int64) string {
	t.Helper()
	return []string{"pending", "parcialmentepagada", "pagada", "cancelada"}[e.count(t, `SELECT CASE status WHEN 'pending' THEN 0
		WHEN 'parcialmentepagada' THEN 1 WHEN 'pagada' THEN 2 ELSE 3 END FROM bookings WHERE id = ?`, id)]
}

// customerMail is the text of the customer's cancellation mail of a booking.
func (e *env) customerMail(t *testing.T, id int64) string {
	t.Helper()
	var body string
	if e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ? AND kind = 'booking_cancellation'`, id) != 1 {
		t.Fatalf("booking %d: not exactly one cancellation mail", id)
	}
	e.readString(t, &body, `SELECT body_text FROM outbox_emails WHERE booking_id = ? AND kind = 'booking_cancellation'`, id)
	return body
}

// Staff cancel paid bookings from their details, on both engines: with a refund the card (or the cash
// taken at the desk) goes back in the same step, the refund line is in the ledger, billing and the KPIs
// recount, the customer's mail states the amount and both steps are audited; the counter (DESK) may not;
// a second cancel is refused; when the policy allows no refund nothing is cancelled, and cancelling
// without a refund keeps the money.
func TestCancelBookingWithMoney(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		totals := func(step string, want int64) {
			t.Helper()
			if got := cents(e.billingDay(t, now).TotalPriceConverted); got != want {
				t.Errorf("%s: billing totals %d, want %d", step, got, want)
			}
			if got := e.kpiDay(t, now); got != want {
				t.Errorf("%s: KPI billing %d, want %d", step, got, want)
			}
			e.recountRollups(t)
		}
		card := e.seedSale(t, sale{company: e.a, cents: 5800, qty: 2})
		totals("before", 5800)

		if status, _, _ := e.cancelWithMoney(t, card.bookingID, "true", e.desk); status != http.StatusForbidden {
			t.Errorf("the counter (DESK) cancelled with a refund: %d", status)
		}
		if status, _, bad := e.cancelWithMoney(t, card.bookingID, "", e.auth); status != http.StatusUnprocessableEntity || bad.Fields["money"] == "" {
			t.Errorf("without refund: %d %+v", status, bad)
		}
		if s := e.bookingStatus(t, card.bookingID); s != "pagada" {
			t.Fatalf("refused requests changed the booking: %s", s)
		}

		status, got, bad := e.cancelWithMoney(t, card.bookingID, "true", e.auth)
		if status != http.StatusOK || got.Data.State != "cancelada" || cents(got.Data.Refunded) != 5800 || got.Data.Owed != 0 {
			t.Fatalf("cancel with refund: %d %+v %+v", status, got, bad)
		}
		e.waitDelivered(t)
		if n := e.ledgerRefunds(t, card.bookingID); n != 5800 {
			t.Errorf("ledger refunds %d, want 5800", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ? AND status = 'succeeded' AND created_by = ?`, card.bookingID, e.adminID); n != 1 {
			t.Errorf("%d succeeded refunds by the admin", n)
		}
		if s := e.bookingStatus(t, card.bookingID); s != "cancelada" {
			t.Errorf("after the cancel the booking is %s", s)
		}
		totals("after the refund", 0)
		b := e.billingDay(t, now)
		refunds := 0
		for _, p := range b.Payments {
			if p.Type == "REFUND" && p.IDBooking == card.bookingID && cents(p.PriceConverted) == -5800 {
				refunds++
			}
		}
		if refunds != 1 {
			t.Errorf("billing shows %d refund rows of -58.00: %+v", refunds, b.Payments)
		}
		if mail := e.customerMail(t, card.bookingID); !strings.Contains(mail, "Refunded €58.00 to your card") {
			t.Errorf("the customer's mail does not state the refund:\n%s", mail)
		}
		id := strconv.FormatInt(card.bookingID, 10)
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND entity_id = ? AND user_email = 'boss@kart.example'
			AND action IN ('booking.cancel', 'payment.refund')`, e.a.CompanyID, id); n != 2 {
			t.Errorf("%d audit entries (want the cancel and the refund)", n)
		}
		if status, _, bad := e.cancelWithMoney(t, card.bookingID, "true", e.auth); status != http.StatusConflict || !strings.Contains(bad.Message, "already cancelled") {
			t.Errorf("second cancel: %d %+v", status, bad)
		}
		if n := e.ledgerRefunds(t, card.bookingID); n != 5800 {
			t.Errorf("the second cancel refunded again: %d", n)
		}

		// Paid in cash at the desk: handed back in cash, and the mail says so.
		cash := e.seedSale(t, sale{company: e.a, provider: "cash", cents: 4000})
		if status, got, bad := e.cancelWithMoney(t, cash.bookingID, "true", e.auth); status != http.StatusOK || cents(got.Data.Refunded) != 4000 {
			t.Fatalf("cash cancel: %d %+v %+v", status, got, bad)
		}
		if n := e.ledgerRefunds(t, cash.bookingID); n != 4000 {
			t.Errorf("cash ledger refunds %d", n)
		}
		if mail := e.customerMail(t, cash.bookingID); !strings.Contains(mail, "€40.00 was given back to you in cash at the circuit") ||
			strings.Contains(mail, "to your card") {
			t.Errorf("cash mail:\n%s", mail)
		}
		totals("after the cash refund", 0)

		// Refunds off: a refund is refused and nothing is cancelled; without a refund the money stays.
		e.exec(t, `UPDATE companies SET is_refund_enabled = 0 WHERE id = ?`, e.a.CompanyID)
		kept := e.seedSale(t, sale{company: e.a, cents: 2900})
		if status, _, bad := e.cancelWithMoney(t, kept.bookingID, "true", e.auth); status != http.StatusUnprocessableEntity ||
			!strings.Contains(bad.Message, "Refunds are switched off") {
			t.Errorf("refund with refunds off: %d %+v", status, bad)
		}
		if s := e.bookingStatus(t, kept.bookingID); s != "pagada" || e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ?`, kept.bookingID) != 0 {
			t.Errorf("a refused refund cancelled (%s) or reserved something", s)
		}
		if status, got, bad := e.cancelWithMoney(t, kept.bookingID, "false", e.auth); status != http.StatusOK || got.Data.Refunded != 0 || got.Data.State != "cancelada" {
			t.Errorf("cancel without refund: %d %+v %+v", status, got, bad)
		}
		if n := e.ledgerRefunds(t, kept.bookingID); n != 0 {
			t.Errorf("no refund asked, %d refunded", n)
		}
		totals("after the cancel without refund", 2900)
	})
}

// readString reads one text column.
func (e *env) readString(t *testing.T, out *string, q string, args ...any) {
	t.Helper()
	ctx := context.Background()
	if err := e.db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, args...).Scan(out) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}
