package store

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/frontdesk"
	"pitlane/internal/notify"
)

// bookingIDOf is the id of the booking with the identifier. Returns apperr.NotFound when there is none.
func bookingIDOf(ctx context.Context, tx *Tx, identifier string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM bookings WHERE identifier = ?`, identifier).Scan(&id)
	if IsNoRows(err) {
		return 0, apperr.New(apperr.NotFound, "No booking with that identifier.")
	}
	return id, err
}

// BookingMail loads the booking as its mails tell it, for the done page and its .ics, with its page on
// the web app at webBase (the mails' link; SetWebURL's when webBase is empty). Implements
// checkout.SummaryStore; returns apperr.NotFound for an unknown identifier.
func (co Checkout) BookingMail(ctx context.Context, identifier, webBase string) (notify.Booking, error) {
	var b notify.Booking
	// The check code's secret is made on first use, before the read (which cannot write it).
	if _, err := co.db.Secrets().Secret(ctx, frontdesk.CheckSecret, time.Now()); err != nil {
		return b, err
	}
	err := co.db.Read(ctx, func(tx *Tx) error {
		id, err := bookingIDOf(ctx, tx, identifier)
		if err != nil {
			return err
		}
		if b, _, _, err = mailBooking(ctx, tx, id, ""); err != nil || webBase == "" {
			return err
		}
		var key string
		if err := tx.QueryRow(ctx, `SELECT c.public_key FROM bookings b JOIN companies c ON c.id = b.company_id
			WHERE b.id = ?`, id).Scan(&key); err != nil {
			return err
		}
		b.PageURL = bookingPageURL(strings.TrimRight(webBase, "/"), "", b.Identifier, key)
		return nil
	})
	return b, err
}

// BookingPaid is what was paid on the booking: its charge entries less its refund entries (read by
// their absolute amount, whatever their sign). Implements checkout.SummaryStore.
func (co Checkout) BookingPaid(ctx context.Context, identifier string) (int64, error) {
	var paid int64
	err := co.db.Read(ctx, func(tx *Tx) error {
		id, err := bookingIDOf(ctx, tx, identifier)
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN kind = 'charge' THEN ABS(amount_cents) ELSE -ABS(amount_cents) END), 0)
			FROM payment_entries WHERE booking_id = ?`, id).Scan(&paid)
	})
	return max(paid, 0), err
}

// BookingLineDrivers is the named drivers of each line of the booking, in line order (the order of
// mailLines). Implements checkout.SummaryStore.
func (co Checkout) BookingLineDrivers(ctx context.Context, identifier string) ([][]string, error) {
	var out [][]string
	err := co.db.Read(ctx, func(tx *Tx) error {
		id, err := bookingIDOf(ctx, tx, identifier)
		if err != nil {
			return err
		}
		lines, err := int64sOf(ctx, tx, `SELECT id FROM booking_lines WHERE booking_id = ? ORDER BY id`, id)
		if err != nil {
			return err
		}
		index := make(map[int64]int, len(lines))
		out = make([][]string, len(lines))
		for i, l := range lines {
			index[l] = i
		}
		rows, err := tx.Query(ctx, `SELECT booking_line_id, name FROM drivers
			WHERE booking_id = ? AND booking_line_id IS NOT NULL AND name <> '' ORDER BY booking_line_id, position`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var line int64
			var name string
			if err := rows.Scan(&line, &name); err != nil {
				return err
			}
			if i, ok := index[line]; ok {
				out[i] = append(out[i], name)
			}
		}
		return rows.Err()
	})
	return out, err
}
