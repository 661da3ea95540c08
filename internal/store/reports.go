package store

import (
	"context"
	"strings"

	"pitlane/internal/checkout"
	"pitlane/internal/report"
)

// Reports reads the grouped sums behind the KPIs (internal/report). Every query is scoped by
// `company_id = ?` and ranges over an indexed instant column (migration 00010): payment_entries.created_at,
// booking_slots.starts_at, members.created_at. It implements report.Store.
type Reports struct{ db *DB }

// Reports returns the KPI queries.
func (db *DB) Reports() Reports { return Reports{db: db} }

var _ report.Store = Reports{}

// Company returns the company's time zone and currency symbol. Returns apperr.NotFound if it does not exist.
func (r Reports) Company(ctx context.Context, companyID int64) (report.Company, error) {
	var c report.Company
	err := r.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT time_zone, currency_symbol FROM companies WHERE id = ?`, companyID).
			Scan(&c.TimeZone, &c.Symbol))
	})
	return c, err
}

// dayExpr is the SQL that turns the instant column col (Unix ms) into its local Date (days since
// 1970-01-01) with the zone's offsets over the range (report.Offsets): the offset of the instant's
// stretch is added before dividing by a day. It returns the expression and its arguments.
func dayExpr(col string, offsets []report.Offset) (string, []any) {
	switch len(offsets) {
	case 0:
		return "(" + col + " / 86400000)", nil
	case 1:
		return "((" + col + " + CAST(? AS BIGINT)) / 86400000)", []any{offsets[0].OffsetMs}
	}
	var b strings.Builder
	var args []any
	b.WriteString("((" + col + " + CASE")
	for _, o := range offsets[:len(offsets)-1] {
		b.WriteString(" WHEN " + col + " < ? THEN CAST(? AS BIGINT)")
		args = append(args, o.Until, o.OffsetMs)
	}
	b.WriteString(" ELSE CAST(? AS BIGINT) END) / 86400000)")
	args = append(args, offsets[len(offsets)-1].OffsetMs)
	return b.String(), args
}

// LedgerDays returns, per local date with payment entries of the company in [from, to), the sum of the
// charge entries, the sum of the refund entries and the distinct bookings charged. Amounts are read
// by kind whatever their sign, so the sum does not depend on how a provider's adapter signs a refund.
func (r Reports) LedgerDays(ctx context.Context, companyID, from, to int64, offsets []report.Offset) ([]report.LedgerDay, error) {
	day, args := dayExpr("e.created_at", offsets)
	q := `SELECT ` + day + ` AS day,
			COALESCE(SUM(CASE WHEN e.kind = 'charge' THEN ABS(e.amount_cents) ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN e.kind = 'refund' THEN ABS(e.amount_cents) ELSE 0 END), 0),
			COUNT(DISTINCT CASE WHEN e.kind = 'charge' THEN e.booking_id END)
		FROM payment_entries e JOIN payments p ON p.id = e.payment_id
		WHERE p.company_id = ? AND e.created_at >= ? AND e.created_at < ?
		GROUP BY 1 ORDER BY 1`
	args = append(args, companyID, from, to)
	var out []report.LedgerDay
	err := r.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var d report.LedgerDay
			if err := rows.Scan(&d.Date, &d.ChargeCents, &d.RefundCents, &d.Tickets); err != nil {
				return translate(err)
			}
			out = append(out, d)
		}
		return translate(rows.Err())
	})
	return out, err
}

// TicketCounts counts the company's distinct bookings with a charge entry in [from, split) and in
// [split, to).
func (r Reports) TicketCounts(ctx context.Context, companyID, from, split, to int64) (before, after int64, err error) {
	err = r.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT
				COUNT(DISTINCT CASE WHEN e.created_at < ? THEN e.booking_id END),
				COUNT(DISTINCT CASE WHEN e.created_at >= ? THEN e.booking_id END)
			FROM payment_entries e JOIN payments p ON p.id = e.payment_id
			WHERE p.company_id = ? AND e.kind = 'charge' AND e.created_at >= ? AND e.created_at < ?`,
			split, split, companyID, from, to).Scan(&before, &after))
	})
	return before, after, err
}

// Sessions returns every session (circuit and start) in [from, to) with the places the company's
// non-cancelled bookings hold in it.
func (r Reports) Sessions(ctx context.Context, companyID, from, to int64) ([]report.Session, error) {
	var out []report.Session
	err := r.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT bs.starts_at, SUM(bs.places)
			FROM booking_slots bs
			JOIN booking_lines bl ON bl.id = bs.booking_line_id
			JOIN bookings b ON b.id = bl.booking_id
			WHERE b.company_id = ? AND b.status <> ? AND bs.starts_at >= ? AND bs.starts_at < ?
			GROUP BY bs.circuit_id, bs.starts_at`, companyID, checkout.StatusCancelled, from, to)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var s report.Session
			if err := rows.Scan(&s.StartsAt, &s.Drivers); err != nil {
				return translate(err)
			}
			out = append(out, s)
		}
		return translate(rows.Err())
	})
	return out, err
}

// Birthdays returns the known birth dates, with how many people have each, of the drivers of the
// company's non-cancelled bookings that have a session starting in [from, to). A driver's birth date is
// their member's (drivers.member_id); the booking's contact counts as a driver with the birth date typed
// in the booking (else their member's), unless a driver of the booking is that same member already.
func (r Reports) Birthdays(ctx context.Context, companyID, from, to int64) (map[string]int64, error) {
	out := map[string]int64{}
	err := r.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `WITH pb AS (
				SELECT DISTINCT b.id, b.birth_date, b.member_id
				FROM booking_slots bs
				JOIN booking_lines bl ON bl.id = bs.booking_line_id
				JOIN bookings b ON b.id = bl.booking_id
				WHERE b.company_id = ? AND b.status <> ? AND bs.starts_at >= ? AND bs.starts_at < ?)
			SELECT birthday, COUNT(*) FROM (
				SELECT m.birthday AS birthday
				FROM pb JOIN drivers d ON d.booking_id = pb.id JOIN members m ON m.id = d.member_id
				WHERE m.company_id = ? AND m.birthday IS NOT NULL AND m.birthday <> ''
				UNION ALL
				SELECT COALESCE(NULLIF(pb.birth_date, ''), cm.birthday) AS birthday
				FROM pb LEFT JOIN members cm ON cm.id = pb.member_id AND cm.company_id = ?
				WHERE COALESCE(NULLIF(pb.birth_date, ''), cm.birthday, '') <> ''
				AND NOT EXISTS (SELECT 1 FROM drivers d2 WHERE d2.booking_id = pb.id AND d2.member_id = pb.member_id)
			) ages GROUP BY birthday`, companyID, checkout.StatusCancelled, from, to, companyID, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var day string
			var n int64
			if err := rows.Scan(&day, &n); err != nil {
				return translate(err)
			}
			out[day] += n
		}
		return translate(rows.Err())
	})
	return out, err
}

// MembersCreated counts the company's members created in [from, to).
func (r Reports) MembersCreated(ctx context.Context, companyID, from, to int64) (int64, error) {
	var n int64
	err := r.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT COUNT(*) FROM members WHERE company_id = ? AND created_at >= ? AND created_at < ?`,
			companyID, from, to).Scan(&n))
	})
	return n, err
}
