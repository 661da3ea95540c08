package store

import (
	"context"
	"database/sql"

	"pitlane/internal/checkout"
)

// bookedSlot is one session of a booking with the places it takes.
type bookedSlot struct {
	circuit, start   int64
	date, at         string
	places, capacity int
}

// bookingSlots lists a booking's sessions, places summed per session, in lock order (circuit, start).
func bookingSlots(ctx context.Context, tx *Tx, bookingID int64) ([]bookedSlot, error) {
	rows, err := tx.Query(ctx, `SELECT bs.circuit_id, bs.starts_at, MIN(bs.local_date), MIN(bs.local_time), SUM(bs.places),
			MIN(i.max_participants)
		FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id
		JOIN circuits c ON c.id = bs.circuit_id JOIN installations i ON i.id = c.installation_id
		WHERE bl.booking_id = ? GROUP BY bs.circuit_id, bs.starts_at ORDER BY bs.circuit_id, bs.starts_at`, bookingID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []bookedSlot
	for rows.Next() {
		var s bookedSlot
		if err := rows.Scan(&s.circuit, &s.start, &s.date, &s.at, &s.places, &s.capacity); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// bookPlaces counts a booking's sessions into slots.booked if every session is still to come and has
// the places, and every limited product the stock; it reports false, booking nothing, when not. The
// booking's own holds must already be out of the live count (converted, booking_id set): their places
// leave the session counters here (slots.held), as the booking's enter slots.booked, and the booking must
// not be cancelada (so its lines count once in the stock). Locks are taken as holds take them: the
// products (by id), then the slot rows (by circuit, start), so the check and the update have no window
// between them on either engine. When it reports false the counters it corrected stay correct.
func bookPlaces(ctx context.Context, tx *Tx, bookingID, now int64) (bool, error) {
	ok, err := stockLeft(ctx, tx, bookingID, now)
	if err != nil || !ok {
		return false, err
	}
	slots, err := bookingSlots(ctx, tx, bookingID)
	if err != nil {
		return false, err
	}
	own, err := int64sOf(ctx, tx, `SELECT id FROM holds WHERE booking_id = ?`, bookingID)
	if err != nil {
		return false, err
	}
	if err := uncountHolds(ctx, tx, own, now); err != nil {
		return false, err
	}
	for _, s := range slots {
		if s.start <= now {
			return false, nil // the session has started: too late to book it
		}
		var booked, capacity, held int
		if err := tx.QueryRow(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
			VALUES (?, ?, ?, ?, ?, 0, 0)
			ON CONFLICT (circuit_id, starts_at) DO UPDATE SET capacity = excluded.capacity
			RETURNING booked, capacity, held`, s.circuit, s.start, s.date, s.at, s.capacity).Scan(&booked, &capacity, &held); err != nil {
			return false, translate(err)
		}
		if capacity-booked-held < s.places {
			// The counter may still count holds that are no longer live: count exactly, then decide.
			freed, err := reclaimSlot(ctx, tx, s.circuit, s.start, now)
			if err != nil {
				return false, err
			}
			if capacity-booked-(held-freed) < s.places {
				return false, nil
			}
		}
	}
	if err := book(ctx, tx, bookingID, slots); err != nil {
		return false, err
	}
	_, err = tx.Exec(ctx, `UPDATE booking_lines SET hold_id = (SELECT h.id FROM holds h
			WHERE h.identifier = booking_lines.hold_identifier AND h.booking_id = booking_lines.booking_id)
		WHERE booking_id = ? AND hold_id IS NULL`, bookingID)
	return err == nil, err
}

// stockLeft locks the booking's limited products and reports whether none is oversold with the booking
// counted in.
func stockLeft(ctx context.Context, tx *Tx, bookingID, now int64) (bool, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT bl.product_id, bl.kind FROM booking_lines bl JOIN products p ON p.id = bl.product_id
		WHERE bl.booking_id = ? AND p.max_stock IS NOT NULL ORDER BY bl.product_id`, bookingID)
	if err != nil {
		return false, err
	}
	type item struct {
		id   int64
		kind string
	}
	var items []item
	for rows.Next() {
		var it item
		if err := rows.Scan(&it.id, &it.kind); err != nil {
			rows.Close()
			return false, err
		}
		items = append(items, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, err
	}
	lock := `SELECT max_stock FROM products WHERE id = ?`
	if tx.Engine() == Postgres {
		lock += ` FOR UPDATE`
	}
	for _, it := range items {
		var maxStock sql.NullInt64
		if err := tx.QueryRow(ctx, lock, it.id).Scan(&maxStock); err != nil {
			return false, translate(err)
		}
		used, err := stockUsed(ctx, tx, it.id, it.kind, now)
		if err != nil {
			return false, err
		}
		if maxStock.Valid && used > maxStock.Int64 {
			return false, nil
		}
	}
	return true, nil
}

// releasePendingHolds lets go of the live holds that a booking waiting for its online payment keeps,
// and takes their places out of the session counters in the same transaction.
func releasePendingHolds(ctx context.Context, tx *Tx, bookingID, now int64) error {
	released, err := int64sOf(ctx, tx, `UPDATE holds SET released_at = ?
		WHERE pending_booking_id = ? AND booking_id IS NULL AND released_at IS NULL RETURNING id`, now, bookingID)
	if err != nil {
		return err
	}
	return uncountHolds(ctx, tx, released, now)
}

// failPendingBooking cancels a booking whose online payment did not happen: its holds are released,
// its cart reopened (so the visitor can hold again), the use of its discount code given back and its
// vouchers cancelled. from is the booking's status read under lock (pending).
func failPendingBooking(ctx context.Context, tx *Tx, bookingID int64, from string, now int64) error {
	if err := releasePendingHolds(ctx, tx, bookingID, now); err != nil {
		return err
	}
	if _, err := moveBooking(ctx, tx, bookingID, from, checkout.Transition{Event: checkout.EventPaymentFailed},
		`, cancelled_at = ?, updated_at = ?`, now, now); err != nil {
		return err
	}
	if err := noteBookingEventFreed(ctx, tx, bookingID, now); err != nil {
		return err
	}
	steps := []struct {
		q    string
		args []any
	}{
		{`UPDATE carts SET status = 'open', updated_at = ?
			WHERE id = (SELECT cart_id FROM bookings WHERE id = ?) AND status = 'ordered'`, []any{now, bookingID}},
		{`DELETE FROM cart_lines WHERE hold_id IN (SELECT id FROM holds WHERE pending_booking_id = ?)`, []any{bookingID}},
		{`UPDATE discount_codes SET used_count = used_count - 1
			WHERE id = (SELECT discount_code_id FROM bookings WHERE id = ?) AND used_count > 0`, []any{bookingID}},
		{`UPDATE vouchers SET status = 'cancelled' WHERE booking_id = ? AND status = 'active'`, []any{bookingID}},
	}
	for _, st := range steps {
		if _, err := tx.Exec(ctx, st.q, st.args...); err != nil {
			return err
		}
	}
	return nil
}
