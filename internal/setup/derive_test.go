package setup

import (
	"fmt"
	"testing"

	"pitlane/internal/schedule"
)

func TestGaps(t *testing.T) {
	p := func(from, to string, open bool) schedule.Period {
		return schedule.Period{From: from, To: to, Open: open}
	}
	for _, tc := range []struct {
		opening, closing string
		periods          []schedule.Period
		want             string
	}{
		{"08:00", "23:00", []schedule.Period{p("10:00", "12:00", true), p("16:00", "18:00", true)}, "[{08:00 10:00} {12:00 16:00} {18:00 23:00}]"},
		{"08:00", "23:00", []schedule.Period{p("08:00", "23:00", true)}, "[]"},
		{"08:00", "23:00", []schedule.Period{p("16:00", "18:00", true), p("10:00", "12:00", true)}, "[{08:00 10:00} {12:00 16:00} {18:00 23:00}]"},
		{"08:00", "23:00", []schedule.Period{p("10:00", "12:00", false)}, "[]"}, // closed day: empty rule
		{"08:00", "00:00", []schedule.Period{p("18:00", "02:00", true)}, "[{08:00 18:00}]"},
		{"08:00", "23:00", []schedule.Period{p("07:00", "09:00", true), p("22:00", "23:30", true)}, "[{09:00 22:00}]"},
	} {
		if got := fmt.Sprint(Gaps(tc.opening, tc.closing, tc.periods)); got != tc.want {
			t.Errorf("Gaps(%s, %s, %v) = %s, want %s", tc.opening, tc.closing, tc.periods, got, tc.want)
		}
	}
}

func TestWarningsWeekDayClosed(t *testing.T) {
	b := Booking{GeneralSchedule: map[schedule.Weekday][]schedule.Period{
		schedule.Monday: {{From: "10:00", To: "12:00", Open: false}},
	}}
	row := func(closed bool, dates ...string) schedule.SpecialRow {
		return schedule.SpecialRow{Date: dates, Schedule: schedule.SpecialDay{Closed: closed}}
	}
	// 2026-12-07 and 2026-12-14 are Mondays.
	b.SpecialSchedule = []schedule.SpecialRow{row(false, "2026-12-05", "2026-12-15"), row(true, "2026-12-21"), row(true, "2026-12-22"), row(true, "2026-12-28")}
	got := Warnings(b, map[[2]string]bool{{"2026-12-28", "2026-12-28"}: true})
	if fmt.Sprint(got) != "[{weekDayClosed [2026-12-07 2026-12-14]} {weekDayClosed [2026-12-21]}]" {
		t.Errorf("warnings %v", got)
	}
}
