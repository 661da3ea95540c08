package report

import (
	"testing"
	"time"

	"pitlane/internal/apperr"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("zone %s: %v", name, err)
	}
	return loc
}

func d(s string) Date {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return DateOf(t.Date())
}

func TestParseDate(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"2026-03-29", "2026-03-29", true},
		{"2026-03-29T00:00:00Z", "2026-03-29", true},
		{"2026-03-29T23:00:00+02:00", "2026-03-29", true}, // the date part is the circuit's date
		{"2024-02-29", "2024-02-29", true},
		{"2025-02-29", "", false},
		{"2026-3-29", "", false},
		{"29/03/2026", "", false},
		{"2026-03-29 00:00", "", false},
		{"2026-03-29Tgarbage", "", false},
		{"", "", false},
	} {
		got, err := ParseDate("start", c.in)
		if c.ok != (err == nil) {
			t.Errorf("ParseDate(%q) error %v, want ok=%v", c.in, err, c.ok)
			continue
		}
		if !c.ok {
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("ParseDate(%q) code %s, want invalid", c.in, apperr.CodeOf(err))
			}
			continue
		}
		if got.String() != c.want {
			t.Errorf("ParseDate(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestNewPeriod(t *testing.T) {
	for _, c := range []struct {
		start, end string
		code       apperr.Code // "" when valid
	}{
		{"2026-05-01", "2026-05-01", ""},
		{"2026-05-02", "2026-05-01", apperr.Unprocessable},
		{"2023-01-01", "2025-12-31", ""},                   // three years with a leap day: 1096 days
		{"2023-01-01", "2026-01-01", apperr.Unprocessable}, // one day more
		{"2024-01-01", "2024-12-31", ""},                   // a leap year
		{"2020-01-01", "2026-12-31", apperr.Unprocessable}, // seven years
	} {
		_, err := NewPeriod(d(c.start), d(c.end))
		if c.code == "" && err != nil || c.code != "" && apperr.CodeOf(err) != c.code {
			t.Errorf("NewPeriod(%s, %s) = %v, want %q", c.start, c.end, err, c.code)
		}
	}
}

func TestPreviousAndDays(t *testing.T) {
	for _, c := range []struct {
		start, end         string
		days               int
		prevStart, prevEnd string
	}{
		{"2026-05-04", "2026-05-04", 1, "2026-05-03", "2026-05-03"},
		{"2026-05-04", "2026-05-10", 7, "2026-04-27", "2026-05-03"},   // a week before a week
		{"2026-03-01", "2026-03-31", 31, "2026-01-29", "2026-02-28"},  // March's 31 days back over February
		{"2024-03-01", "2024-03-31", 31, "2024-01-30", "2024-02-29"},  // leap February
		{"2026-01-01", "2026-12-31", 365, "2025-01-01", "2025-12-31"}, // a year before a year
		{"2025-01-01", "2025-12-31", 365, "2024-01-02", "2024-12-31"}, // 365 days back over a leap year
		{"2026-01-01", "2026-01-03", 3, "2025-12-29", "2025-12-31"},   // across the year end
	} {
		p := Period{Start: d(c.start), End: d(c.end)}
		if p.Days() != c.days {
			t.Errorf("%s..%s Days = %d, want %d", c.start, c.end, p.Days(), c.days)
		}
		pr := p.Previous()
		if pr.Start.String() != c.prevStart || pr.End.String() != c.prevEnd {
			t.Errorf("%s..%s Previous = %s..%s, want %s..%s", c.start, c.end, pr.Start, pr.End, c.prevStart, c.prevEnd)
		}
		if pr.Days() != p.Days() || pr.End+1 != p.Start {
			t.Errorf("%s..%s previous is not the same length just before", c.start, c.end)
		}
	}
}

func TestCalendarPeriods(t *testing.T) {
	madrid := mustZone(t, "Europe/Madrid")
	tokyo := mustZone(t, "Asia/Tokyo")
	for _, c := range []struct {
		name       string
		now        time.Time
		loc        *time.Location
		f          func(time.Time, *time.Location) Period
		start, end string
	}{
		{"today", time.Date(2026, 5, 6, 12, 0, 0, 0, time.UTC), madrid, Today, "2026-05-06", "2026-05-06"},
		{"today late UTC is tomorrow in Madrid", time.Date(2026, 5, 6, 22, 30, 0, 0, time.UTC), madrid, Today, "2026-05-07", "2026-05-07"},
		{"today in Tokyo while UTC is still yesterday", time.Date(2026, 5, 6, 16, 0, 0, 0, time.UTC), tokyo, Today, "2026-05-07", "2026-05-07"},
		{"week from a Wednesday", time.Date(2026, 5, 6, 12, 0, 0, 0, time.UTC), madrid, Week, "2026-05-04", "2026-05-10"},
		{"week from a Monday", time.Date(2026, 5, 4, 8, 0, 0, 0, time.UTC), madrid, Week, "2026-05-04", "2026-05-10"},
		{"week from a Sunday is the week before", time.Date(2026, 5, 10, 20, 0, 0, 0, time.UTC), madrid, Week, "2026-05-04", "2026-05-10"},
		{"Sunday 23:30 UTC is Monday in Madrid", time.Date(2026, 5, 10, 23, 30, 0, 0, time.UTC), madrid, Week, "2026-05-11", "2026-05-17"},
		{"week across the year end", time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), madrid, Week, "2025-12-29", "2026-01-04"},
		{"January", time.Date(2026, 1, 31, 12, 0, 0, 0, time.UTC), madrid, Month, "2026-01-01", "2026-01-31"},
		{"February", time.Date(2026, 2, 10, 12, 0, 0, 0, time.UTC), madrid, Month, "2026-02-01", "2026-02-28"},
		{"leap February", time.Date(2024, 2, 10, 12, 0, 0, 0, time.UTC), madrid, Month, "2024-02-01", "2024-02-29"},
		{"December", time.Date(2026, 12, 31, 12, 0, 0, 0, time.UTC), madrid, Month, "2026-12-01", "2026-12-31"},
		{"Jan 31 23:30 UTC is February in Madrid", time.Date(2026, 1, 31, 23, 30, 0, 0, time.UTC), madrid, Month, "2026-02-01", "2026-02-28"},
		{"year", time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC), madrid, Year, "2026-01-01", "2026-12-31"},
		{"New Year's Eve 23:30 UTC is next year in Madrid", time.Date(2025, 12, 31, 23, 30, 0, 0, time.UTC), madrid, Year, "2026-01-01", "2026-12-31"},
	} {
		p := c.f(c.now, c.loc)
		if p.Start.String() != c.start || p.End.String() != c.end {
			t.Errorf("%s: %s..%s, want %s..%s", c.name, p.Start, p.End, c.start, c.end)
		}
	}
}

func TestInstantsAreLocalMidnights(t *testing.T) {
	madrid := mustZone(t, "Europe/Madrid")
	kolkata := mustZone(t, "Asia/Kolkata")
	for _, c := range []struct {
		name     string
		loc      *time.Location
		p        Period
		from, to string // RFC 3339 in UTC
		hours    float64
	}{
		{"spring forward day is 23 h", madrid, Period{Start: d("2026-03-29"), End: d("2026-03-29")}, "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z", 23},
		{"fall back day is 25 h", madrid, Period{Start: d("2026-10-25"), End: d("2026-10-25")}, "2026-10-24T22:00:00Z", "2026-10-25T23:00:00Z", 25},
		{"winter week", madrid, Period{Start: d("2026-01-05"), End: d("2026-01-11")}, "2026-01-04T23:00:00Z", "2026-01-11T23:00:00Z", 168},
		{"UTC+5:30 day starts the evening before in UTC", kolkata, Period{Start: d("2026-05-04"), End: d("2026-05-04")}, "2026-05-03T18:30:00Z", "2026-05-04T18:30:00Z", 24},
	} {
		from, to := c.p.Instants(c.loc)
		if got := from.UTC().Format(time.RFC3339); got != c.from {
			t.Errorf("%s: from %s, want %s", c.name, got, c.from)
		}
		if got := to.UTC().Format(time.RFC3339); got != c.to {
			t.Errorf("%s: to %s, want %s", c.name, got, c.to)
		}
		if h := to.Sub(from).Hours(); h != c.hours {
			t.Errorf("%s: %v hours, want %v", c.name, h, c.hours)
		}
	}
}

// TestOffsetsBucketEveryInstantOnItsLocalDate walks a year in 15-minute steps in several zones and checks
// that the SQL bucketing rule (Unix ms plus the offset of its stretch, divided by a day) gives the same
// local date as the time package.
func TestOffsetsBucketEveryInstantOnItsLocalDate(t *testing.T) {
	for _, name := range []string{"Europe/Madrid", "Asia/Kolkata", "Pacific/Auckland", "America/Santiago", "UTC", "Australia/Lord_Howe"} {
		loc := mustZone(t, name)
		p := Period{Start: d("2025-12-30"), End: d("2026-12-31")}
		from, to := p.Instants(loc)
		offs := Offsets(from, to, loc)
		if len(offs) == 0 || offs[len(offs)-1].Until != to.UnixMilli() {
			t.Fatalf("%s: offsets %v do not end at the range's end", name, offs)
		}
		for ms := from.UnixMilli(); ms < to.UnixMilli(); ms += 15 * 60 * 1000 {
			want := LocalDate(time.UnixMilli(ms), loc)
			if got := DayOfMs(ms, offs); got != want {
				t.Fatalf("%s: %s bucketed on %s, want %s", name, time.UnixMilli(ms).UTC(), got, want)
			}
			if !p.Contains(want) {
				t.Fatalf("%s: %s is outside the period", name, time.UnixMilli(ms).UTC())
			}
		}
	}
	madrid := mustZone(t, "Europe/Madrid")
	from, to := Period{Start: d("2026-01-01"), End: d("2026-12-31")}.Instants(madrid)
	if n := len(Offsets(from, to, madrid)); n != 3 {
		t.Errorf("Madrid's 2026 has %d stretches of one offset, want 3 (winter, summer, winter)", n)
	}
}

// Like is compared with like: a period to date with the same days of the previous month, week or year,
// a full month with the whole previous month, a custom range with as many days just before it.
func TestPreviousComparesLikeWithLike(t *testing.T) {
	for _, c := range []struct {
		name       string
		start, end string
		compare    Compare
		want       string // the previous period, start..end
	}{
		{"month to date", "2026-11-01", "2026-11-27", CompareMonth, "2026-10-01..2026-10-27"},
		{"full month after a longer one", "2026-11-01", "2026-11-30", CompareMonth, "2026-10-01..2026-10-31"},
		{"full month after a shorter one", "2026-10-01", "2026-10-31", CompareMonth, "2026-09-01..2026-09-30"},
		{"March to the 30th, leap February", "2024-03-01", "2024-03-30", CompareMonth, "2024-02-01..2024-02-29"},
		{"full March, leap February", "2024-03-01", "2024-03-31", CompareMonth, "2024-02-01..2024-02-29"},
		{"full March, common February", "2026-03-01", "2026-03-31", CompareMonth, "2026-02-01..2026-02-28"},
		{"full leap February", "2024-02-01", "2024-02-29", CompareMonth, "2024-01-01..2024-01-31"},
		{"January to date, across the year", "2027-01-01", "2027-01-15", CompareMonth, "2026-12-01..2026-12-15"},
		{"week to date", "2026-11-23", "2026-11-26", CompareWeek, "2026-11-16..2026-11-19"},
		{"year to date", "2026-01-01", "2026-11-27", CompareYear, "2025-01-01..2025-11-27"},
		{"year to a leap day", "2024-01-01", "2024-02-29", CompareYear, "2023-01-01..2023-02-28"},
		{"full year", "2026-01-01", "2026-12-31", CompareYear, "2025-01-01..2025-12-31"},
		{"custom range", "2026-11-10", "2026-11-16", CompareBefore, "2026-11-03..2026-11-09"},
		{"custom range over a month end", "2026-10-20", "2026-11-05", CompareBefore, "2026-10-03..2026-10-19"},
		{"today", "2026-11-27", "2026-11-27", CompareBefore, "2026-11-26..2026-11-26"},
		{"no comparison said: just before", "2026-11-01", "2026-11-27", "", "2026-10-05..2026-10-31"},
	} {
		p, err := NewPeriod(d(c.start), d(c.end))
		if err != nil {
			t.Fatal(err)
		}
		if c.compare != "" {
			if p, err = p.WithCompare("previous", c.compare); err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
		}
		pre := p.Previous()
		if got := pre.Start.String() + ".." + pre.End.String(); got != c.want {
			t.Errorf("%s: %s..%s by %q is compared with %s, want %s", c.name, c.start, c.end, c.compare, got, c.want)
		}
	}
	// A comparison the period does not fit is refused by name; an unknown one is malformed.
	for _, c := range []struct {
		start, end string
		compare    Compare
	}{
		{"2026-10-20", "2026-11-05", CompareMonth},
		{"2025-12-01", "2026-01-31", CompareYear},
		{"2026-11-01", "2026-11-08", CompareWeek},
	} {
		p, _ := NewPeriod(d(c.start), d(c.end))
		if _, err := p.WithCompare("previous", c.compare); !apperr.Is(err, apperr.Unprocessable) {
			t.Errorf("%s..%s by %s: %v, want unprocessable", c.start, c.end, c.compare, err)
		}
	}
	if _, err := ParseCompare("previous", "quarter"); !apperr.Is(err, apperr.Invalid) {
		t.Errorf("an unknown comparison: %v", err)
	}
	if c, err := ParseCompare("previous", ""); err != nil || c != CompareBefore {
		t.Errorf("no comparison: %q %v", c, err)
	}
}
