package schedule

import (
	"fmt"
	"sort"
	"strings"
)

// Limits of the schedule settings (admin spec, sections 5 and 9).
const (
	MaxPeriods       = 2 // opening periods per weekday or per special day
	MaxExcludedHours = 3 // excluded-hours ranges per weekday
)

// ValidationError lists the fields of Settings that are wrong. Fields maps a JSON path
// (such as "generalSchedule.MO[1].to" or "specialSchedule[2].date") to what is wrong with it.
type ValidationError struct {
	Fields map[string]string
}

// Error lists the problems, sorted by field.
func (e *ValidationError) Error() string {
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + e.Fields[k]
	}
	return "schedule: invalid settings: " + strings.Join(parts, "; ")
}

func (e *ValidationError) add(field, format string, args ...any) {
	if _, seen := e.Fields[field]; !seen {
		e.Fields[field] = fmt.Sprintf(format, args...)
	}
}

// Validate checks settings as an admin sends them and returns a *ValidationError naming
// every wrong field, or nil. It checks: interval 1–480; "HH:mm" syntax of every time;
// at most two periods a day and three excluded-hours ranges; no empty period (from equal
// to to, except 00:00–00:00 for the whole day) and no overlapping periods within a day;
// weekday keys MO..SU; special rows with one date or an ordered two-date range, with
// closed and open24h not both set, and no day covered by two rows; excluded days that
// are real dates on their weekday; allowed days as single-key objects with unique dates.
// Date bounds relative to today (no past special dates, etc.) need a clock and are left
// to the caller.
func Validate(s Settings) error {
	e := &ValidationError{Fields: map[string]string{}}
	if s.Interval < MinInterval || s.Interval > MaxInterval {
		e.add("interval", "must be between %d and %d minutes", MinInterval, MaxInterval)
	}
	opening, errO := ParseClock(s.Opening)
	if errO != nil || opening >= dayMinutes {
		e.add("openingDate", "must be a time HH:mm")
	}
	closing, errC := ParseClock(s.Closing)
	if errC != nil {
		e.add("closingDate", "must be a time HH:mm")
	}
	if errO == nil && errC == nil && opening == closing && opening != 0 {
		e.add("closingDate", "must differ from openingDate")
	}
	for wd, periods := range s.GeneralSchedule {
		field := "generalSchedule." + string(wd)
		if !wd.Valid() {
			e.add(field, "is not a weekday key (MO..SU)")
			continue
		}
		if len(periods) > MaxPeriods {
			e.add(field, "has more than %d periods", MaxPeriods)
		}
		var rs []Range
		for _, p := range periods {
			if p.Open {
				rs = append(rs, Range{From: p.From, To: p.To})
			}
		}
		checkRanges(e, field, rs)
	}
	validateSpecial(e, s.SpecialSchedule)
	validateRules(e, s.Rules)
	if len(e.Fields) == 0 {
		return nil
	}
	return e
}

// checkRanges checks each range's syntax and that no two overlap.
func checkRanges(e *ValidationError, field string, rs []Range) {
	var ws []window
	for i, r := range rs {
		f := fmt.Sprintf("%s[%d]", field, i)
		from, err := ParseClock(r.From)
		if err != nil || from >= dayMinutes {
			e.add(f+".from", "must be a time HH:mm")
			continue
		}
		to, err := ParseClock(r.To)
		if err != nil {
			e.add(f+".to", "must be a time HH:mm")
			continue
		}
		if from == to && from != 0 {
			e.add(f+".to", "must differ from from")
			continue
		}
		w := spanOf(from, to)
		for _, prev := range ws {
			if w.overlaps(prev) {
				e.add(f, "overlaps another period (overlappingHours)")
			}
		}
		ws = append(ws, w)
	}
}

func validateSpecial(e *ValidationError, rows []SpecialRow) {
	type span struct{ first, last Date }
	var seen []span
	for i, row := range rows {
		field := fmt.Sprintf("specialSchedule[%d]", i)
		if len(row.Date) < 1 || len(row.Date) > 2 {
			e.add(field+".date", "must hold one date or a first and last date")
		} else if first, last, ok := rowDates(row); !ok {
			e.add(field+".date", "must be YYYY-MM-DD dates, the first not after the last")
		} else {
			for _, other := range seen {
				if first.Compare(other.last) <= 0 && other.first.Compare(last) <= 0 {
					e.add(field+".date", "overlaps another special day (dateExists)")
				}
			}
			seen = append(seen, span{first, last})
		}
		sd := row.Schedule
		switch {
		case sd.Closed && sd.Open24h:
			e.add(field+".schedule", "cannot be both closed and open24h")
		case sd.Closed || sd.Open24h:
		default:
			if len(sd.Value) > MaxPeriods {
				e.add(field+".schedule.value", "has more than %d periods", MaxPeriods)
			}
			checkRanges(e, field+".schedule.value", sd.Value)
		}
	}
}

func validateRules(e *ValidationError, r Rules) {
	for wd, dr := range r.Days {
		field := "rules." + string(wd)
		if !wd.Valid() {
			e.add(field, "is not a weekday key (MO..SU) or allowedDays")
			continue
		}
		if len(dr.ExcludedHours) > MaxExcludedHours {
			e.add(field+".excludedHours", "has more than %d ranges", MaxExcludedHours)
		}
		checkRanges(e, field+".excludedHours", dr.ExcludedHours)
		for i, ds := range dr.ExcludedDays {
			f := fmt.Sprintf("%s.excludedDays[%d]", field, i)
			d, err := ParseDate(ds)
			switch {
			case err != nil:
				e.add(f, "must be a date YYYY-MM-DD")
			case WeekdayOf(d.Weekday()) != wd:
				e.add(f, "%s is not a %s", ds, wd)
			}
		}
	}
	dates := map[string]bool{}
	for i, entry := range r.AllowedDays {
		field := fmt.Sprintf("rules.allowedDays[%d]", i)
		if len(entry) != 1 {
			e.add(field, "must hold exactly one date")
			continue
		}
		for ds, hours := range entry {
			if _, err := ParseDate(ds); err != nil {
				e.add(field, "must be keyed by a date YYYY-MM-DD")
				continue
			}
			if dates[ds] {
				e.add(field, "date %s is already allowed (dateExists)", ds)
			}
			dates[ds] = true
			checkRanges(e, field+"."+ds, hours)
		}
	}
}
