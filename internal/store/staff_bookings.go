package store

import (
	"context"
	"database/sql"
	"fmt"
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

// staffRows reads the bookings of a range with what the list shows of their lines: drivers, sessions,
// the first session (circuit-local) and the circuits of the first line. It is set-based: the range's
// bookings (%[1]s: the WHERE of the range) are aggregated with their lines and sessions by joins, never
// a query (or a subquery) per row, so a month of a busy circuit reads in one pass on both engines.
// %[2]s is the engine's string aggregate, %[3]s the ORDER BY.
const staffRows = `WITH sel AS (
		SELECT b.id, b.identifier, b.created_at, b.first_starts_at, b.contact_name, b.contact_surname, b.phone, b.email,
			b.total_cents, b.status, b.source, b.payment_mode
		FROM bookings b WHERE b.company_id = ? AND %[1]s),
	lines AS (
		SELECT bl.booking_id, SUM(bl.num_drivers) AS drivers, MIN(bl.id) AS first_line
		FROM booking_lines bl JOIN sel ON sel.id = bl.booking_id GROUP BY bl.booking_id),
	sess AS (
		SELECT bl.booking_id, COUNT(*) AS sessions, MIN(bs.local_date || ' ' || SUBSTR(bs.local_time, 1, 5)) AS first_local
		FROM booking_lines bl JOIN sel ON sel.id = bl.booking_id JOIN booking_slots bs ON bs.booking_line_id = bl.id
		GROUP BY bl.booking_id),
	tracks AS (
		SELECT booking_id, %[2]s AS track FROM (
			SELECT DISTINCT l.booking_id, c.name FROM lines l JOIN booking_slots bs ON bs.booking_line_id = l.first_line
			JOIN circuits c ON c.id = bs.circuit_id) t
		GROUP BY booking_id)
	SELECT sel.id, sel.identifier, sel.created_at, sel.first_starts_at, sel.contact_name, COALESCE(sel.contact_surname, ''),
		sel.phone, sel.email, sel.total_cents, sel.status, sel.source, sel.payment_mode, COALESCE(lines.drivers, 0),
		COALESCE(sess.sessions, 0), sess.first_local, tracks.track
	FROM sel LEFT JOIN lines ON lines.booking_id = sel.id LEFT JOIN sess ON sess.booking_id = sel.id
		LEFT JOIN tracks ON tracks.booking_id = sel.id
	ORDER BY %[3]s`

// The ranges of staff bookings queries: by session date (the local date of the first session, index
// bookings_company_date) or by sale date (created_at between the company's local midnights, index
// bookings_company_created); rows in session order, bookings without a session (vouchers) last.
const (
	staffBySession = `b.booking_date >= ? AND b.booking_date <= ?`
	staffBySale    = `b.created_at >= ? AND b.created_at < ?`
	staffOrder     = `CASE WHEN sel.first_starts_at IS NULL THEN 1 ELSE 0 END, sel.first_starts_at, sel.id`
)

// staffQuery returns the engine's text of the staff bookings query over a range condition.
func staffQuery(e Engine, where string) string {
	agg := `GROUP_CONCAT(name, ', ')`
	if e == Postgres {
		agg = `STRING_AGG(name, ', ' ORDER BY name)`
	}
	return fmt.Sprintf(staffRows, where, agg, staffOrder)
}

// EachBooking implements checkout.StaffStore: one query, read row by row with its cursor.
func (b Bookings) EachBooking(ctx context.Context, r checkout.BookingRange, fn func(checkout.BookingRow) error) error {
	return b.db.Read(ctx, func(tx *Tx) error {
		q, args := staffBySession, []any{r.CompanyID, r.From, r.To}
		if r.BySale {
			q, args = staffBySale, []any{r.CompanyID, r.FromMs, r.UntilMs}
		}
		rows, err := tx.Query(ctx, staffQuery(tx.Engine(), q), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			row, err := scanStaffRow(rows)
			if err != nil {
				return err
			}
			if err := fn(row); err != nil {
				return err
			}
		}
		return rows.Err()
	})
}

// scanStaffRow reads one row of staffRowColumns.
func scanStaffRow(rows *sql.Rows) (checkout.BookingRow, error) {
	var row checkout.BookingRow
	var created, total int64
	var first sql.NullInt64
	var surname string
	var firstLocal, track sql.NullString
	if err := rows.Scan(&row.ID, &row.BookingIdentifier, &created, &first, &row.ContactName, &surname, &row.Phone,
		&row.Email, &total, &row.State, &row.Source, &row.PaymentMode, &row.NumParticipants, &row.Sessions,
		&firstLocal, &track); err != nil {
		return row, translate(err)
	}
	row.IDBooking = row.ID
	row.CreatedAt = time.UnixMilli(created).UTC()
	if surname != "" {
		row.ContactName += " " + surname
	}
	row.Price = pricing.Cents(total)
	row.Track = track.String
	if first.Valid {
		t := time.UnixMilli(first.Int64).UTC()
		row.FirstStart = &t
	}
	if firstLocal.Valid {
		s := firstLocal.String
		row.BookingDate = &s
	}
	return row, nil
}

var _ checkout.StaffStore = Bookings{}
