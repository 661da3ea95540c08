package report

import "context"

// SeriesDay is one day of the KPI charts: the day's figures and those of the same offset day of the
// previous period.
type SeriesDay struct {
	Date            Date
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
		ledger, err = s.store.LedgerDays(ctx, companyID, f.from, f.to, f.offsets)
		return err
	}, func() (err error) {
		sessions, err = s.store.SessionDays(ctx, companyID, f.from, f.to, f.offsets)
		return err
	})
	if err != nil {
		return Series{}, err
	}
	n := p.Days()
	// index 0..n-1: the previous period's days; n..2n-1: the current period's.
	net := make([]int64, 2*n)
	charges := make([]int64, 2*n)
	tickets := make([]int64, 2*n)
	drivers := make([]int64, 2*n)
	at := func(d Date) int {
		i := int(d - f.pre.Start)
		if i < 0 || i >= 2*n {
			return -1
		}
		return i
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
		c := n + k
		out.Days[k] = SeriesDay{
			Date: p.Start + Date(k), PreviousDate: f.pre.Start + Date(k),
			Billing: Cents(net[c]), PreviousBilling: Cents(net[k]),
			Drivers: drivers[c], PreviousDrivers: drivers[k],
			Tickets:       tickets[c],
			TicketAverage: Round2(Ratio(Cents(charges[c]), float64(tickets[c]))),
		}
	}
	return out, nil
}
