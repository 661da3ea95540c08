package event

import (
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/schedule"
)

// Window limits of the events calendar (customer spec, sections 7 and 9).
const (
	// DefaultWindowMonths is how far the calendar and the events landing look ahead by default.
	DefaultWindowMonths = 2
	// MaxWindowYears is the longest window the calendar answers.
	MaxWindowYears = 1
)

// Window is a span of local days at a company, both ends included, and the instants it covers.
type Window struct {
	From, To schedule.Date
	Start    time.Time // From at 00:00 local
	End      time.Time // the day after To at 00:00 local (exclusive)
}

// Overlaps reports whether an event running [startsAt, endsAt) has any moment in the window.
func (w Window) Overlaps(startsAt, endsAt time.Time) bool {
	return startsAt.Before(w.End) && endsAt.After(w.Start)
}

// addMonths is the day n months after d, as time.AddDate normalises it (31 Jan + 1 month is 3 Mar
// or 2 Mar): "about" n months, as the spec says.
func addMonths(d schedule.Date, years, months int) schedule.Date {
	return schedule.DateOf(time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC).AddDate(years, months, 0))
}

// ParseWindow reads the calendar query: date defaults to today (the company's local date) and
// dateEnd to date plus DefaultWindowMonths. Returns apperr.Invalid naming the parameter for a date
// that is not YYYY-MM-DD, a dateEnd before date, or a window longer than MaxWindowYears.
func ParseWindow(date, dateEnd string, now time.Time, loc *time.Location) (Window, error) {
	from := schedule.DateOf(now.In(loc))
	if date != "" {
		d, err := schedule.ParseDate(date)
		if err != nil {
			return Window{}, apperr.WithFields(apperr.Invalid, "The date is not valid.", map[string]string{"date": "must be a date YYYY-MM-DD"})
		}
		from = d
	}
	to := addMonths(from, 0, DefaultWindowMonths)
	if dateEnd != "" {
		d, err := schedule.ParseDate(dateEnd)
		if err != nil {
			return Window{}, apperr.WithFields(apperr.Invalid, "The end date is not valid.", map[string]string{"dateEnd": "must be a date YYYY-MM-DD"})
		}
		to = d
	}
	if to.Compare(from) < 0 {
		return Window{}, apperr.WithFields(apperr.Invalid, "The end date is before the start date.", map[string]string{"dateEnd": "must not be before date"})
	}
	if to.Compare(addMonths(from, MaxWindowYears, 0)) > 0 {
		return Window{}, apperr.WithFields(apperr.Invalid, "The window is too long.", map[string]string{"dateEnd": "must be at most one year after date"})
	}
	return WindowOf(from, to, loc), nil
}

// WindowOf is the window of local days from..to at loc.
func WindowOf(from, to schedule.Date, loc *time.Location) Window {
	next := to.AddDays(1)
	return Window{From: from, To: to, Start: from.At(0, 0, loc), End: next.At(0, 0, loc)}
}

// LandingWindow is the events landing's window: from now to the end of the local day
// DefaultWindowMonths from today. Events over before now are not in it.
func LandingWindow(now time.Time, loc *time.Location) Window {
	today := schedule.DateOf(now.In(loc))
	w := WindowOf(today, addMonths(today, 0, DefaultWindowMonths), loc)
	w.Start = now
	return w
}
