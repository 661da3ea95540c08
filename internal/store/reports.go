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

// byLocalDay builds a query that groups the rows of one table by local Date (days since 1970-01-01)
// over [from, to): one range over the indexed column per stretch of constant zone offset
// (report.Offsets), each grouped by `(instant + offset) / day`, the stretches joined by UNION ALL. Each
// range reads the primary key in order and adds a constant, where one pass would evaluate a CASE over
// every offset per row; a year has at most three stretches. A date split by a DST change (at night)
// comes out once per stretch: callers add the rows of a date up. sel is the SELECT list after the day,
// inst the row's instant (Unix ms) as SQL, col the indexed column ranged over, unit the width of its
// values in ms (col * unit is the instant, rounded up at stretch edges as the instant is), and where
// further conditions. It returns the query and its arguments.
func byLocalDay(sel, inst, table, col string, unit int64, where string, companyID, from, to int64, offsets []report.Offset) (string, []any) {
	if len(offsets) == 0 {
		offsets = []report.Offset{{Until: to}}
	}
	var b strings.Builder
	var args []any
	lo := from
	for i, o := range offsets {
		hi := min(o.Until, to)
		if i == len(offsets)-1 {
			hi = to
		}
		if hi <= lo {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" UNION ALL ")
		}
		b.WriteString("SELECT ((" + inst + " + CAST(? AS BIGINT)) / 86400000) AS day, " + sel +
			" FROM " + table + " WHERE company_id = ? AND " + col + " >= ? AND " + col + " < ?" + where + " GROUP BY 1")
		args = append(args, o.OffsetMs, companyID, ceilDiv(lo, unit), ceilDiv(hi, unit))
		lo = hi
	}
	if b.Len() == 0 {
		// An empty range: a query that returns no row, so the callers need no special case.
		return "SELECT 0, " + sel + " FROM " + table + " WHERE 1 = 0 GROUP BY 1", nil
	}
	return b.String(), args
}

// ceilDiv is a / b rounded up, for b > 0.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a > 0) == (b > 0) {
		q++
	}
	return q
}

// bucketMs is the width of a kpi_ledger bucket: a quarter hour (migration 00010), the largest unit every
// zone's offset is a whole number of, so local midnights fall on bucket edges.
const bucketMs = 900000

// LedgerDays returns, per local date with payment entries of the company in [from, to), the sum of the
// charge entries, the sum of the refund entries and the tickets (bookings whose first charge entry it
// is), from the kpi_ledger rollup, grouped in SQL (byLocalDay; a date split by a DST change may come as
// two rows). from and to are local midnights, hence bucket edges.
func (r Reports) LedgerDays(ctx context.Context, companyID, from, to int64, offsets []report.Offset) ([]report.LedgerDay, error) {
	q, args := byLocalDay("SUM(charge_cents), SUM(refund_cents), SUM(tickets)", "bucket * 900000", "kpi_ledger", "bucket",
		bucketMs, "", companyID, from, to, offsets)
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
// places of the company's non-cancelled bookings and how many places, from the kpi_sessions rollup,
// grouped in SQL (byLocalDay; a date split by a DST change may come as two rows).
func (r Reports) SessionDays(ctx context.Context, companyID, from, to int64, offsets []report.Offset) ([]report.SessionDay, error) {
	q, args := byLocalDay("COUNT(*), SUM(places)", "starts_at", "kpi_sessions", "starts_at", 1, " AND places > 0",
		companyID, from, to, offsets)
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
