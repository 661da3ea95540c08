package schedule

import (
	"testing"
	"time"
)

// Europe/Madrid 2026: clocks go 02:00 CET → 03:00 CEST on Sunday 29 March (01:00 UTC)
// and 03:00 CEST → 02:00 CET on Sunday 25 October (01:00 UTC).
var (
	springForward = Date{2026, time.March, 29}
	fallBack      = Date{2026, time.October, 25}
)

func utc(month time.Month, day, hour, minute int) time.Time {
	return time.Date(2026, month, day, hour, minute, 0, 0, time.UTC)
}

func TestSlotsDaylightSaving(t *testing.T) {
	loc := madrid(t)
	// Sunday opens 00:00–06:00 in half hours, so the period spans the changed hour.
	early := Settings{Interval: 30, Location: loc, GeneralSchedule: map[Weekday][]Period{
		Sunday: {{From: "00:00", To: "06:00", Open: true}},
	}}
	// Saturday night runs 22:00–04:00 hourly, so Sunday gets the wrapped tail.
	night := Settings{Interval: 60, Location: loc, GeneralSchedule: map[Weekday][]Period{
		Saturday: {{From: "22:00", To: "04:00", Open: true}},
		Sunday:   {},
	}}
	tests := []struct {
		name   string
		s      Settings
		d      Date
		locals []string
		starts []time.Time
	}{
		{
			name:   "spring forward skips 02:00 and 02:30",
			s:      early,
			d:      springForward,
			locals: remove(every(t, "00:00", "06:00", 30), "02:00:00", "02:30:00"),
			starts: []time.Time{
				utc(3, 28, 23, 0), utc(3, 28, 23, 30), utc(3, 29, 0, 0), utc(3, 29, 0, 30), // CET, UTC+1
				utc(3, 29, 1, 0), utc(3, 29, 1, 30), utc(3, 29, 2, 0), utc(3, 29, 2, 30), // CEST, UTC+2
				utc(3, 29, 3, 0), utc(3, 29, 3, 30),
			},
		},
		{
			name:   "fall back lists 02:00 and 02:30 once, at the first occurrence",
			s:      early,
			d:      fallBack,
			locals: every(t, "00:00", "06:00", 30),
			starts: []time.Time{
				utc(10, 24, 22, 0), utc(10, 24, 22, 30), utc(10, 24, 23, 0), utc(10, 24, 23, 30), // CEST
				utc(10, 25, 0, 0), utc(10, 25, 0, 30), // 02:00 and 02:30 CEST, the first time round
				utc(10, 25, 2, 0), utc(10, 25, 2, 30), utc(10, 25, 3, 0), utc(10, 25, 3, 30), // CET
				utc(10, 25, 4, 0), utc(10, 25, 4, 30),
			},
		},
		{
			name:   "a night wrapping into spring forward",
			s:      night,
			d:      springForward,
			locals: hours(0, 1, 3),
			starts: []time.Time{utc(3, 28, 23, 0), utc(3, 29, 0, 0), utc(3, 29, 1, 0)},
		},
		{
			name:   "a night wrapping into fall back",
			s:      night,
			d:      fallBack,
			locals: hours(0, 1, 2, 3),
			starts: []time.Time{utc(10, 24, 22, 0), utc(10, 24, 23, 0), utc(10, 25, 0, 0), utc(10, 25, 2, 0)},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Slots(tt.s, tt.d)
			assertLocals(t, got, tt.locals)
			if len(got) != len(tt.starts) {
				return
			}
			for i, sl := range got {
				if !sl.Start.Equal(tt.starts[i]) {
					t.Errorf("%s starts at %v, want %v", sl.Local, sl.Start, tt.starts[i])
				}
				if sl.Date != tt.d.String() {
					t.Errorf("%s has date %s", sl.Local, sl.Date)
				}
			}
		})
	}
}

func TestSlotAtDaylightSaving(t *testing.T) {
	s := Settings{Interval: 30, Location: madrid(t), Opening: "00:00", Closing: "06:00"}
	if _, ok := SlotAt(s, springForward, "02:30:00"); ok {
		t.Error("02:30 does not exist on the spring-forward day")
	}
	sl, ok := SlotAt(s, fallBack, "02:30:00")
	if !ok || !sl.Start.Equal(utc(10, 25, 0, 30)) {
		t.Errorf("02:30 on the fall-back day = %v, %v; want its first occurrence", sl.Start, ok)
	}
	// An ordinary summer day in Madrid is UTC+2.
	sl, ok = SlotAt(DefaultSettings(), mon4May, "08:00:00")
	if s2, ok2 := SlotAt(Settings{Location: madrid(t)}, mon4May, "08:00:00"); !ok || !ok2 || sl.Start.Sub(s2.Start) != 2*time.Hour {
		t.Errorf("08:00 UTC vs 08:00 Madrid differ by %v", sl.Start.Sub(s2.Start))
	}
}
