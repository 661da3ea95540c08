package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// rollup is a KPI rollup read by stretches of time (migration 00022): a table with a row per company and
// UTC day, and the finer table it sums, whose rows are keyed by an instant column.
type rollup struct {
	days    string // the daily table
	daySums string // its SELECT list of sums, in the order of rowVals
	fine    string // the finer table
	col     string // its instant column
	unit    int64  // ms per unit of col
	rowVals string // the values of a fine row, as the daily table sums them
	where   string // further conditions on the fine rows
	n       int    // number of sums
}

var (
	ledgerRollup = rollup{days: "kpi_ledger_days", daySums: "SUM(charge_cents), SUM(refund_cents), SUM(tickets)",
		fine: "kpi_ledger", col: "bucket", unit: bucketMs, rowVals: "f.charge_cents, f.refund_cents, f.tickets", n: 3}
	sessionRollup = rollup{days: "kpi_session_days", daySums: "SUM(sessions), SUM(places)",
		fine: "kpi_sessions", col: "starts_at", unit: 1, rowVals: "1, f.places", where: " AND f.places > 0", n: 2}
)

// segments sums the rollup between consecutive breakpoints (Unix ms, ascending, each a whole number of
// the fine table's units): out[i] is the sum over [points[i], points[i+1]). Each stretch is the UTC days
// between the UTC midnights nearest its ends, read from the daily table, corrected by the fine rows
// between each end and its nearest midnight (at most twelve hours, at night for most zones): added when
// the end comes before its midnight, taken away when after. The corrections of breakpoints that are the
// same time of day apart from their midnights are read in one range per day, driven by a counter.
func (r rollup) segments(ctx context.Context, tx *Tx, companyID int64, points []int64) ([][]int64, error) {
	n := len(points) - 1
	out := make([][]int64, max(n, 0))
	if n <= 0 {
		return out, nil
	}
	mid := make([]int64, len(points)) // nearest UTC midnight, in days
	for i, t := range points {
		mid[i] = floorDiv(t+dayMs/2, dayMs)
	}
	// The daily rows, cumulated: pre[d - mid[0]] is the sum of days [mid[0], d).
	dayRows, err := tx.Query(ctx, `SELECT day, `+r.daySums+` FROM `+r.days+
		` WHERE company_id = ? AND day >= ? AND day < ? GROUP BY day`, companyID, mid[0], mid[n])
	if err != nil {
		return nil, err
	}
	width := mid[n] - mid[0]
	pre := make([][]int64, width+1)
	byDay := make([][]int64, width)
	for dayRows.Next() {
		var d int64
		vals := make([]int64, r.n)
		dst := []any{&d}
		for i := range vals {
			dst = append(dst, &vals[i])
		}
		if err := dayRows.Scan(dst...); err != nil {
			dayRows.Close()
			return nil, translate(err)
		}
		byDay[d-mid[0]] = vals
	}
	dayRows.Close()
	if err := dayRows.Err(); err != nil {
		return nil, translate(err)
	}
	pre[0] = make([]int64, r.n)
	for d := range width {
		pre[d+1] = append([]int64(nil), pre[d]...)
		for k, v := range byDay[d] {
			pre[d+1][k] += v
		}
	}
	// corr[i] is the signed sum of the fine rows between points[i] and its midnight.
	corr, err := r.corrections(ctx, tx, companyID, points, mid)
	if err != nil {
		return nil, err
	}
	for i := range n {
		s := make([]int64, r.n)
		for k := range s {
			s[k] = pre[mid[i+1]-mid[0]][k] - pre[mid[i]-mid[0]][k] + corr[i][k] - corr[i+1][k]
		}
		out[i] = s
	}
	return out, nil
}

// corrections returns, per breakpoint, the sum of the fine rows in [point, midnight) (positive) or in
// [midnight, point) (negated). Breakpoints with the same offset from their midnight on consecutive days
// form a run, read by one range join over a day counter; the runs are joined by UNION ALL.
func (r rollup) corrections(ctx context.Context, tx *Tx, companyID int64, points, mid []int64) ([][]int64, error) {
	corr := make([][]int64, len(points))
	type run struct{ delta, first, last int64 }
	var runs []run
	byKey := map[[2]int64]int{} // (delta, midnight day) → breakpoint
	idx := make([]int, 0, len(points))
	for i := range points {
		corr[i] = make([]int64, r.n)
		if points[i] != mid[i]*dayMs {
			idx = append(idx, i)
			byKey[[2]int64{points[i] - mid[i]*dayMs, mid[i]}] = i
		}
	}
	sort.SliceStable(idx, func(a, b int) bool {
		da, db := points[idx[a]]-mid[idx[a]]*dayMs, points[idx[b]]-mid[idx[b]]*dayMs
		return da < db || da == db && mid[idx[a]] < mid[idx[b]]
	})
	for _, i := range idx {
		delta := points[i] - mid[i]*dayMs
		if k := len(runs) - 1; k >= 0 && runs[k].delta == delta && runs[k].last+1 == mid[i] {
			runs[k].last = mid[i]
			continue
		}
		runs = append(runs, run{delta, mid[i], mid[i]})
	}
	if len(runs) == 0 {
		return corr, nil
	}
	var q strings.Builder
	var args []any
	perDay := dayMs / r.unit
	for k, ru := range runs {
		lo, hi := min(ru.delta, 0), max(ru.delta, 0) // the range around each midnight, ms
		if k > 0 {
			q.WriteString(" UNION ALL ")
		}
		// The counter is a recursive CTE (both engines), joined to the fine table's primary key per day.
		fmt.Fprintf(&q, `SELECT * FROM (WITH RECURSIVE c%d(x) AS (SELECT CAST(? AS BIGINT) UNION ALL SELECT x + 1 FROM c%d WHERE x < ?)
			SELECT CAST(? AS BIGINT) AS delta, c%d.x AS x, %s FROM c%d CROSS JOIN %s f
			WHERE f.company_id = ? AND f.%s >= c%d.x * %d + ? AND f.%s < c%d.x * %d + ?%s) r%d`,
			k, k, k, r.rowVals, k, r.fine, r.col, k, perDay, r.col, k, perDay, r.where, k)
		args = append(args, ru.first, ru.last, ru.delta, companyID, ceilDiv(lo, r.unit), ceilDiv(hi, r.unit))
	}
	rows, err := tx.Query(ctx, q.String(), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var delta, x int64
		vals := make([]int64, r.n)
		dst := []any{&delta, &x}
		for i := range vals {
			dst = append(dst, &vals[i])
		}
		if err := rows.Scan(dst...); err != nil {
			return nil, translate(err)
		}
		i := byKey[[2]int64{delta, x}]
		sign := int64(1) // the row is in [point, midnight): before the midnight, in the stretch after point
		if delta > 0 {
			sign = -1 // in [midnight, point)
		}
		for k, v := range vals {
			corr[i][k] += sign * v
		}
	}
	return corr, translate(rows.Err())
}
