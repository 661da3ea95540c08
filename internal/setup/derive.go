package setup

import (
	"fmt"
	"reflect"
	"slices"
	"sort"

	"pitlane/internal/apperr"
	"pitlane/internal/schedule"
)

// dayEnd is 24:00 in minutes.
const dayEnd = 24 * 60

// minutesOf reads an "HH:mm" end of a period: 00:00 (and 24:00) as an end is the end of the day.
func minutesOf(s string, asEnd bool) (int, bool) {
	c, err := schedule.ParseClock(s)
	if err != nil {
		return 0, false
	}
	m := int(c)
	if asEnd && m == 0 {
		m = dayEnd
	}
	return m, true
}

func clockText(m int) string {
	if m >= dayEnd {
		return "00:00"
	}
	return schedule.Clock(m).String()
}

// Gaps is admin spec section 4's excluded hours of one weekday: the parts of the general opening
// (opening–closing) that none of the day's open periods covers, in order; at most three for two
// periods. A day with no open period is closed and has no excluded hours (an empty rule).
func Gaps(opening, closing string, periods []schedule.Period) []schedule.Range {
	start, ok1 := minutesOf(opening, false)
	end, ok2 := minutesOf(closing, true)
	if !ok1 || !ok2 || end <= start {
		return []schedule.Range{}
	}
	type span struct{ from, to int }
	var open []span
	for _, p := range periods {
		if !p.Open {
			continue
		}
		f, okF := minutesOf(p.From, false)
		t, okT := minutesOf(p.To, true)
		if !okF || !okT {
			continue
		}
		if t <= f {
			t = dayEnd // a period that wraps past midnight covers the rest of the day
		}
		open = append(open, span{f, t})
	}
	if len(open) == 0 {
		return []schedule.Range{}
	}
	sort.Slice(open, func(i, j int) bool { return open[i].from < open[j].from })
	out := []schedule.Range{}
	cursor := start
	for _, s := range open {
		if s.from > cursor && cursor < end {
			out = append(out, schedule.Range{From: clockText(cursor), To: clockText(min(s.from, end))})
		}
		cursor = max(cursor, s.to)
	}
	if cursor < end {
		out = append(out, schedule.Range{From: clockText(cursor), To: clockText(end)})
	}
	return out
}

// DeriveRules sets the excluded hours of the weekdays whose opening this save changes (old is the
// stored settings, next the saved ones): a weekday whose open periods and the general hours are as
// before keeps its rules exactly as sent, so a save that changes something else (an e-mail address,
// the booking window) changes nothing here. A weekday whose opening changes gets the gaps of its new
// periods (admin spec section 4) together with its own breaks — the excluded hours it had beyond the
// gaps of its old periods, such as a Saturday 14:00–14:30 maintenance stop — which a change of hours
// never drops silently. A weekday the weekly schedule lists closed has an empty rule. Returns
// apperr.Unprocessable naming data.rules.<day>.excludedHours when the gaps and the breaks together make
// more than schedule.MaxExcludedHours ranges.
func DeriveRules(old, next Booking) (Booking, error) {
	days := map[schedule.Weekday]schedule.DayRules{}
	for k, v := range next.Rules.Days {
		days[k] = v
	}
	sameHours := old.Opening == next.Opening && old.Closing == next.Closing
	fe := apperr.FieldErrors{}
	for _, wd := range weekdays {
		oldP, inOld := old.GeneralSchedule[wd]
		newP, inNew := next.GeneralSchedule[wd]
		if !inOld && !inNew || sameHours && inOld == inNew && sameOpening(oldP, newP) {
			continue
		}
		r, had := days[wd]
		var oldGaps []schedule.Range
		if inOld {
			oldGaps = Gaps(old.Opening, old.Closing, oldP)
		}
		var own []schedule.Range
		for _, x := range r.ExcludedHours {
			if !slices.Contains(oldGaps, x) {
				own = append(own, x)
			}
		}
		switch {
		case inNew && !anyOpen(newP):
			r.ExcludedHours = []schedule.Range{}
		case inNew:
			r.ExcludedHours = mergeRanges(append(Gaps(next.Opening, next.Closing, newP), own...))
		default: // back to the general hours: no gaps, the breaks stay
			r.ExcludedHours = mergeRanges(own)
		}
		if len(r.ExcludedHours) > schedule.MaxExcludedHours {
			fe.Add("data.rules."+string(wd)+".excludedHours", fmt.Sprintf(
				"the new hours leave %d excluded ranges with the day's own breaks, more than %d: remove a break or change the hours",
				len(r.ExcludedHours), schedule.MaxExcludedHours))
		}
		if had || len(r.ExcludedHours) > 0 || inNew {
			days[wd] = r
		}
	}
	if err := fe.Err(apperr.Unprocessable, "Some settings are out of bounds; nothing was saved."); err != nil {
		return next, err
	}
	next.Rules.Days = days
	return next, nil
}

// weekdays are the seven weekday keys in the spec's order.
var weekdays = []schedule.Weekday{schedule.Monday, schedule.Tuesday, schedule.Wednesday, schedule.Thursday,
	schedule.Friday, schedule.Saturday, schedule.Sunday}

// anyOpen reports whether one of the periods is open.
func anyOpen(periods []schedule.Period) bool {
	return slices.ContainsFunc(periods, func(p schedule.Period) bool { return p.Open })
}

// sameOpening reports whether two lists of periods open the same hours: their open periods, in order of
// start, are equal (a closed period, or its times, changes nothing).
func sameOpening(a, b []schedule.Period) bool {
	open := func(ps []schedule.Period) []schedule.Period {
		var out []schedule.Period
		for _, p := range ps {
			if p.Open {
				out = append(out, p)
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
		return out
	}
	return slices.Equal(open(a), open(b))
}

// mergeRanges sorts ranges by start and joins those that overlap or touch; a range that wraps past
// midnight is kept as it is, after the others.
func mergeRanges(rs []schedule.Range) []schedule.Range {
	type span struct{ from, to int }
	var spans []span
	var wrapping []schedule.Range
	for _, r := range rs {
		f, okF := minutesOf(r.From, false)
		t, okT := minutesOf(r.To, true)
		if !okF || !okT || t <= f {
			if !slices.Contains(wrapping, r) {
				wrapping = append(wrapping, r)
			}
			continue
		}
		spans = append(spans, span{f, t})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].from < spans[j].from })
	out := []schedule.Range{}
	for i := 0; i < len(spans); {
		cur := spans[i]
		for i++; i < len(spans) && spans[i].from <= cur.to; i++ {
			cur.to = max(cur.to, spans[i].to)
		}
		out = append(out, schedule.Range{From: clockText(cur.from), To: clockText(cur.to)})
	}
	return append(out, wrapping...)
}

// weekdayClosed reports whether the weekly schedule lists wd with no open period.
func weekdayClosed(b Booking, wd schedule.Weekday) bool {
	periods, ok := b.GeneralSchedule[wd]
	if !ok {
		return false
	}
	for _, p := range periods {
		if p.Open {
			return false
		}
	}
	return true
}

// Warnings are the "weekDayClosed" notes of the special rows of b that are not among known: the
// days a range skips because their weekday is closed in the weekly schedule, and a single closed
// day that falls on a closed weekday anyway.
func Warnings(b Booking, known map[[2]string]bool) []Warning {
	out := []Warning{}
	for _, row := range b.SpecialSchedule {
		if len(row.Date) < 1 || len(row.Date) > 2 {
			continue
		}
		first, err1 := schedule.ParseDate(row.Date[0])
		last, err2 := schedule.ParseDate(row.Date[len(row.Date)-1])
		if err1 != nil || err2 != nil || known[[2]string{first.String(), last.String()}] {
			continue
		}
		var dates []string
		if first == last {
			if row.Schedule.Closed && weekdayClosed(b, schedule.WeekdayOf(first.Weekday())) {
				dates = append(dates, first.String())
			}
		} else {
			for d := first; d.Compare(last) <= 0; d = d.AddDays(1) {
				if weekdayClosed(b, schedule.WeekdayOf(d.Weekday())) {
					dates = append(dates, d.String())
				}
			}
		}
		if len(dates) > 0 {
			out = append(out, Warning{Code: "weekDayClosed", Dates: dates})
		}
	}
	return out
}

// Changes lists what a save changes, for the audit log: each changed setting by name with its old
// and new value ("from", "to").
func Changes(old, next Booking) map[string]any {
	out := map[string]any{}
	add := func(name string, a, b any) {
		if !reflect.DeepEqual(a, b) {
			out[name] = map[string]any{"from": a, "to": b}
		}
	}
	add("enableBooking", old.EnableBooking, next.EnableBooking)
	add("interval", old.Interval, next.Interval)
	add("maxParticipants", old.MaxParticipants, next.MaxParticipants)
	add("openingDate", old.Opening, next.Opening)
	add("closingDate", old.Closing, next.Closing)
	add("showEmails", old.ShowEmails, next.ShowEmails)
	add("emailOptional", old.EmailOptional, next.EmailOptional)
	add("enableGroupedProducts", old.EnableGroupedProducts, next.EnableGroupedProducts)
	add("maxDaysBooking", old.MaxDaysBooking, next.MaxDaysBooking)
	add("maxSlotsBooking", old.MaxSlotsBooking, next.MaxSlotsBooking)
	add("disableHoursBooking", old.DisableHoursBooking, next.DisableHoursBooking)
	add("dateLimitBooking", old.DateLimit, next.DateLimit)
	add("generalSchedule", jsonish(old.GeneralSchedule), jsonish(next.GeneralSchedule))
	add("rules", jsonish(old.Rules.Days), jsonish(next.Rules.Days))
	add("specialSchedule", specialText(old.SpecialSchedule), specialText(next.SpecialSchedule))
	add("confirmationBookingEmails", emptyIfNil(old.ConfirmationEmails), emptyIfNil(next.ConfirmationEmails))
	add("cancelBookingEmails", emptyIfNil(old.CancellationEmails), emptyIfNil(next.CancellationEmails))
	add("contactEmail", old.ContactEmail, next.ContactEmail)
	add("contactPhone", old.ContactPhone, next.ContactPhone)
	return out
}

// jsonish treats a nil and an empty map alike.
func jsonish[K comparable, V any](m map[K]V) map[K]V {
	if len(m) == 0 {
		return map[K]V{}
	}
	return m
}

func emptyIfNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// specialText describes special rows without their ids (which a save renews).
func specialText(rows []schedule.SpecialRow) []string {
	out := []string{}
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%v closed=%t open24h=%t %v", r.Date, r.Schedule.Closed, r.Schedule.Open24h, r.Schedule.Value))
	}
	return out
}
