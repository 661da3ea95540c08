package store

import (
	"context"

	"pitlane/internal/checkout"
	"pitlane/internal/report"
)

// Reports reads the grouped sums behind the KPIs (internal/report). Every query is scoped by
// `company_id = ?` and ranges over an indexed key: the rollups that triggers keep as the ledger and the
// bookings are written — kpi_ledger (payment entries per quarter hour) and kpi_sessions (places per
// session) of migration 00010, their daily sums of migration 00022 (reports_days.go), the drivers' birth
// dates of migration 00021 (reports_ages.go) — and members.created_at. It implements report.Store.
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
// is), from the daily ledger kept beside kpi_ledger (reports_days.go); a date split by a DST change may
// come as two rows. from and to are local midnights, hence bucket edges.
func (r Reports) LedgerDays(ctx context.Context, companyID, from, to int64, offsets []report.Offset) ([]report.LedgerDay, error) {
	points, dates := dayBreaks(from, to, offsets)
	var out []report.LedgerDay
	err := r.db.Read(ctx, func(tx *Tx) error {
		sums, err := ledgerRollup.segments(ctx, tx, companyID, points)
		for i, s := range sums {
			if s[0] != 0 || s[1] != 0 || s[2] != 0 {
				out = append(out, report.LedgerDay{Date: dates[i], ChargeCents: s[0], RefundCents: s[1], Tickets: s[2]})
			}
		}
		return err
	})
	return out, err
}

// LedgerTotals sums the company's ledger over the previous period pre and the period cur: the charges, the
// refunds and the tickets (bookings whose first charge entry it is), from the daily ledger and the
// quarter hours at the ends.
func (r Reports) LedgerTotals(ctx context.Context, companyID int64, pre, cur report.Span) (before, after report.LedgerSum, err error) {
	err = r.db.Read(ctx, func(tx *Tx) error {
		points, iCur := spanPoints(pre, cur)
		s, err := ledgerRollup.segments(ctx, tx, companyID, points)
		if err != nil {
			return err
		}
		before = report.LedgerSum{ChargeCents: s[0][0], RefundCents: s[0][1], Tickets: s[0][2]}
		after = report.LedgerSum{ChargeCents: s[iCur][0], RefundCents: s[iCur][1], Tickets: s[iCur][2]}
		return nil
	})
	return before, after, err
}

// spanPoints are the segment edges of a previous period and a period (pre ends at or before cur
// begins), and the index of cur's segment: 1 when they touch, 2 when a gap lies between them.
func spanPoints(pre, cur report.Span) ([]int64, int) {
	if pre.To == cur.From {
		return []int64{pre.From, pre.To, cur.To}, 1
	}
	return []int64{pre.From, pre.To, cur.From, cur.To}, 2
}

// SessionTotals sums the company's sessions starting in pre and in cur: the sessions holding places of
// non-cancelled bookings, and those places, from the daily rollup of kpi_sessions and the sessions at
// the ends.
func (r Reports) SessionTotals(ctx context.Context, companyID int64, pre, cur report.Span) (before, after report.SessionSum, err error) {
	err = r.db.Read(ctx, func(tx *Tx) error {
		points, iCur := spanPoints(pre, cur)
		s, err := sessionRollup.segments(ctx, tx, companyID, points)
		if err != nil {
			return err
		}
		before = report.SessionSum{Sessions: s[0][0], Drivers: s[0][1]}
		after = report.SessionSum{Sessions: s[iCur][0], Drivers: s[iCur][1]}
		return nil
	})
	return before, after, err
}

// SessionDays returns, per local date with sessions starting in [from, to), how many sessions hold
// places of the company's non-cancelled bookings and how many places, from the daily rollup of
// kpi_sessions (reports_days.go); a date split by a DST change may come as two rows.
func (r Reports) SessionDays(ctx context.Context, companyID, from, to int64, offsets []report.Offset) ([]report.SessionDay, error) {
	points, dates := dayBreaks(from, to, offsets)
	var out []report.SessionDay
	err := r.db.Read(ctx, func(tx *Tx) error {
		sums, err := sessionRollup.segments(ctx, tx, companyID, points)
		for i, s := range sums {
			if s[0] != 0 || s[1] != 0 {
				out = append(out, report.SessionDay{Date: dates[i], Sessions: s[0], Drivers: s[1]})
			}
		}
		return err
	})
	return out, err
}

// dayBreaks cuts [from, to) into stretches of one local date each: at every local midnight and every
// change of the zone's offset (report.Offsets). It returns the stretches' edges and each stretch's date
// (the instant plus its offset, in days: the rule of report.DayOfMs).
func dayBreaks(from, to int64, offsets []report.Offset) (points []int64, dates []report.Date) {
	if len(offsets) == 0 {
		offsets = []report.Offset{{Until: to}}
	}
	lo := from
	for i, o := range offsets {
		hi := min(o.Until, to)
		if i == len(offsets)-1 {
			hi = to
		}
		for t := lo; t < hi; {
			points = append(points, t)
			dates = append(dates, report.Date(floorDiv(t+o.OffsetMs, dayMs)))
			next := (floorDiv(t+o.OffsetMs, dayMs)+1)*dayMs - o.OffsetMs
			t = min(next, hi)
		}
		lo = max(lo, hi)
	}
	if len(points) > 0 {
		points = append(points, to)
	}
	return points, dates
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

// WaitlistTotals implements report.Store: the waiting list's entries, offers, offers taken and their
// bookings' totals over pre and cur, counted from the entries' rows.
func (r Reports) WaitlistTotals(ctx context.Context, companyID int64, pre, cur report.Span) (before, after report.WaitlistSum, err error) {
	sum := func(tx *Tx, s report.Span) (report.WaitlistSum, error) {
		var w report.WaitlistSum
		err := tx.QueryRow(ctx, `SELECT
			COALESCE(SUM(CASE WHEN e.created_at >= ? AND e.created_at < ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN e.offered_at >= ? AND e.offered_at < ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN e.booked_at >= ? AND e.booked_at < ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN e.booked_at >= ? AND e.booked_at < ? AND b.status <> ? THEN b.total_cents ELSE 0 END), 0)
			FROM waitlist_entries e LEFT JOIN bookings b ON b.id = e.booking_id
			WHERE e.company_id = ? AND (e.created_at >= ? AND e.created_at < ? OR e.offered_at >= ? AND e.offered_at < ?
				OR e.booked_at >= ? AND e.booked_at < ?)`,
			s.From, s.To, s.From, s.To, s.From, s.To, s.From, s.To, checkout.StatusCancelled,
			companyID, s.From, s.To, s.From, s.To, s.From, s.To).Scan(&w.Entries, &w.Offers, &w.Taken, &w.RevenueCents)
		return w, translate(err)
	}
	err = r.db.Read(ctx, func(tx *Tx) error {
		var err error
		if before, err = sum(tx, pre); err != nil {
			return err
		}
		after, err = sum(tx, cur)
		return err
	})
	return before, after, err
}

// MembersCreated implements report.Store.
func (r Reports) MembersCreated(ctx context.Context, companyID, from, to int64) (int64, error) {
	var n int64
	err := r.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT COUNT(*) FROM members WHERE company_id = ? AND created_at >= ? AND created_at < ?`,
			companyID, from, to).Scan(&n))
	})
	return n, err
}
