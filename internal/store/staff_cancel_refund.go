package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
)

// CancelByStaffRefund implements checkout.StaffStore: the staff cancellation (CheckStaffCancel) that
// gives everything paid back in the same step. The company's refund policy must allow a refund now
// (billing.CheckPolicy: refunds on, inside the refund window); then, in one transaction with the
// booking locked (PostgreSQL: FOR UPDATE; SQLite: the write transaction), the booking is cancelled,
// its places given back and every charge's free remainder reserved as a pending refund under the
// key of the booking's cancellation (cancelRefundKey), the key a customer's own cancellation uses:
// of a staff and a customer cancelling at once, the second finds the booking cancelada and reserves
// nothing. Card charges go back to the card, desk charges in cash. The cancellation mails wait for
// the settlement (SettleCancelRefunds) unless nothing is to be refunded.
func (b Bookings) CancelByStaffRefund(ctx context.Context, companyID, bookingID int64, by checkout.Actor, now time.Time) (checkout.CustomerCancelled, error) {
	var out checkout.CustomerCancelled
	err := b.db.Write(ctx, func(tx *Tx) error {
		q := `SELECT b.identifier, b.status, b.first_starts_at, c.is_refund_enabled, c.refund_max_days, c.time_zone
			FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.id = ? AND b.company_id = ?`
		if tx.Engine() == Postgres {
			q += ` FOR UPDATE OF b`
		}
		var identifier, status, zone string
		var first sql.NullInt64
		var enabled, maxDays int
		out = checkout.CustomerCancelled{BookingID: bookingID, CompanyID: companyID, By: by}
		err := tx.QueryRow(ctx, q, bookingID, companyID).Scan(&identifier, &status, &first, &enabled, &maxDays, &zone)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No booking of this company with that id.")
		}
		if err != nil {
			return translate(err)
		}
		start := instantOrNil(first)
		if err := checkout.CheckStaffCancel(status, start, now); err != nil {
			return err
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			return fmt.Errorf("company %d time zone %q: %w", companyID, zone, err)
		}
		if err := billing.CheckPolicy(billing.RefundPolicy{Enabled: enabled == 1, MaxDays: maxDays}, now, start, loc); err != nil {
			return err
		}
		if err := cancelBookingRows(ctx, tx, bookingID, status, now); err != nil {
			return err
		}
		charges, err := lockCharges(ctx, tx, companyID, bookingID)
		if err != nil {
			return err
		}
		var parts []billing.Part
		var toCard, cash int64
		for _, c := range charges {
			if c.Free() == 0 {
				continue
			}
			parts = append(parts, billing.Part{PaymentID: c.PaymentID, Provider: c.Provider, ProviderRef: c.ProviderRef, AmountCents: c.Free()})
			if c.Provider == billing.CashProvider {
				cash += c.Free()
			} else {
				toCard += c.Free()
			}
		}
		if out.Parts, err = reserveRefundParts(ctx, tx, companyID, bookingID, parts, cancelRefundKey(bookingID), by.UserID, now); err != nil {
			return err
		}
		// The cancellation's money, as the customer's cancellation records it, so the mail can say it.
		if _, err := tx.Exec(ctx, `UPDATE bookings SET cancel_refund_policy = ?, refund_owed_cents = 0 WHERE id = ?`,
			checkout.RefundCard, bookingID); err != nil {
			return err
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "booking.cancel", Entity: "booking", EntityID: strconv.FormatInt(bookingID, 10), At: now,
			Details: map[string]any{"identifier": identifier, "previousStatus": status, "status": checkout.StatusCancelled,
				"refund": true, "toCard": toCard, "cash": cash}}); err != nil {
			return err
		}
		if len(out.Parts) > 0 {
			return nil // the mails wait for the providers' answers (SettleCancelRefunds)
		}
		return queueCustomerCancellation(ctx, tx, bookingID, now)
	})
	return out, err
}
