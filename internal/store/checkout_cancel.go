package store

import (
	"context"
	"database/sql"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/pricing"
)

// CancelByToken implements checkout.Store.
func (db *DB) CancelByToken(ctx context.Context, tokenHash string, now time.Time) (string, error) {
	var identifier string
	err := db.Write(ctx, func(tx *Tx) error {
		q := `SELECT b.id, b.identifier, b.status, b.first_starts_at, b.cancel_token_hash, c.cancel_booking_max_days, c.time_zone
			FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.cancel_token_hash = ?`
		if tx.Engine() == Postgres {
			q += ` FOR UPDATE OF b`
		}
		var id int64
		var status, stored, tz string
		var first sql.NullInt64
		var maxDays int
		err := tx.QueryRow(ctx, q, tokenHash).Scan(&id, &identifier, &status, &first, &stored, &maxDays, &tz)
		if IsNoRows(err) || (err == nil && !checkout.SameHash(stored, tokenHash)) {
			return apperr.New(apperr.NotFound, "No booking with that cancellation link.")
		}
		if err != nil {
			return translate(err)
		}
		var start *time.Time
		if first.Valid {
			t := time.UnixMilli(first.Int64).In(checkoutLocation(tz))
			start = &t
		}
		if err := checkout.CheckCancel(status, start, maxDays, now); err != nil {
			return err
		}
		ms := now.UnixMilli()
		if _, err := tx.Exec(ctx, `UPDATE bookings SET status = ?, cancelled_at = ?, updated_at = ? WHERE id = ?`,
			checkout.StatusCancelled, ms, ms, id); err != nil {
			return err
		}
		if err := releasePlaces(ctx, tx, id); err != nil {
			return err
		}
		// A booking still waiting for its online payment keeps live holds: let them go too.
		if err := releasePendingHolds(ctx, tx, id, ms); err != nil {
			return err
		}
		return queueCancellation(ctx, tx, id, now)
	})
	return identifier, err
}

// BookingStatus implements checkout.Store.
func (db *DB) BookingStatus(ctx context.Context, identifier string) (checkout.StatusView, error) {
	var v checkout.StatusView
	err := db.Read(ctx, func(tx *Tx) error {
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
