package store

import (
	"context"
	"strings"

	"pitlane/internal/checkout"
	"pitlane/internal/report"
)

// Reports reads the grouped sums behind the KPIs (internal/report). Every query is scoped by
// `company_id = ?` and ranges over an indexed instant column (migration 00010): the rollups kpi_ledger
// (payment entries per quarter hour) and kpi_sessions (places per session), which triggers keep as the
// ledger and the bookings are written, booking_slots.starts_at and members.created_at. It implements
// report.Store.
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

// bucketMs is the width of a kpi_ledger bucket: a quarter hour (migration 00010), the largest unit every
// zone's offset is a whole number of, so local midnights fall on bucket edges.
const bucketMs = 900000

// LedgerDays returns, per local date with payment entries of the company in [from, to), the sum of the
// charge entries, the sum of the refund entries and the tickets (bookings whose first charge entry it
// is), from the kpi_ledger rollup. from and to are local midnights, hence bucket edges.
func (r Reports) LedgerDays(ctx context.Context, companyID, from, to int64, offsets []report.Offset) ([]report.LedgerDay, error) {
	day, args := dayExpr("(bucket * 900000)", offsets)
	q := `SELECT ` + day + ` AS day, SUM(charge_cents), SUM(refund_cents), SUM(tickets)
		FROM kpi_ledger WHERE company_id = ? AND bucket >= ? AND bucket < ?
		GROUP BY 1 ORDER BY 1`
	args = append(args, companyID, from/bucketMs, to/bucketMs)
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

// LedgerTotals sums the company's kpi_ledger over [from, split) and over [split, to): the charges, the
// refunds and the tickets (bookings whose first charge entry it is). Each half is a plain range sum
// over the primary key, which is cheaper than one pass that tests every row against split.
func (r Reports) LedgerTotals(ctx context.Context, companyID, from, split, to int64) (before, after report.LedgerSum, err error) {
	const half = `SELECT COALESCE(SUM(charge_cents), 0), COALESCE(SUM(refund_cents), 0), COALESCE(SUM(tickets), 0)
		FROM kpi_ledger WHERE company_id = ? AND bucket >= ? AND bucket < ?`
	err = r.db.Read(ctx, func(tx *Tx) error {
		for _, h := range []struct {
			sum      *report.LedgerSum
			from, to int64
		}{{&before, from, split}, {&after, split, to}} {
			if err := tx.QueryRow(ctx, half, companyID, h.from/bucketMs, h.to/bucketMs).
				Scan(&h.sum.ChargeCents, &h.sum.RefundCents, &h.sum.Tickets); err != nil {
				return translate(err)
			}
		}
		return nil
	})
	return before, after, err
}

// SessionTotals sums the company's kpi_sessions starting in [from, split) and in [split, to): the
// sessions holding places of non-cancelled bookings, and those places.
func (r Reports) SessionTotals(ctx context.Context, companyID, from, split, to int64) (before, after report.SessionSum, err error) {
	const half = `SELECT COUNT(*), COALESCE(SUM(places), 0)
		FROM kpi_sessions WHERE company_id = ? AND starts_at >= ? AND starts_at < ? AND places > 0`
	err = r.db.Read(ctx, func(tx *Tx) error {
		for _, h := range []struct {
			sum      *report.SessionSum
			from, to int64
		}{{&before, from, split}, {&after, split, to}} {
			if err := tx.QueryRow(ctx, half, companyID, h.from, h.to).Scan(&h.sum.Sessions, &h.sum.Drivers); err != nil {
				return translate(err)
			}
		}
		return nil
	})
	return before, after, err
}

// SessionDays returns, per local date with sessions starting in [from, to), how many sessions hold
// places of the company's non-cancelled bookings and how many places, from the kpi_sessions rollup.
func (r Reports) SessionDays(ctx context.Context, companyID, from, to int64, offsets []report.Offset) ([]report.SessionDay, error) {
	day, args := dayExpr("starts_at", offsets)
	q := `SELECT ` + day + ` AS day, COUNT(*), SUM(places)
		FROM kpi_sessions WHERE company_id = ? AND starts_at >= ? AND starts_at < ? AND places > 0
		GROUP BY 1 ORDER BY 1`
	args = append(args, companyID, from, to)
	var out []report.SessionDay
	err := r.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var d report.SessionDay
			if err := rows.Scan(&d.Date, &d.Sessions, &d.Drivers); err != nil {
				return translate(err)
			}
			out = append(out, d)
		}
		return translate(rows.Err())
	})
	return out, err
}

// Birthdays returns the known birth dates, with how many people have each, of the drivers of the
// company's non-cancelled bookings whose first session starts in [from, to) (an index on the company and
// first_starts_at covers the columns read). A driver's birth date is their member's (drivers.member_id); the booking's
// contact counts as a driver with the birth date typed in the booking (else their member's), unless a
// driver of the booking is that same member already. Drivers linked to a member are found from the
// index on drivers.member_id (CROSS JOIN keeps SQLite's loop order), so the period's bookings are not
// each probed for drivers.
func (r Reports) Birthdays(ctx context.Context, companyID, from, to int64) (map[string]int64, error) {
	out := map[string]int64{}
	err := r.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT birthday, COUNT(*) FROM (
				SELECT m.birthday AS birthday
				FROM drivers d CROSS JOIN bookings b CROSS JOIN members m
				WHERE d.member_id IS NOT NULL AND b.id = d.booking_id AND m.id = d.member_id
				AND b.company_id = ? AND b.first_starts_at >= ? AND b.first_starts_at < ? AND b.status <> ?
				AND m.birthday IS NOT NULL AND m.birthday <> ''
				UNION ALL
				SELECT COALESCE(NULLIF(b.birth_date, ''), cm.birthday) AS birthday
				FROM bookings b LEFT JOIN members cm ON cm.id = b.member_id
				WHERE b.company_id = ? AND b.first_starts_at >= ? AND b.first_starts_at < ? AND b.status <> ?
				AND (b.birth_date <> '' OR b.member_id IS NOT NULL)
				AND COALESCE(NULLIF(b.birth_date, ''), cm.birthday, '') <> ''
				AND (b.member_id IS NULL OR NOT EXISTS (SELECT 1 FROM drivers d2 WHERE d2.booking_id = b.id AND d2.member_id = b.member_id))
			) ages GROUP BY birthday`,
			companyID, from, to, checkout.StatusCancelled, companyID, from, to, checkout.StatusCancelled)
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
