package demo

import (
	"slices"
	"testing"
	"time"
)

// normPlan is Circuito Norte's plan for a history ending on Monday 6 April 2026.
func normPlan(t *testing.T) histPlan {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 4, 6, 10, 30, 0, 0, loc)
	sd := &seeder{now: now, loc: loc, today: time.Date(2026, 4, 6, 0, 0, 0, 0, loc), closedDate: "2026-04-16"}
	return sd.historyPlan(norte(), 12, 4000)
}

func TestGeneratorDrawsARealisticYear(t *testing.T) {
	t.Parallel()
	p := normPlan(t)
	h := generateHistory(p)
	var weekend, weekday, evening, daytime, cancelled, booking int
	perMonth := map[time.Month]int{}
	for _, b := range h.bookings {
		if b.source != "BOOKING" {
			continue
		}
		booking++
		if b.status == "cancelada" {
			cancelled++
		}
		for _, l := range b.lines {
			if l.drivers < 1 || l.drivers > 12 {
				t.Fatalf("a group of %d", l.drivers)
			}
			if len(l.driverNames) != l.drivers || l.driverNames[0] != b.contact.name+" "+b.contact.surname {
				t.Fatalf("drivers %v for a group of %d booked by %s %s", l.driverNames, l.drivers, b.contact.name, b.contact.surname)
			}
			for _, s := range l.slots {
				local := s.startsAt.In(p.loc)
				switch local.Weekday() {
				case time.Saturday, time.Sunday:
					weekend += s.places
				case time.Tuesday, time.Wednesday:
					weekday += s.places
				}
				if local.Hour() >= 17 {
					evening += s.places
				} else {
					daytime += s.places
				}
				perMonth[local.Month()] += s.places
			}
		}
	}
	if booking < 3800 {
		t.Errorf("%d bookings drawn, want about 4,000 past and some ahead", booking)
	}
	// Per day: two weekend days against two midweek days.
	if weekend < 2*weekday {
		t.Errorf("weekends %d places, Tuesdays and Wednesdays %d: weekends should be at least twice as busy", weekend, weekday)
	}
	// Evenings (17:00–22:00, 20 sessions a day) against daytime (10:00–17:00, 20 to 28 sessions).
	if evening < daytime {
		t.Errorf("evenings %d places, daytime %d: evenings should be busier", evening, daytime)
	}
	if perMonth[time.July] < 2*perMonth[time.January] {
		t.Errorf("July %d places, January %d: want a summer season", perMonth[time.July], perMonth[time.January])
	}
	if share := float64(cancelled) / float64(booking); share < 0.04 || share > 0.14 {
		t.Errorf("%.1f %% cancelled, want a few", share*100)
	}
	for _, m := range h.members {
		born, err := time.Parse(time.DateOnly, m.birthday)
		if err != nil {
			t.Fatal(err)
		}
		if age := p.today.Sub(born).Hours() / 24 / 365.25; age < 8 || age > 71 {
			t.Errorf("member %s is %.1f years old", m.nick, age)
		}
	}
}

func TestGeneratorIsDeterministic(t *testing.T) {
	t.Parallel()
	a, b := generateHistory(normPlan(t)), generateHistory(normPlan(t))
	if len(a.bookings) != len(b.bookings) || len(a.members) != len(b.members) {
		t.Fatalf("two runs drew %d and %d bookings", len(a.bookings), len(b.bookings))
	}
	for i := range a.bookings {
		x, y := a.bookings[i], b.bookings[i]
		if x.contact != y.contact || x.totalCents != y.totalCents || !x.createdAt.Equal(y.createdAt) || x.status != y.status {
			t.Fatalf("booking %d differs: %+v / %+v", i, x, y)
		}
	}
}

// demoPlan is a demo company's plan at a volume, as SeedWith draws it at seedTime (Monday 6 April 2026,
// 08:30 UTC): its time zone, its closed day, its sessions' capacity.
func demoPlan(t *testing.T, s companySpec, bookings int) histPlan {
	t.Helper()
	loc, err := time.LoadLocation(s.company.TimeZone)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 4, 6, 8, 30, 0, 0, time.UTC)
	local := now.In(loc)
	sd := &seeder{now: now, loc: loc, today: time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, loc)}
	closed := s.closedInDays
	for slices.Contains(s.closedWeekdays, weekdayKey(sd.today.AddDate(0, 0, closed))) {
		closed++
	}
	sd.closedDate = sd.date(closed)
	return sd.historyPlan(s, s.installation.maxParticipants, bookings)
}

// The demo's own volume (what `pitlane demo` and `serve --demo` write, Options.HistoryBookings 0) gives
// every company thousands of bookings, a hundred members with a birth date and fifty regulars who booked
// three times or more. Counted on the generated history, which the writer stores row for row (TestHistory
// checks the stored rows at a smaller volume; cmd/pitlane's TestServeDemo* count the binary's bookings).
func TestDemoHistoryVolume(t *testing.T) {
	t.Parallel()
	for _, s := range []companySpec{norte(), fjord(), vattern()} {
		h := generateHistory(demoPlan(t, s, defaultHistoryBookings[s.company.Name]))
		if n := len(h.bookings); n < 2000 {
			t.Errorf("%s: %d bookings, want thousands", s.company.Name, n)
		}
		born := 0
		for _, m := range h.members {
			if m.birthday != "" {
				born++
			}
		}
		if born < 100 {
			t.Errorf("%s: %d members with a birth date", s.company.Name, born)
		}
		perMember := map[int]int{}
		for _, b := range h.bookings {
			if b.member >= 0 {
				perMember[b.member]++
			}
		}
		regulars := 0
		for _, n := range perMember {
			if n >= 3 {
				regulars++
			}
		}
		if regulars < 50 {
			t.Errorf("%s: only %d members booked three times or more", s.company.Name, regulars)
		}
	}
}
