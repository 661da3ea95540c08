package setup

import (
	"errors"
	"fmt"
	"testing"

	"pitlane/internal/apperr"
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

// A save derives the excluded hours only of the weekdays whose opening it changes, and never drops a
// day's own break (Circuito Norte's Saturday 14:00–14:30) on the way.
func TestDeriveRulesChangesOnlyWhatChanged(t *testing.T) {
	p := func(from, to string, open bool) schedule.Period {
		return schedule.Period{From: from, To: to, Open: open}
	}
	r := func(from, to string) schedule.Range { return schedule.Range{From: from, To: to} }
	base := func() Booking {
		return Booking{Opening: "10:00", Closing: "22:00",
			GeneralSchedule: map[schedule.Weekday][]schedule.Period{
				schedule.Monday:   {p("10:00", "14:00", true), p("16:00", "22:00", true)},
				schedule.Saturday: {p("10:00", "22:00", true), p("16:00", "22:00", false)},
			},
			Rules: schedule.Rules{Days: map[schedule.Weekday]schedule.DayRules{
				schedule.Saturday: {ExcludedHours: []schedule.Range{r("14:00", "14:30")}, ExcludedDays: []string{"2026-12-26"}},
			}}}
	}
	for name, c := range map[string]struct {
		edit func(b *Booking)
		want string // the rules after the save
	}{
		"nothing of the schedule": {func(b *Booking) { b.ConfirmationEmails = []string{"new@example.com"} },
			"map[SA:{[{14:00 14:30}] [2026-12-26]}]"},
		"a closed period's times": {func(b *Booking) {
			b.GeneralSchedule[schedule.Saturday] = []schedule.Period{p("10:00", "22:00", true), p("18:00", "20:00", false)}
		}, "map[SA:{[{14:00 14:30}] [2026-12-26]}]"},
		"Saturday's hours: the gaps and the break": {func(b *Booking) {
			b.GeneralSchedule[schedule.Saturday] = []schedule.Period{p("11:00", "20:00", true)}
		}, "map[SA:{[{10:00 11:00} {14:00 14:30} {20:00 22:00}] [2026-12-26]}]"},
		"Monday's hours: Saturday untouched": {func(b *Booking) {
			b.GeneralSchedule[schedule.Monday] = []schedule.Period{p("10:00", "13:00", true), p("16:00", "22:00", true)}
		}, "map[MO:{[{13:00 16:00}] []} SA:{[{14:00 14:30}] [2026-12-26]}]"},
		"the general hours: every listed day": {func(b *Booking) { b.Closing = "23:00" },
			"map[MO:{[{14:00 16:00} {22:00 23:00}] []} SA:{[{14:00 14:30} {22:00 23:00}] [2026-12-26]}]"},
		"a break inside a new gap merges into it": {func(b *Booking) {
			b.GeneralSchedule[schedule.Saturday] = []schedule.Period{p("10:00", "14:00", true), p("15:00", "22:00", true)}
		}, "map[SA:{[{14:00 15:00}] [2026-12-26]}]"},
		"Saturday closed: an empty rule": {func(b *Booking) {
			b.GeneralSchedule[schedule.Saturday] = []schedule.Period{p("10:00", "22:00", false)}
		}, "map[SA:{[] [2026-12-26]}]"},
		"Saturday back to the general hours: the break stays": {func(b *Booking) { delete(b.GeneralSchedule, schedule.Saturday) },
			"map[SA:{[{14:00 14:30}] [2026-12-26]}]"},
	} {
		next := base()
		c.edit(&next)
		got, err := DeriveRules(base(), next)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if s := fmt.Sprint(got.Rules.Days); s != c.want {
			t.Errorf("%s: rules %s, want %s", name, s, c.want)
		}
	}
	// Two periods make three gaps; with the break that is four, more than a day may have: refused by name.
	next := base()
	next.GeneralSchedule[schedule.Saturday] = []schedule.Period{p("11:00", "16:00", true), p("17:00", "21:00", true)}
	_, err := DeriveRules(base(), next)
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.Unprocessable || ae.Fields["data.rules.SA.excludedHours"] == "" {
		t.Errorf("four excluded ranges: %v, want a 422 naming data.rules.SA.excludedHours", err)
	}
}
