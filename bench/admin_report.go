package main

import (
	"fmt"
	"io"
	"time"
)

// printAdmin writes the back office's table and how it was measured.
func printAdmin(out io.Writer, o adminOptions, results []adminEngine) {
	fmt.Fprintf(out, "\nPitlane back office benchmark — %s\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(out, "machine: %s\n\n", machineLine())
	tw := newTable(out, false)
	fmt.Fprintln(tw, "engine\tmeasure\tfigure\ttarget\tresult\t")
	var errs []string
	for _, e := range results {
		fmt.Fprintf(tw, "%s\tseeding: %d bookings (demo history generator, one transaction)\t%.1f s\t\t\t\n",
			e.name, e.bookings, e.seeded.Seconds())
		for _, r := range e.rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", e.name, r.measure, r.figure, r.target, verdict(r.pass))
		}
		if e.err != nil {
			fmt.Fprintf(tw, "%s\t(run stopped)\t\t\tFAIL\t\n", e.name)
			errs = append(errs, fmt.Sprintf("%s: %v", e.name, e.err))
		}
	}
	tw.flush()
	fmt.Fprintln(out)
	fmt.Fprintf(out, "Server: the built binary (%s serve) on the prepared database, over loopback HTTP, signed in through\n", o.bin)
	fmt.Fprintln(out, "  POST /api/users/adminLogin as Circuito Norte's admin (bearer token). One client, one request at a time:")
	fmt.Fprintf(out, "  two unrecorded calls, then %d recorded per endpoint; latency = request sent to last byte read.\n", o.samples)
	fmt.Fprintln(out, "Data: Circuito Norte alone, seeded by demo.SeedWith (the demo's history generator scaled up: a year ending")
	fmt.Fprintln(out, "  today, sessions of 250 places so the volume fits, max_days_booking 366). retrieve-bookings: 31-day windows")
	fmt.Fprintln(out, "  by session date, moved back a week per call; KPIs: the last 365 days; export: the newest session days")
	fmt.Fprintln(out, "  holding at least 100,000 bookings, rows counted in the downloaded sheet; memory from /proc/<pid>/status.")
	for _, e := range errs {
		fmt.Fprintln(out, "error:", e)
	}
}
