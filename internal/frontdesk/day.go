package frontdesk

import (
	"context"
	"time"

	"pitlane/internal/apperr"
)

// Day is the counter's view of one circuit-local day.
type Day struct {
	Date     string // YYYY-MM-DD, local to the company
	TimeZone string
	// Sessions are the day's sessions with bookings, and its events' bookings grouped by event and
	// start, in time order (then circuit, then name).
	Sessions []Session
	// ExpectedDrivers and ArrivedDrivers are the day's sums over its sessions.
	ExpectedDrivers, ArrivedDrivers int
}

// Session is one session of the day (a circuit at a start time) or one event's start, with its bookings.
type Session struct {
	Kind      string // "session" or "event"
	CircuitID int64  // 0 for an event
	Name      string // the circuit's name, or the event's
	Products  []string
	StartsAt  time.Time
	LocalTime string // HH:MM in the company's zone
	// Capacity and Booked are the session's counters (0 for an event).
	Capacity, Booked int
	// ExpectedDrivers are the drivers of its bookings; ArrivedDrivers those of its arrived bookings.
	ExpectedDrivers, ArrivedDrivers int
	Bookings                        []DayBooking
}

// DayBooking is a booking as the counter sees it in one session.
type DayBooking struct {
	ID          int64
	Identifier  string
	Reference   string // formatted
	Name        string
	Phone       string
	Email       string
	Drivers     int // in this session
	TotalCents  int64
	PaidCents   int64
	DueCents    int64
	State       string
	Source      string
	PaymentMode string
	Arrived     bool
	ArrivedAt   time.Time
	ArrivedBy   string
	NoShow      bool // marked a no-show
}

// DayBounds are the instants a circuit-local day begins and ends, [from, until): midnight to the next
// midnight in loc, so a day of a summer-time change lasts 23 or 25 hours. Returns apperr.Invalid for a
// date that is not YYYY-MM-DD.
func DayBounds(date string, loc *time.Location) (time.Time, time.Time, error) {
	d, err := time.ParseInLocation("2006-01-02", date, loc)
	if err != nil {
		return time.Time{}, time.Time{}, apperr.WithFields(apperr.Invalid, "The day is not a date.", map[string]string{"date": "YYYY-MM-DD"})
	}
	return d, time.Date(d.Year(), d.Month(), d.Day()+1, 0, 0, 0, 0, loc), nil
}

// Count fills a session's and the day's expected and arrived drivers from their bookings.
func (d *Day) Count() {
	d.ExpectedDrivers, d.ArrivedDrivers = 0, 0
	for i := range d.Sessions {
		s := &d.Sessions[i]
		s.ExpectedDrivers, s.ArrivedDrivers = 0, 0
		for _, b := range s.Bookings {
			s.ExpectedDrivers += b.Drivers
			if b.Arrived {
				s.ArrivedDrivers += b.Drivers
			}
		}
		d.ExpectedDrivers += s.ExpectedDrivers
		d.ArrivedDrivers += s.ArrivedDrivers
	}
}

// Today reads the company's day: date is YYYY-MM-DD in the company's zone, or "" for the company's
// today. Returns apperr.Invalid (a bad date) and apperr.NotFound (no such company).
func (s *Service) Today(ctx context.Context, companyID int64, date string) (Day, error) {
	zone, err := s.store.CompanyZone(ctx, companyID)
	if err != nil {
		return Day{}, err
	}
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc = time.UTC
	}
	if date == "" {
		date = s.clock.Now().In(loc).Format("2006-01-02")
	}
	from, until, err := DayBounds(date, loc)
	if err != nil {
		return Day{}, err
	}
	d, err := s.store.Day(ctx, companyID, from, until, loc)
	if err != nil {
		return Day{}, err
	}
	d.Date, d.TimeZone = date, loc.String()
	d.Count()
	return d, nil
}
