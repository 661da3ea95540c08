package frontdesk_test

import (
	"testing"
	"time"

	"pitlane/internal/frontdesk"
)

// TestDayBounds: a circuit-local day runs from its midnight to the next, 23 hours on the day summer
// time begins, and a bad date is refused.
func TestDayBounds(t *testing.T) {
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		date  string
		hours float64
		from  string
	}{
		{"2026-03-15", 24, "2026-03-14T23:00:00Z"},
		{"2026-03-29", 23, "2026-03-28T23:00:00Z"},
		{"2026-10-25", 25, "2026-10-24T22:00:00Z"},
	} {
		from, until, err := frontdesk.DayBounds(c.date, madrid)
		if err != nil {
			t.Fatal(err)
		}
		if got := until.Sub(from).Hours(); got != c.hours || from.UTC().Format(time.RFC3339) != c.from {
			t.Errorf("%s: from %s, %v hours; want %s, %v", c.date, from.UTC().Format(time.RFC3339), got, c.from, c.hours)
		}
	}
	if _, _, err := frontdesk.DayBounds("15/03/2026", madrid); err == nil {
		t.Error("a date that is not YYYY-MM-DD was taken")
	}
}

// TestTarget: a booking is named by its reference in any case, with or without the dash, or its id.
func TestTarget(t *testing.T) {
	for _, in := range []string{"ue9b-ktgr", "UE9BKTGR", " ue9bktgr "} {
		if id, ref, err := frontdesk.Target(0, in); err != nil || id != 0 || ref != "UE9BKTGR" {
			t.Errorf("%q: %d %q %v", in, id, ref, err)
		}
	}
	if id, ref, err := frontdesk.Target(42, ""); err != nil || id != 42 || ref != "" {
		t.Errorf("id: %d %q %v", id, ref, err)
	}
	for _, c := range []struct {
		id  int64
		ref string
	}{{0, ""}, {0, "UE9B"}, {3, "UE9BKTGR"}} {
		if _, _, err := frontdesk.Target(c.id, c.ref); err == nil {
			t.Errorf("%d %q was taken", c.id, c.ref)
		}
	}
}
