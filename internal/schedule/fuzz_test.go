package schedule

import (
	"encoding/json"
	"testing"
	"time"
)

func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"00:00", "08:30", "23:59", "24:00", "24:01", "9:00", "ab:cd", "", "12:345"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseClock(s)
		if err != nil {
			return
		}
		if c < 0 || c > dayMinutes {
			t.Fatalf("ParseClock(%q) = %d, outside the day", s, c)
		}
		if c.String() != s {
			t.Fatalf("ParseClock(%q) = %d, which writes back as %q", s, c, c.String())
		}
	})
}

// FuzzSlots feeds arbitrary settings JSON and dates: Slots must not panic, must return
// strictly ascending wall times on the asked date, and every Start must show that wall
// time at the circuit.
func FuzzSlots(f *testing.F) {
	f.Add([]byte(adminJSON), 0, "Europe/Madrid")
	f.Add([]byte(`{"interval":1,"openingDate":"00:00","closingDate":"00:00"}`), 87, "Europe/Madrid")
	f.Add([]byte(`{"interval":480,"generalSchedule":{"SA":[{"from":"22:00","to":"04:00","open":true}]}}`), 330, "America/Santiago")
	f.Add([]byte(`{"rules":{"MO":{"excludedHours":[{"from":"23:00","to":"01:00"}]}},"openingDate":"24:00","closingDate":"24:00"}`), -3, "UTC")
	f.Add([]byte(`{"specialSchedule":[{"date":["2026-01-01","2026-12-31"],"schedule":{"value":[{"from":"05:00","to":"05:00"}]}}]}`), 100, "Australia/Lord_Howe")
	f.Fuzz(func(t *testing.T, raw []byte, offset int, zone string) {
		s := DefaultSettings()
		if json.Unmarshal(raw, &s) != nil {
			return
		}
		if loc, err := time.LoadLocation(zone); err == nil {
			s.Location = loc
		}
		_ = Validate(s)
		d := Date{2026, time.January, 1}.AddDays(offset % 5000)
		prev := -1
		for _, sl := range Slots(s, d) {
			m, ok := parseLocal(sl.Local)
			if !ok || m <= prev || sl.Date != d.String() {
				t.Fatalf("bad slot %+v after minute %d on %s", sl, prev, d)
			}
			prev = m
			loc := s.Location
			if loc == nil {
				loc = time.UTC
			}
			local := sl.Start.In(loc)
			if DateOf(local) != d || local.Hour()*60+local.Minute() != m {
				t.Fatalf("slot %+v starts at %v, another wall time", sl, local)
			}
		}
		_, _ = SlotAt(s, d, "10:00:00")
		_ = CheckPackSelection(s, d, []string{"10:00:00", "10:15:00"}, 2, offset%4)
	})
}
