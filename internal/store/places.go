package store

import (
	"context"
	"fmt"
	"strings"

	"pitlane/internal/sessions"
)

// This file is the one owner of a visitor's places: the one insert of a hold with its sessions and its
// cart line (every kind of hold — sessions, packs, vouchers, event tickets — goes through insertHold),
// and the only statements that move the session counters (slots.held, slots.booked) and the booking's
// flag bookings.places_booked. Which holds leave the counter, and when, is decided by the callers
// (holds_counter.go, checkout_places.go); the arithmetic lives here (docs/architecture.md "Capacity
// without overselling").

// holdRow is one hold to insert: the hold, its sessions (none for vouchers and event tickets) and the
// cart line that shows it, NumDrivers × UnitCents before any discount, PriceCents in total.
type holdRow struct {
	Identifier, VisitorID, Kind  string
	CompanyID, CartID, ProductID int64
	NumDrivers                   int
	PriceCents, UnitCents        int64
	CreatedAt, ExpiresAt         int64 // Unix ms
	Slots                        []sessions.HoldSlot
	// CheckVisitor: on PostgreSQL the insert itself refuses (apperr.SameUserSlot) when VisitorID already
	// has a live hold on one of Slots; the caller holds the slots' row locks, as visitorFree needs.
	CheckVisitor bool
}

// insertHold writes a hold, its sessions and its cart line, and returns the hold's id. The sessions'
// places must already be in the counters (takeHeld): they are written counted.
func insertHold(ctx context.Context, tx *Tx, h holdRow) (int64, error) {
	if tx.Engine() == Postgres {
		return insertHoldOnce(ctx, tx, h)
	}
	holdID, err := tx.insertID(ctx, `INSERT INTO holds (identifier, company_id, cart_id, visitor_id, kind, product_id,
		num_drivers, price_cents, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		h.Identifier, h.CompanyID, h.CartID, h.VisitorID, h.Kind, h.ProductID, h.NumDrivers, h.PriceCents,
		h.CreatedAt, h.ExpiresAt)
	if err != nil {
		return 0, err
	}
	for i, s := range h.Slots {
		// counted = 1: takeHeld added these places to slots.held.
		if _, err := tx.Exec(ctx, `INSERT INTO hold_slots (hold_id, position, circuit_id, starts_at, product_id, places,
			price_cents, visitor_id, counted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)`,
			holdID, i, s.CircuitID, s.StartsAt, s.ProductID, h.NumDrivers, s.PriceCents, h.VisitorID); err != nil {
			return 0, err
		}
	}
	_, err = tx.Exec(ctx, `INSERT INTO cart_lines (cart_id, hold_id, product_id, kind, quantity, unit_price_cents,
		original_price_cents, discount_cents, total_cents, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
		h.CartID, holdID, h.ProductID, h.Kind, h.NumDrivers, h.UnitCents, h.UnitCents, h.PriceCents, h.CreatedAt)
	return holdID, err
}

// insertHoldOnce is insertHold on PostgreSQL: the three inserts in one statement (data-modifying WITH
// clauses), so one round trip instead of two plus one per session. On a hot session the slot row stays
// locked from the counter's update to the commit, and every round trip in between is waited for by the
// next visitor. SQLite runs in-process: its three statements cost no round trip.
func insertHoldOnce(ctx context.Context, tx *Tx, h holdRow) (int64, error) {
	var q strings.Builder
	args := make([]any, 0, 21+5*len(h.Slots))
	checkVisitor := h.CheckVisitor && h.VisitorID != "" && len(h.Slots) > 0
	q.WriteString(`WITH h AS (INSERT INTO holds (identifier, company_id, cart_id, visitor_id, kind, product_id,
		num_drivers, price_cents, created_at, expires_at) `)
	args = append(args, h.Identifier, h.CompanyID, h.CartID, h.VisitorID, h.Kind, h.ProductID, h.NumDrivers, h.PriceCents,
		h.CreatedAt, h.ExpiresAt)
	if checkVisitor {
		// visitorFree for every session in the same statement (one round trip fewer under the row lock).
		q.WriteString(`SELECT ?::text, ?::bigint, ?::bigint, ?::text, ?::text, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::bigint
			WHERE NOT EXISTS (SELECT 1 FROM hold_slots hs JOIN holds x ON x.id = hs.hold_id
			WHERE hs.visitor_id = ?::text AND x.expires_at > ?::bigint AND x.released_at IS NULL AND x.booking_id IS NULL
			AND (hs.circuit_id, hs.starts_at) IN (`)
		args = append(args, h.VisitorID, h.CreatedAt)
		for i, sl := range h.Slots {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?::bigint, ?::bigint)")
			args = append(args, sl.CircuitID, sl.StartsAt)
		}
		q.WriteString(`)) RETURNING id)`)
	} else {
		q.WriteString(`VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id)`)
	}
	if len(h.Slots) > 0 {
		// counted = 1: takeHeld added these places to slots.held. The parameters of a VALUES list that
		// is not an INSERT's own are typed by their casts.
		q.WriteString(`, s AS (INSERT INTO hold_slots (hold_id, position, circuit_id, starts_at, product_id, places,
			price_cents, visitor_id, counted) SELECT h.id, v.position, v.circuit_id, v.starts_at, v.product_id, ?::bigint,
			v.price_cents, ?::text, 1 FROM h, (VALUES `)
		args = append(args, h.NumDrivers, h.VisitorID)
		for i, sl := range h.Slots {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?::bigint, ?::bigint, ?::bigint, ?::bigint, ?::bigint)")
			args = append(args, i, sl.CircuitID, sl.StartsAt, sl.ProductID, sl.PriceCents)
		}
		q.WriteString(`) AS v (position, circuit_id, starts_at, product_id, price_cents))`)
	}
	q.WriteString(`, c AS (INSERT INTO cart_lines (cart_id, hold_id, product_id, kind, quantity, unit_price_cents,
		original_price_cents, discount_cents, total_cents, created_at) SELECT ?::bigint, h.id, ?::bigint, ?::text, ?::bigint,
		?::bigint, ?::bigint, 0, ?::bigint, ?::bigint FROM h)
		SELECT id FROM h`)
	args = append(args, h.CartID, h.ProductID, h.Kind, h.NumDrivers, h.UnitCents, h.UnitCents, h.PriceCents, h.CreatedAt)
	var id int64
	err := tx.QueryRow(ctx, q.String(), args...).Scan(&id)
	if checkVisitor && IsNoRows(err) {
		// Nothing inserted: the visitor holds one of the sessions already; say which.
		hold := sessions.NewHold{VisitorID: h.VisitorID}
		for _, sl := range h.Slots {
			if err := visitorFree(ctx, tx, hold, sl, h.CreatedAt); err != nil {
				return 0, err
			}
		}
		return 0, fmt.Errorf("hold %s: inserted nothing and no session of the visitor's is held", h.Identifier)
	}
	return id, Translate(err)
}

// takeHeld adds places to a session's counter of held places if they fit its capacity (brought up to
// date from the installation's settings at the same time), and reports whether they did.
func takeHeld(ctx context.Context, tx *Tx, s sessions.HoldSlot, places int) (bool, error) {
	return takePlacesInto(ctx, tx, `UPDATE slots SET held = held + ?, capacity = ?
		WHERE circuit_id = ? AND starts_at = ? AND held + booked + ? <= ?`, s, places)
}

// takePlacesInto runs one of the two conditional counter updates (held or booked: each a constant, so
// that PostgreSQL's statement cache keeps one plan per counter) and reports whether the places fit.
func takePlacesInto(ctx context.Context, tx *Tx, update string, s sessions.HoldSlot, places int) (bool, error) {
	res, err := tx.Exec(ctx, update, places, s.Capacity, s.CircuitID, s.StartsAt, places, s.Capacity)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// releaseHeld takes places out of a session's counter of held places. The caller has cleared the
// counted flag of the hold_slots rows they belong to, in the same transaction, with the row locked.
// The session is noted as freed at now: before the transaction commits, its free places go to the
// waiting list (waitlist_offer.go).
func releaseHeld(ctx context.Context, tx *Tx, circuitID, startsAt int64, places int, now int64) error {
	_, err := tx.Exec(ctx, `UPDATE slots SET held = held - ? WHERE circuit_id = ? AND starts_at = ?`, places, circuitID, startsAt)
	tx.noteFreed(circuitID, startsAt, now)
	return err
}

// book counts a booking's sessions into slots.booked and flags the booking as holding them
// (places_booked = 1), so that unbook gives them back once. The caller has checked that they fit.
func book(ctx context.Context, tx *Tx, bookingID int64, slots []bookedSlot) error {
	for _, s := range slots {
		if _, err := tx.Exec(ctx, `UPDATE slots SET booked = booked + ? WHERE circuit_id = ? AND starts_at = ?`,
			s.places, s.circuit, s.start); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `UPDATE bookings SET places_booked = 1 WHERE id = ?`, bookingID)
	return err
}

// unbook gives back the places a booking took in slots.booked, once: only the call that clears the
// booking's places_booked flag moves the counters. The sessions are noted as freed at now (releaseHeld).
func unbook(ctx context.Context, tx *Tx, bookingID, now int64) error {
	res, err := tx.Exec(ctx, `UPDATE bookings SET places_booked = 0 WHERE id = ? AND places_booked = 1`, bookingID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	slots, err := bookingSlots(ctx, tx, bookingID)
	if err != nil {
		return err
	}
	for _, s := range slots {
		if _, err := tx.Exec(ctx, `UPDATE slots SET booked = CASE WHEN booked >= ? THEN booked - ? ELSE 0 END
			WHERE circuit_id = ? AND starts_at = ?`, s.places, s.places, s.circuit, s.start); err != nil {
			return err
		}
		tx.noteFreed(s.circuit, s.start, now)
	}
	return nil
}

// loadChunk is how many bookings BookLoaded counts per statement (under both engines' bound-parameter
// limits).
const loadChunk = 500

// BookLoaded counts, in bulk, the places of bookings a loader has just written with their lines and
// sessions (the demo's history): it flags them as holding places (places_booked = 1) and adds their
// sessions' places to slots.booked, creating the session rows with the installation's capacity, as book
// does for one booking. Every booking given must not hold places yet; a booking that does is an error
// and nothing of its chunk is counted twice. The caller checked that the places fit (a loader of a new
// company plans them); nothing is freed, so the waiting list has nothing to offer.
func (t *Tx) BookLoaded(ctx context.Context, bookingIDs []int64) error {
	for start := 0; start < len(bookingIDs); start += loadChunk {
		ids := bookingIDs[start:min(start+loadChunk, len(bookingIDs))]
		in, args := Placeholders(len(ids)), int64Args(ids)
		res, err := t.Exec(ctx, `UPDATE bookings SET places_booked = 1 WHERE places_booked = 0 AND id IN (`+in+`)`, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != int64(len(ids)) {
			return fmt.Errorf("book loaded: %d of %d bookings already hold places", int64(len(ids))-n, len(ids))
		}
		if _, err := t.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
			SELECT bs.circuit_id, bs.starts_at, MIN(bs.local_date), MIN(bs.local_time), MIN(i.max_participants), SUM(bs.places), 0
			FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id
				JOIN circuits c ON c.id = bs.circuit_id JOIN installations i ON i.id = c.installation_id
			WHERE bl.booking_id IN (`+in+`)
			GROUP BY bs.circuit_id, bs.starts_at
			ON CONFLICT (circuit_id, starts_at) DO UPDATE SET booked = slots.booked + excluded.booked`, args...); err != nil {
			return err
		}
	}
	return nil
}

// takeBooked adds places straight to a session's counter of booked places if they fit its capacity
// (brought up to date from the installation's settings at the same time), and reports whether they did:
// a staff move of a confirmed booking, whose places go from booked to booked with no hold between.
func takeBooked(ctx context.Context, tx *Tx, s sessions.HoldSlot, places int) (bool, error) {
	return takePlacesInto(ctx, tx, `UPDATE slots SET booked = booked + ?, capacity = ?
		WHERE circuit_id = ? AND starts_at = ? AND held + booked + ? <= ?`, s, places)
}

// unbookPlaces gives back places of one session from slots.booked: the sessions a moved booking
// leaves. The caller has the booking locked and rewrites its booking_slots in the same transaction.
// The session is noted as freed at now, so the waiting list gets the places before the commit.
func unbookPlaces(ctx context.Context, tx *Tx, circuitID, startsAt int64, places int, now int64) error {
	_, err := tx.Exec(ctx, `UPDATE slots SET booked = CASE WHEN booked >= ? THEN booked - ? ELSE 0 END
		WHERE circuit_id = ? AND starts_at = ?`, places, places, circuitID, startsAt)
	tx.noteFreed(circuitID, startsAt, now)
	return err
}
