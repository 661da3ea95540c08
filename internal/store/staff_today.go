package store

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/frontdesk"
)

// todaySlots reads the day's booked places of the company's circuits, one row per booking slot, in
// session order. The circuits' subquery lets the index booking_slots_slot (circuit_id, starts_at) seek
// each circuit's day, so the day costs its own rows whatever the number of bookings. A booking counts
// while it holds its places (places_booked) and is not cancelled: an online checkout not paid yet holds
// none.
const todaySlots = `SELECT s.circuit_id, s.starts_at, s.places, l.name, COALESCE(sl.capacity, 0), COALESCE(sl.booked, 0),
		b.id, b.identifier, COALESCE(b.reference, ''), b.contact_name, COALESCE(b.contact_surname, ''), b.phone, b.email,
		b.total_cents, b.status, b.source, b.payment_mode, a.arrived_at, COALESCE(a.arrived_by_email, ''),
		CASE WHEN n.booking_id IS NULL THEN 0 ELSE 1 END
	FROM booking_slots s
	JOIN booking_lines l ON l.id = s.booking_line_id
	JOIN bookings b ON b.id = l.booking_id
	LEFT JOIN slots sl ON sl.circuit_id = s.circuit_id AND sl.starts_at = s.starts_at
	LEFT JOIN booking_arrivals a ON a.booking_id = b.id
	LEFT JOIN booking_no_shows n ON n.booking_id = b.id
	WHERE s.circuit_id IN (SELECT c.id FROM circuits c JOIN installations i ON i.id = c.installation_id WHERE i.company_id = ?)
		AND s.starts_at >= ? AND s.starts_at < ?
		AND b.company_id = ? AND b.status <> 'cancelada' AND b.places_booked = 1
	ORDER BY s.starts_at, s.circuit_id, b.id, s.booking_line_id`

// todayEvents reads the day's event bookings (they hold no session places: their start is the event's),
// through index bookings_company_first (company_id, first_starts_at, …). An online registration not
// paid yet is left out, as a session's checkout is.
const todayEvents = `SELECT b.first_starts_at, COALESCE((SELECT MIN(l.name) FROM booking_lines l WHERE l.booking_id = b.id), ''),
		b.list_drivers, b.id, b.identifier, COALESCE(b.reference, ''), b.contact_name, COALESCE(b.contact_surname, ''),
		b.phone, b.email, b.total_cents, b.status, b.source, b.payment_mode, a.arrived_at, COALESCE(a.arrived_by_email, ''),
		CASE WHEN n.booking_id IS NULL THEN 0 ELSE 1 END
	FROM bookings b
	LEFT JOIN booking_arrivals a ON a.booking_id = b.id
	LEFT JOIN booking_no_shows n ON n.booking_id = b.id
	WHERE b.company_id = ? AND b.first_starts_at >= ? AND b.first_starts_at < ? AND b.source = 'EVENT'
		AND b.status <> 'cancelada' AND NOT (b.status = 'pending' AND b.payment_mode = 'online')
	ORDER BY b.first_starts_at, b.id`

// dayBooking is the part of a day's row that is the booking's.
func dayBooking(id int64, identifier, reference, name, surname, phone, email string, total int64, status, source, mode string,
	arrivedAt sql.NullInt64, by string, noShow bool) frontdesk.DayBooking {
	if surname != "" {
		name += " " + surname
	}
	b := frontdesk.DayBooking{ID: id, Identifier: identifier, Reference: checkout.FormatReference(reference), Name: name,
		Phone: phone, Email: email, TotalCents: total, State: status, Source: source, PaymentMode: mode, NoShow: noShow}
	if arrivedAt.Valid {
		b.Arrived, b.ArrivedAt, b.ArrivedBy = true, time.UnixMilli(arrivedAt.Int64).UTC(), by
	}
	return b
}

// Day implements frontdesk.Store: the sessions of [from, until) with their bookings (a booking's lines
// in one session summed), then the events' bookings grouped by event and start, in time order; then
// each booking's paid and due from the ledger, in one query for the day.
func (f FrontDesk) Day(ctx context.Context, companyID int64, from, until time.Time, loc *time.Location) (frontdesk.Day, error) {
	var d frontdesk.Day
	err := f.db.Read(ctx, func(tx *Tx) error {
		d = frontdesk.Day{}
		tracks, err := newTrackNames(ctx, tx, companyID)
		if err != nil {
			return err
		}
		if err := readDaySlots(ctx, tx, &d, tracks, companyID, from, until, loc); err != nil {
			return err
		}
		if err := readDayEvents(ctx, tx, &d, companyID, from, until, loc); err != nil {
			return err
		}
		slices.SortStableFunc(d.Sessions, func(a, b frontdesk.Session) int {
			if c := a.StartsAt.Compare(b.StartsAt); c != 0 {
				return c
			}
			if a.Kind != b.Kind {
				return strings.Compare(b.Kind, a.Kind) // sessions before events at the same time
			}
			return strings.Compare(a.Name, b.Name)
		})
		return fillDayLedger(ctx, tx, &d)
	})
	return d, err
}

func readDaySlots(ctx context.Context, tx *Tx, d *frontdesk.Day, tracks *trackNames, companyID int64, from, until time.Time, loc *time.Location) error {
	rows, err := tx.Query(ctx, todaySlots, companyID, from.UnixMilli(), until.UnixMilli(), companyID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var cur *frontdesk.Session
	for rows.Next() {
		var circuit, starts, places, capacity, booked, id, total int64
		var product, identifier, reference, name, surname, phone, email, status, source, mode, by string
		var arrivedAt sql.NullInt64
		var noShow int
		if err := rows.Scan(&circuit, &starts, &places, &product, &capacity, &booked, &id, &identifier, &reference, &name,
			&surname, &phone, &email, &total, &status, &source, &mode, &arrivedAt, &by, &noShow); err != nil {
			return translate(err)
		}
		if cur == nil || cur.CircuitID != circuit || cur.StartsAt.UnixMilli() != starts {
			track, err := tracks.of(strconv.FormatInt(circuit, 10))
			if err != nil {
				return err
			}
			at := time.UnixMilli(starts).UTC()
			d.Sessions = append(d.Sessions, frontdesk.Session{Kind: "session", CircuitID: circuit, Name: track, StartsAt: at,
				LocalTime: at.In(loc).Format("15:04"), Capacity: int(capacity), Booked: int(booked)})
			cur = &d.Sessions[len(d.Sessions)-1]
		}
		if !slices.Contains(cur.Products, product) {
			cur.Products = append(cur.Products, product)
		}
		if n := len(cur.Bookings); n > 0 && cur.Bookings[n-1].ID == id {
			cur.Bookings[n-1].Drivers += int(places)
			continue
		}
		b := dayBooking(id, identifier, reference, name, surname, phone, email, total, status, source, mode, arrivedAt, by, noShow == 1)
		b.Drivers = int(places)
		cur.Bookings = append(cur.Bookings, b)
	}
	return rows.Err()
}

func readDayEvents(ctx context.Context, tx *Tx, d *frontdesk.Day, companyID int64, from, until time.Time, loc *time.Location) error {
	rows, err := tx.Query(ctx, todayEvents, companyID, from.UnixMilli(), until.UnixMilli())
	if err != nil {
		return err
	}
	defer rows.Close()
	index := map[string]int{} // event name and start → its place in d.Sessions
	for rows.Next() {
		var starts, drivers, id, total int64
		var event, identifier, reference, name, surname, phone, email, status, source, mode, by string
		var arrivedAt sql.NullInt64
		var noShow int
		if err := rows.Scan(&starts, &event, &drivers, &id, &identifier, &reference, &name, &surname, &phone, &email,
			&total, &status, &source, &mode, &arrivedAt, &by, &noShow); err != nil {
			return translate(err)
		}
		k := event + "\x00" + strconv.FormatInt(starts, 10)
		i, ok := index[k]
		if !ok {
			at := time.UnixMilli(starts).UTC()
			d.Sessions = append(d.Sessions, frontdesk.Session{Kind: "event", Name: event, StartsAt: at,
				LocalTime: at.In(loc).Format("15:04"), Products: []string{event}})
			i = len(d.Sessions) - 1
			index[k] = i
		}
		b := dayBooking(id, identifier, reference, name, surname, phone, email, total, status, source, mode, arrivedAt, by, noShow == 1)
		b.Drivers = int(max(drivers, 1))
		d.Sessions[i].Bookings = append(d.Sessions[i].Bookings, b)
	}
	return rows.Err()
}

// fillDayLedger sets each booking's paid and due from its ledger lines (index payment_entries_booking_kind).
func fillDayLedger(ctx context.Context, tx *Tx, d *frontdesk.Day) error {
	var ids []any
	seen := map[int64]bool{}
	for _, s := range d.Sessions {
		for _, b := range s.Bookings {
			if !seen[b.ID] {
				seen[b.ID] = true
				ids = append(ids, b.ID)
			}
		}
	}
	type sums struct{ charged, refunded int64 }
	ledger := map[int64]sums{}
	for len(ids) > 0 {
		batch := ids[:min(len(ids), 500)]
		ids = ids[len(batch):]
		rows, err := tx.Query(ctx, `SELECT booking_id,
				COALESCE(SUM(CASE WHEN kind = 'charge' THEN ABS(amount_cents) WHEN kind = 'correction' THEN -ABS(amount_cents) ELSE 0 END), 0),
				COALESCE(SUM(CASE WHEN kind = 'refund' THEN ABS(amount_cents) ELSE 0 END), 0)
			FROM payment_entries WHERE booking_id IN (?`+strings.Repeat(", ?", len(batch)-1)+`) GROUP BY booking_id`, batch...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var s sums
			if err := rows.Scan(&id, &s.charged, &s.refunded); err != nil {
				rows.Close()
				return translate(err)
			}
			ledger[id] = s
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for i := range d.Sessions {
		for j := range d.Sessions[i].Bookings {
			b := &d.Sessions[i].Bookings[j]
			s := ledger[b.ID]
			b.PaidCents = max(s.charged-s.refunded, 0)
			b.DueCents = billing.Due(b.TotalCents, s.charged)
		}
	}
	return nil
}
