package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pitlane/internal/report"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// seedAgesWorld writes two years of bookings for company A (Madrid) with drivers linked to members,
// contacts with typed birth dates or their member's, unusual birth dates (malformed, impossible,
// newborn, 130 years old), then changes them after the fact as the application does: cancellations
// (one refunded), a cancelled booking paid again, moved bookings, drivers added, relinked and removed, and
// members' birthdays changed. Company B (New York, whose local midnights come after UTC's) gets the same
// kind of bookings, which A must never count.
func seedAgesWorld(t *testing.T, db *store.DB) (a *kpiSeeder, b *kpiSeeder) {
	t.Helper()
	fa := storetest.NewFixture(t, db, storetest.FixtureOptions{})
	fb := storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-b", PublicKey: "key-b", TimeZone: "America/New_York"})
	a = newKPISeeder(t, db, fa, "Europe/Madrid")
	b = newKPISeeder(t, db, fb, "America/New_York")
	rng := rand.New(rand.NewPCG(21, 22))
	odd := []string{"", "not a date", "1990-02-30", "2001-02-29", "1899-06-15", "2026-12-30", "2025-07-01", "1950-13-01"}
	birthday := func() string {
		if rng.IntN(6) == 0 {
			return odd[rng.IntN(len(odd))]
		}
		return fmt.Sprintf("%d-%02d-%02d", 1940+rng.IntN(80), 1+rng.IntN(12), 1+rng.IntN(28))
	}
	for _, s := range []*kpiSeeder{a, b} {
		var members []int64
		for range 12 {
			members = append(members, s.member(s.at(2024, 6, 1, 10, 0), birthday()))
		}
		var bookings []*kpiBooking
		for i := range 90 {
			// Sessions over 2025 and 2026, some just before or after a local or UTC midnight.
			day := s.at(2025, 1, 1, 0, 0).AddDate(0, 0, rng.IntN(730))
			starts := day.Add(time.Duration([]int{10, 23, 0, 1, 17}[i%5])*time.Hour + time.Duration(rng.IntN(4))*15*time.Minute)
			contact := int64(0)
			if rng.IntN(3) == 0 {
				contact = members[rng.IntN(len(members))]
			}
			bk := s.booking([]string{"pagada", "parcialmentepagada", "pending", "cancelada"}[rng.IntN(4)], birthday(), contact).
				session(s.f.Circuit, starts, 1+rng.IntN(4))
			for range rng.IntN(4) {
				m := int64(0)
				if rng.IntN(2) == 0 {
					m = members[rng.IntN(len(members))]
				}
				bk.driver(m)
			}
			if contact != 0 && rng.IntN(2) == 0 {
				bk.driver(contact) // the contact drives: counted once
			}
			if rng.IntN(3) > 0 {
				// Sold at any quarter hour of the two years, a few refunded in part later.
				sold := s.at(2025, 1, 1, 0, 0).Add(time.Duration(rng.IntN(730*96)) * 15 * time.Minute)
				bk.charge(int64(1000+rng.IntN(9000)), sold)
				if rng.IntN(4) == 0 {
					bk.refund(-500, sold.Add(time.Duration(rng.IntN(96*40))*15*time.Minute))
				}
			}
			bookings = append(bookings, bk)
		}
		for i, bk := range bookings {
			switch i % 9 {
			case 0:
				bk.charge(5000, s.at(2025, 3, 1, 12, 0)).status("cancelada").refund(5000, s.at(2025, 3, 2, 12, 0))
			case 1:
				bk.status("cancelada").status("pagada")
			case 2:
				bk.move(s.f.Circuit2, s.at(2026, 12, 31, 23, 30))
			case 3:
				bk.driver(members[i%len(members)])
			case 4:
				bk.set(`UPDATE drivers SET member_id = ? WHERE booking_id = ?`, members[(i+1)%len(members)])
			case 5:
				bk.set(`DELETE FROM drivers WHERE booking_id = ?`)
			case 6:
				bk.set(`UPDATE bookings SET birth_date = ? WHERE id = ?`, birthday())
			}
		}
		for i, m := range members {
			if i%3 == 0 {
				s.exec(`UPDATE members SET birthday = ? WHERE id = ? AND 1 = 1`, birthday(), m)
			}
		}
	}
	return a, b
}

// TestKPIRollupsRecount checks the figures read from the rollups of migrations 00021 and 00022 against
// recounts, after bookings were cancelled, refunded, moved and their drivers and members' birthdays
// changed: the average age kpi/participant?age=true answers against the birth dates recounted from the
// bookings, drivers and members (Reports.Birthdays, the query the figure used before the rollups), over
// years, a 365-day range, months, weeks, days and a three-year range; a year's daily series, billing and
// participants against the raw ledger and places (recountDays); and both rollups against their
// migrations' backfills.
func TestKPIRollupsRecount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, b := seedAgesWorld(t, db)
		ctx := context.Background()
		svc := report.NewService(db.Reports())
		d := func(y int, m time.Month, day int) report.Date { return report.DateOf(y, m, day) }
		periods := []report.Period{
			{Start: d(2026, 1, 1), End: d(2026, 12, 31)},
			{Start: d(2025, 1, 1), End: d(2025, 12, 31)},
			{Start: d(2025, 11, 25), End: d(2026, 11, 24)},
			{Start: d(2025, 3, 1), End: d(2026, 2, 28)},
			{Start: d(2026, 3, 1), End: d(2026, 3, 31)},
			{Start: d(2026, 3, 23), End: d(2026, 3, 29)},
			{Start: d(2026, 12, 31), End: d(2026, 12, 31)},
			{Start: d(2024, 6, 1), End: d(2027, 5, 31)},
		}
		nonzero := 0
		for _, p := range periods {
			from, to := p.Instants(a.loc)
			want, err := db.Reports().Birthdays(ctx, a.f.CompanyID, from.UnixMilli(), to.UnixMilli())
			if err != nil {
				t.Fatal(err)
			}
			k, err := svc.Participants(ctx, a.f.CompanyID, p, true, false)
			if err != nil {
				t.Fatal(err)
			}
			if w := report.AverageAge(want, p.End); k.AverageAge != w {
				t.Errorf("%v…%v: average age %v, recount %v", p.Start, p.End, k.AverageAge, w)
			}
			if k.AverageAge != 0 {
				nonzero++
			}
		}
		if nonzero < 5 {
			t.Fatalf("only %d periods have an average age: the seed is too thin to test anything", nonzero)
		}
		checkAgesBackfill(t, db)
		// The same world checks the daily rollups (one seeding for both: it is most of the test's time),
		// in a zone east of UTC and one west of it.
		for _, s := range []*kpiSeeder{a, b} {
			recountDays(t, db, s)
		}
		checkDaysBackfill(t, db)
	})
}

// ageRollups reads the three age rollups' non-empty rows as text, in order.
func ageRollups(t *testing.T, db *store.DB) []string {
	t.Helper()
	var out []string
	ctx := context.Background()
	err := db.Read(ctx, func(tx *store.Tx) error {
		for _, q := range []string{
			`SELECT company_id || ' ' || day || ' ' || birth_month || ' ' || people || ' ' || year_sum FROM kpi_age_months
				WHERE people <> 0 OR year_sum <> 0 ORDER BY company_id, day, birth_month`,
			`SELECT company_id || ' ' || birth_md || ' ' || day || ' ' || people FROM kpi_age_days WHERE people <> 0
				ORDER BY company_id, birth_md, day`,
			`SELECT company_id || ' ' || day || ' ' || birthday || ' ' || people FROM kpi_age_others WHERE people <> 0
				ORDER BY company_id, day, birthday`,
		} {
			rows, err := tx.Query(ctx, q)
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
	return out
}

// checkAgesBackfill compares the age rollups the triggers kept with what migration 00021's backfill
// computes from the base tables (SQLite), or with what Tx.RebuildAgeRollups computes (PostgreSQL).
func checkAgesBackfill(t *testing.T, db *store.DB) {
	t.Helper()
	kept := ageRollups(t, db)
	if len(kept) < 50 {
		t.Fatalf("the triggers kept almost nothing: %v", kept)
	}
	if db.Engine() == store.Postgres {
		// PostgreSQL's triggers (00027) against what a bulk load rebuilds at its end (the demo, the bench).
		ctx := context.Background()
		err := db.Write(ctx, func(tx *store.Tx) error {
			var ids []int64
			rows, err := tx.Query(ctx, `SELECT id FROM companies ORDER BY id`)
			if err != nil {
				return err
			}
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					rows.Close()
					return err
				}
				ids = append(ids, id)
			}
			rows.Close()
			return tx.RebuildAgeRollups(ctx, ids)
		})
		if err != nil {
			t.Fatal(err)
		}
		if again := ageRollups(t, db); strings.Join(again, "\n") != strings.Join(kept, "\n") {
			t.Errorf("the triggers' age rollups differ from a rebuild:\nkept    %v\nrebuilt %v", kept, again)
		}
		return
	}
	raw, err := os.ReadFile(filepath.Join("migrations", string(db.Engine()), "00021_kpi_ages.sql"))
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := strings.Cut(string(raw), "-- +goose StatementBegin")
	var backfill []string
	for _, stmt := range strings.Split(head, ";\n") {
		stmt = strings.TrimSpace(stmt[strings.LastIndex(stmt, "\n-- ")+1:])
		if strings.HasPrefix(stmt, "-- Backfill") {
			stmt = strings.TrimSpace(stmt[strings.Index(stmt, "\n"):])
		}
		if strings.HasPrefix(stmt, "INSERT INTO kpi_age_") {
			backfill = append(backfill, stmt)
		}
	}
	if len(backfill) != 3 {
		t.Fatalf("found %d backfill statements in the migration, want 3", len(backfill))
	}
	ctx := context.Background()
	err = db.Write(ctx, func(tx *store.Tx) error {
		for _, q := range append([]string{`DELETE FROM kpi_age_months`, `DELETE FROM kpi_age_days`, `DELETE FROM kpi_age_others`}, backfill...) {
			if _, err := tx.Exec(ctx, q); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if again := ageRollups(t, db); strings.Join(again, "\n") != strings.Join(kept, "\n") {
		t.Errorf("the triggers' age rollups differ from the backfill:\nkept     %v\nbackfill %v", kept, again)
	}
}
