package schedule

import (
	"slices"
	"testing"
	"time"
	_ "time/tzdata" // Europe/Madrid without relying on the machine's zoneinfo
)

// Known weekdays of 2026 used across the tests.
var (
	fri1May  = Date{2026, time.May, 1}
	sat2May  = Date{2026, time.May, 2}
	sun3May  = Date{2026, time.May, 3}
	mon4May  = Date{2026, time.May, 4}
	tue5May  = Date{2026, time.May, 5}
	fri8May  = Date{2026, time.May, 8}
	sat9May  = Date{2026, time.May, 9}
	mon11May = Date{2026, time.May, 11}
)

func locals(slots []Slot) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.Local
	}
	return out
}

// hours lists "HH:00:00" for each hour given.
func hours(hs ...int) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = formatLocal(h * 60)
	}
	return out
}

// every lists slot starts from "from" every step minutes while a slot fits before "to".
func every(t *testing.T, from, to string, step int) []string {
	t.Helper()
	w, err := parseSpan(from, to)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for m := w.start; m+step <= w.end; m += step {
		out = append(out, formatLocal(m))
	}
	return out
}

func hourly(s Settings) Settings {
	s.Interval = 60
	return s
}

func madrid(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func assertLocals(t *testing.T, got []Slot, want []string) {
	t.Helper()
	if g := locals(got); !slices.Equal(g, want) {
		t.Errorf("slots\n got %v\nwant %v", g, want)
	}
}
