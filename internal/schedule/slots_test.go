package schedule

import (
	"testing"
	"time"
)

func TestSlotsDefaults(t *testing.T) {
	for name, s := range map[string]Settings{"zero value": {}, "DefaultSettings": DefaultSettings()} {
		t.Run(name, func(t *testing.T) {
			got := Slots(s, mon4May)
			assertLocals(t, got, every(t, "08:00", "23:00", 15))
			if len(got) != 60 || got[0].Local != "08:00:00" || got[59].Local != "22:45:00" {
				t.Fatalf("want 60 slots 08:00..22:45, got %d", len(got))
			}
			want := time.Date(2026, time.May, 4, 8, 0, 0, 0, time.UTC)
			if !got[0].Start.Equal(want) || got[0].Start.Location() != time.UTC || got[0].Date != "2026-05-04" {
				t.Errorf("first slot = %+v, want start %v on 2026-05-04", got[0], want)
			}
		})
	}
}

func TestSlotsInterval(t *testing.T) {
	allDay := Settings{Opening: "00:00", Closing: "00:00"}
	tests := []struct {
		name     string
		s        Settings
		count    int
		first    string
		last     string
		wantNone bool
	}{
		{name: "1 minute", s: Settings{Interval: 1}, count: 900, first: "08:00:00", last: "22:59:00"},
		{name: "40 minutes, last slot must end by closing", s: Settings{Interval: 40}, count: 22, first: "08:00:00", last: "22:00:00"},
		{name: "45 minutes", s: Settings{Interval: 45}, count: 20, first: "08:00:00", last: "22:15:00"},
		{name: "480 minutes in 08:00-23:00", s: Settings{Interval: 480}, count: 1, first: "08:00:00", last: "08:00:00"},
		{name: "480 minutes all day", s: Settings{Interval: 480, Opening: allDay.Opening, Closing: allDay.Closing}, count: 3, first: "00:00:00", last: "16:00:00"},
		{name: "481 minutes gives no slots", s: Settings{Interval: 481}, wantNone: true},
		{name: "negative interval gives no slots", s: Settings{Interval: -15}, wantNone: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Slots(tt.s, mon4May)
			if tt.wantNone {
				if len(got) != 0 {
					t.Fatalf("want no slots, got %v", locals(got))
				}
				return
			}
			if len(got) != tt.count || got[0].Local != tt.first || got[len(got)-1].Local != tt.last {
				t.Fatalf("got %d slots %v", len(got), locals(got))
			}
		})
	}
}

func TestSlotsWeeklySchedule(t *testing.T) {
	twoPeriods := hourly(Settings{GeneralSchedule: map[Weekday][]Period{
		Monday: {{From: "10:00", To: "14:00", Open: true}, {From: "16:00", To: "20:00", Open: true}},
	}})
	secondOff := hourly(Settings{GeneralSchedule: map[Weekday][]Period{
		Monday: {{From: "10:00", To: "14:00", Open: true}, {From: "16:00", To: "20:00", Open: false}},
	}})
	closedMonday := hourly(Settings{GeneralSchedule: map[Weekday][]Period{
		Monday:  {{From: "10:00", To: "14:00"}, {From: "16:00", To: "20:00"}},
		Tuesday: {},
	}})
	tests := []struct {
		name string
		s    Settings
		d    Date
		want []string
	}{
		{"two periods", twoPeriods, mon4May, hours(10, 11, 12, 13, 16, 17, 18, 19)},
		{"a switched-off period is ignored", secondOff, mon4May, hours(10, 11, 12, 13)},
		{"unlisted weekday uses the general hours", twoPeriods, tue5May, every(t, "08:00", "23:00", 60)},
		{"weekday with every period off is closed", closedMonday, mon4May, nil},
		{"weekday listed with no period is closed", closedMonday, tue5May, nil},
		{"general hours across midnight", hourly(Settings{Opening: "10:00", Closing: "01:00"}), mon4May,
			hours(0, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertLocals(t, Slots(tt.s, tt.d), tt.want) })
	}
}

func TestSlotsSpecialSchedule(t *testing.T) {
	weekendClosed := map[Weekday][]Period{Saturday: {}, Sunday: {{From: "10:00", To: "12:00"}}}
	special := func(rows ...SpecialRow) Settings {
		return hourly(Settings{GeneralSchedule: weekendClosed, SpecialSchedule: rows,
			Rules: Rules{
				Days:        map[Weekday]DayRules{Monday: {ExcludedHours: []Range{{From: "10:00", To: "11:00"}}, ExcludedDays: []string{"2026-05-11"}}},
				AllowedDays: []map[string][]Range{{"2026-05-11": {{From: "15:00", To: "16:00"}}}},
			}})
	}
	closed := SpecialRow{ID: "1", Date: []string{"2026-05-04"}, Schedule: SpecialDay{Closed: true}}
	allDay := SpecialRow{ID: "2", Date: []string{"2026-05-04"}, Schedule: SpecialDay{Open24h: true}}
	hoursRow := SpecialRow{ID: "3", Date: []string{"2026-05-04"}, Schedule: SpecialDay{Value: []Range{{From: "09:00", To: "12:00"}, {From: "15:00", To: "17:00"}}}}
	rangeRow := SpecialRow{ID: "4", Date: []string{"2026-05-01", "2026-05-04"}, Schedule: SpecialDay{Value: []Range{{From: "12:00", To: "14:00"}}}}
	openSunday := SpecialRow{ID: "5", Date: []string{"2026-05-03"}, Schedule: SpecialDay{Value: []Range{{From: "18:00", To: "20:00"}}}}
	overAllowed := SpecialRow{ID: "6", Date: []string{"2026-05-11"}, Schedule: SpecialDay{Value: []Range{{From: "09:00", To: "10:00"}}}}
	tests := []struct {
		name string
		s    Settings
		d    Date
		want []string
	}{
		{"closed day", special(closed), mon4May, nil},
		{"closed day leaves the next day alone", special(closed), tue5May, every(t, "08:00", "23:00", 60)},
		{"open 24h", special(allDay), mon4May, every(t, "00:00", "24:00", 60)},
		{"own hours, excluded hours do not apply", special(hoursRow), mon4May, hours(9, 10, 11, 15, 16)},
		{"range first day", special(rangeRow), fri1May, hours(12, 13)},
		{"range skips a closed Saturday", special(rangeRow), sat2May, nil},
		{"range skips Sunday closed by its switches", special(rangeRow), sun3May, nil},
		{"range last day", special(rangeRow), mon4May, hours(12, 13)},
		{"after the range", special(rangeRow), tue5May, every(t, "08:00", "23:00", 60)},
		{"single date opens a closed weekday", special(openSunday), sun3May, hours(18, 19)},
		{"special wins over allowed and excluded days", special(overAllowed), mon11May, hours(9)},
		{"first matching row wins", special(hoursRow, closed), mon4May, hours(9, 10, 11, 15, 16)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertLocals(t, Slots(tt.s, tt.d), tt.want) })
	}
}

func TestSlotsRules(t *testing.T) {
	threeRanges := hourly(Settings{Rules: Rules{Days: map[Weekday]DayRules{Monday: {ExcludedHours: []Range{
		{From: "08:00", To: "09:00"}, {From: "12:00", To: "13:30"}, {From: "20:00", To: "23:00"},
	}}}}})
	quarter := func(from, to string) Settings {
		return Settings{Rules: Rules{Days: map[Weekday]DayRules{Monday: {ExcludedHours: []Range{{From: from, To: to}}}}}}
	}
	closedSunday := map[Weekday][]Period{Sunday: {}}
	tests := []struct {
		name string
		s    Settings
		d    Date
		want []string
	}{
		{"three excluded ranges remove overlapping slots", threeRanges, mon4May, hours(9, 10, 11, 14, 15, 16, 17, 18, 19)},
		{"excluded hours belong to their weekday", threeRanges, tue5May, every(t, "08:00", "23:00", 60)},
		{"from <= t < to: edges", quarter("14:00", "15:00"), mon4May,
			remove(every(t, "08:00", "23:00", 15), "14:00:00", "14:15:00", "14:30:00", "14:45:00")},
		{"a range inside a slot removes the slots it touches", quarter("14:10", "14:20"), mon4May,
			remove(every(t, "08:00", "23:00", 15), "14:00:00", "14:15:00")},
		{"excluded day is closed", hourly(Settings{Rules: Rules{Days: map[Weekday]DayRules{Monday: {ExcludedDays: []string{"2026-05-04"}}}}}), mon4May, nil},
		{"excluded day only that date", hourly(Settings{Rules: Rules{Days: map[Weekday]DayRules{Monday: {ExcludedDays: []string{"2026-05-04"}}}}}), mon11May, every(t, "08:00", "23:00", 60)},
		{"allowed day opens a closed weekday", hourly(Settings{GeneralSchedule: closedSunday,
			Rules: Rules{AllowedDays: []map[string][]Range{{"2026-05-03": {{From: "10:00", To: "12:00"}}}}}}), sun3May, hours(10, 11)},
		{"allowed day wins over an excluded day, ignoring excluded hours", hourly(Settings{Rules: Rules{
			Days:        map[Weekday]DayRules{Monday: {ExcludedDays: []string{"2026-05-04"}, ExcludedHours: []Range{{From: "10:00", To: "11:00"}}}},
			AllowedDays: []map[string][]Range{{"2026-05-04": {{From: "10:00", To: "12:00"}}}}}}), mon4May, hours(10, 11)},
		{"allowed day with no hours uses the general hours", hourly(Settings{GeneralSchedule: closedSunday,
			Rules: Rules{AllowedDays: []map[string][]Range{{"2026-05-03": {}}}}}), sun3May, every(t, "08:00", "23:00", 60)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertLocals(t, Slots(tt.s, tt.d), tt.want) })
	}
}

func TestSlotsPastMidnight(t *testing.T) {
	friNight := map[Weekday][]Period{Friday: {{From: "18:00", To: "02:00", Open: true}}}
	tests := []struct {
		name string
		s    Settings
		d    Date
		want []string
	}{
		{"the wrapping day keeps only its evening", hourly(Settings{GeneralSchedule: friNight}), fri8May, hours(18, 19, 20, 21, 22, 23)},
		{"the next day starts with the night's tail", hourly(Settings{GeneralSchedule: friNight}), sat9May,
			append(hours(0, 1), every(t, "08:00", "23:00", 60)...)},
		{"the tail survives a closed next day", hourly(Settings{GeneralSchedule: friNight, SpecialSchedule: []SpecialRow{
			{Date: []string{"2026-05-09"}, Schedule: SpecialDay{Closed: true}}}}), sat9May, hours(0, 1)},
		{"the tail is not doubled by a 24h next day", hourly(Settings{GeneralSchedule: friNight, SpecialSchedule: []SpecialRow{
			{Date: []string{"2026-05-09"}, Schedule: SpecialDay{Open24h: true}}}}), sat9May, every(t, "00:00", "24:00", 60)},
		{"the wrapping day's excluded hours cut its tail", Settings{Interval: 30, GeneralSchedule: friNight,
			Rules: Rules{Days: map[Weekday]DayRules{
				Friday:   {ExcludedHours: []Range{{From: "00:30", To: "01:00"}}},
				Saturday: {ExcludedHours: []Range{{From: "01:00", To: "02:00"}}},
			}}}, sat9May, append([]string{"00:00:00", "01:00:00", "01:30:00"}, remove(every(t, "08:00", "23:00", 30))...)},
		{"00:00 as an end is the end of the day", hourly(Settings{GeneralSchedule: map[Weekday][]Period{Friday: {{From: "20:00", To: "00:00", Open: true}}}}), sat9May,
			every(t, "08:00", "23:00", 60)},
		{"24:00 as an end is the end of the day", hourly(Settings{GeneralSchedule: map[Weekday][]Period{Friday: {{From: "20:00", To: "24:00", Open: true}}}}), fri8May,
			hours(20, 21, 22, 23)},
		{"a special day wrapping into the next", hourly(Settings{SpecialSchedule: []SpecialRow{
			{Date: []string{"2026-05-04"}, Schedule: SpecialDay{Value: []Range{{From: "22:00", To: "01:00"}}}}}}), tue5May,
			append(hours(0), every(t, "08:00", "23:00", 60)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertLocals(t, Slots(tt.s, tt.d), tt.want) })
	}
}

func TestSlotAt(t *testing.T) {
	s := DefaultSettings()
	s.Location = madrid(t)
	sl, ok := SlotAt(s, mon4May, "10:15:00")
	want := time.Date(2026, time.May, 4, 8, 15, 0, 0, time.UTC) // CEST is UTC+2
	if !ok || !sl.Start.Equal(want) || sl.Local != "10:15:00" || sl.Date != "2026-05-04" {
		t.Errorf("SlotAt 10:15 = %+v, %v; want start %v", sl, ok, want)
	}
	for _, local := range []string{"10:10:00", "23:00:00", "07:45:00", "10:15:30", "garbage"} {
		if _, ok := SlotAt(s, mon4May, local); ok {
			t.Errorf("SlotAt(%q) found a slot", local)
		}
	}
}

func remove(list []string, drop ...string) []string {
	out := []string{}
	for _, s := range list {
		keep := true
		for _, d := range drop {
			keep = keep && s != d
		}
		if keep {
			out = append(out, s)
		}
	}
	return out
}
