package checkout_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/pricing"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A customer cancels a booking paid €58.00 on the card under each refund policy of the company: the
// preview says what will happen and changes nothing; the cancellation does it (ledger, provider, owed
// amount) and the mail says it; a second press answers the same and refunds nothing more.
func TestCustomerCancelUnderEachPolicy(t *testing.T) {
	cases := []struct {
		policy         string
		toCard, atDesk int64
		mail           string
	}{
		{checkout.RefundCard, 5800, 0, "Refunded €58.00 to your card"},
		{checkout.RefundDesk, 0, 5800, "€58.00 will be refunded at the circuit"},
		{checkout.RefundNone, 0, 0, "No refund under the circuit's policy"},
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newRefundEnv(t, db)
		for _, c := range cases {
			t.Run(c.policy, func(t *testing.T) {
				e.exec(t, `UPDATE companies SET cancel_refund_policy = ? WHERE id = ?`, c.policy, e.fix.CompanyID)
				p := e.seedPaid(t, simulated.Name, 5800, "en-GB")

				v := e.preview(t, p.token)
				want := checkout.CancelMoney{Policy: c.policy, Paid: 5800, ToCard: pricing.Cents(c.toCard), AtDesk: pricing.Cents(c.atDesk)}
				if !v.Cancellable || v.Reason != nil || v.Status != checkout.StatusPaid || v.Money == nil || *v.Money != want {
					t.Fatalf("preview: %+v money %+v, want %+v", v, v.Money, want)
				}
				if v.Reference != p.identifier || v.FirstSession == nil || v.FirstSession.Date != "2026-12-05" || v.FirstSession.Time != "18:00" ||
					len(v.Drivers) != 2 || len(v.Lines) != 1 || v.Lines[0].Name != "Adult 10 min" || v.TimeZone != "Europe/Madrid" {
					t.Errorf("preview booking: %+v", v)
				}
				if e.count(t, `SELECT COUNT(*) FROM bookings WHERE id = ? AND status = 'pagada' AND cancel_refund_policy IS NULL`, p.bookingID) != 1 ||
					e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ?`, p.bookingID) != 0 || e.cancelMail(t, p.bookingID) != "" {
					t.Fatalf("the preview changed the booking")
				}

				got := e.cancel(t, p.token)
				if got.Status != checkout.StatusCancelled || got.Cancellable || got.Reason == nil || *got.Reason != checkout.CancelReasonCancelled ||
					got.Money == nil || got.Money.Policy != c.policy || got.Money.ToCard != pricing.Cents(c.toCard) ||
					got.Money.AtDesk != pricing.Cents(c.atDesk) || got.Money.Paid != 5800 || got.CancelledAt == nil {
					t.Fatalf("cancel: %+v money %+v", got, got.Money)
				}
				e.waitDelivered(t)
				if n := e.ledgerRefunds(t, p.bookingID); n != int(c.toCard) {
					t.Errorf("ledger refunds %d, want %d", n, c.toCard)
				}
				if n := e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE booking_id = ? AND kind = 'refund' AND amount_cents > 0`, p.bookingID); n != 0 {
					t.Errorf("%d refund entries stored positive", n)
				}
				if n := e.simRefunded(t, p.ref); n != int(c.toCard) {
					t.Errorf("the provider refunded %d, want %d", n, c.toCard)
				}
				if n := e.count(t, `SELECT refund_owed_cents FROM bookings WHERE id = ?`, p.bookingID); n != int(c.atDesk) {
					t.Errorf("owed at the desk %d, want %d", n, c.atDesk)
				}
				if n := e.count(t, `SELECT needs_refund FROM bookings WHERE id = ?`, p.bookingID); (n == 1) != (c.atDesk > 0) {
					t.Errorf("needs_refund %d", n)
				}
				if md, err := e.svc.StaffMasterData(context.Background(), e.fix.CompanyID, p.bookingID); err != nil || md.RefundOwed != pricing.Cents(c.atDesk) {
					t.Errorf("staff master data: owed %v, want %d (%v)", md.RefundOwed, c.atDesk, err)
				}
				if mail := e.cancelMail(t, p.bookingID); !strings.Contains(mail, c.mail) || strings.Contains(mail, "Payment: Cancelled") {
					t.Errorf("mail says:\n%s\nwant %q", mail, c.mail)
				}
				if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ? AND kind = 'company_notice' AND body_text LIKE ?`,
					p.bookingID, "%"+c.mail+"%"); n != 1 {
					t.Errorf("the company's copy does not say %q", c.mail)
				}
				if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'booking.cancel' AND user_email = 'customer'`+
					` AND user_id IS NULL AND entity_id = ?`, e.fix.CompanyID, strconv.FormatInt(p.bookingID, 10)); n != 1 {
					t.Errorf("%d audit entries of the customer's cancellation", n)
				}

				again := e.cancel(t, p.token)
				e.waitDelivered(t)
				if again.Money == nil || *again.Money != *got.Money || again.Status != checkout.StatusCancelled {
					t.Errorf("second cancel: %+v, first %+v", again.Money, got.Money)
				}
				if e.ledgerRefunds(t, p.bookingID) != int(c.toCard) || e.simRefunded(t, p.ref) != int(c.toCard) ||
					e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ? AND kind = 'booking_cancellation'`, p.bookingID) != 1 {
					t.Errorf("the second cancel refunded or mailed again")
				}
				if res := e.api.Do("GET", "/api/booking/cancelBooking/"+p.token, nil); res.Status != 405 {
					t.Errorf("GET of the old address after the cancel: %d", res.Status)
				}
			})
		}
	})
}

// Two tabs press Cancel booking at once: both see the booking cancelled, the card is refunded once.
func TestCustomerCancelConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newRefundEnv(t, db)
		for round := 0; round < 3; round++ {
			p := e.seedPaid(t, simulated.Name, 5800, "es-ES")
			var wg sync.WaitGroup
			status := make([]int, 4)
			for i := range status {
				wg.Add(1)
				go func() {
					defer wg.Done()
					status[i] = e.api.Do("POST", "/api/booking/cancel/"+p.token, nil).Status
				}()
			}
			wg.Wait()
			e.waitDelivered(t)
			for i, s := range status {
				if s != 200 {
					t.Errorf("round %d request %d: %d", round, i, s)
				}
			}
			if n := e.ledgerRefunds(t, p.bookingID); n != 5800 {
				t.Errorf("round %d: ledger refunds %d, want 5800", round, n)
			}
			if n := e.simRefunded(t, p.ref); n != 5800 {
				t.Errorf("round %d: the provider refunded %d", round, n)
			}
			if n := e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ?`, p.bookingID); n != 1 {
				t.Errorf("round %d: %d refund reservations", round, n)
			}
			if mail := e.cancelMail(t, p.bookingID); !strings.Contains(mail, "Se han reembolsado 58,00\u00a0€ a tu tarjeta") {
				t.Errorf("round %d: Spanish mail:\n%s", round, mail)
			}
		}
	})
}

// What cannot go back to the card is owed at the desk: a charge settled in cash at the circuit, and a
// card refund the provider refuses. A booking to pay at the circuit and unpaid has nothing to refund.
func TestCustomerCancelOwedAtDesk(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newRefundEnv(t, db)
		cash := e.seedPaid(t, "cash", 4000, "en-GB")
		if v := e.preview(t, cash.token); v.Money == nil || v.Money.ToCard != 0 || v.Money.AtDesk != 4000 {
			t.Errorf("cash preview: %+v", v.Money)
		}
		if v := e.cancel(t, cash.token); v.Money.AtDesk != 4000 || e.ledgerRefunds(t, cash.bookingID) != 0 {
			t.Errorf("cash cancel: %+v", v.Money)
		}
		if mail := e.cancelMail(t, cash.bookingID); !strings.Contains(mail, "€40.00 will be refunded at the circuit") {
			t.Errorf("cash mail:\n%s", mail)
		}

		broken := e.seedPaid(t, "broken", 5800, "de-DE")
		v := e.cancel(t, broken.token)
		if v.Status != checkout.StatusCancelled || v.Money.ToCard != 0 || v.Money.AtDesk != 5800 || v.Money.Pending {
			t.Errorf("refused refund: %+v", v.Money)
		}
		if e.ledgerRefunds(t, broken.bookingID) != 0 || e.count(t, `SELECT needs_refund FROM bookings WHERE id = ?`, broken.bookingID) != 1 ||
			e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ? AND status = 'failed'`, broken.bookingID) != 1 {
			t.Errorf("a refused refund must be owed at the desk, not recorded")
		}
		if mail := e.cancelMail(t, broken.bookingID); !strings.Contains(mail, "58,00\u00a0€ werden dir an der Strecke erstattet") {
			t.Errorf("German mail:\n%s", mail)
		}

		unpaid := e.seedPaid(t, "", 0, "en-GB")
		if v := e.preview(t, unpaid.token); v.Money == nil || v.Money.Paid != 0 || v.Money.ToCard != 0 || v.Money.AtDesk != 0 {
			t.Errorf("unpaid preview: %+v", v.Money)
		}
		e.cancel(t, unpaid.token)
		if mail := e.cancelMail(t, unpaid.bookingID); !strings.Contains(mail, "Nothing was paid, so there is nothing to refund") {
			t.Errorf("unpaid mail:\n%s", mail)
		}
		if e.count(t, `SELECT needs_refund FROM bookings WHERE id = ?`, unpaid.bookingID) != 0 {
			t.Errorf("an unpaid booking owes nothing")
		}
	})
}

// The preview of a booking that cannot be cancelled says why and offers no money; the POST refuses it
// and changes nothing; an unknown link is a 404 for both.
func TestCancelPreviewRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newRefundEnv(t, db)
		p := e.seedPaid(t, simulated.Name, 5800, "en-GB")
		e.exec(t, `UPDATE companies SET cancel_booking_max_days = 7 WHERE id = ?`, e.fix.CompanyID)
		v := e.preview(t, p.token)
		if v.Cancellable || v.Reason == nil || *v.Reason != checkout.CancelReasonClosed || v.Money != nil {
			t.Errorf("inside the window: %+v", v)
		}
		if res := e.api.Do("POST", "/api/booking/cancel/"+p.token, nil); res.Status != 422 {
			t.Errorf("POST inside the window: %d %s", res.Status, res.Body)
		}
		if e.count(t, `SELECT COUNT(*) FROM bookings WHERE id = ? AND status = 'pagada'`, p.bookingID) != 1 ||
			e.count(t, `SELECT COUNT(*) FROM refunds`) != 0 {
			t.Errorf("a refused cancel changed something")
		}
		for _, bad := range []string{"AAAAAAAAAAAAAAAAAAAAAA", "short"} {
			if res := e.api.Do("GET", "/api/booking/cancel/"+bad, nil); res.Status != 404 {
				t.Errorf("preview %q: %d", bad, res.Status)
			}
			if res := e.api.Do("POST", "/api/booking/cancel/"+bad, nil); res.Status != 404 {
				t.Errorf("cancel %q: %d", bad, res.Status)
			}
		}
		// A booking staff cancelled shows as cancelled, with no customer refund to tell.
		e.exec(t, `UPDATE companies SET cancel_booking_max_days = 0 WHERE id = ?`, e.fix.CompanyID)
		q := e.seedPaid(t, simulated.Name, 5800, "en-GB")
		e.exec(t, `UPDATE bookings SET status = 'cancelada', cancelled_at = ? WHERE id = ?`, e.clk.Now().UnixMilli(), q.bookingID)
		if v := e.preview(t, q.token); v.Cancellable || v.Reason == nil || *v.Reason != checkout.CancelReasonCancelled || v.Money != nil {
			t.Errorf("cancelled by staff: %+v", v)
		}
		if v := e.cancel(t, q.token); v.Money != nil || e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ?`, q.bookingID) != 0 {
			t.Errorf("POST on a booking staff cancelled: %+v", v.Money)
		}
	})
}
