package store

import (
	"context"
	"database/sql"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/payment"
)

// maxPayloadBytes bounds the notification body kept with its record.
const maxPayloadBytes = checkout.MaxNotificationBytes

// ApplyPayment implements checkout.Store. The provider's event id is recorded first: a duplicate
// (even a concurrent one, which on PostgreSQL waits for the first to commit) finds it recorded and
// changes nothing. Then the payment and its booking are locked and checkout.Decide's step is applied.
func (co Checkout) ApplyPayment(ctx context.Context, ev checkout.PaymentEvent) (checkout.Applied, error) {
	var out checkout.Applied
	now := ev.Now.UnixMilli()
	n := ev.Notification
	payload := ev.Payload
	if len(payload) > maxPayloadBytes {
		payload = payload[:maxPayloadBytes]
	}
	err := co.db.Write(ctx, func(tx *Tx) error {
		out = checkout.Applied{}
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO payment_notifications (provider, provider_event_id, payload, received_at)
			VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`, ev.Provider, n.EventID, payload, now).Scan(&id)
		if IsNoRows(err) {
			out.Duplicate = true
			return nil
		}
		if err != nil {
			return translate(err)
		}
		p, err := lockPayment(ctx, tx, ev.Provider, n)
		if err != nil {
			return err
		}
		b, err := lockBooking(ctx, tx, p.bookingID)
		if err != nil {
			return err
		}
		d := checkout.Decide(checkout.PaymentState{PaymentStatus: p.status, BookingStatus: b.status,
			PlacesBooked: b.placesBooked, ChargedCents: p.charged, RefundedCents: p.refunded}, n.Outcome, n.AmountCents)
		out.Step, out.BookingID = d.Step, b.id
		if err := applyDecision(ctx, tx, ev, d, p, b); err != nil {
			return err
		}
		var needs int
		err = tx.QueryRow(ctx, `SELECT status, needs_refund FROM bookings WHERE id = ?`, b.id).Scan(&out.BookingStatus, &needs)
		out.NeedsRefund = needs == 1
		return err
	})
	return out, err
}

// lockedPayment is a payment row under lock with its ledger's sums.
type lockedPayment struct {
	id, bookingID, amount, charged, refunded int64
	status                                   string
}

// lockedBooking is a booking row under lock.
type lockedBooking struct {
	id, total    int64
	status       string
	placesBooked bool
}

// lockPayment finds the payment a notification is about, by the provider's reference or by our payment
// id echoed back, and locks it. A reference seen for the first time is recorded.
func lockPayment(ctx context.Context, tx *Tx, provider string, n payment.Notification) (lockedPayment, error) {
	var p lockedPayment
	var ref sql.NullString
	forUpdate := ""
	if tx.Engine() == Postgres {
		forUpdate = ` FOR UPDATE`
	}
	cols := `SELECT id, booking_id, status, amount_cents, provider_ref FROM payments WHERE provider = ? AND `
	err := sql.ErrNoRows
	if n.ProviderRef != "" {
		err = tx.QueryRow(ctx, cols+`provider_ref = ?`+forUpdate, provider, n.ProviderRef).Scan(&p.id, &p.bookingID, &p.status, &p.amount, &ref)
	}
	if IsNoRows(err) && n.PaymentID > 0 {
		err = tx.QueryRow(ctx, cols+`id = ?`+forUpdate, provider, n.PaymentID).Scan(&p.id, &p.bookingID, &p.status, &p.amount, &ref)
		if err == nil && ref.Valid && n.ProviderRef != "" && ref.String != n.ProviderRef {
			err = sql.ErrNoRows
		}
	}
	if IsNoRows(err) {
		return p, apperr.New(apperr.NotFound, "The notification is about no known payment.")
	}
	if err != nil {
		return p, translate(err)
	}
	if !ref.Valid && n.ProviderRef != "" {
		if _, err := tx.Exec(ctx, `UPDATE payments SET provider_ref = ? WHERE id = ?`, n.ProviderRef, p.id); err != nil {
			return p, err
		}
	}
	err = tx.QueryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN kind = 'charge' THEN amount_cents ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN kind = 'refund' THEN -amount_cents ELSE 0 END), 0)
		FROM payment_entries WHERE payment_id = ?`, p.id).Scan(&p.charged, &p.refunded)
	return p, err
}

// lockBooking locks a booking row.
func lockBooking(ctx context.Context, tx *Tx, id int64) (lockedBooking, error) {
	q := `SELECT id, total_cents, status, places_booked FROM bookings WHERE id = ?`
	if tx.Engine() == Postgres {
		q += ` FOR UPDATE`
	}
	var b lockedBooking
	var placed int
	err := tx.QueryRow(ctx, q, id).Scan(&b.id, &b.total, &b.status, &placed)
	b.placesBooked = placed == 1
	return b, translate(err)
}

// applyDecision carries out a notification's step.
func applyDecision(ctx context.Context, tx *Tx, ev checkout.PaymentEvent, d checkout.Decision, p lockedPayment, b lockedBooking) error {
	now := ev.Now.UnixMilli()
	n := ev.Notification
	setStatus := func() error {
		_, err := tx.Exec(ctx, `UPDATE payments SET status = ?, updated_at = ? WHERE id = ?`, d.PaymentStatus, now, p.id)
		return err
	}
	entry := func(kind string, amount int64) error {
		_, err := tx.Exec(ctx, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider,
			provider_event_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, p.id, b.id, kind, amount, ev.Provider, n.EventID, now)
		return err
	}
	switch d.Step {
	case checkout.StepApprove:
		amount := n.AmountCents
		if amount <= 0 {
			amount = p.amount
		}
		if err := entry("charge", amount); err != nil {
			return err
		}
		if err := setStatus(); err != nil {
			return err
		}
		return approveBooking(ctx, tx, ev, d, b, p.charged+amount)
	case checkout.StepFail:
		if err := setStatus(); err != nil {
			return err
		}
		return failPendingBooking(ctx, tx, b.id, b.status, now)
	case checkout.StepFailPaymentOnly:
		return setStatus()
	case checkout.StepRefund:
		if err := entry("refund", -n.AmountCents); err != nil {
			return err
		}
		return setStatus()
	}
	return nil
}

// approveBooking books a paid booking's places (a late payment re-takes them if still free) and queues
// its confirmation; when they are gone, the booking is cancelada, flagged needs_refund, and the
// customer and the company are told.
func approveBooking(ctx context.Context, tx *Tx, ev checkout.PaymentEvent, d checkout.Decision, b lockedBooking, charged int64) error {
	now := ev.Now.UnixMilli()
	paid := checkout.Transition{Event: checkout.EventCharge, TotalCents: b.total, ChargedCents: charged}
	if d.NeedsRefund {
		_, err := tx.Exec(ctx, `UPDATE bookings SET needs_refund = 1, updated_at = ? WHERE id = ?`, now, b.id)
		return err
	}
	if !d.BookPlaces {
		if b.status == checkout.StatusCancelled {
			return nil
		}
		_, err := moveBooking(ctx, tx, b.id, b.status, paid, `, updated_at = ?`, now)
		return err
	}
	if _, err := moveBooking(ctx, tx, b.id, b.status, checkout.Transition{Event: checkout.EventReopen}, `, cancelled_at = NULL`); err != nil {
		return err
	}
	steps := []string{
		`UPDATE holds SET booking_id = pending_booking_id WHERE pending_booking_id = ? AND booking_id IS NULL AND released_at IS NULL`,
	}
	if b.status == checkout.StatusCancelled { // a late payment: the use of the code and the vouchers come back
		steps = append(steps,
			`UPDATE discount_codes SET used_count = used_count + 1 WHERE id = (SELECT discount_code_id FROM bookings WHERE id = ?)`,
			`UPDATE vouchers SET status = 'active' WHERE booking_id = ? AND status = 'cancelled'`)
	}
	for _, q := range steps {
		if _, err := tx.Exec(ctx, q, b.id); err != nil {
			return err
		}
	}
	ok, err := bookPlaces(ctx, tx, b.id, now)
	if err != nil {
		return err
	}
	if ok {
		if _, err := moveBooking(ctx, tx, b.id, checkout.StatusPending, paid, `, cancel_token_hash = ?, updated_at = ?`,
			checkout.HashToken(ev.CancelToken), now); err != nil {
			return err
		}
		if err := markOffersBooked(ctx, tx, b.id, now); err != nil {
			return err
		}
		return queueConfirmation(ctx, tx, b.id, ev.CancelURL, ev.Now)
	}
	// The places are gone: nothing is booked, the money must go back.
	if _, err := tx.Exec(ctx, `UPDATE holds SET booking_id = NULL, released_at = ? WHERE pending_booking_id = ? AND booking_id = ?`,
		now, b.id, b.id); err != nil {
		return err
	}
	if _, err := moveBooking(ctx, tx, b.id, checkout.StatusPending, checkout.Transition{Event: checkout.EventPlacesLost},
		`, cancelled_at = ?, needs_refund = 1, updated_at = ?`, now, now); err != nil {
		return err
	}
	if err := noteBookingEventFreed(ctx, tx, b.id, now); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE discount_codes SET used_count = used_count - 1
		WHERE id = (SELECT discount_code_id FROM bookings WHERE id = ?) AND used_count > 0`, b.id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE vouchers SET status = 'cancelled' WHERE booking_id = ? AND status = 'active'`, b.id); err != nil {
		return err
	}
	return queueCancellation(ctx, tx, b.id, ev.Now)
}

// StartedOnline implements checkout.Store.
func (co Checkout) StartedOnline(ctx context.Context, paymentID int64, providerRef string, companyID int64, key string, answer checkout.Answer, now time.Time) error {
	return co.db.Write(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE payments SET provider_ref = COALESCE(provider_ref, ?), updated_at = ? WHERE id = ?`,
			nullable(providerRef), now.UnixMilli(), paymentID); err != nil {
			return err
		}
		return storeAnswer(ctx, tx, companyID, key, answer)
	})
}

// AbortOnline implements checkout.Store. A booking already decided (paid, or cancelled by a
// notification) is left as it is.
func (co Checkout) AbortOnline(ctx context.Context, bookingID, companyID int64, key string, answer checkout.Answer, now time.Time) error {
	return co.db.Write(ctx, func(tx *Tx) error {
		b, err := lockBooking(ctx, tx, bookingID)
		if err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE payments SET status = ?, updated_at = ? WHERE booking_id = ? AND status = ?`,
			checkout.PaymentDeclined, now.UnixMilli(), bookingID, checkout.PaymentCreated)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n > 0 && b.status == checkout.StatusPending && !b.placesBooked {
			if err := failPendingBooking(ctx, tx, bookingID, b.status, now.UnixMilli()); err != nil {
				return err
			}
		}
		return storeAnswer(ctx, tx, companyID, key, answer)
	})
}

// StalePayments implements checkout.Store.
func (co Checkout) StalePayments(ctx context.Context, before time.Time, limit int) ([]checkout.StalePayment, error) {
	var out []checkout.StalePayment
	err := co.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, provider, COALESCE(provider_ref, ''), booking_id, company_id FROM payments
			WHERE status = ? AND created_at < ? ORDER BY created_at, id LIMIT ?`, checkout.PaymentCreated, before.UnixMilli(), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p checkout.StalePayment
			if err := rows.Scan(&p.ID, &p.Provider, &p.ProviderRef, &p.BookingID, &p.CompanyID); err != nil {
				return err
			}
			out = append(out, p)
		}
		return rows.Err()
	})
	return out, err
}
