package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/notify"
)

// ResendConfirmation implements checkout.StaffStore: the customer's confirmation mail queued again in
// the outbox, built by the same builder as the first one from the booking as it is now (its contact,
// sessions and payment state), to the customer alone (no gift mail, no company copies). The mail's
// cancel link is new: only the hash of a cancel token is kept, so tokenHash replaces it (the old link
// stops working, as it does when an online payment confirms a booking) and cancelURL carries it. An
// event registration gets its registration mail again (it has no cancel link). The mail and the audit
// entry (booking.confirmation_resent) are one transaction.
func (b Bookings) ResendConfirmation(ctx context.Context, companyID, bookingID int64, by checkout.Actor, tokenHash, cancelURL string, now time.Time) (checkout.Resent, error) {
	var out checkout.Resent
	err := b.db.Write(ctx, func(tx *Tx) error {
		d, err := lockDeskBooking(ctx, tx, companyID, bookingID)
		if err != nil {
			return err
		}
		switch {
		case d.status == checkout.StatusCancelled:
			return apperr.New(apperr.Conflict, "The booking is cancelled: there is no confirmation to send.")
		case d.mode == checkout.ModeOnline && d.status == checkout.StatusPending && !d.placesBooked:
			return apperr.New(apperr.Conflict, "The booking is waiting for its online payment: it is not confirmed yet.")
		}
		var email, source string
		if err := tx.QueryRow(ctx, `SELECT email, source FROM bookings WHERE id = ?`, d.id).Scan(&email, &source); err != nil {
			return translate(err)
		}
		event := source == "EVENT"
		if event {
			if err := tx.QueryRow(ctx, `SELECT r.email FROM event_registrations r WHERE r.booking_id = ? ORDER BY r.id LIMIT 1`,
				d.id).Scan(&email); err != nil && !IsNoRows(err) {
				return translate(err)
			}
		}
		if strings.TrimSpace(email) == "" {
			return apperr.WithFields(apperr.Unprocessable, "The booking has no e-mail address: add one to its contact first.",
				map[string]string{"email": "missing"})
		}
		out = checkout.Resent{ID: d.id, Email: email}
		if event {
			if _, err := queueEventMail(ctx, tx, d.id, now, false); err != nil {
				return err
			}
		} else {
			if _, err := tx.Exec(ctx, `UPDATE bookings SET cancel_token_hash = ? WHERE id = ?`, tokenHash, d.id); err != nil {
				return err
			}
			mb, _, _, err := mailBooking(ctx, tx, d.id, cancelURL)
			if err != nil {
				return err
			}
			if err := cancelOnlineNow(ctx, tx, d.id, &mb, now); err != nil {
				return err
			}
			m, err := notify.BookingConfirmation(mb)
			if err != nil {
				return err
			}
			id := d.id
			m.CompanyID, m.BookingID = companyID, &id
			if err := tx.EnqueueEmail(ctx, m, now); err != nil {
				return err
			}
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "booking.confirmation_resent", Entity: "booking", EntityID: strconv.FormatInt(d.id, 10), At: now,
			Details: map[string]any{"identifier": d.identifier, "to": email}})
	})
	return out, err
}
