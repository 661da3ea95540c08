package schedule

import (
	"fmt"
	"time"
)

// Date is a calendar day at a circuit, without a time or a time zone. It is how the
// package names "the local date" of a slot; the zero Date is not a valid day.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// ParseDate reads a date written as YYYY-MM-DD (exactly that form, a real calendar day).
func ParseDate(s string) (Date, error) {
	if len(s) != len("2006-01-02") {
		return Date{}, fmt.Errorf("schedule: date %q is not YYYY-MM-DD", s)
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, fmt.Errorf("schedule: date %q is not a valid YYYY-MM-DD day", s)
	}
	return DateOf(t), nil
}

// DateOf is the calendar day of t in t's own location; call t.In(loc) first to get the
// day at a circuit.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{Year: y, Month: m, Day: d}
}

// String writes the date as YYYY-MM-DD.
func (d Date) String() string {
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day)
}

// IsZero reports whether d is the zero Date (no day chosen).
func (d Date) IsZero() bool { return d == Date{} }

// AddDays is the day n days after d (before it when n is negative).
func (d Date) AddDays(n int) Date {
	return DateOf(time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC))
}

// Weekday is the day of the week of d.
func (d Date) Weekday() time.Weekday {
	return time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC).Weekday()
}

// Compare returns -1 when d is before o, +1 when it is after, and 0 when they are the same day.
func (d Date) Compare(o Date) int {
	switch {
	case d.Year != o.Year:
		return cmpInt(d.Year, o.Year)
	case d.Month != o.Month:
		return cmpInt(int(d.Month), int(o.Month))
	default:
		return cmpInt(d.Day, o.Day)
	}
}

// At is the instant at which the wall clock at loc shows hour:minute on day d, as
// time.Date computes it (see Slots for how missing and repeated wall times are treated).
func (d Date) At(hour, minute int, loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, hour, minute, 0, 0, loc)
}

// MarshalText writes the date as YYYY-MM-DD, so a Date can be a JSON string.
func (d Date) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a YYYY-MM-DD date, so a Date can be decoded from a JSON string.
func (d *Date) UnmarshalText(b []byte) error {
	p, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = p
	return nil
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
