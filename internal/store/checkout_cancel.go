package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/pricing"
)

// CancelByStaff implements checkout.StaffStore: the same steps as the customer's cancel (cancelBooking),
// under the staff rules (checkout.CheckStaffCancel: no cancellation window), with the audit entry in
// the same transaction. The booking row is locked first (PostgreSQL: FOR UPDATE; SQLite: the write
// transaction), so of two staff cancelling at once one succeeds and the other finds it cancelada.
func (b Bookings) CancelByStaff(ctx context.Context, companyID, bookingID int64, by checkout.Actor, now time.Time) (checkout.StaffCancelled, error) {
	var out checkout.StaffCancelled
	err := b.db.Write(ctx, func(tx *Tx) error {
		q := `SELECT id, identifier, status, first_starts_at FROM bookings WHERE id = ? AND company_id = ?`
		if tx.Engine() == Postgres {
			q += ` FOR UPDATE`
		}
		var first sql.NullInt64
		out = checkout.StaffCancelled{}
		err := tx.QueryRow(ctx, q, bookingID, companyID).Scan(&out.ID, &out.Identifier, &out.PreviousStatus, &first)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No booking of this company with that id.")
		}
		if err != nil {
			return translate(err)
		}
		if err := checkout.CheckStaffCancel(out.PreviousStatus, instantOrNil(first), now); err != nil {
			return err
		}
		if err := cancelBooking(ctx, tx, out.ID, out.PreviousStatus, now); err != nil {
			return err
		}
		out.State = checkout.StatusCancelled
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "booking.cancel", Entity: "booking", EntityID: strconv.FormatInt(out.ID, 10), At: now,
			Details: map[string]any{"identifier": out.Identifier, "previousStatus": out.PreviousStatus, "status": out.State}})
	})
	return out, err
}

// cancelBooking cancels a locked booking whose cancellation was allowed: the booking becomes cancelada,
// its booked places are given back once, the holds of a booking still waiting for its online payment
// are released, and the cancellation mails are queued. The one owner of these steps for customers
// (CancelByToken, through cancelBookingRows) and staff (CancelByStaff). from is the status read under lock.
func cancelBooking(ctx context.Context, tx *Tx, id int64, from string, now time.Time) error {
	if err := cancelBookingRows(ctx, tx, id, from, now); err != nil {
		return err
	}
	return queueCancellation(ctx, tx, id, now)
}

// cancelBookingRows is cancelBooking without the mails: the customer's cancellation queues them once
// it knows what happened to the money.
func cancelBookingRows(ctx context.Context, tx *Tx, id int64, from string, now time.Time) error {
	ms := now.UnixMilli()
	if _, err := moveBooking(ctx, tx, id, from, checkout.Transition{Event: checkout.EventCancel},
		`, cancelled_at = ?, updated_at = ?`, ms, ms); err != nil {
		return err
	}
	if err := unbook(ctx, tx, id, ms); err != nil {
		return err
	}
	if err := noteBookingEventFreed(ctx, tx, id, ms); err != nil {
		return err
	}
	// A booking still waiting for its online payment keeps live holds: let them go too.
	return releasePendingHolds(ctx, tx, id, ms)
}

// BookingStatus implements checkout.Store.
func (co Checkout) BookingStatus(ctx context.Context, identifier string) (checkout.StatusView, error) {
	var v checkout.StatusView
	err := co.db.Read(ctx, func(tx *Tx) error {
		var id, total int64
		var needs int
		err := tx.QueryRow(ctx, `SELECT id, identifier, status, payment_mode, needs_refund, total_cents, culture
			FROM bookings WHERE identifier = ?`, identifier).Scan(&id, &v.Identifier, &v.Status, &v.PaymentMode, &needs, &total, &v.Culture)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No booking with that identifier.")
		}
		if err != nil {
			return err
		}
		v.NeedsRefund, v.Total = needs == 1, pricing.Cents(total)
		var ps string
		err = tx.QueryRow(ctx, `SELECT status FROM payments WHERE booking_id = ? ORDER BY id DESC LIMIT 1`, id).Scan(&ps)
		switch {
		case err == nil:
			v.PaymentStatus = &ps
		case !IsNoRows(err):
			return err
		}
		return nil
	})
	return v, err
}
