package report

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Company is what the KPIs need of a company.
type Company struct {
	TimeZone string // IANA name: the circuit's local dates are dates in this zone
	Symbol   string // currency symbol
}

// LedgerDay is one local date's ledger: what the payment entries of the company created that day add up to.
type LedgerDay struct {
	Date        Date
	ChargeCents int64 // sum of the charge entries
	RefundCents int64 // sum of the refund entries (positive)
	Tickets     int64 // distinct bookings with a charge entry that day
}

// Session is one session (circuit and start) with the drivers the company's non-cancelled bookings put in it.
type Session struct {
	StartsAt int64 // Unix ms
	Drivers  int64
}

// Store reads the grouped sums behind the KPIs. Every method is scoped to the company; instants are
// Unix ms and ranges [from, to) half-open.
type Store interface {
	// Company returns the company's zone and currency symbol. Returns apperr.NotFound if it does not exist.
	Company(ctx context.Context, companyID int64) (Company, error)
	// LedgerDays returns, per local date (bucketed with offsets, see Offsets) that has entries in
	// [from, to), the day's charges, refunds and distinct bookings charged.
	LedgerDays(ctx context.Context, companyID, from, to int64, offsets []Offset) ([]LedgerDay, error)
	// TicketCounts counts the distinct bookings with a charge entry in [from, split) and in [split, to).
	TicketCounts(ctx context.Context, companyID, from, split, to int64) (before, after int64, err error)
	// Sessions returns every session starting in [from, to) with the places of the company's
	// non-cancelled bookings in it.
	Sessions(ctx context.Context, companyID, from, to int64) ([]Session, error)
	// Birthdays returns the known birth dates ('YYYY-MM-DD' → how many people) of the drivers of the
	// company's non-cancelled bookings with a session starting in [from, to).
	Birthdays(ctx context.Context, companyID, from, to int64) (map[string]int64, error)
	// MembersCreated counts the company's members created in [from, to).
	MembersCreated(ctx context.Context, companyID, from, to int64) (int64, error)
}

// Service computes the KPIs of a company.
type Service struct {
	store Store
}

// NewService returns the KPI service over its store.
func NewService(s Store) *Service { return &Service{store: s} }

// frame is a company's period and its previous period as instants, with the zone's offsets over both.
type frame struct {
	company  Company
	loc      *time.Location
	cur, pre Period
	from     int64 // start of the previous period
	split    int64 // start of the current period
	to       int64 // end of the current period
	offsets  []Offset
}

func (s *Service) frame(ctx context.Context, companyID int64, p Period) (frame, error) {
	c, err := s.store.Company(ctx, companyID)
	if err != nil {
		return frame{}, err
	}
	loc, err := time.LoadLocation(c.TimeZone)
	if err != nil {
		return frame{}, fmt.Errorf("company %d time zone %q: %w", companyID, c.TimeZone, err)
	}
	f := frame{company: c, loc: loc, cur: p, pre: p.Previous()}
	from, _ := f.pre.Instants(loc)
	split, to := p.Instants(loc)
	f.from, f.split, f.to = from.UnixMilli(), split.UnixMilli(), to.UnixMilli()
	f.offsets = Offsets(from, to, loc)
	return f, nil
}

// ledger sums the ledger of the frame per period.
type ledgerSums struct{ charges, refunds, tickets [2]int64 }

func (s *Service) ledger(ctx context.Context, companyID int64, f frame) (ledgerSums, []LedgerDay, error) {
	days, err := s.store.LedgerDays(ctx, companyID, f.from, f.to, f.offsets)
	if err != nil {
		return ledgerSums{}, nil, err
	}
	var l ledgerSums
	for _, d := range days {
		i := 0
		if f.cur.Contains(d.Date) {
			i = 1
		} else if !f.pre.Contains(d.Date) {
			continue
		}
		l.charges[i] += d.ChargeCents
		l.refunds[i] += d.RefundCents
	}
	return l, days, nil
}

// Billing is the period's billing: settled sales (charge entries) less refunds, by the entry's local
// date. Returns apperr.NotFound for an unknown company.
func (s *Service) Billing(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	l, _, err := s.ledger(ctx, companyID, f)
	if err != nil {
		return KPI{}, err
	}
	return Figure(Cents(l.charges[1]-l.refunds[1]), Cents(l.charges[0]-l.refunds[0]), p.Days(), f.company.Symbol), nil
}

// Tickets is the number of tickets sold: the distinct bookings with a charge entry in the period.
func (s *Service) Tickets(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	pre, cur, err := s.store.TicketCounts(ctx, companyID, f.from, f.split, f.to)
	if err != nil {
		return KPI{}, err
	}
	return Figure(float64(cur), float64(pre), p.Days(), f.company.Symbol), nil
}

// TicketAverage is the average ticket amount: the period's charges over its tickets sold.
func (s *Service) TicketAverage(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	l, _, err := s.ledger(ctx, companyID, f)
	if err != nil {
		return KPI{}, err
	}
	pre, cur, err := s.store.TicketCounts(ctx, companyID, f.from, f.split, f.to)
	if err != nil {
		return KPI{}, err
	}
	return Figure(Ratio(Cents(l.charges[1]), float64(cur)), Ratio(Cents(l.charges[0]), float64(pre)), p.Days(), f.company.Symbol), nil
}

// Members is the company's total number of members (partners). It has no period: Average, Previous
// and Increment are 0.
func (s *Service) Members(ctx context.Context, companyID int64) (KPI, error) {
	c, err := s.store.Company(ctx, companyID)
	if err != nil {
		return KPI{}, err
	}
	n, err := s.store.MembersCreated(ctx, companyID, math.MinInt64, math.MaxInt64)
	if err != nil {
		return KPI{}, err
	}
	return Figure(float64(n), 0, 0, c.Symbol), nil
}

// NewMembers counts the members created in the period (by local date), against the previous period.
func (s *Service) NewMembers(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	pre, err := s.store.MembersCreated(ctx, companyID, f.from, f.split)
	if err != nil {
		return KPI{}, err
	}
	cur, err := s.store.MembersCreated(ctx, companyID, f.split, f.to)
	if err != nil {
		return KPI{}, err
	}
	return Figure(float64(cur), float64(pre), p.Days(), f.company.Symbol), nil
}

// OldMembers counts the members created before the period began; Previous counts those created
// before the previous period began.
func (s *Service) OldMembers(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	pre, err := s.store.MembersCreated(ctx, companyID, math.MinInt64, f.from)
	if err != nil {
		return KPI{}, err
	}
	cur, err := s.store.MembersCreated(ctx, companyID, math.MinInt64, f.split)
	if err != nil {
		return KPI{}, err
	}
	return Figure(float64(cur), float64(pre), p.Days(), f.company.Symbol), nil
}

// Participants counts the drivers in the period's sessions (each driver once per session raced, from the
// places of non-cancelled bookings). With age, AverageAge is the known drivers' average age on the
// period's last day; with session, AverageSession is the drivers per session held in the period.
func (s *Service) Participants(ctx context.Context, companyID int64, p Period, age, session bool) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	sessions, err := s.store.Sessions(ctx, companyID, f.from, f.to)
	if err != nil {
		return KPI{}, err
	}
	var drivers, count [2]int64
	for _, se := range sessions {
		i := 0
		if se.StartsAt >= f.split {
			i = 1
		}
		drivers[i] += se.Drivers
		count[i]++
	}
	k := Figure(float64(drivers[1]), float64(drivers[0]), p.Days(), f.company.Symbol)
	if session {
		k.AverageSession = Round2(Ratio(float64(drivers[1]), float64(count[1])))
	}
	if age {
		b, err := s.store.Birthdays(ctx, companyID, f.split, f.to)
		if err != nil {
			return KPI{}, err
		}
		k.AverageAge = AverageAge(b, p.End)
	}
	return k, nil
}
