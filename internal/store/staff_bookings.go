package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/pricing"
)

// Bookings is the back office's view of bookings: the staff list and its export, a sale's lines, a
// booking's master data, members, and staff cancellation (checkout_cancel.go). It implements
// checkout.StaffStore. Every query names the company in its WHERE clause.
type Bookings struct{ db *DB }

// Bookings returns the staff bookings store.
func (db *DB) Bookings() Bookings { return Bookings{db: db} }

// StaffLimits implements checkout.StaffStore.
func (b Bookings) StaffLimits(ctx context.Context, companyID int64) (checkout.StaffLimits, error) {
	var l checkout.StaffLimits
	err := b.db.Read(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT c.name, c.time_zone,
				COALESCE((SELECT MAX(i.max_days_booking) FROM installations i WHERE i.company_id = c.id), 0)
			FROM companies c WHERE c.id = ?`, companyID).Scan(&l.CompanyName, &l.TimeZone, &l.MaxDaysBooking)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such company.")
		}
		return translate(err)
	})
	return l, err
}

// staffRows reads the bookings of a range (first %s: the range's condition; second: its order) joined
// with their lines, the lines' sessions and the sessions' circuits: one row per session (or per line
// without a session, or per booking without a line), grouped by booking in the range's order, then by
// line and position. EachBooking folds each booking's rows into one list row as it reads them. One pass
// of index seeks (the range's index on bookings, booking_lines by booking, booking_slots by line,
// circuits by id): no aggregate to materialize and no query per row, which is what keeps a busy month
// fast on SQLite's virtual machine as on PostgreSQL.
const staffRows = `SELECT b.id, b.identifier, b.created_at, b.first_starts_at, b.contact_name,
		COALESCE(b.contact_surname, ''), b.phone, b.email, b.total_cents, b.status, b.source, b.payment_mode,
		bl.id, bl.num_drivers, bs.starts_at, bs.local_date, bs.local_time, c.name, COALESCE(b.reference, '')
	FROM bookings b LEFT JOIN booking_lines bl ON bl.booking_id = b.id
		LEFT JOIN booking_slots bs ON bs.booking_line_id = bl.id
		LEFT JOIN circuits c ON c.id = bs.circuit_id
	WHERE b.company_id = ? AND %s
	ORDER BY %s, bl.id, bs.position`

// The staff bookings queries and their orders.
//   - By session date: the local date of the first session, then its start, then id — the order of
//     index bookings_company_date (company_id, booking_date, first_starts_at; ties in row order), so the
//     database streams the rows without sorting a month of them first (migration 00026).
//   - By sale date: created_at between the company's local midnights (index bookings_company_created),
//     listed in session order as well, bookings without a session (vouchers) last.
const (
	staffBySessionRange = `b.booking_date >= ? AND b.booking_date <= ?`
	staffBySessionOrder = `b.booking_date, b.first_starts_at, b.id`
	staffBySaleRange    = `b.created_at >= ? AND b.created_at < ?`
	staffBySaleOrder    = `CASE WHEN b.first_starts_at IS NULL THEN 1 ELSE 0 END, b.first_starts_at, b.id`
)

var (
	staffBySession = fmt.Sprintf(staffRows, staffBySessionRange, staffBySessionOrder)
	staffBySale    = fmt.Sprintf(staffRows, staffBySaleRange, staffBySaleOrder)
)

// EachBooking implements checkout.StaffStore: one query, read row by row with its cursor; a booking
// is handed to fn as soon as its last row is read.
func (b Bookings) EachBooking(ctx context.Context, r checkout.BookingRange, fn func(checkout.BookingRow) error) error {
	return b.db.Read(ctx, func(tx *Tx) error {
		q, args := staffBySession, []any{r.CompanyID, r.From, r.To}
		if r.BySale {
			q, args = staffBySale, []any{r.CompanyID, r.FromMs, r.UntilMs}
		}
		if r.Search != "" {
			q, args = staffSearchQuery(r), append(args, staffSearchArgs(r.Search)...)
		}
		if b.db.Engine() == Postgres {
			// PostgreSQL's planner hashes all of booking_lines and booking_slots for a month's bookings (it
			// underestimates the index probes): 300–580 ms where probing each booking's lines takes 140–170
			// at 200,000 bookings. For this transaction only, it joins by the indexes.
			if _, err := tx.Exec(ctx, `SET LOCAL enable_hashjoin = off`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `SET LOCAL enable_mergejoin = off`); err != nil {
				return err
			}
		}
		rows, err := tx.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		var f staffFold
		for rows.Next() {
			done, ok, err := f.scan(rows)
			if err != nil {
				return err
			}
			if ok {
				if err := fn(done); err != nil {
					return err
				}
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if done, ok := f.finish(); ok {
			return fn(done)
		}
		return nil
	})
}

// staffFold folds the rows of staffRows into list rows, one booking at a time.
type staffFold struct {
	cur       checkout.BookingRow
	open      bool
	firstLine int64 // the booking's first line (its circuits make the track)
	lastLine  int64 // the line whose drivers were last counted
	firstAt   int64 // start of the earliest session seen
	tracks    []string
}

// scan reads one row. When it starts a new booking, the previous one is returned complete (ok).
func (f *staffFold) scan(rows *sql.Rows) (done checkout.BookingRow, ok bool, err error) {
	var id, created, total int64
	var first, line, drivers, startsAt sql.NullInt64
	var identifier, name, surname, phone, email, status, source, mode string
	var date, at, circuit sql.NullString
	var reference string
	if err := rows.Scan(&id, &identifier, &created, &first, &name, &surname, &phone, &email, &total, &status, &source,
		&mode, &line, &drivers, &startsAt, &date, &at, &circuit, &reference); err != nil {
		return done, false, translate(err)
	}
	if !f.open || f.cur.ID != id {
		done, ok = f.finish()
		f.start(id, identifier, created, first, name, surname, phone, email, total, status, source, mode)
		f.cur.Reference = checkout.FormatReference(reference)
	}
	if line.Valid && line.Int64 != f.lastLine {
		f.lastLine = line.Int64
		f.cur.NumParticipants += int(drivers.Int64)
		if f.firstLine == 0 {
			f.firstLine = line.Int64
		}
	}
	if startsAt.Valid {
		f.cur.Sessions++
		if f.cur.BookingDate == nil || startsAt.Int64 < f.firstAt {
			local := date.String + " " + hhmm(at.String)
			f.cur.BookingDate, f.firstAt = &local, startsAt.Int64
		}
		if line.Int64 == f.firstLine && circuit.Valid && !slices.Contains(f.tracks, circuit.String) {
			f.tracks = append(f.tracks, circuit.String)
		}
	}
	return done, ok, nil
}

// start begins the list row of a booking.
func (f *staffFold) start(id int64, identifier string, created int64, first sql.NullInt64, name, surname, phone, email string,
	total int64, status, source, mode string) {
	if surname != "" {
		name += " " + surname
	}
	f.cur = checkout.BookingRow{ID: id, IDBooking: id, BookingIdentifier: identifier, CreatedAt: time.UnixMilli(created).UTC(),
		ContactName: name, Phone: phone, Email: email, Price: pricing.Cents(total), State: status, Source: source,
		PaymentMode: mode, FirstStart: instantOrNil(first)}
	f.open, f.firstLine, f.lastLine, f.firstAt, f.tracks = true, 0, 0, 0, f.tracks[:0]
}

// finish returns the booking being folded, if any.
func (f *staffFold) finish() (checkout.BookingRow, bool) {
	if !f.open {
		return checkout.BookingRow{}, false
	}
	f.cur.Track = strings.Join(f.tracks, ", ")
	f.open = false
	return f.cur, true
}

// hhmm is the HH:mm of a stored HH:MM:SS time.
func hhmm(t string) string {
	if len(t) >= 5 {
		return t[:5]
	}
	return t
}

var _ checkout.StaffStore = Bookings{}
