package pricing

import (
	"fmt"
	"sort"
	"strings"
)

// ValidationError lists the wrong fields of a dynamic price or product data. Fields maps
// a JSON path (such as "MO.prices[1].from" or "dynamicPrice.exceptionalDays.2026-05-01[0]")
// to what is wrong with it.
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
	return "pricing: invalid: " + strings.Join(parts, "; ")
}

func (e *ValidationError) add(field, format string, args ...any) {
	if _, seen := e.Fields[field]; !seen {
		e.Fields[field] = fmt.Sprintf(format, args...)
	}
}

func (e *ValidationError) orNil() error {
	if len(e.Fields) == 0 {
		return nil
	}
	return e
}

// Validate checks a dynamic price as the admin's dialog saves it (admin spec, section
// 5): weekday keys MO..SU; exceptional days keyed by real YYYY-MM-DD dates; every time
// "HH:mm" and every range ending after it starts (to "00:00" is the end of the day);
// within a day, each row starting no earlier than the previous row ends
// ("overlappingHours"). When opening and closing ("HH:mm", the installation's general
// hours) are given, the first row must not start before opening and the last must not
// end after closing; pass "" for both to skip that check. Prices are already
// non-negative whole cents once decoded.
func (dp DynamicPrice) Validate(opening, closing string) error {
	e := &ValidationError{Fields: map[string]string{}}
	dp.validateInto(e, "", opening, closing)
	return e.orNil()
}

func (dp DynamicPrice) validateInto(e *ValidationError, prefix, opening, closing string) {
	lo, hi, bounded := 0, 24*60, false
	if opening != "" || closing != "" {
		o, okO := clockMinutes(opening)
		c, okC := clockMinutes(closing)
		if !okO || !okC {
			e.add(prefix+"hours", "opening and closing must be times HH:mm")
		} else {
			if c == 0 || c <= o { // the day's prices cannot go past midnight
				c = 24 * 60
			}
			lo, hi, bounded = o, c, true
		}
	}
	for k, day := range dp.Days {
		if !validWeekday(k) {
			e.add(prefix+k, "is not a weekday key (MO..SU) or exceptionalDays")
			continue
		}
		checkRows(e, prefix+k+".prices", day.Prices, lo, hi, bounded)
	}
	for date, rows := range dp.ExceptionalDays {
		field := prefix + exceptionalDaysKey + "." + date
		if _, ok := weekdayOf(date); !ok {
			e.add(field, "must be keyed by a date YYYY-MM-DD")
			continue
		}
		checkRows(e, field, rows, lo, hi, bounded)
	}
}

func checkRows(e *ValidationError, field string, rows []PriceRange, lo, hi int, bounded bool) {
	prevEnd := -1
	for i, r := range rows {
		f := fmt.Sprintf("%s[%d]", field, i)
		start, end, ok := rangeMinutes(r.From, r.To)
		if !ok {
			e.add(f, "must be times HH:mm with to after from")
			return
		}
		if start < prevEnd {
			e.add(f, "starts before the previous row ends (overlappingHours)")
		}
		if bounded && (start < lo || end > hi) {
			e.add(f, "is outside the opening hours (overlappingHours)")
		}
		prevEnd = end
	}
}

// Validate checks product data: minParticipant and gapSlots not negative, and the
// dynamic price (see DynamicPrice.Validate, with the same opening and closing).
func (p ProductData) Validate(opening, closing string) error {
	e := &ValidationError{Fields: map[string]string{}}
	if p.MinParticipant < 0 {
		e.add("minParticipant", "must not be negative")
	}
	if p.GapSlots < 0 {
		e.add("gapSlots", "must not be negative")
	}
	if p.DynamicPrice != nil {
		p.DynamicPrice.validateInto(e, "dynamicPrice.", opening, closing)
	}
	return e.orNil()
}
