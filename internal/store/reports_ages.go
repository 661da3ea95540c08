package store

import (
	"context"
	"time"

	"pitlane/internal/report"
)

// dayMs is a day in ms: the rollups of migration 00021 are keyed by UTC day (instant / dayMs).
const dayMs = 86400000

// Ages reads what the drivers' average age on the date on needs, for the company's non-cancelled
// bookings whose first session starts in [from, to): the whole UTC days of the range from the rollups
// that triggers keep (migration 00021: people and birth years per birth month, people per birth
// month-day for on's month, the unusual birth dates one by one), and the partial UTC days at its ends
// from the bookings themselves (birthdaysNear). The rollups' sums hold only people whose age on a date of
// their session's UTC year, the year before or the two after is within 0..120; when the range reaches
// further from on than that, every birth date is read one by one instead. Both engines keep the rollups
// (PostgreSQL since migration 00027).
func (r Reports) Ages(ctx context.Context, companyID, from, to int64, on report.Date) (report.Ages, error) {
	out := report.Ages{Others: map[string]int64{}}
	lo, hi := ceilDiv(from, dayMs), floorDiv(to, dayMs) // whole UTC days [lo, hi)
	oy, om, od := on.Civil()
	if lo >= hi {
		b, err := r.birthdaysNear(ctx, companyID, from, to)
		out.Others = b
		return out, err
	}
	if utcYear(lo) < oy-2 || utcYear(hi-1) > oy+1 {
		b, err := r.Birthdays(ctx, companyID, from, to)
		out.Others = b
		return out, err
	}
	md := int64(om)*100 + int64(od)
	err := r.db.Read(ctx, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(people), 0), COALESCE(SUM(year_sum), 0),
				COALESCE(SUM(CASE WHEN birth_month > ? THEN people ELSE 0 END), 0)
			FROM kpi_age_months WHERE company_id = ? AND day >= ? AND day < ?`, int64(om), companyID, lo, hi).
			Scan(&out.People, &out.YearSum, &out.Later); err != nil {
			return translate(err)
		}
		var later int64
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(people), 0) FROM kpi_age_days
			WHERE company_id = ? AND birth_md > ? AND birth_md < ? AND day >= ? AND day < ?`,
			companyID, md, int64(om+1)*100, lo, hi).Scan(&later); err != nil {
			return translate(err)
		}
		out.Later += later
		rows, err := tx.Query(ctx, `SELECT birthday, SUM(people) FROM kpi_age_others
			WHERE company_id = ? AND day >= ? AND day < ? GROUP BY birthday`, companyID, lo, hi)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var b string
			var n int64
			if err := rows.Scan(&b, &n); err != nil {
				return translate(err)
			}
			out.Others[b] += n
		}
		return translate(rows.Err())
	})
	if err != nil {
		return out, err
	}
	for _, edge := range [][2]int64{{from, lo * dayMs}, {hi * dayMs, to}} {
		if edge[0] >= edge[1] {
			continue
		}
		b, err := r.birthdaysNear(ctx, companyID, edge[0], edge[1])
		if err != nil {
			return out, err
		}
		for k, n := range b {
			out.Others[k] += n
		}
	}
	return out, nil
}

// birthdaysNear is Birthdays for a short range (under a day or two): the same people, read through the
// view kpi_age_people from the range's bookings (index on company and first_starts_at) to their drivers,
// where Birthdays walks every driver linked to a member, which pays off only over a long range.
func (r Reports) birthdaysNear(ctx context.Context, companyID, from, to int64) (map[string]int64, error) {
	out := map[string]int64{}
	err := r.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT birthday, COUNT(*) FROM kpi_age_people
			WHERE company_id = ? AND starts_at >= ? AND starts_at < ? GROUP BY birthday`, companyID, from, to)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var b string
			var n int64
			if err := rows.Scan(&b, &n); err != nil {
				return translate(err)
			}
			out[b] += n
		}
		return translate(rows.Err())
	})
	return out, err
}

// utcYear is the year of the UTC day (days since 1970-01-01).
func utcYear(day int64) int { return time.UnixMilli(day * dayMs).UTC().Year() }

// floorDiv is a / b rounded down, for b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
