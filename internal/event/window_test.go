package event

import (
	"errors"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/schedule"
)

func TestParseWindow(t *testing.T) {
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	// 23:30 UTC on 31 December is already 1 January in Madrid: "today" is the company's day.
	now := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)
	cases := []struct {
		name, date, dateEnd string
		from, to            string
		field               string // the parameter a 400 names; empty when valid
	}{
		{name: "defaults: today at the company and two months on", from: "2027-01-01", to: "2027-03-01"},
		{name: "date given, end defaults", date: "2026-06-15", from: "2026-06-15", to: "2026-08-15"},
		{name: "end of month plus two months normalises", date: "2026-12-31", from: "2026-12-31", to: "2027-03-03"},
		{name: "both given", date: "2026-06-01", dateEnd: "2026-06-07", from: "2026-06-01", to: "2026-06-07"},
		{name: "one day", date: "2026-06-01", dateEnd: "2026-06-01", from: "2026-06-01", to: "2026-06-01"},
		{name: "exactly a year", date: "2026-06-01", dateEnd: "2027-06-01", from: "2026-06-01", to: "2027-06-01"},
		{name: "end only", dateEnd: "2027-01-10", from: "2027-01-01", to: "2027-01-10"},
		{name: "a year and a day", date: "2026-06-01", dateEnd: "2027-06-02", field: "dateEnd"},
		{name: "end before start", date: "2026-06-02", dateEnd: "2026-06-01", field: "dateEnd"},
		{name: "malformed date", date: "01-06-2026", field: "date"},
		{name: "impossible date", date: "2026-02-30", field: "date"},
		{name: "malformed end", date: "2026-06-01", dateEnd: "2026-6-7", field: "dateEnd"},
		{name: "date with a time", date: "2026-06-01T00:00:00Z", field: "date"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := ParseWindow(c.date, c.dateEnd, now, madrid)
			if c.field != "" {
				var e *apperr.Error
				if !apperr.Is(err, apperr.Invalid) || !errorsAs(err, &e) || e.Fields[c.field] == "" {
					t.Fatalf("err %v, want invalid naming %s", err, c.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if w.From.String() != c.from || w.To.String() != c.to {
				t.Errorf("window %s..%s, want %s..%s", w.From, w.To, c.from, c.to)
			}
			if got := w.Start.In(madrid).Format(LocalLayout); got != c.from+" 00:00:00" {
				t.Errorf("start %s", got)
			}
			if got := w.End.In(madrid).Format(LocalLayout); got != w.To.AddDays(1).String()+" 00:00:00" {
				t.Errorf("end %s, want the day after %s at midnight", got, w.To)
			}
		})
	}
}

func TestWindowOverlaps(t *testing.T) {
	w := WindowOf(mustDate(t, "2026-06-01"), mustDate(t, "2026-06-30"), time.UTC)
	h := func(n int) time.Time {
		return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(n) * time.Hour)
	}
	cases := []struct {
		name       string
		start, end time.Time
		want       bool
	}{
		{"inside", h(240), h(243), true},
		{"started the day before, still running", h(-2), h(2), true},
		{"ended exactly at the start", h(-3), h(0), false},
		{"on the last day", h(29*24 + 20), h(29*24 + 23), true},
		{"runs past the end", h(29*24 + 22), h(30*24 + 2), true},
		{"starts exactly at the end", h(30 * 24), h(30*24 + 3), false},
		{"before", h(-48), h(-45), false},
	}
	for _, c := range cases {
		if got := w.Overlaps(c.start, c.end); got != c.want {
			t.Errorf("%s: overlaps %v, want %v", c.name, got, c.want)
		}
	}
}

func TestLandingWindowStartsNow(t *testing.T) {
	now := time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)
	w := LandingWindow(now, time.UTC)
	if !w.Start.Equal(now) || w.To.String() != "2026-05-10" {
		t.Errorf("landing window %v..%s", w.Start, w.To)
	}
	if w.Overlaps(now.Add(-3*time.Hour), now.Add(-time.Hour)) {
		t.Error("an event that ended this morning is on the landing")
	}
	if !w.Overlaps(now.Add(-time.Hour), now.Add(time.Hour)) {
		t.Error("an event running now is not on the landing")
	}
}

func mustDate(t *testing.T, s string) schedule.Date {
	t.Helper()
	d, err := schedule.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func errorsAs(err error, target **apperr.Error) bool { return errors.As(err, target) }
