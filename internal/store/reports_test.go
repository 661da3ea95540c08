package store_test

import (
	"context"
	"math"
	"testing"
	"time"

	"pitlane/internal/report"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// kpiWorld is the seeded data of the KPI tests: company A (Europe/Madrid) with sales, refunds, sessions and
// members on both sides of the edges of the week Monday 2026-03-23 to Sunday 2026-03-29 (the spring-forward
// day) and of its previous week; company B with data in the same week that A must never see; company C in
// Asia/Tokyo, whose Monday begins on Sunday in UTC.
type kpiWorld struct {
	db      *store.DB
	a, b, c storetest.Fixture
	madrid  *time.Location
	week    report.Period // 2026-03-23 .. 2026-03-29
}

func seedKPIWorld(t *testing.T, db *store.DB) kpiWorld {
	t.Helper()
	w := kpiWorld{db: db}
	w.a = storetest.NewFixture(t, db, storetest.FixtureOptions{})
	w.b = storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-b", PublicKey: "key-b"})
	w.c = storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-c", PublicKey: "key-c", TimeZone: "Asia/Tokyo"})
	a := newKPISeeder(t, db, w.a, "Europe/Madrid")
	w.madrid = a.loc
	w.week = report.Period{Start: report.DateOf(2026, 3, 23), End: report.DateOf(2026, 3, 29)}

	// Members of A: two before both weeks, one on each side of every edge.
	driverMember := a.member(a.at(2025, 6, 1, 10, 0), "2000-03-29") // 26 on 2026-03-29
	m6 := a.member(a.at(2026, 1, 10, 10, 0), "1996-03-30")          // 29 on 2026-03-29, 30 the day after
	a.member(a.at(2026, 3, 16, 0, 0), "")                           // first instant of the previous week
	a.member(a.at(2026, 3, 22, 23, 30), "")                         // Sunday 23:30: previous week
	a.member(a.at(2026, 3, 23, 0, 30), "")                          // Monday 00:30: this week
	a.member(a.at(2026, 3, 29, 23, 30), "")                         // the DST day, late: this week
	a.member(a.at(2026, 3, 30, 0, 30), "")                          // next Monday: after

	// b1: sold Sunday 23:30 (previous week), raced Sunday 23:30.
	a.booking("pagada", "1990-01-15", 0).session(w.a.Circuit, a.at(2026, 3, 22, 23, 30), 2).charge(10000, a.at(2026, 3, 22, 23, 30))
	// b2: sold Monday 00:30, raced Monday 00:30 by three drivers, one a member; 10.00 refunded on Saturday,
	// stored negative.
	a.booking("pagada", "1980-06-01", 0).session(w.a.Circuit, a.at(2026, 3, 23, 0, 30), 3).
		driver(driverMember).driver(0).driver(0).
		charge(5000, a.at(2026, 3, 23, 0, 30)).refund(-1000, a.at(2026, 3, 28, 12, 0))
	// b3: sold Tuesday, 30.00 refunded on the DST day at 23:30; raced on the DST day at 03:30 (after the jump).
	a.booking("parcialmentepagada", "", 0).session(w.a.Circuit, a.at(2026, 3, 29, 3, 30), 4).
		charge(8000, a.at(2026, 3, 24, 10, 0)).refund(3000, a.at(2026, 3, 29, 23, 30))
	// b4: same session as b3; sold next Monday 00:30 (after the week).
	a.booking("pagada", "2010-03-29", 0).session(w.a.Circuit, a.at(2026, 3, 29, 3, 30), 2).charge(4000, a.at(2026, 3, 30, 0, 30))
	// b5: sold in the previous week, cancelled and refunded in full this week: its session does not count.
	a.booking("pagada", "1970-01-01", 0).session(w.a.Circuit, a.at(2026, 3, 25, 12, 0), 5).
		charge(6000, a.at(2026, 3, 20, 10, 0)).status("cancelada").refund(6000, a.at(2026, 3, 25, 12, 0))
	// b8: cancelled, then paid late and booked again: its two places on Saturday count.
	a.booking("pending", "", 0).session(w.a.Circuit2, a.at(2026, 3, 28, 10, 0), 2).status("cancelada").status("pagada")
	// b9: one driver moved by staff from Tuesday to Thursday on the other circuit.
	a.booking("pagada", "", 0).session(w.a.Circuit, a.at(2026, 3, 24, 12, 0), 1).move(w.a.Circuit2, a.at(2026, 3, 26, 12, 0))
	// b6: paid in two parts (online, then cash at the circuit); its contact is a member who also drives.
	a.booking("pagada", "", m6).session(w.a.Circuit2, a.at(2026, 3, 27, 11, 0), 1).driver(m6).
		charge(2000, a.at(2026, 3, 26, 10, 0)).entry("cash", "charge", 1500, a.at(2026, 3, 27, 10, 0))
	// Month and year edge: New Year's Eve 23:30 and New Year's Day 00:30.
	a.booking("pagada", "", 0).charge(700, a.at(2025, 12, 31, 23, 30))
	a.booking("pagada", "", 0).charge(300, a.at(2026, 1, 1, 0, 30))

	// Company B: everything inside A's week, none of it A's.
	b := newKPISeeder(t, db, w.b, "Europe/Madrid")
	bm := b.member(b.at(2026, 3, 25, 10, 0), "1950-01-01")
	b.booking("pagada", "1950-01-01", bm).session(w.b.Circuit, b.at(2026, 3, 25, 12, 0), 9).driver(bm).charge(99900, b.at(2026, 3, 25, 12, 0))

	// Company C (Tokyo, UTC+9): Sunday 23:30 and Monday 01:00 local, both on Sunday in UTC.
	c := newKPISeeder(t, db, w.c, "Asia/Tokyo")
	c.booking("pagada", "", 0).session(w.c.Circuit, c.at(2026, 3, 22, 23, 30), 1).charge(500, c.at(2026, 3, 22, 23, 30))
	c.booking("pagada", "", 0).session(w.c.Circuit, c.at(2026, 3, 23, 1, 0), 2).charge(1000, c.at(2026, 3, 23, 1, 0))
	return w
}

// bounds is [from, to) in Unix ms of the local dates first..last of the zone, computed with time.Date
// alone (not with the report package).
func bounds(loc *time.Location, y int, m time.Month, first, last int) (int64, int64) {
	return time.Date(y, m, first, 0, 0, 0, 0, loc).UnixMilli(), time.Date(y, m, last+1, 0, 0, 0, 0, loc).UnixMilli()
}

func wantKPI(t *testing.T, name string, got report.KPI, total, previous, average, increment float64) {
	t.Helper()
	if got.Total != total || got.Previous != previous || got.Average != average || got.Increment != increment {
		t.Errorf("%s: total %v previous %v average %v increment %v; want %v %v %v %v",
			name, got.Total, got.Previous, got.Average, got.Increment, total, previous, average, increment)
	}
	if got.Symbol != "€" {
		t.Errorf("%s: symbol %q", name, got.Symbol)
	}
}

func TestKPIFiguresRecount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := seedKPIWorld(t, db)
		svc := report.NewService(db.Reports())
		A := w.a.CompanyID
		wf, wt := bounds(w.madrid, 2026, 3, 23, 29)
		pf, pt := bounds(w.madrid, 2026, 3, 16, 22)

		t.Run("billing", func(t *testing.T) {
			k, err := svc.Billing(ctx, A, w.week)
			if err != nil {
				t.Fatal(err)
			}
			// This week: charges 50 + 80 + 20 + 15 = 165, refunds 10 + 30 + 60 = 100. Previous: 100 + 60.
			wantKPI(t, "billing", k, 65, 160, 9.29, -59.38)
			if r := storetest.Recount(t, db, storetest.RecountBilling, A, wf, wt); r != k.Total {
				t.Errorf("billing %v, SQL recount %v", k.Total, r)
			}
			if r := storetest.Recount(t, db, storetest.RecountBilling, A, pf, pt); r != k.Previous {
				t.Errorf("previous billing %v, SQL recount %v", k.Previous, r)
			}
		})
		t.Run("billing across the year end", func(t *testing.T) {
			k, err := svc.Billing(ctx, A, report.Period{Start: report.DateOf(2026, 1, 1), End: report.DateOf(2026, 1, 31)})
			if err != nil {
				t.Fatal(err)
			}
			// January holds New Year's Day 00:30 (3.00); the 31 days before, New Year's Eve 23:30 (7.00).
			wantKPI(t, "january", k, 3, 7, 0.1, -57.14)
		})
		t.Run("against the same days of the previous month", func(t *testing.T) {
			// 23–29 April by the month is compared with 23–29 March (the week above), the days between
			// them counting in neither.
			p, err := report.Period{Start: w.week.Start + 31, End: w.week.End + 31}.WithCompare("previous", report.CompareMonth)
			if err != nil {
				t.Fatal(err)
			}
			af, at := bounds(w.madrid, 2026, 4, 23, 29)
			k, err := svc.Billing(ctx, A, p)
			if err != nil {
				t.Fatal(err)
			}
			if r := storetest.Recount(t, db, storetest.RecountBilling, A, wf, wt); k.Previous != 65 || r != k.Previous {
				t.Errorf("previous billing %v, want 65 (SQL recount %v)", k.Previous, r)
			}
			if r := storetest.Recount(t, db, storetest.RecountBilling, A, af, at); r != k.Total {
				t.Errorf("billing %v, SQL recount %v", k.Total, r)
			}
			d, err := svc.Participants(ctx, A, p, false, false)
			if err != nil {
				t.Fatal(err)
			}
			if d.Previous != 13 {
				t.Errorf("previous drivers %v, want 13 (the week above)", d.Previous)
			}
			s, err := svc.Series(ctx, A, p)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Days) != 7 || !s.Days[0].HasPrevious || s.Days[0].PreviousDate != w.week.Start || s.Days[0].PreviousBilling != 50 {
				t.Errorf("series by the month %+v", s.Days)
			}
		})
		t.Run("tickets", func(t *testing.T) {
			k, err := svc.Tickets(ctx, A, w.week)
			if err != nil {
				t.Fatal(err)
			}
			// b2, b3, b6 (charged twice, one ticket) this week; b1 and b5 the week before.
			wantKPI(t, "tickets", k, 3, 2, 0.43, 50)
			if r := storetest.Recount(t, db, storetest.RecountTickets, A, wf, wt); r != k.Total {
				t.Errorf("tickets %v, SQL recount %v", k.Total, r)
			}
			if r := storetest.Recount(t, db, storetest.RecountTickets, A, pf, pt); r != k.Previous {
				t.Errorf("previous tickets %v, SQL recount %v", k.Previous, r)
			}
		})
		t.Run("ticket average", func(t *testing.T) {
			k, err := svc.TicketAverage(ctx, A, w.week)
			if err != nil {
				t.Fatal(err)
			}
			wantKPI(t, "ticket average", k, 55, 80, 7.86, -31.25)
			r := storetest.Recount(t, db, storetest.RecountCharges, A, wf, wt) / storetest.Recount(t, db, storetest.RecountTickets, A, wf, wt)
			if math.Round(r*100)/100 != k.Total {
				t.Errorf("ticket average %v, SQL recount %v", k.Total, r)
			}
		})
		t.Run("participants", func(t *testing.T) {
			k, err := svc.Participants(ctx, A, w.week, true, true)
			if err != nil {
				t.Fatal(err)
			}
			// Sessions: Monday 00:30 (3), Thursday (b9's 1, moved), Friday (1), Saturday (b8's 2, booked
			// again), the DST day 03:30 (2 + 4); b5's cancelled 5 do not count.
			wantKPI(t, "drivers", k, 13, 2, 1.86, 550)
			if k.AverageSession != 2.6 {
				t.Errorf("average session %v, want 2.6", k.AverageSession)
			}
			// Known ages on 2026-03-29: b2's member driver 26 and contact 45, b4's contact 16, b6's
			// member 29 (as driver and contact, once). b3 has none; b1 raced the week before.
			if k.AverageAge != 29 {
				t.Errorf("average age %v, want 29", k.AverageAge)
			}
			if r := storetest.Recount(t, db, storetest.RecountDrivers, A, wf, wt); r != k.Total {
				t.Errorf("drivers %v, SQL recount %v", k.Total, r)
			}
			if r := storetest.Recount(t, db, storetest.RecountDrivers, A, pf, pt); r != k.Previous {
				t.Errorf("previous drivers %v, SQL recount %v", k.Previous, r)
			}
			s := storetest.Recount(t, db, storetest.RecountSessions, A, wf, wt)
			if math.Round(k.Total/s*100)/100 != k.AverageSession {
				t.Errorf("average session %v, SQL recount %v / %v", k.AverageSession, k.Total, s)
			}
			plain, err := svc.Participants(ctx, A, w.week, false, false)
			if err != nil {
				t.Fatal(err)
			}
			if plain.AverageAge != 0 || plain.AverageSession != 0 || plain.Total != 13 {
				t.Errorf("without flags: %+v", plain)
			}
		})
		t.Run("members", func(t *testing.T) {
			all, err := svc.Members(ctx, A)
			if err != nil {
				t.Fatal(err)
			}
			wantKPI(t, "members", all, 7, 0, 0, 0)
			if r := storetest.Recount(t, db, `SELECT COUNT(*) FROM members WHERE company_id = ?`, A); r != all.Total {
				t.Errorf("members %v, SQL recount %v", all.Total, r)
			}
			nw, err := svc.NewMembers(ctx, A, w.week)
			if err != nil {
				t.Fatal(err)
			}
			wantKPI(t, "new members", nw, 2, 2, 0.29, 0)
			if r := storetest.Recount(t, db, storetest.RecountMembers, A, wf, wt); r != nw.Total {
				t.Errorf("new members %v, SQL recount %v", nw.Total, r)
			}
			old, err := svc.OldMembers(ctx, A, w.week)
			if err != nil {
				t.Fatal(err)
			}
			wantKPI(t, "old members", old, 4, 2, 0.57, 100)
			if r := storetest.Recount(t, db, storetest.RecountMembers, A, math.MinInt64, wf); r != old.Total {
				t.Errorf("old members %v, SQL recount %v", old.Total, r)
			}
		})
		t.Run("a UTC+9 company's Monday begins on Sunday in UTC", func(t *testing.T) {
			k, err := svc.Billing(ctx, w.c.CompanyID, w.week)
			if err != nil {
				t.Fatal(err)
			}
			if k.Total != 10 || k.Previous != 5 {
				t.Errorf("Tokyo billing %v previous %v, want 10 and 5", k.Total, k.Previous)
			}
			d, err := svc.Participants(ctx, w.c.CompanyID, w.week, false, true)
			if err != nil {
				t.Fatal(err)
			}
			if d.Total != 2 || d.Previous != 1 || d.AverageSession != 2 {
				t.Errorf("Tokyo drivers %+v, want 2, previous 1, 2 per session", d)
			}
		})
		t.Run("another company sees none of it", func(t *testing.T) {
			k, err := svc.Billing(ctx, w.b.CompanyID, w.week)
			if err != nil {
				t.Fatal(err)
			}
			if k.Total != 999 || k.Previous != 0 {
				t.Errorf("company B billing %+v, want only its own 999", k)
			}
		})
	})
}

func TestKPISeriesRecount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := seedKPIWorld(t, db)
		svc := report.NewService(db.Reports())
		A := w.a.CompanyID
		s, err := svc.Series(ctx, A, w.week)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Days) != 7 || s.Symbol != "€" {
			t.Fatalf("series of %d days, symbol %q", len(s.Days), s.Symbol)
		}
		type day struct {
			billing, prevBilling float64
			drivers, prevDrivers int64
			tickets              int64
			ticketAverage        float64
		}
		want := []day{
			{50, 0, 3, 0, 1, 50},   // Mon 23 (Mon 16)
			{80, 0, 0, 0, 1, 80},   // Tue 24
			{-60, 0, 0, 0, 0, 0},   // Wed 25: b5's refund; its session is cancelled
			{20, 0, 1, 0, 1, 20},   // Thu 26: b9 moved here
			{15, 60, 1, 0, 0, 0},   // Fri 27: b6's second part is no new ticket (Fri 20: b5's sale)
			{-10, 0, 2, 0, 0, 0},   // Sat 28: b8 booked again
			{-30, 100, 6, 2, 0, 0}, // Sun 29, the DST day (Sun 22: b1)
		}
		var sum float64
		for i, d := range s.Days {
			wd := want[i]
			if d.Date != w.week.Start+report.Date(i) || d.PreviousDate != w.week.Start+report.Date(i-7) {
				t.Errorf("day %d dated %s / %s", i, d.Date, d.PreviousDate)
			}
			got := day{d.Billing, d.PreviousBilling, d.Drivers, d.PreviousDrivers, d.Tickets, d.TicketAverage}
			if got != wd {
				t.Errorf("%s: %+v, want %+v", d.Date, got, wd)
			}
			// Recount each day with plain SQL over that local day's instants.
			f, to := bounds(w.madrid, 2026, 3, 23+i, 23+i)
			pf, pto := bounds(w.madrid, 2026, 3, 16+i, 16+i)
			if r := storetest.Recount(t, db, storetest.RecountBilling, A, f, to); r != d.Billing {
				t.Errorf("%s billing %v, SQL recount %v", d.Date, d.Billing, r)
			}
			if r := storetest.Recount(t, db, storetest.RecountBilling, A, pf, pto); r != d.PreviousBilling {
				t.Errorf("%s previous billing %v, SQL recount %v", d.Date, d.PreviousBilling, r)
			}
			if r := storetest.Recount(t, db, storetest.RecountDrivers, A, f, to); r != float64(d.Drivers) {
				t.Errorf("%s drivers %v, SQL recount %v", d.Date, d.Drivers, r)
			}
			if r := storetest.Recount(t, db, storetest.RecountTickets, A, f, to); r != float64(d.Tickets) {
				t.Errorf("%s tickets %v, SQL recount %v", d.Date, d.Tickets, r)
			}
			sum += d.Billing
		}
		k, err := svc.Billing(ctx, A, w.week)
		if err != nil {
			t.Fatal(err)
		}
		if math.Round(sum*100)/100 != k.Total {
			t.Errorf("the days add up to %v, the period's billing is %v", sum, k.Total)
		}

		year, err := svc.Series(ctx, A, report.Period{Start: report.DateOf(2026, 1, 1), End: report.DateOf(2026, 12, 31)})
		if err != nil {
			t.Fatal(err)
		}
		if len(year.Days) != 365 || year.Days[0].Billing != 3 || year.Days[0].PreviousDate.String() != "2025-01-01" {
			t.Errorf("year series: %d days, first %+v", len(year.Days), year.Days[0])
		}
		if d := year.Days[364]; d.PreviousBilling != 7 || d.PreviousDate.String() != "2025-12-31" {
			t.Errorf("year series last day %+v, want New Year's Eve's 7.00 as its previous", d)
		}
	})
}
