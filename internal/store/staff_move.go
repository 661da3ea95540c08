package store

import (
	"context"
	"database/sql"
	"sort"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/move"
	"pitlane/internal/notify"
	"pitlane/internal/sessions"
)

// moveLine is the one line of sessions of a booking a move rewrites, with its sessions in order.
type moveLine struct {
	id, productID int64
	kind          string
	drivers       int
	slots         []movedSlot
}

// movedSlot is one row of booking_slots.
type movedSlot struct {
	position       int
	circuit, start int64
	date, at       string
	places         int
}

// MoveSource implements move.Store.
func (b Bookings) MoveSource(ctx context.Context, companyID, bookingID int64, now time.Time) (move.Source, error) {
	var out move.Source
	err := b.db.Read(ctx, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `SELECT token FROM companies WHERE id = ?`, companyID).Scan(&out.CompanyToken); err != nil {
			return translate(err)
		}
		l, err := checkMovable(ctx, tx, companyID, bookingID, now, false)
		if err != nil {
			return err
		}
		out.Kind, out.ProductID, out.NumDrivers = l.kind, l.productID, l.drivers
		for _, s := range l.slots {
			out.Sessions = append(out.Sessions, s.date+" "+s.at)
		}
		return nil
	})
	return out, err
}

// checkMovable reads the booking a move starts from (locked, on PostgreSQL) and refuses what cannot
// move: another company's or none (NotFound), cancelled, started, no date, places not booked yet (an
// online payment still awaited) (Conflict), and anything but one line of sessions (Unprocessable).
func checkMovable(ctx context.Context, tx *Tx, companyID, bookingID int64, now time.Time, lock bool) (moveLine, error) {
	var l moveLine
	q := `SELECT status, first_starts_at, places_booked FROM bookings WHERE id = ? AND company_id = ?`
	if lock && tx.Engine() == Postgres {
		q += ` FOR UPDATE`
	}
	var status string
	var first sql.NullInt64
	var placed int
	err := tx.QueryRow(ctx, q, bookingID, companyID).Scan(&status, &first, &placed)
	if IsNoRows(err) {
		return l, apperr.WithFields(apperr.NotFound, "No booking of this company with that id.", map[string]string{"bookingId": "unknown"})
	}
	if err != nil {
		return l, translate(err)
	}
	switch start := instantOrNil(first); {
	case status == checkout.StatusCancelled:
		return l, apperr.New(apperr.Conflict, "This booking is cancelled, so it cannot be moved.")
	case start == nil:
		return l, apperr.New(apperr.Conflict, "This booking has no date (a voucher), so it cannot be moved.")
	case !now.Before(*start):
		return l, apperr.New(apperr.Conflict, "This booking's session has already started, so it can no longer be moved.")
	}
	if placed != 1 {
		return l, apperr.New(apperr.Conflict, "The booking is waiting for its online payment: its places are not confirmed yet, so it cannot be moved.")
	}
	rows, err := tx.Query(ctx, `SELECT bl.id, bl.product_id, bl.kind, bl.num_drivers, bs.position, bs.circuit_id, bs.starts_at,
			bs.local_date, bs.local_time, bs.places
		FROM booking_lines bl JOIN booking_slots bs ON bs.booking_line_id = bl.id
		WHERE bl.booking_id = ? ORDER BY bl.id, bs.position`, bookingID)
	if err != nil {
		return l, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, product int64
		var kind string
		var drivers int
		var s movedSlot
		if err := rows.Scan(&id, &product, &kind, &drivers, &s.position, &s.circuit, &s.start, &s.date, &s.at, &s.places); err != nil {
			return l, err
		}
		if l.id != 0 && l.id != id {
			return l, apperr.WithFields(apperr.Unprocessable, "This booking has several products: cancel it and book again instead.",
				map[string]string{"bookingId": "more than one line of sessions"})
		}
		l.id, l.productID, l.kind, l.drivers = id, product, kind, drivers
		l.slots = append(l.slots, s)
	}
	if err := rows.Err(); err != nil {
		return l, err
	}
	switch {
	case l.id == 0:
		return l, apperr.WithFields(apperr.Unprocessable, "This booking has no session to move.", map[string]string{"bookingId": "no session"})
	case l.kind == sessions.KindProduct && len(l.slots) > 1:
		return l, apperr.WithFields(apperr.Unprocessable, "This booking has several sessions of one product: cancel it and book again instead.",
			map[string]string{"bookingId": "several sessions"})
	case l.kind != sessions.KindProduct && l.kind != sessions.KindPack:
		return l, apperr.WithFields(apperr.Unprocessable, "Only a booking of sessions can be moved.", map[string]string{"bookingId": "not a product or pack"})
	}
	return l, nil
}

// MoveBooking implements move.Store. In one write transaction: the booking row is locked (PostgreSQL:
// FOR UPDATE; SQLite: the write transaction) and checked again; every session the move touches, old
// and new, is visited in (circuit, start) order, the lock order of holds, so two moves never wait on
// each other crosswise; a session gaining places takes them with one conditional UPDATE of
// slots.booked (after reclaiming dead holds, as a hold does, when it looks full) and a session losing
// them gives them back (the waiting list gets them before the commit); a session a pack keeps is left
// as it is. Then the booking's sessions are rewritten, its calendar revision raised, the customer's
// update mail queued (its .ics: METHOD:REQUEST, the same UIDs, the new SEQUENCE) and the move audited.
func (b Bookings) MoveBooking(ctx context.Context, companyID, bookingID int64, to sessions.NewHold, by checkout.Actor, now time.Time) (move.Moved, error) {
	var out move.Moved
	ms := now.UnixMilli()
	err := b.db.Write(ctx, func(tx *Tx) error {
		l, err := checkMovable(ctx, tx, companyID, bookingID, now, true)
		if err != nil {
			return err
		}
		if l.productID != to.ProductID || l.drivers != to.NumDrivers || len(l.slots) != len(to.Slots) {
			return apperr.New(apperr.Conflict, "The booking changed while the move was prepared: try again.")
		}
		same := true
		for i, s := range to.Slots {
			if s.CircuitID != l.slots[i].circuit || s.StartsAt != l.slots[i].start {
				same = false
			}
		}
		if same {
			return apperr.WithFields(apperr.Conflict, "The booking is already in that session.", map[string]string{"startTime": "the same session"})
		}
		delta := map[sessions.SlotKey]int{}
		for _, s := range l.slots {
			delta[sessions.SlotKey{CircuitID: s.circuit, StartsAt: s.start}] -= s.places
		}
		target := map[sessions.SlotKey]sessions.HoldSlot{}
		for _, s := range to.Slots {
			delta[s.SlotKey] += to.NumDrivers
			target[s.SlotKey] = s
		}
		keys := make([]sessions.SlotKey, 0, len(delta))
		for k := range delta {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].CircuitID != keys[j].CircuitID {
				return keys[i].CircuitID < keys[j].CircuitID
			}
			return keys[i].StartsAt < keys[j].StartsAt
		})
		for _, k := range keys {
			switch n := delta[k]; {
			case n > 0:
				if err := takeMovedPlaces(ctx, tx, target[k], n, ms); err != nil {
					return err
				}
			case n < 0:
				if err := unbookPlaces(ctx, tx, k.CircuitID, k.StartsAt, -n, ms); err != nil {
					return err
				}
			}
		}
		for i, s := range to.Slots {
			if _, err := tx.Exec(ctx, `UPDATE booking_slots SET circuit_id = ?, starts_at = ?, local_date = ?, local_time = ?,
				product_id = ? WHERE booking_line_id = ? AND position = ?`,
				s.CircuitID, s.StartsAt, s.LocalDate, s.LocalTime, s.ProductID, l.id, l.slots[i].position); err != nil {
				return err
			}
			out.Sessions = append(out.Sessions, s.LocalDate+" "+s.LocalTime)
		}
		first := to.Slots[0]
		for _, s := range to.Slots[1:] {
			if s.StartsAt < first.StartsAt {
				first = s
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE bookings SET first_starts_at = ?, booking_date = ?, ics_sequence = ics_sequence + 1,
			updated_at = ? WHERE id = ?`, first.StartsAt, first.LocalDate, ms, bookingID); err != nil {
			return err
		}
		out.ID = bookingID
		mb, _, _, err := mailBooking(ctx, tx, bookingID, "")
		if err != nil {
			return err
		}
		out.Sequence = mb.CalendarSequence
		if strings.TrimSpace(mb.Email) != "" {
			m, err := notify.BookingMoved(mb)
			if err != nil {
				return err
			}
			id := bookingID
			m.CompanyID, m.BookingID = companyID, &id
			if err := tx.EnqueueEmail(ctx, m, now); err != nil {
				return err
			}
			out.Mailed = true
		}
		var from []string
		for _, s := range l.slots {
			from = append(from, s.date+" "+s.at)
		}
		var identifier string
		if err := tx.QueryRow(ctx, `SELECT identifier FROM bookings WHERE id = ?`, bookingID).Scan(&identifier); err != nil {
			return translate(err)
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "booking.move", Entity: "booking", EntityID: strconv.FormatInt(bookingID, 10), At: now,
			Details: map[string]any{"identifier": identifier, "from": from, "to": out.Sessions, "drivers": l.drivers,
				"sequence": out.Sequence}})
	})
	return out, err
}

// takeMovedPlaces takes n places of a session for a moved booking, as takePlaces does for a hold: the
// session's row made on first use, one conditional UPDATE of its counter; when it looks full, the row
// locked, dead holds reclaimed (what they free goes to the waiting list first) and the UPDATE tried
// once more. Returns apperr.Conflict naming the session when it has not the places.
func takeMovedPlaces(ctx context.Context, tx *Tx, s sessions.HoldSlot, n int, now int64) error {
	if _, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
		VALUES (?, ?, ?, ?, ?, 0, 0) ON CONFLICT (circuit_id, starts_at) DO NOTHING`,
		s.CircuitID, s.StartsAt, s.LocalDate, s.LocalTime, s.Capacity); err != nil {
		return Translate(err)
	}
	ok, err := takeBooked(ctx, tx, s, n)
	if err != nil || ok {
		return err
	}
	if err := lockSlot(ctx, tx, s.CircuitID, s.StartsAt); err != nil {
		return err
	}
	if _, err := reclaimSlot(ctx, tx, s.CircuitID, s.StartsAt, now); err != nil {
		return err
	}
	if err := offerSession(ctx, tx, s.SlotKey, now); err != nil {
		return err
	}
	if ok, err = takeBooked(ctx, tx, s, n); err != nil || ok {
		return err
	}
	return apperr.WithFields(apperr.Conflict, "The session at "+s.LocalDate+" "+s.LocalTime[:5]+" has not enough free places for this booking.",
		map[string]string{"startTime": "full"})
}
