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
	"pitlane/internal/pricing"
)

// Credit notes (migration 00049; docs/architecture.md, "Credit notes"): money kept when staff cancel
// a paid booking, spent at the desk by a payment with the method credit. The note's balance is taken
// by one conditional UPDATE (balance_cents >= amount) in the transaction that writes the payment and
// the note's use row, so two desks spending the last euros at once cannot both succeed.

// creditColumns are the columns scanCredit reads, of credit_notes n joined with its booking b.
const creditColumns = `n.id, n.code, n.booking_id, COALESCE(b.reference, ''), n.customer_name, n.customer_email,
	n.amount_cents, n.balance_cents, n.currency, n.created_at, n.expires_at`

func scanCredit(row interface{ Scan(...any) error }) (billing.CreditNote, error) {
	var n billing.CreditNote
	var created, expires int64
	err := row.Scan(&n.ID, &n.Code, &n.BookingID, &n.Reference, &n.CustomerName, &n.CustomerEmail,
		&n.AmountCents, &n.BalanceCents, &n.Currency, &created, &expires)
	n.Reference = checkout.FormatReference(n.Reference)
	n.CreatedAt, n.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC()
	return n, err
}

// CreditNote implements billing.CreditStore.
func (b Billing) CreditNote(ctx context.Context, companyID int64, code string) (billing.CreditNote, error) {
	var n billing.CreditNote
	err := b.db.Read(ctx, func(tx *Tx) error {
		var err error
		n, err = scanCredit(tx.QueryRow(ctx, `SELECT `+creditColumns+` FROM credit_notes n JOIN bookings b ON b.id = n.booking_id
			WHERE n.company_id = ? AND n.code = ?`, companyID, code))
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No credit note of this company with that code.", map[string]string{"code": "unknown"})
		}
		return err
	})
	return n, err
}

// creditOfBooking returns the note issued from a booking, nil when none was.
func creditOfBooking(ctx context.Context, tx *Tx, bookingID int64) (*billing.CreditNote, error) {
	n, err := scanCredit(tx.QueryRow(ctx, `SELECT `+creditColumns+` FROM credit_notes n JOIN bookings b ON b.id = n.booking_id
		WHERE n.booking_id = ?`, bookingID))
	if IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &n, nil
}

// spendCredit takes amount off the company's note with the stored code for a desk payment (already
// inserted as paymentID with credit_note_id set by the caller's insert) and writes the note's use row.
// Returns apperr.NotFound (no such note), apperr.Unprocessable (expired, used up, over the balance).
func spendCredit(ctx context.Context, tx *Tx, companyID int64, code string, amount int64, now time.Time) (billing.CreditNote, error) {
	q := `SELECT ` + creditColumns + ` FROM credit_notes n JOIN bookings b ON b.id = n.booking_id WHERE n.company_id = ? AND n.code = ?`
	if tx.Engine() == Postgres {
		q += ` FOR UPDATE OF n`
	}
	n, err := scanCredit(tx.QueryRow(ctx, q, companyID, code))
	if IsNoRows(err) {
		return n, apperr.WithFields(apperr.NotFound, "No credit note of this company with that code.", map[string]string{"creditCode": "unknown"})
	}
	if err != nil {
		return n, err
	}
	if err := billing.CheckCredit(n, amount, now, pricing.FormatCents); err != nil {
		return n, err
	}
	// The conditional UPDATE is the guard: of two desks spending the last euros, the second finds the
	// balance short and writes nothing.
	res, err := tx.Exec(ctx, `UPDATE credit_notes SET balance_cents = balance_cents - ? WHERE id = ? AND balance_cents >= ?`,
		amount, n.ID, amount)
	if err != nil {
		return n, err
	}
	if k, err := res.RowsAffected(); err != nil {
		return n, err
	} else if k != 1 {
		return n, apperr.WithFields(apperr.Unprocessable, "The credit note no longer holds that much.", map[string]string{"amount": "more than its balance"})
	}
	n.BalanceCents -= amount
	return n, nil
}

// CancelByStaffCredit implements checkout.StaffStore: the staff cancellation (CheckStaffCancel) that
// keeps everything paid as a credit note instead of refunding it. In one transaction with the booking
// locked: the booking is cancelled and its places given back, a note for what was refundable (every
// payment's charges less corrections, refunds and pending refunds) is issued with a new code, the
// audit entry written and the customer's cancellation mail (which states the note) queued. Nothing
// goes to a provider. The company's refund window does not apply: the money stays with the circuit.
// Returns apperr.NotFound, apperr.Conflict (with the reason) when staff may not cancel, and
// apperr.Unprocessable when nothing paid is left to keep (nothing is cancelled then).
func (b Bookings) CancelByStaffCredit(ctx context.Context, companyID, bookingID int64, by checkout.Actor, now time.Time, code string) (checkout.StaffCancelledCredit, error) {
	var out checkout.StaffCancelledCredit
	err := b.db.Write(ctx, func(tx *Tx) error {
		q := `SELECT b.identifier, COALESCE(b.reference, ''), b.status, b.first_starts_at, b.contact_name, COALESCE(b.contact_surname, ''),
				b.email, c.currency
			FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.id = ? AND b.company_id = ?`
		if tx.Engine() == Postgres {
			q += ` FOR UPDATE OF b`
		}
		var identifier, reference, status, name, surname, email, currency string
		var first sql.NullInt64
		out = checkout.StaffCancelledCredit{ID: bookingID}
		err := tx.QueryRow(ctx, q, bookingID, companyID).Scan(&identifier, &reference, &status, &first, &name, &surname, &email, &currency)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No booking of this company with that id.")
		}
		if err != nil {
			return translate(err)
		}
		if err := checkout.CheckStaffCancel(status, instantOrNil(first), now); err != nil {
			return err
		}
		if _, err := lockCharges(ctx, tx, companyID, bookingID); err != nil {
			return err
		}
		charges, err := creditableOf(ctx, tx, companyID, bookingID)
		if err != nil {
			return err
		}
		var amount int64
		for _, c := range charges {
			amount += c.Free()
		}
		if amount <= 0 {
			return apperr.WithFields(apperr.Unprocessable, "Nothing paid is left to keep as credit: cancel without a refund.",
				map[string]string{"money": "nothing refundable"})
		}
		if err := cancelBookingRows(ctx, tx, bookingID, status, now); err != nil {
			return err
		}
		var user any
		if by.UserID > 0 {
			user = by.UserID
		}
		expires := billing.CreditExpiry(now)
		if out.NoteID, err = tx.insertID(ctx, `INSERT INTO credit_notes (company_id, code, booking_id, customer_name, customer_email,
				amount_cents, balance_cents, currency, created_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			companyID, code, bookingID, fullName(name, surname), email, amount, amount, currency, user, now.UnixMilli(), expires.UnixMilli()); err != nil {
			return err
		}
		out.State, out.CreditCents, out.Code, out.ExpiresAt = checkout.StatusCancelled, amount, code, expires
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "booking.cancel", Entity: "booking", EntityID: strconv.FormatInt(bookingID, 10), At: now,
			Details: map[string]any{"identifier": identifier, "reference": checkout.FormatReference(reference), "previousStatus": status,
				"status": checkout.StatusCancelled, "refund": false, "credit": amount, "creditNote": out.NoteID}}); err != nil {
			return err
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "credit.issue", Entity: "credit_note", EntityID: strconv.FormatInt(out.NoteID, 10), At: now,
			Details: map[string]any{"booking": identifier, "amount": amount, "currency": currency, "expiresAt": expires.Format(time.RFC3339)}}); err != nil {
			return err
		}
		if err := queueCustomerCancellation(ctx, tx, bookingID, now); err != nil {
			return fmt.Errorf("queue the cancellation mail: %w", err)
		}
		return nil
	})
	return out, err
}
