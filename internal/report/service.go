package report

import (
	"context"
	"fmt"
	"math"
	"sync"
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
	Tickets     int64 // bookings whose first charge entry is that day
}

// LedgerSum is what a stretch of the ledger adds up to.
type LedgerSum struct {
	ChargeCents int64
	RefundCents int64
	Tickets     int64 // bookings whose first charge entry is in the stretch
}

// SessionSum is what the sessions of a stretch of time add up to.
type SessionSum struct {
	Sessions int64 // sessions holding places of non-cancelled bookings
	Drivers  int64 // those places
}

// SessionDay is one local date's sessions: how many sessions the company's non-cancelled bookings have
// places in, and how many places (drivers) they hold.
type SessionDay struct {
	Date     Date
	Sessions int64
	Drivers  int64
}

// Store reads the grouped sums behind the KPIs. Every method is scoped to the company; instants are
// Unix ms and ranges [from, to) half-open.
type Store interface {
	// Company returns the company's zone and currency symbol. Returns apperr.NotFound if it does not exist.
	Company(ctx context.Context, companyID int64) (Company, error)
	// LedgerDays returns, per local date (bucketed with offsets, see Offsets) that has entries in
	// [from, to), the day's charges, refunds and tickets (bookings whose first charge entry it is). A
	// date may come in more than one row (split by an offset change): its rows add up.
	LedgerDays(ctx context.Context, companyID, from, to int64, offsets []Offset) ([]LedgerDay, error)
	// LedgerTotals sums the ledger of the company over the previous period pre and over the period cur
	// (pre ends at or before cur begins; they need not touch).
	LedgerTotals(ctx context.Context, companyID int64, pre, cur Span) (before, after LedgerSum, err error)
	// SessionTotals sums the sessions starting in pre and in cur (pre ends at or before cur begins).
	SessionTotals(ctx context.Context, companyID int64, pre, cur Span) (before, after SessionSum, err error)
	// SessionDays returns, per local date (bucketed with offsets) with sessions starting in [from, to),
	// the sessions holding places of the company's non-cancelled bookings and those places; a date's
	// rows add up.
	SessionDays(ctx context.Context, companyID, from, to int64, offsets []Offset) ([]SessionDay, error)
	// Ages returns the birth dates of the drivers of the company's non-cancelled bookings whose first
	// session starts in [from, to), summed for their average age on the date on (see Ages).
	Ages(ctx context.Context, companyID, from, to int64, on Date) (Ages, error)
	// MembersCreated counts the company's members created in [from, to).
	MembersCreated(ctx context.Context, companyID, from, to int64) (int64, error)
	// WaitlistTotals sums the company's waiting list over pre and cur: entries joined, offers made,
	// offers taken and the taken offers' bookings' totals (not cancelled), each by its own instant.
	WaitlistTotals(ctx context.Context, companyID int64, pre, cur Span) (before, after WaitlistSum, err error)
}

// WaitlistSum is what a stretch of a company's waiting list adds up to.
type WaitlistSum struct {
	Entries      int64 // entries that joined in the stretch
	Offers       int64 // offers made in the stretch
	Taken        int64 // offers booked in the stretch
	RevenueCents int64 // the totals of those bookings, unless cancelled since
}

// WaitlistKPI is the waiting list's KPI group: four figures of the period against the previous one.
type WaitlistKPI struct {
	Entries, Offers, Taken, Revenue KPI
}

// Waitlist is the period's waiting list: entries, offers, offers taken and the revenue of the offers
// taken. Returns apperr.NotFound for an unknown company.
func (s *Service) Waitlist(ctx context.Context, companyID int64, p Period) (WaitlistKPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return WaitlistKPI{}, err
	}
	pre, cur, err := s.store.WaitlistTotals(ctx, companyID, f.preSpan, f.curSpan)
	if err != nil {
		return WaitlistKPI{}, err
	}
	d, sym := p.Days(), f.company.Symbol
	return WaitlistKPI{
		Entries: Figure(float64(cur.Entries), float64(pre.Entries), d, sym),
		Offers:  Figure(float64(cur.Offers), float64(pre.Offers), d, sym),
		Taken:   Figure(float64(cur.Taken), float64(pre.Taken), d, sym),
		Revenue: Figure(Cents(cur.RevenueCents), Cents(pre.RevenueCents), d, sym),
	}, nil
}

// Service computes the KPIs of a company.
type Service struct {
	store Store
}

// NewService returns the KPI service over its store.
func NewService(s Store) *Service { return &Service{store: s} }

// Span is a half-open range of instants [From, To), Unix ms.
type Span struct{ From, To int64 }

// frame is a company's period and its previous period as instants, with the zone's offsets over both.
type frame struct {
	company  Company
	loc      *time.Location
	cur, pre Period
	preSpan  Span // the previous period's instants
	curSpan  Span // the period's instants
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
	preFrom, preTo := f.pre.Instants(loc)
	curFrom, curTo := p.Instants(loc)
	f.preSpan = Span{preFrom.UnixMilli(), preTo.UnixMilli()}
	f.curSpan = Span{curFrom.UnixMilli(), curTo.UnixMilli()}
	f.offsets = Offsets(preFrom, curTo, loc)
	return f, nil
}

// Billing is the period's billing: settled sales (charge entries) less refunds, by the entry's local
// date. Returns apperr.NotFound for an unknown company.
func (s *Service) Billing(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	pre, cur, err := s.store.LedgerTotals(ctx, companyID, f.preSpan, f.curSpan)
	if err != nil {
		return KPI{}, err
	}
	return Figure(Cents(cur.ChargeCents-cur.RefundCents), Cents(pre.ChargeCents-pre.RefundCents), p.Days(), f.company.Symbol), nil
}

// Tickets is the number of tickets sold: the bookings whose first charge entry (the sale) is in the
// period. A booking paid in parts is one ticket, sold when its first part was paid.
func (s *Service) Tickets(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	pre, cur, err := s.store.LedgerTotals(ctx, companyID, f.preSpan, f.curSpan)
	if err != nil {
		return KPI{}, err
	}
	return Figure(float64(cur.Tickets), float64(pre.Tickets), p.Days(), f.company.Symbol), nil
}

// TicketAverage is the average ticket amount: the period's charges over its tickets sold.
func (s *Service) TicketAverage(ctx context.Context, companyID int64, p Period) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	pre, cur, err := s.store.LedgerTotals(ctx, companyID, f.preSpan, f.curSpan)
	if err != nil {
		return KPI{}, err
	}
	return Figure(Ratio(Cents(cur.ChargeCents), float64(cur.Tickets)), Ratio(Cents(pre.ChargeCents), float64(pre.Tickets)),
		p.Days(), f.company.Symbol), nil
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
	pre, err := s.store.MembersCreated(ctx, companyID, f.preSpan.From, f.preSpan.To)
	if err != nil {
		return KPI{}, err
	}
	cur, err := s.store.MembersCreated(ctx, companyID, f.curSpan.From, f.curSpan.To)
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
	pre, err := s.store.MembersCreated(ctx, companyID, math.MinInt64, f.preSpan.From)
	if err != nil {
		return KPI{}, err
	}
	cur, err := s.store.MembersCreated(ctx, companyID, math.MinInt64, f.curSpan.From)
	if err != nil {
		return KPI{}, err
	}
	return Figure(float64(cur), float64(pre), p.Days(), f.company.Symbol), nil
}

// Participants counts the drivers in the period's sessions (each driver once per session raced, from the
// places of non-cancelled bookings). With age, AverageAge is the average age, on the period's last day,
// of the known drivers of the bookings whose first session is in the period; with session,
// AverageSession is the drivers per session held in the period.
func (s *Service) Participants(ctx context.Context, companyID int64, p Period, age, session bool) (KPI, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return KPI{}, err
	}
	var pre, cur SessionSum
	var ages Ages
	err = both(func() (err error) {
		pre, cur, err = s.store.SessionTotals(ctx, companyID, f.preSpan, f.curSpan)
		return err
	}, func() (err error) {
		if age {
			ages, err = s.store.Ages(ctx, companyID, f.curSpan.From, f.curSpan.To, p.End)
		}
		return err
	})
	if err != nil {
		return KPI{}, err
	}
	k := Figure(float64(cur.Drivers), float64(pre.Drivers), p.Days(), f.company.Symbol)
	if session {
		k.AverageSession = Round2(Ratio(float64(cur.Drivers), float64(cur.Sessions)))
	}
	if age {
		k.AverageAge = ages.Average(p.End)
	}
	return k, nil
}

// both runs two independent reads at once (each on its own connection) and returns the first error:
// the slowest KPI calls read two things, and a call should cost the longer read, not their sum.
func both(a, b func() error) error {
	var errB error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		errB = b()
	}()
	errA := a()
	wg.Wait()
	if errA != nil {
		return errA
	}
	return errB
}
