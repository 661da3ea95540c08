package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"pitlane/internal/sessions"
	"pitlane/internal/store"
)

// scalingLevels are how many live holds a session already has when the -scaling experiment measures
// one more hold on it.
var scalingLevels = []int{0, 1000, 5000, 20000}

// scalingVariants name the hold transactions -scaling measures, in the order they are measured.
var scalingVariants = []string{"store.DB.InsertHold"}

// scalingRow is one engine's single-goroutine hold rate per variant and level.
type scalingRow struct {
	engine string
	rates  [][]result // [variant][level]
}

// runScaling measures, on one engine, one goroutine's hold rate on a session already holding each
// level's number of live holds. Every measurement gets a fresh session.
func runScaling(ctx context.Context, e *env, dur time.Duration) (scalingRow, error) {
	row := scalingRow{engine: e.name}
	starts := sessionStarts()
	day := benchDay.AddDays(1)
	next := 20 // sessions from 15:00 on; the main scenarios use 11:00–14:00
	for v := range scalingVariants {
		var rates []result
		for _, n := range scalingLevels {
			t := target{product: 0, date: day.String(), local: starts[next]}
			next++
			h, err := sessions.PlanHold(e.offers[0], sessions.HoldRequest{BookingDates: []string{t.date + " " + t.local},
				NumDrivers: 1, IDType: e.fx.Products[0], Type: sessions.KindProduct, Token: "planned"}, e.clk.Now())
			if err != nil {
				return row, err
			}
			progress("%s: scaling, %s, %d holds already in the session", e.name, scalingVariants[v], n)
			if err := seedHolds(ctx, e, h.Slots[0], n); err != nil {
				return row, err
			}
			rates = append(rates, e.measured(ctx, 1, dur, maxOpsPerRun, func(ctx context.Context, worker, seq int) (outcome, error) {
				h := h
				now := e.clk.Now()
				h.Identifier, h.VisitorID, h.CartToken = sessions.NewToken(), visitor(fmt.Sprintf("sc%d-%d", v, n), worker, seq), e.carts[0]
				h.CreatedAt, h.ExpiresAt = now, now.Add(holdTTL)
				if err := e.db.Holds().InsertHold(ctx, h); err != nil {
					return opError, err
				}
				return opOK, nil
			}))
		}
		row.rates = append(row.rates, rates)
	}
	return row, nil
}

// seedHolds writes n live one-place holds on the session in one statement per table (not timed),
// counted in the session's counter as store.DB.InsertHold counts them.
func seedHolds(ctx context.Context, e *env, s sessions.HoldSlot, n int) error {
	now := e.clk.Now()
	return e.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
			VALUES (?, ?, ?, ?, ?, 0, ?)`, s.CircuitID, s.StartsAt, s.LocalDate, s.LocalTime, s.Capacity, n); err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		var before int64
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM holds`).Scan(&before); err != nil {
			return err
		}
		tag := fmt.Sprintf("seed-%d-%d-", s.CircuitID, s.StartsAt)
		if _, err := tx.Exec(ctx, `INSERT INTO holds (identifier, company_id, visitor_id, kind, product_id, num_drivers,
			price_cents, created_at, expires_at)
			WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < CAST(? AS BIGINT))
			SELECT CAST(? AS TEXT) || CAST(i AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT) || CAST(i AS TEXT), 'PRODUCT',
			       CAST(? AS BIGINT), 1, 2000, CAST(? AS BIGINT), CAST(? AS BIGINT) FROM seq`,
			n, tag, e.fx.CompanyID, tag+"v", s.ProductID, now.UnixMilli(), now.Add(time.Hour).UnixMilli()); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO hold_slots (hold_id, position, circuit_id, starts_at, product_id, places, price_cents,
				visitor_id, counted)
			SELECT id, 0, CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), 1, 2000, visitor_id, 1 FROM holds
			WHERE id > CAST(? AS BIGINT)`, s.CircuitID, s.StartsAt, s.ProductID, before)
		return err
	})
}

// printScaling writes the -scaling experiment's table.
func printScaling(out io.Writer, rows []scalingRow, dur time.Duration) {
	fmt.Fprintf(out, "Hold transaction, 1 goroutine, %s per cell: holds/s and CPU per hold (this process + database\n", dur)
	fmt.Fprintf(out, "backends) by live holds already in the session\n\n")
	tw := newTable(out, true)
	fmt.Fprint(tw, "engine\tvariant\t")
	for _, n := range scalingLevels {
		fmt.Fprintf(tw, "%d held\t", n)
	}
	fmt.Fprintln(tw, "cores s/db/all at max\t")
	for _, r := range rows {
		for v, rates := range r.rates {
			fmt.Fprintf(tw, "%s\t%s\t", r.engine, scalingVariants[v])
			for _, res := range rates {
				cell := fmt.Sprintf("%.0f/s, %s", res.Rate(), ms(res.CPUPerOp()))
				if res.Errors > 0 {
					cell = fmt.Sprintf("%d errors: %v", res.Errors, res.FirstErr)
				}
				fmt.Fprintf(tw, "%s\t", cell)
			}
			fmt.Fprintf(tw, "%s\t\n", rates[len(rates)-1].CPU)
		}
	}
	tw.flush()
}
