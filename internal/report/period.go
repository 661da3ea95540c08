// Package report computes the back office's KPIs: the periods they cover (local dates of the circuit,
// turned into instants in the company's time zone), the figures of a period against the previous period
// of the same length, and the daily series for the charts. Its rules are pure functions; Service reads
// grouped sums through a small Store interface.
package report

import (
	"time"

	"pitlane/internal/apperr"
)

// Date is a calendar date at the circuit, with no time and no zone: the number of days since 1970-01-01.
// Consecutive dates are consecutive numbers, so a period's arithmetic is integer arithmetic.
type Date int64

// DateOf returns the date of the year, month and day (normalised like time.Date: Feb 30 is Mar 2).
func DateOf(year int, month time.Month, day int) Date {
	return Date(time.Date(year, month, day, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// LocalDate returns the date the instant falls on in the zone.
func LocalDate(t time.Time, loc *time.Location) Date {
	y, m, d := t.In(loc).Date()
	return DateOf(y, m, d)
}

// Civil returns the date as year, month and day.
func (d Date) Civil() (int, time.Month, int) {
	return time.Unix(int64(d)*86400, 0).UTC().Date()
}

// String formats the date as YYYY-MM-DD.
func (d Date) String() string { return time.Unix(int64(d)*86400, 0).UTC().Format(time.DateOnly) }

// Weekday returns the day of the week of the date.
func (d Date) Weekday() time.Weekday { return time.Unix(int64(d)*86400, 0).UTC().Weekday() }

// Midnight returns the instant the date begins in the zone. Where a DST change skips local midnight,
// time.Date's normalisation gives the first instant of the day.
func (d Date) Midnight(loc *time.Location) time.Time {
	y, m, day := d.Civil()
	return time.Date(y, m, day, 0, 0, 0, 0, loc)
}

// ParseDate reads a KPI date: 'YYYY-MM-DD', or the same date followed by a time in RFC 3339
// ('YYYY-MM-DDT00:00:00Z', as the back office sends it). Only the date part counts: it is the
// circuit's local date, whatever the time and offset say. Returns apperr.Invalid for anything else.
func ParseDate(field, s string) (Date, error) {
	bad := apperr.WithFields(apperr.Invalid, "The date is malformed.",
		map[string]string{field: "must be YYYY-MM-DD or YYYY-MM-DDT00:00:00Z"})
	if len(s) > len(time.DateOnly) {
		if s[len(time.DateOnly)] != 'T' {
			return 0, bad
		}
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			return 0, bad
		}
		s = s[:len(time.DateOnly)]
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return 0, bad
	}
	return DateOf(t.Date()), nil
}

// MaxDays is the longest period a KPI may cover: three years (the year view, the date pickers' three
// years back, and a leap day).
const MaxDays = 3*365 + 1

// Period is a run of whole local dates, Start to End inclusive, and how its previous period is found.
type Period struct {
	Start, End Date
	Compare    Compare // zero: CompareBefore
}

// Compare says which period a period is compared with, so that like is compared with like: a month to
// date (1–27 November) with the same days of the previous month (1–27 October), not with the 27 days
// before it (5–31 October).
type Compare string

// The comparisons.
const (
	// CompareBefore is the same number of days just before the period (a day, a custom range).
	CompareBefore Compare = "before"
	// CompareWeek is the same days one week earlier (a week to date: Monday to Thursday against the
	// previous Monday to Thursday). The period is at most seven days.
	CompareWeek Compare = "week"
	// CompareMonth is the same days of the previous month, the day of the month clamped to that month's
	// length, and a period that ends on its month's last day against one that ends on the previous month's
	// last day (1–31 March against 1–29 February of a leap year, 1–30 November against 1–31 October). The
	// period lies within one month.
	CompareMonth Compare = "month"
	// CompareYear is the same days of the previous year (29 February becomes the 28th), and a period
	// ending on 31 December against the whole of the previous year's end. The period lies within one year.
	CompareYear Compare = "year"
)

// ParseCompare reads a comparison: empty is CompareBefore; anything unknown is apperr.Invalid naming field.
func ParseCompare(field, s string) (Compare, error) {
	switch c := Compare(s); c {
	case "":
		return CompareBefore, nil
	case CompareBefore, CompareWeek, CompareMonth, CompareYear:
		return c, nil
	}
	return "", apperr.WithFields(apperr.Invalid, "The comparison is not known.",
		map[string]string{field: "must be before, week, month or year"})
}

// WithCompare returns the period compared by c. Returns apperr.Unprocessable naming field when the period
// does not fit the comparison: longer than a week for CompareWeek, across two months for CompareMonth,
// across two years for CompareYear.
func (p Period) WithCompare(field string, c Compare) (Period, error) {
	sy, sm, _ := p.Start.Civil()
	ey, em, _ := p.End.Civil()
	var problem string
	switch c {
	case CompareWeek:
		if p.Days() > 7 {
			problem = "a week's comparison needs a period of at most seven days"
		}
	case CompareMonth:
		if sy != ey || sm != em {
			problem = "a month's comparison needs a period within one month"
		}
	case CompareYear:
		if sy != ey {
			problem = "a year's comparison needs a period within one year"
		}
	}
	if problem != "" {
		return p, apperr.WithFields(apperr.Unprocessable, "The period cannot be compared that way.", map[string]string{field: problem})
	}
	p.Compare = c
	return p, nil
}

// NewPeriod checks a requested period: start not after end, at most MaxDays long.
// Returns apperr.Unprocessable with the field at fault otherwise.
func NewPeriod(start, end Date) (Period, error) {
	p := Period{Start: start, End: end}
	switch {
	case start > end:
		return p, apperr.WithFields(apperr.Unprocessable, "The period is not valid.",
			map[string]string{"end": "must not be before the start"})
	case p.Days() > MaxDays:
		return p, apperr.WithFields(apperr.Unprocessable, "The period is not valid.",
			map[string]string{"end": "the period may cover at most three years"})
	}
	return p, nil
}

// Days is the number of dates in the period.
func (p Period) Days() int { return int(p.End-p.Start) + 1 }

// Previous is the period this one is compared with (see Compare): by default the period of the same
// length immediately before it.
func (p Period) Previous() Period {
	switch p.Compare {
	case CompareWeek:
		return Period{Start: p.Start - 7, End: p.End - 7}
	case CompareMonth:
		return Period{Start: monthsBack(p.Start, 1), End: monthsBack(p.End, 1)}
	case CompareYear:
		return Period{Start: monthsBack(p.Start, 12), End: monthsBack(p.End, 12)}
	}
	n := Date(p.Days())
	return Period{Start: p.Start - n, End: p.Start - 1}
}

// monthsBack is the same day n months earlier, clamped to that month's length; the last day of a month
// gives the last day of that month.
func monthsBack(d Date, n int) Date {
	y, m, day := d.Civil()
	last := DateOf(y, m-time.Month(n)+1, 1) - 1 // the last day of the target month
	_, _, lastDay := last.Civil()
	if d+1 == DateOf(y, m+1, 1) || day >= lastDay {
		return last
	}
	return DateOf(y, m-time.Month(n), day)
}

// Contains reports whether the date is in the period.
func (p Period) Contains(d Date) bool { return d >= p.Start && d <= p.End }

// Instants returns the period as the half-open range of instants [from, to) it covers in the zone:
// from the start date's midnight to the midnight after the end date.
func (p Period) Instants(loc *time.Location) (from, to time.Time) {
	return p.Start.Midnight(loc), (p.End + 1).Midnight(loc)
}

// Today is the period of the local date of now.
func Today(now time.Time, loc *time.Location) Period {
	d := LocalDate(now, loc)
	return Period{Start: d, End: d}
}

// Week is the week (Monday to Sunday) of the local date of now.
func Week(now time.Time, loc *time.Location) Period {
	d := LocalDate(now, loc)
	back := (int(d.Weekday()) + 6) % 7 // days since Monday
	start := d - Date(back)
	return Period{Start: start, End: start + 6}
}

// Month is the calendar month of the local date of now, first to last day.
func Month(now time.Time, loc *time.Location) Period {
	y, m, _ := now.In(loc).Date()
	return Period{Start: DateOf(y, m, 1), End: DateOf(y, m+1, 1) - 1}
}

// Year is the calendar year of the local date of now, 1 January to 31 December.
func Year(now time.Time, loc *time.Location) Period {
	y := now.In(loc).Year()
	return Period{Start: DateOf(y, time.January, 1), End: DateOf(y, time.December, 31)}
}
