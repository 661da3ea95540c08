package schedule

import "time"

// plan is Settings with defaults applied, ready to answer "which hours is a day open".
type plan struct {
	s        Settings
	interval int
	loc      *time.Location
}

func newPlan(s Settings) (plan, bool) {
	p := plan{s: s, interval: s.Interval, loc: s.Location}
	if p.interval == 0 {
		p.interval = DefaultInterval
	}
	if p.loc == nil {
		p.loc = time.UTC
	}
	if p.s.Opening == "" {
		p.s.Opening = DefaultOpening
	}
	if p.s.Closing == "" {
		p.s.Closing = DefaultClosing
	}
	return p, p.interval >= MinInterval && p.interval <= MaxInterval
}

// dayPlan is the opening of one schedule day: its windows (minutes from that day's
// midnight, possibly past 1440) and the excluded windows that remove slots from them.
type dayPlan struct {
	open     []window
	excluded []window
}

// day resolves the hours of date d, most specific rule first:
//  1. the first special-schedule row covering d (closed, 24 h, or its periods);
//  2. the first allowedDays entry for d (its hours; an empty list means the general hours);
//  3. d listed in its weekday's excludedDays: closed;
//  4. the weekly schedule of d's weekday, or the general hours when the weekday is not
//     in generalSchedule, less the weekday's excluded hours.
//
// Malformed entries (bad dates or times) are skipped rather than trusted.
func (p plan) day(d Date) dayPlan {
	wd := WeekdayOf(d.Weekday())
	if row, ok := p.special(d, wd); ok {
		switch {
		case row.Closed:
			return dayPlan{}
		case row.Open24h:
			return dayPlan{open: []window{{0, dayMinutes}}}
		}
		return dayPlan{open: rangeWindows(row.Value)}
	}
	key := d.String()
	for _, entry := range p.s.Rules.AllowedDays {
		if hours, ok := entry[key]; ok {
			if len(hours) == 0 {
				return dayPlan{open: p.generalWindows()}
			}
			return dayPlan{open: rangeWindows(hours)}
		}
	}
	rules := p.s.Rules.Days[wd]
	for _, ex := range rules.ExcludedDays {
		if ex == key {
			return dayPlan{}
		}
	}
	dp := dayPlan{excluded: rangeWindows(rules.ExcludedHours)}
	if periods, ok := p.s.GeneralSchedule[wd]; ok {
		for _, per := range periods {
			if !per.Open {
				continue
			}
			if w, err := parseSpan(per.From, per.To); err == nil {
				dp.open = append(dp.open, w)
			}
		}
		return dp
	}
	dp.open = p.generalWindows()
	return dp
}

// special finds the special-schedule row for d. A single-date row always applies; a
// range applies to each day in it except days whose weekday is closed in the weekly
// schedule (the admin spec: "a range over closed weekdays skips those days").
func (p plan) special(d Date, wd Weekday) (SpecialDay, bool) {
	for _, row := range p.s.SpecialSchedule {
		first, last, ok := rowDates(row)
		if !ok || d.Compare(first) < 0 || d.Compare(last) > 0 {
			continue
		}
		if first != last && p.weekdayClosed(wd) {
			continue
		}
		return row.Schedule, true
	}
	return SpecialDay{}, false
}

// weekdayClosed reports whether the weekly schedule lists wd with no open period.
func (p plan) weekdayClosed(wd Weekday) bool {
	periods, ok := p.s.GeneralSchedule[wd]
	if !ok {
		return false
	}
	for _, per := range periods {
		if per.Open {
			return false
		}
	}
	return true
}

func (p plan) generalWindows() []window {
	w, err := parseSpan(p.s.Opening, p.s.Closing)
	if err != nil {
		return nil
	}
	return []window{w}
}

// rowDates reads the first and last day a special row covers.
func rowDates(row SpecialRow) (first, last Date, ok bool) {
	if len(row.Date) < 1 || len(row.Date) > 2 {
		return Date{}, Date{}, false
	}
	first, err := ParseDate(row.Date[0])
	if err != nil {
		return Date{}, Date{}, false
	}
	last = first
	if len(row.Date) == 2 {
		if last, err = ParseDate(row.Date[1]); err != nil || last.Compare(first) < 0 {
			return Date{}, Date{}, false
		}
	}
	return first, last, true
}

func rangeWindows(rs []Range) []window {
	out := make([]window, 0, len(rs))
	for _, r := range rs {
		if w, err := parseSpan(r.From, r.To); err == nil {
			out = append(out, w)
		}
	}
	return out
}

// starts calls emit with each slot start of the day, in minutes from the day's midnight
// (values of 1440 and more fall on the next calendar date). A slot starts at a window's
// opening and every interval after, must end by the window's end, and is dropped when
// [start, start+interval) overlaps an excluded window on the 24-hour clock.
func (dp dayPlan) starts(interval int, emit func(minute int)) {
	for _, w := range dp.open {
		for m := w.start; m+interval <= w.end; m += interval {
			if !dp.isExcluded(window{m, m + interval}) {
				emit(m)
			}
		}
	}
}

// isExcluded compares modulo 24 hours, so an excluded range matches the after-midnight
// slots of a wrapping period, and a wrapping excluded range matches early-morning slots.
func (dp dayPlan) isExcluded(slot window) bool {
	for _, ex := range dp.excluded {
		for _, shift := range [3]int{-dayMinutes, 0, dayMinutes} {
			if slot.overlaps(window{ex.start + shift, ex.end + shift}) {
				return true
			}
		}
	}
	return false
}
