package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pitlane/internal/report"
	"pitlane/internal/store"
)

// recountDays checks a year's daily series and totals of the seeder's company, which read the daily
// rollups of migration 00022, against the ledger entries and booked places recounted row by row and
// bucketed into local dates in Go, for 2026 against 2025 and for a 365-day range ending on a DST change.
func recountDays(t *testing.T, db *store.DB, a *kpiSeeder) {
	ctx := context.Background()
	svc := report.NewService(db.Reports())
	type day struct{ net, charges, tickets, drivers int64 }
	recount := map[report.Date]*day{}
	at := func(ms int64) *day {
		d := report.LocalDate(time.UnixMilli(ms), a.loc)
		if recount[d] == nil {
			recount[d] = &day{}
		}
		return recount[d]
	}
	err := db.Read(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT e.created_at, e.kind, e.amount_cents, e.booking_id, e.id FROM payment_entries e
				JOIN payments p ON p.id = e.payment_id WHERE p.company_id = ? ORDER BY e.id`, a.f.CompanyID)
		if err != nil {
			return err
		}
		charged := map[int64]bool{}
		for rows.Next() {
			var ms, amount, booking, id int64
			var kind string
			if err := rows.Scan(&ms, &kind, &amount, &booking, &id); err != nil {
				return err
			}
			d := at(ms)
			if amount < 0 {
				amount = -amount
			}
			if kind == "charge" {
				d.net += amount
				d.charges += amount
				if !charged[booking] {
					charged[booking] = true
					d.tickets++
				}
			} else {
				d.net -= amount
			}
		}
		rows.Close()
		rows, err = tx.Query(ctx, `SELECT bs.starts_at, bs.places FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id
				JOIN bookings b ON b.id = bl.booking_id WHERE b.company_id = ? AND b.status <> 'cancelada'`, a.f.CompanyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var ms, places int64
			if err := rows.Scan(&ms, &places); err != nil {
				return err
			}
			at(ms).drivers += places
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	d := report.DateOf
	for _, p := range []report.Period{{Start: d(2026, 1, 1), End: d(2026, 12, 31)}, {Start: d(2025, 3, 30), End: d(2026, 3, 29)}} {
		series, err := svc.Series(ctx, a.f.CompanyID, p)
		if err != nil {
			t.Fatal(err)
		}
		var total, prevTotal, drivers int64
		busy := 0
		for _, sd := range series.Days {
			w, pw := recount[sd.Date], recount[sd.PreviousDate]
			if w == nil {
				w = &day{}
			}
			if pw == nil {
				pw = &day{}
			}
			got := fmt.Sprint(sd.Billing, sd.PreviousBilling, sd.Drivers, sd.PreviousDrivers, sd.Tickets, sd.TicketAverage)
			want := fmt.Sprint(report.Cents(w.net), report.Cents(pw.net), w.drivers, pw.drivers, w.tickets,
				report.Round2(report.Ratio(report.Cents(w.charges), float64(w.tickets))))
			if got != want {
				t.Errorf("%s %v (previous %v): series %s, recount %s", a.loc, sd.Date, sd.PreviousDate, got, want)
			}
			total, prevTotal, drivers = total+w.net, prevTotal+pw.net, drivers+w.drivers
			if w.net != 0 || w.drivers != 0 {
				busy++
			}
		}
		if busy < 20 {
			t.Fatalf("%v: only %d days with figures: the seed is too thin to test anything", p.Start, busy)
		}
		k, err := svc.Billing(ctx, a.f.CompanyID, p)
		if err != nil {
			t.Fatal(err)
		}
		if k.Total != report.Round2(report.Cents(total)) || k.Previous != report.Round2(report.Cents(prevTotal)) {
			t.Errorf("%v: billing %v / previous %v, recount %v / %v", p.Start, k.Total, k.Previous, report.Cents(total), report.Cents(prevTotal))
		}
		pk, err := svc.Participants(ctx, a.f.CompanyID, p, false, false)
		if err != nil {
			t.Fatal(err)
		}
		if pk.Total != float64(drivers) {
			t.Errorf("%v: participants %v, recount %v", p.Start, pk.Total, drivers)
		}
	}
}

// checkDaysBackfill compares the daily rollups the triggers kept with what migration 00022's backfill
// computes from kpi_ledger and kpi_sessions.
func checkDaysBackfill(t *testing.T, db *store.DB) {
	t.Helper()
	read := func() string {
		var out []string
		err := db.Read(context.Background(), func(tx *store.Tx) error {
			for _, q := range []string{
				`SELECT company_id || ' ' || day || ' ' || charge_cents || ' ' || refund_cents || ' ' || tickets FROM kpi_ledger_days
					WHERE charge_cents <> 0 OR refund_cents <> 0 OR tickets <> 0 ORDER BY company_id, day`,
				`SELECT company_id || ' ' || day || ' ' || sessions || ' ' || places FROM kpi_session_days
					WHERE sessions <> 0 OR places <> 0 ORDER BY company_id, day`,
			} {
				rows, err := tx.Query(context.Background(), q)
				if err != nil {
					return err
				}
				for rows.Next() {
					var s string
					if err := rows.Scan(&s); err != nil {
						rows.Close()
						return err
					}
					out = append(out, s)
				}
				rows.Close()
				out = append(out, "--")
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(out, "\n")
	}
	kept := read()
	if strings.Count(kept, "\n") < 50 {
		t.Fatalf("the triggers kept almost nothing: %v", kept)
	}
	raw, err := os.ReadFile(filepath.Join("migrations", string(db.Engine()), "00022_kpi_days.sql"))
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(string(raw), "-- +goose StatementBegin")
	stmts := []string{`DELETE FROM kpi_ledger_days`, `DELETE FROM kpi_session_days`}
	for _, stmt := range strings.Split(head, ";\n") {
		if stmt = strings.TrimSpace(stmt); strings.HasPrefix(stmt, "INSERT INTO kpi_") {
			stmts = append(stmts, stmt)
		}
	}
	if len(stmts) != 4 {
		t.Fatalf("found %d backfill statements in the migration, want 2", len(stmts)-2)
	}
	err = db.Write(context.Background(), func(tx *store.Tx) error {
		for _, q := range stmts {
			if _, err := tx.Exec(context.Background(), q); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if again := read(); again != kept {
		t.Errorf("the triggers' daily rollups differ from the backfill:\nkept     %v\nbackfill %v", kept, again)
	}
}
