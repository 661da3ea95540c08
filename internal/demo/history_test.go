package demo_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"pitlane/internal/demo"
	"pitlane/internal/report"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// count runs a COUNT(*)-like query that returns one integer.
func count(t *testing.T, db *store.DB, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.SQL().QueryRowContext(context.Background(), db.Rebind(query), args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// historyBookings is the past bookings (source BOOKING) a company gets in TestHistory: the demo's whole
// year, with fewer bookings a day than its own 2,000 to 4,000 (seeding those took minutes under the race
// detector). About the smallest volume at which every company still has a booking of every status (Circuito
// Norte's "pending" ones are the rarest: sessions ahead, paid at the circuit). The demo's own volume is
// checked where it costs no database: on the generated histories (TestDemoHistoryVolume) and on the
// built binary's `serve --demo` (cmd/pitlane, TestServeDemo*).
const historyBookings = 500

// TestHistory seeds the demo with a history once per engine (as `pitlane demo` does, at historyBookings
// a year; the time is printed, not asserted) and checks it.
func TestHistory(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		start := time.Now()
		r, _ := seedOptions(t, db, demo.Options{History: true, HistoryBookings: historyBookings})
		t.Logf("%s: seeding the demo with its history took %v", db.Engine(), time.Since(start).Round(time.Millisecond))
		t.Run("a year of every source", func(t *testing.T) { checkYear(t, db, r, historyBookings) })
		t.Run("ledger", func(t *testing.T) { checkLedger(t, db) })
		t.Run("capacity", func(t *testing.T) { checkCapacity(t, db) })
		t.Run("age rollups", func(t *testing.T) { checkAges(t, db, r) })
		t.Run("KPIs of random periods recounted", func(t *testing.T) { checkKPIRecounts(t, db, r) })
	})
}

// checkAges: the drivers' average age read from the rollups (built by triggers on SQLite, rebuilt once at
// the end of the seeding on PostgreSQL) equals the recount from the bookings, per company, over the year
// before the seeding and over its last month.
func checkAges(t *testing.T, db *store.DB, r demo.Result) {
	ctx := context.Background()
	svc := report.NewService(db.Reports())
	end := report.DateOf(seedTime.Year(), seedTime.Month(), seedTime.Day())
	for _, c := range r.Companies {
		var zone string
		if err := db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT time_zone FROM companies WHERE id = ?`), c.ID).Scan(&zone); err != nil {
			t.Fatal(err)
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []report.Period{{Start: end - 364, End: end}, {Start: end - 30, End: end}} {
			from, to := p.Instants(loc)
			want, err := db.Reports().Birthdays(ctx, c.ID, from.UnixMilli(), to.UnixMilli())
			if err != nil {
				t.Fatal(err)
			}
			k, err := svc.Participants(ctx, c.ID, p, true, false)
			if err != nil {
				t.Fatal(err)
			}
			if w := report.AverageAge(want, p.End); k.AverageAge != w || w == 0 {
				t.Errorf("%s %v…%v: average age %v from the rollups, %v recounted", c.Name, p.Start, p.End, k.AverageAge, w)
			}
		}
	}
}

// checkKPIRecounts: for random periods of the seeded year (and the weeks ahead), each compared in a
// random way the period allows, every period KPI and its previous period, and the daily series, equal the
// plain SQL recounts from the ledger and the bookings (storetest.Recount*), per company. The seed is
// printed, so a failure can be replayed.
func checkKPIRecounts(t *testing.T, db *store.DB, r demo.Result) {
	ctx := context.Background()
	svc := report.NewService(db.Reports())
	seed := uint64(time.Now().UnixNano())
	t.Logf("random periods from seed %d", seed)
	rnd := rand.New(rand.NewPCG(seed, 0))
	today := report.DateOf(seedTime.Year(), seedTime.Month(), seedTime.Day())
	compares := []report.Compare{report.CompareBefore, report.CompareWeek, report.CompareMonth, report.CompareYear}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.005 }
	for _, c := range r.Companies {
		var zone string
		if err := db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT time_zone FROM companies WHERE id = ?`), c.ID).Scan(&zone); err != nil {
			t.Fatal(err)
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 12; i++ {
			start := today - 380 + report.Date(rnd.IntN(400))
			p := report.Period{Start: start, End: start + report.Date(rnd.IntN(45))}
			if cp, err := p.WithCompare("compare", compares[rnd.IntN(len(compares))]); err == nil {
				p = cp
			}
			name := fmt.Sprintf("%s %s…%s compared %q", c.Name, p.Start, p.End, p.Compare)
			cf, ct := p.Instants(loc)
			pf, pt := p.Previous().Instants(loc)
			sums := []struct {
				what string
				kpi  func() (report.KPI, error)
				sql  string
			}{
				{"billing", func() (report.KPI, error) { return svc.Billing(ctx, c.ID, p) }, storetest.RecountBilling},
				{"tickets", func() (report.KPI, error) { return svc.Tickets(ctx, c.ID, p) }, storetest.RecountTickets},
				{"drivers", func() (report.KPI, error) { return svc.Participants(ctx, c.ID, p, false, false) }, storetest.RecountDrivers},
				{"new members", func() (report.KPI, error) { return svc.NewMembers(ctx, c.ID, p) }, storetest.RecountMembers},
			}
			for _, s := range sums {
				k, err := s.kpi()
				if err != nil {
					t.Fatalf("%s: %s: %v", name, s.what, err)
				}
				if want := storetest.Recount(t, db, s.sql, c.ID, cf.UnixMilli(), ct.UnixMilli()); !near(k.Total, want) {
					t.Errorf("%s: %s %v, recounted %v", name, s.what, k.Total, want)
				}
				if want := storetest.Recount(t, db, s.sql, c.ID, pf.UnixMilli(), pt.UnixMilli()); !near(k.Previous, want) {
					t.Errorf("%s: previous %s %v, recounted %v", name, s.what, k.Previous, want)
				}
			}
			// The series: every day of the period, and of the previous one where it has that day.
			series, err := svc.Series(ctx, c.ID, p)
			if err != nil {
				t.Fatalf("%s: series: %v", name, err)
			}
			if len(series.Days) != p.Days() {
				t.Fatalf("%s: a series of %d days, want %d", name, len(series.Days), p.Days())
			}
			for _, d := range series.Days {
				df, dt := report.Period{Start: d.Date, End: d.Date}.Instants(loc)
				if want := storetest.Recount(t, db, storetest.RecountBilling, c.ID, df.UnixMilli(), dt.UnixMilli()); !near(d.Billing, want) {
					t.Errorf("%s: %s billing %v, recounted %v", name, d.Date, d.Billing, want)
				}
				if want := storetest.Recount(t, db, storetest.RecountDrivers, c.ID, df.UnixMilli(), dt.UnixMilli()); float64(d.Drivers) != want {
					t.Errorf("%s: %s drivers %v, recounted %v", name, d.Date, d.Drivers, want)
				}
				if want := storetest.Recount(t, db, storetest.RecountTickets, c.ID, df.UnixMilli(), dt.UnixMilli()); float64(d.Tickets) != want {
					t.Errorf("%s: %s tickets %v, recounted %v", name, d.Date, d.Tickets, want)
				}
				if !d.HasPrevious {
					continue
				}
				pf, pt := report.Period{Start: d.PreviousDate, End: d.PreviousDate}.Instants(loc)
				if want := storetest.Recount(t, db, storetest.RecountBilling, c.ID, pf.UnixMilli(), pt.UnixMilli()); !near(d.PreviousBilling, want) {
					t.Errorf("%s: previous day %s billing %v, recounted %v", name, d.PreviousDate, d.PreviousBilling, want)
				}
				if want := storetest.Recount(t, db, storetest.RecountDrivers, c.ID, pf.UnixMilli(), pt.UnixMilli()); float64(d.PreviousDrivers) != want {
					t.Errorf("%s: previous day %s drivers %v, recounted %v", name, d.PreviousDate, d.PreviousDrivers, want)
				}
			}
		}
	}
}

// checkYear: the bookings asked for (and the sales without a session) a year back and two weeks ahead,
// every status and source, members. The counts scale with booked, the past bookings a company was given:
// at the demo's own 2,000 or more they are the demo's thousands of bookings, a hundred members with a
// birth date and fifty who booked three times or more (TestDemoHistoryVolume checks those figures).
func checkYear(t *testing.T, db *store.DB, r demo.Result, booked int) {
	now := seedTime.UnixMilli()
	for _, c := range r.Companies {
		n := count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ?`, c.ID)
		if n < int64(booked) {
			t.Errorf("%s: %d bookings, want at least the %d asked for", c.Name, n, booked)
		}
		oldest := count(t, db, `SELECT MIN(first_starts_at) FROM bookings WHERE company_id = ? AND source = 'BOOKING'`, c.ID)
		if age := time.Duration(now-oldest) * time.Millisecond; age < 350*24*time.Hour || age > 366*24*time.Hour {
			t.Errorf("%s: the oldest session is %v before the seeding, want about a year", c.Name, age)
		}
		ahead := count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ? AND source = 'BOOKING' AND first_starts_at > ?`, c.ID, now)
		if ahead == 0 {
			t.Errorf("%s: no booking for the days ahead", c.Name)
		}
		// The next two weeks are left to live customers (the browser tests count their free places).
		if n := count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ? AND source = 'BOOKING' AND first_starts_at > ?
				AND first_starts_at < ?`, c.ID, now, now+13*24*3600*1000); n != 0 {
			t.Errorf("%s: %d history bookings in the next two weeks", c.Name, n)
		}
		if late := count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ? AND (created_at > ? OR
				(first_starts_at IS NOT NULL AND created_at > first_starts_at))`, c.ID, now); late != 0 {
			t.Errorf("%s: %d bookings created after the seeding or after their session", c.Name, late)
		}
		for _, status := range []string{"pagada", "pending", "cancelada", "parcialmentepagada"} {
			if count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ? AND status = ?`, c.ID, status) == 0 {
				t.Errorf("%s: no booking is %s", c.Name, status)
			}
		}
		if bad := count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ? AND
				(status = 'cancelada') <> (cancelled_at IS NOT NULL)`, c.ID); bad != 0 {
			t.Errorf("%s: %d bookings whose cancelled_at does not match their status", c.Name, bad)
		}
		sources := []string{"BOOKING", "EXTERNAL"}
		if c.Name != "Vättern Karting" {
			sources = append(sources, "EVENT")
		}
		if c.Name == "Circuito Norte" {
			sources = append(sources, "LICENSING")
		}
		for _, src := range sources {
			if count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ? AND source = ?`, c.ID, src) == 0 {
				t.Errorf("%s: no sale of source %s", c.Name, src)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM members WHERE company_id = ? AND birthday IS NOT NULL`, c.ID); n < int64(booked/20) {
			t.Errorf("%s: %d members with a birth date, want %d (one for every 20 bookings)", c.Name, n, booked/20)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM (SELECT member_id FROM bookings WHERE company_id = ? AND member_id IS NOT NULL
				GROUP BY member_id HAVING COUNT(*) >= 3) x`, c.ID); n < int64(booked/40) {
			t.Errorf("%s: only %d members booked three times or more, want %d (one for every 40 bookings)", c.Name, n, booked/40)
		}
	}
	// Ages 8 to 70 on the seeding day.
	if n := count(t, db, `SELECT COUNT(*) FROM members WHERE birthday > '2018-04-06' OR birthday < '1955-04-06'`); n != 0 {
		t.Errorf("%d members are younger than 8 or older than 70", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM companies WHERE name = 'Circuito Norte' AND feature_licences = 1`); n != 1 {
		t.Errorf("Circuito Norte does not show licences")
	}
	if n := count(t, db, `SELECT COUNT(*) FROM installations WHERE max_days_booking < 31`); n != 0 {
		t.Errorf("%d demo installations cannot query a month", n)
	}
}

// checkLedger: the ledger convention (payments + payment_entries) for every settled sale and refund.
func checkLedger(t *testing.T, db *store.DB) {
	// Every settled sale has a payment whose charge entry carries its amount.
	if n := count(t, db, `SELECT COUNT(*) FROM bookings b WHERE b.status IN ('pagada', 'parcialmentepagada')
			AND NOT EXISTS (SELECT 1 FROM payment_entries e WHERE e.booking_id = b.id AND e.kind = 'charge' AND e.amount_cents > 0)`); n != 0 {
		t.Errorf("%d settled bookings without a charge", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM payments WHERE provider NOT IN ('simulated', 'cash')
			OR status NOT IN ('approved', 'partially_refunded', 'refunded')`); n != 0 {
		t.Errorf("%d payments with another provider or status", n)
	}
	// Online sales are card payments; what was paid at the circuit was settled in cash.
	if n := count(t, db, `SELECT COUNT(*) FROM payments p JOIN bookings b ON b.id = p.booking_id
			WHERE (b.payment_mode = 'online') <> (p.provider = 'simulated')`); n != 0 {
		t.Errorf("%d payments whose provider does not match the booking's payment mode", n)
	}
	partial := count(t, db, `SELECT COUNT(*) FROM payments WHERE status = 'partially_refunded'`)
	full := count(t, db, `SELECT COUNT(*) FROM payments WHERE status = 'refunded'`)
	if partial == 0 || full == 0 {
		t.Errorf("refunds: %d partial, %d full; want some of each", partial, full)
	}
	// Refunds: positive amounts, made by a demo admin; the refunded total matches the payment's status.
	if n := count(t, db, `SELECT COUNT(*) FROM payment_entries e LEFT JOIN admin_users u ON u.id = e.created_by
			WHERE e.kind = 'refund' AND (u.id IS NULL OR e.amount_cents <= 0)`); n != 0 {
		t.Errorf("%d refunds without a staff user or with an amount that is not positive", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM payments p WHERE p.status <> CASE
			WHEN (SELECT COALESCE(SUM(amount_cents), 0) FROM payment_entries e WHERE e.payment_id = p.id AND e.kind = 'refund') = 0 THEN 'approved'
			WHEN (SELECT SUM(amount_cents) FROM payment_entries e WHERE e.payment_id = p.id AND e.kind = 'refund') >= p.amount_cents THEN 'refunded'
			ELSE 'partially_refunded' END`); n != 0 {
		t.Errorf("%d payments whose status does not match their refunds", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM payment_entries e JOIN payments p ON p.id = e.payment_id
			WHERE e.kind = 'charge' AND e.amount_cents <> p.amount_cents`); n != 0 {
		t.Errorf("%d charges that differ from their payment's amount", n)
	}
}

// checkCapacity: no session over capacity; every session counted in slots as bookPlaces counts it.
func checkCapacity(t *testing.T, db *store.DB) {
	// No session holds more drivers than the installation's capacity, past or ahead.
	if n := count(t, db, `SELECT COUNT(*) FROM (SELECT bs.circuit_id, bs.starts_at, SUM(bs.places) AS places, MIN(i.max_participants) AS cap
			FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
			JOIN circuits c ON c.id = bs.circuit_id JOIN installations i ON i.id = c.installation_id
			WHERE b.status <> 'cancelada' GROUP BY bs.circuit_id, bs.starts_at) x WHERE places > cap`); n != 0 {
		t.Errorf("%d sessions over capacity", n)
	}
	// Every session is counted as bookPlaces counts it: slots.booked is the sum of the places of its
	// bookings that hold places, and those are exactly the bookings not cancelled, past or ahead (as live
	// bookings keep their places once the session has passed: the desk's Today reads past days too).
	now := seedTime.UnixMilli()
	if n := count(t, db, `SELECT COUNT(*) FROM slots s WHERE s.booked <> (SELECT COALESCE(SUM(bs.places), 0)
			FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
			WHERE bs.circuit_id = s.circuit_id AND bs.starts_at = s.starts_at AND b.places_booked = 1)`); n != 0 {
		t.Errorf("%d sessions whose counter differs from their bookings", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM slots WHERE booked > capacity`); n != 0 {
		t.Errorf("%d session counters over capacity", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM bookings b WHERE (b.places_booked = 1) = (b.status = 'cancelada')
			AND EXISTS (SELECT 1 FROM booking_lines bl JOIN booking_slots bs ON bs.booking_line_id = bl.id WHERE bl.booking_id = b.id)`); n != 0 {
		t.Errorf("%d bookings with sessions whose places_booked does not say 'not cancelled'", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM slots WHERE starts_at <= ? AND booked > 0`, now); n == 0 {
		t.Errorf("no past session is counted: the desk's Today of a past day would be empty")
	}
	ahead := count(t, db, `SELECT COUNT(*) FROM slots WHERE booked > 0`)
	if ahead == 0 {
		t.Errorf("no session ahead is booked")
	}
	// Every booked future session's place is on a day and at a time the circuit opens, matching its local columns.
	if n := count(t, db, `SELECT COUNT(*) FROM booking_slots WHERE local_time < '10:00:00' OR local_time >= '22:00:00'`); n != 0 {
		t.Errorf("%d sessions outside every circuit's opening hours", n)
	}
}
