package report

import "context"

// SeriesDay is one day of the KPI charts: the day's figures and those of the same offset day of the
// previous period (the k-th day of the one against the k-th day of the other: 1 November against
// 1 October). A previous period shorter than the period has no day to match its last days: their
// HasPrevious is false and their previous figures 0. The days of a longer previous period past the
// period's length count in its totals but are not drawn.
type SeriesDay struct {
	Date            Date
	HasPrevious     bool // whether the previous period has this day; PreviousDate is its date
	PreviousDate    Date
	Billing         float64 // charges less refunds, currency units
	PreviousBilling float64
	Drivers         int64 // drivers in the day's sessions
	PreviousDrivers int64
	Tickets         int64   // tickets sold that day (bookings whose first charge it is)
	TicketAverage   float64 // the day's charges over its tickets, currency units (0 without tickets)
}

// Series is a value per day of a period, for the charts.
type Series struct {
	Symbol string
	Days   []SeriesDay
}

// Series returns the daily figures of the period and of the previous one; the days add up to the
// period's Billing, Tickets and drivers.
func (s *Service) Series(ctx context.Context, companyID int64, p Period) (Series, error) {
	f, err := s.frame(ctx, companyID, p)
	if err != nil {
		return Series{}, err
	}
	var ledger []LedgerDay
	var sessions []SessionDay
	err = both(func() (err error) {
		ledger, err = s.store.LedgerDays(ctx, companyID, f.preSpan.From, f.curSpan.To, f.offsets)
		return err
	}, func() (err error) {
		sessions, err = s.store.SessionDays(ctx, companyID, f.preSpan.From, f.curSpan.To, f.offsets)
		return err
	})
	if err != nil {
		return Series{}, err
	}
	n, m := p.Days(), f.pre.Days()
	// index 0..m-1: the previous period's days; m..m+n-1: the current period's. Days between the two
	// (a month's comparison skips the previous month's last days) have no index.
	net := make([]int64, m+n)
	charges := make([]int64, m+n)
	tickets := make([]int64, m+n)
	drivers := make([]int64, m+n)
	at := func(d Date) int {
		switch {
		case f.pre.Contains(d):
			return int(d - f.pre.Start)
		case p.Contains(d):
			return m + int(d-p.Start)
		}
		return -1
	}
	for _, d := range ledger {
		if i := at(d.Date); i >= 0 {
			net[i] += d.ChargeCents - d.RefundCents
			charges[i] += d.ChargeCents
			tickets[i] += d.Tickets
		}
	}
	for _, d := range sessions {
		if i := at(d.Date); i >= 0 {
			drivers[i] += d.Drivers
		}
	}
	out := Series{Symbol: f.company.Symbol, Days: make([]SeriesDay, n)}
	for k := range n {
		c := m + k
		day := SeriesDay{
			Date:          p.Start + Date(k),
			Billing:       Cents(net[c]),
			Drivers:       drivers[c],
			Tickets:       tickets[c],
			TicketAverage: Round2(Ratio(Cents(charges[c]), float64(tickets[c]))),
		}
		if k < m {
			day.HasPrevious, day.PreviousDate = true, f.pre.Start+Date(k)
			day.PreviousBilling, day.PreviousDrivers = Cents(net[k]), drivers[k]
		}
		out.Days[k] = day
	}
	return out, nil
}
