package checkout_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A staff cancel with a refund and the customer's own cancellation pressed at once, on both engines:
// whichever comes second finds the booking cancelled, so the card is refunded once, one refund is
// reserved, and one cancellation mail states the amount.
func TestStaffCancelRacingCustomerCancelRefundsOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newRefundEnv(t, db)
		e.exec(t, `UPDATE companies SET is_refund_enabled = 1, refund_max_days = 0 WHERE id = ?`, e.fix.CompanyID)
		staff := checkout.Actor{UserID: 0, Email: "boss@kart.example"}
		for round := 0; round < 4; round++ {
			p := e.seedPaid(t, simulated.Name, 5800, "en-GB")
			var wg sync.WaitGroup
			var staffErr error
			var staffOut checkout.StaffCancelledRefund
			var customer int
			wg.Add(2)
			go func() {
				defer wg.Done()
				staffOut, staffErr = e.svc.StaffCancelRefund(context.Background(), e.fix.CompanyID, p.bookingID, staff)
			}()
			go func() {
				defer wg.Done()
				customer = e.api.Do("POST", "/api/booking/cancel/"+p.token, nil).Status
			}()
			wg.Wait()
			e.waitDelivered(t)
			if customer != 200 {
				t.Errorf("round %d: the customer's cancel answered %d", round, customer)
			}
			switch {
			case staffErr == nil && staffOut.Refunded != 5800:
				t.Errorf("round %d: staff won but refunded %d", round, staffOut.Refunded)
			case staffErr != nil && (apperr.CodeOf(staffErr) != apperr.Conflict || !strings.Contains(staffErr.Error(), "already cancelled")):
				t.Errorf("round %d: staff lost with %v, want the conflict", round, staffErr)
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
			if mail := e.cancelMail(t, p.bookingID); !strings.Contains(mail, "Refunded €58.00 to your card") {
				t.Errorf("round %d: mail:\n%s", round, mail)
			}
		}
	})
}

// A refund the provider refuses during a staff cancel is owed at the desk: the booking is cancelled,
// nothing is written in the ledger, and the answer and the mail say what is owed.
func TestStaffCancelRefundRefusedIsOwed(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newRefundEnv(t, db)
		e.exec(t, `UPDATE companies SET is_refund_enabled = 1, refund_max_days = 0 WHERE id = ?`, e.fix.CompanyID)
		p := e.seedPaid(t, "broken", 5800, "en-GB")
		out, err := e.svc.StaffCancelRefund(context.Background(), e.fix.CompanyID, p.bookingID, checkout.Actor{Email: "boss@kart.example"})
		if err != nil || out.Refunded != 0 || out.Owed != 5800 || out.State != checkout.StatusCancelled {
			t.Fatalf("staff cancel with a refused refund: %+v %v", out, err)
		}
		if e.ledgerRefunds(t, p.bookingID) != 0 || e.count(t, `SELECT refund_owed_cents FROM bookings WHERE id = ?`, p.bookingID) != 5800 {
			t.Errorf("a refused refund must be owed at the desk, not recorded")
		}
		if mail := e.cancelMail(t, p.bookingID); !strings.Contains(mail, "€58.00 will be refunded at the circuit") {
			t.Errorf("mail:\n%s", mail)
		}
	})
}
