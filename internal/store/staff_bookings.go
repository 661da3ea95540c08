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

// staffRowColumns reads a bookings row with what the list shows of its lines: drivers, sessions, the
// first session (circuit-local) and the circuits of its first line. %s is the engine's string
// aggregate. Each subquery seeks booking_lines by booking (booking_lines_booking) and booking_slots by
// line (its primary key), so one query serves any range without a query per row.
const staffRowColumns = `SELECT b.id, b.identifier, b.created_at, b.first_starts_at, b.contact_name,
		COALESCE(b.contact_surname, ''), b.phone, b.email, b.total_cents, b.status, b.source, b.payment_mode,
		(SELECT COALESCE(SUM(bl.num_drivers), 0) FROM booking_lines bl WHERE bl.booking_id = b.id),
		(SELECT COUNT(*) FROM booking_lines bl JOIN booking_slots bs ON bs.booking_line_id = bl.id WHERE bl.booking_id = b.id),
		(SELECT bs.local_date || ' ' || SUBSTR(bs.local_time, 1, 5) FROM booking_lines bl
			JOIN booking_slots bs ON bs.booking_line_id = bl.id WHERE bl.booking_id = b.id ORDER BY bs.starts_at LIMIT 1),
		(SELECT %s FROM (SELECT DISTINCT c.name AS name FROM booking_slots bs JOIN circuits c ON c.id = bs.circuit_id
			WHERE bs.booking_line_id = (SELECT MIN(bl.id) FROM booking_lines bl WHERE bl.booking_id = b.id)) names)
	FROM bookings b `

// Staff bookings queries: by session date (the local date of the first session, bookings_company_date)
// or by sale date (created_at between the company's local midnights, bookings_company_created).
var (
	staffBySession = staffRowColumns + `WHERE b.company_id = ? AND b.booking_date >= ? AND b.booking_date <= ?
	ORDER BY b.first_starts_at, b.id`
	staffBySale = staffRowColumns + `WHERE b.company_id = ? AND b.created_at >= ? AND b.created_at < ?
	ORDER BY CASE WHEN b.first_starts_at IS NULL THEN 1 ELSE 0 END, b.first_starts_at, b.id`
)

// staffQuery returns the engine's text of a staff bookings query.
func staffQuery(e Engine, q string) string {
	agg := `GROUP_CONCAT(name, ', ')`
	if e == Postgres {
		agg = `STRING_AGG(name, ', ' ORDER BY name)`
	}
	return fmt.Sprintf(q, agg)
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
