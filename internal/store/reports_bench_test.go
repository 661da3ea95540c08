package store_test

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"pitlane/internal/report"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// seedKPIScale writes n bookings of the fixture company spread evenly over 2025 and 2026 (Madrid), each
// with one line, one session of two drivers, one payment and its charge entry, one in twenty refunded in
// part a day later, and n/4 members. Plain INSERT … SELECT over a counter, so it takes seconds.
func seedKPIScale(b *testing.B, db *store.DB, f storetest.Fixture, n int) {
	b.Helper()
	ctx := context.Background()
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli()
	step := (time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli() - start) / int64(n)
	counter := fmt.Sprintf(`WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < %d) `, n)
	at := fmt.Sprintf(`(%d + i * %d)`, start, step)
	stmts := []string{
		counter + `INSERT INTO bookings (id, identifier, company_id, status, payment_mode, contact_name, phone, email, birth_date,
				original_total_cents, total_cents, first_starts_at, created_at, updated_at)
			SELECT 1000000 + i, 'S' || CAST(i AS TEXT), ?, CASE WHEN i % 50 = 0 THEN 'cancelada' ELSE 'pagada' END, 'online',
				'C', '+34600000000', 'c@example.com', CASE WHEN i % 3 = 0 THEN '1990-05-17' ELSE NULL END,
				4000, 4000, ` + at + ` + 86400000 - (` + at + ` % 900000), ` + at + `, ` + at + ` FROM n`,
		counter + `INSERT INTO booking_lines (id, booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
				original_price_cents, total_cents)
			SELECT 1000000 + i, 1000000 + i, ?, 'PRODUCT', 'Adult', 1, 2, 2000, 2000, 4000 FROM n`,
		counter + `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time, product_id, places)
			SELECT 1000000 + i, 0, ?, ` + at + ` + 86400000 - (` + at + ` % 900000), '2026-01-01', '12:00:00', ?, 2 FROM n`,
		counter + `INSERT INTO drivers (booking_id, booking_line_id, position, name)
			SELECT 1000000 + i, 1000000 + i, 0, 'D' FROM n`,
		counter + `INSERT INTO drivers (booking_id, booking_line_id, position, name)
			SELECT 1000000 + i, 1000000 + i, 1, 'E' FROM n`,
		counter + `INSERT INTO payments (id, company_id, booking_id, provider, status, amount_cents, currency, created_at, updated_at)
			SELECT 1000000 + i, ?, 1000000 + i, 'simulated', 'approved', 4000, 'EUR', ` + at + `, ` + at + ` FROM n`,
		counter + `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
			SELECT 1000000 + i, 1000000 + i, 'charge', 4000, 'simulated', 'c' || CAST(i AS TEXT), ` + at + ` FROM n`,
		counter + `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
			SELECT 1000000 + i, 1000000 + i, 'refund', 1000, 'simulated', 'r' || CAST(i AS TEXT), ` + at + ` + 86400000 FROM n WHERE i % 20 = 0`,
		fmt.Sprintf(`WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < %d) `, n/4) +
			`INSERT INTO members (company_id, nick, name, birthday, email, unsubscribe_key_hash, created_at, updated_at)
			SELECT ?, 'n' || CAST(i AS TEXT), 'M', '1985-02-03', 'm' || CAST(i AS TEXT) || '@x', 'u' || CAST(i AS TEXT), ` +
			fmt.Sprintf(`(%d + i * %d)`, start, step*4) + `, 0 FROM n`,
	}
	args := [][]any{{f.CompanyID}, {f.Product}, {f.Circuit, f.Product}, nil, nil, {f.CompanyID}, nil, nil, {f.CompanyID}}
	for i, q := range stmts {
		if err := db.Write(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, q, args[i]...); return err }); err != nil {
			b.Fatalf("seed %d: %v", i, err)
		}
	}
	if db.Engine() == store.Postgres {
		if _, err := db.SQL().ExecContext(ctx, `ANALYZE`); err != nil {
			b.Fatal(err)
		}
	} else if _, err := db.SQL().ExecContext(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkKPIYear times each KPI of the year 2026 (against 2025) over 200,000 bookings on both engines:
//
//	go test -run '^$' -bench KPIYear -benchtime 20x ./internal/store/
func BenchmarkKPIYear(b *testing.B) {
	for _, e := range storetest.Engines {
		b.Run(string(e), func(b *testing.B) {
			db := storetest.Open(b, e)
			f := storetest.NewFixture(b, db, storetest.FixtureOptions{})
			seedKPIScale(b, db, f, 200000)
			svc := report.NewService(db.Reports())
			year := report.Period{Start: report.DateOf(2026, 1, 1), End: report.DateOf(2026, 12, 31)}
			ctx := context.Background()
			calls := []struct {
				name string
				fn   func() error
			}{
				{"billing", func() error { _, err := svc.Billing(ctx, f.CompanyID, year); return err }},
				{"tickets", func() error { _, err := svc.Tickets(ctx, f.CompanyID, year); return err }},
				{"ticketAverage", func() error { _, err := svc.TicketAverage(ctx, f.CompanyID, year); return err }},
				{"members", func() error { _, err := svc.Members(ctx, f.CompanyID); return err }},
				{"newMembers", func() error { _, err := svc.NewMembers(ctx, f.CompanyID, year); return err }},
				{"oldMembers", func() error { _, err := svc.OldMembers(ctx, f.CompanyID, year); return err }},
				{"participants", func() error { _, err := svc.Participants(ctx, f.CompanyID, year, true, true); return err }},
				{"series", func() error { _, err := svc.Series(ctx, f.CompanyID, year); return err }},
			}
			for _, c := range calls {
				b.Run(c.name, func(b *testing.B) {
					cpu0 := processCPU()
					for b.Loop() {
						if err := c.fn(); err != nil {
							b.Fatal(err)
						}
					}
					// On SQLite the whole query runs in this process: its CPU time per call is what the call
					// costs on an idle machine, whatever else shares the cores.
					b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
				})
			}
		})
	}
}

// processCPU is the CPU time this process has used, user and system, in nanoseconds.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
