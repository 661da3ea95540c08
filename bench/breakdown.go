package main

import (
	"context"
	"fmt"
	"io"

	"pitlane/internal/sessions"
)

// breakdownParts name the pieces of one availability call that -scaling times separately.
var breakdownParts = []string{
	"sessions.Service.Availability (today, whole call)",
	"  store.Offer alone (product, circuits, installation, special days)",
	"  store.Usage alone (live holds + booked of the day's 48 sessions)",
	"  sessions.ComputeAvailability alone (pure)",
	"sessions.Service.Availability, answers reused (ReuseTTL)",
}

// breakdownRow is one engine's timings of the availability pieces, in breakdownParts order, and the
// HTTP floor measured on its server.
type breakdownRow struct {
	engine string
	parts  []result
	floor  result
	conns  int
}

// availabilityBreakdown times each piece of an availability call for the busy day, one caller: the
// whole call computed afresh (e.svcFresh), its pieces, and the whole call as the server makes it.
func availabilityBreakdown(ctx context.Context, e *env, calls int) (breakdownRow, error) {
	row := breakdownRow{engine: e.name}
	date, id := benchDay.String(), e.fx.Products[0]
	offer := e.offers[0]
	starts := sessionStarts()
	var hh, mm int
	_, _ = fmt.Sscanf(starts[len(starts)-1], "%d:%d", &hh, &mm)
	from, to := benchDay.At(10, 0, e.loc).UnixMilli(), benchDay.At(hh, mm, e.loc).UnixMilli()
	circuits := []int64{e.fx.Circuits[0]}
	now := e.clk.Now()
	usage, err := e.db.Holds().Usage(ctx, circuits, from, to, now)
	if err != nil {
		return row, err
	}
	check := func(err error) (outcome, error) {
		if err != nil {
			return opError, err
		}
		return opOK, nil
	}
	pieces := []func(ctx context.Context) error{
		func(ctx context.Context) error {
			_, err := e.svcFresh.Availability(ctx, benchToken, date, id, sessions.KindProduct)
			return err
		},
		func(ctx context.Context) error {
			_, err := e.db.Holds().Offer(ctx, benchToken, sessions.KindProduct, id)
			return err
		},
		func(ctx context.Context) error {
			_, err := e.db.Holds().Usage(ctx, circuits, from, to, now)
			return err
		},
		func(ctx context.Context) error {
			if a := sessions.ComputeAvailability(offer, benchDay, usage, now); len(a.Slots) != len(starts) {
				return fmt.Errorf("%d sessions", len(a.Slots))
			}
			return nil
		},
		func(ctx context.Context) error {
			_, err := e.svc.Availability(ctx, benchToken, date, id, sessions.KindProduct)
			return err
		},
	}
	for i, piece := range pieces {
		progress("%s: availability breakdown: %s", e.name, breakdownParts[i])
		row.parts = append(row.parts, e.measured(ctx, 1, limitAvailInProcess, calls, func(ctx context.Context, _, _ int) (outcome, error) {
			return check(piece(ctx))
		}))
	}
	return row, nil
}

// printBreakdown writes the availability breakdown table.
func printBreakdown(out io.Writer, rows []breakdownRow) {
	fmt.Fprintf(out, "\nAvailability for the busy day, in-process, 1 caller: mean time per call (CPU per call)\n\n")
	tw := newTable(out, false)
	fmt.Fprint(tw, "piece\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t", r.engine)
	}
	fmt.Fprintln(tw)
	for i, name := range breakdownParts {
		fmt.Fprintf(tw, "%s\t", name)
		for _, r := range rows {
			res := r.parts[i]
			cell := fmt.Sprintf("%s (%s)", ms(res.Mean()), ms(res.CPUPerOp()))
			if res.Errors > 0 {
				cell = fmt.Sprintf("error: %v", res.FirstErr)
			}
			fmt.Fprintf(tw, "%s\t", cell)
		}
		fmt.Fprintln(tw)
	}
	tw.flush()
	for _, r := range rows {
		fmt.Fprintf(out, "\nHTTP floor (%s server): GET of an unknown /api path, JSON 404, no database, %d conns:\n  %.0f req/s, mean %s, p50 %s, p99 %s, cores s/db/all %s, cpu/op %s\n",
			r.engine, r.conns, r.floor.Rate(), ms(r.floor.Mean()), ms(r.floor.Pct(50)), ms(r.floor.Pct(99)), r.floor.CPU, ms(r.floor.CPUPerOp()))
	}
}
