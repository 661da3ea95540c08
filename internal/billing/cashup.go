package billing

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// The kinds of a ledger line.
const (
	KindCharge     = "charge"
	KindRefund     = "refund"
	KindCorrection = "correction"
)

// LedgerLine is one line of the ledger as the cash-up reads it. AmountCents is positive whatever the
// kind; Signed gives its effect on the takings.
type LedgerLine struct {
	EntryID     int64
	BookingID   int64
	Identifier  string
	Reference   string
	Kind        string // KindCharge, KindRefund or KindCorrection
	AmountCents int64
	Method      string // a desk method, or MethodOnline
	UserID      int64  // 0 for a line no staff member wrote (an online charge, a provider's refund)
	UserName    string
	UserEmail   string
	At          time.Time
	Reason      string // a correction's
}

// Signed is the line's effect on the takings: a charge adds, a refund or a correction takes away.
func (l LedgerLine) Signed() int64 {
	if l.Kind == KindCharge {
		return l.AmountCents
	}
	return -l.AmountCents
}

// Takings are the sums of a group of ledger lines.
type Takings struct {
	ChargesCents     int64 `json:"-"`
	CorrectionsCents int64 `json:"-"`
	RefundsCents     int64 `json:"-"`
	NetCents         int64 `json:"-"` // charges less corrections less refunds
	Count            int   `json:"-"` // lines
}

func (t *Takings) add(l LedgerLine) {
	switch l.Kind {
	case KindCharge:
		t.ChargesCents += l.AmountCents
	case KindRefund:
		t.RefundsCents += l.AmountCents
	case KindCorrection:
		t.CorrectionsCents += l.AmountCents
	}
	t.NetCents += l.Signed()
	t.Count++
}

// MethodTakings is one method's takings of the day.
type MethodTakings struct {
	Method string
	Takings
}

// StaffTakings is one staff member's takings of the day; UserID 0 is the lines no staff member wrote
// (online payments and provider refunds).
type StaffTakings struct {
	UserID    int64
	UserName  string
	UserEmail string
	Takings
}

// CashUp is a day's takings at a circuit: per method, per staff member and in all, from the ledger lines
// of the day, the same lines billing counts for that day.
type CashUp struct {
	Date     string // circuit-local YYYY-MM-DD
	Symbol   string
	Currency string
	ByMethod []MethodTakings // DeskMethods in order, then online; every method listed, even at 0
	ByStaff  []StaffTakings  // by name, the lines without staff last
	Total    Takings
	Lines    []LedgerLine
}

// SumCashUp groups a day's ledger lines.
func SumCashUp(lines []LedgerLine) (byMethod []MethodTakings, byStaff []StaffTakings, total Takings) {
	methods := append(append([]string(nil), DeskMethods...), MethodOnline)
	byMethod = make([]MethodTakings, len(methods))
	for i, m := range methods {
		byMethod[i].Method = m
	}
	staff := map[int64]int{}
	for _, l := range lines {
		i := slices.Index(methods, l.Method)
		if i < 0 {
			methods = append(methods, l.Method)
			byMethod = append(byMethod, MethodTakings{Method: l.Method})
			i = len(methods) - 1
		}
		byMethod[i].add(l)
		j, ok := staff[l.UserID]
		if !ok {
			j = len(byStaff)
			staff[l.UserID] = j
			byStaff = append(byStaff, StaffTakings{UserID: l.UserID, UserName: l.UserName, UserEmail: l.UserEmail})
		}
		byStaff[j].add(l)
		total.add(l)
	}
	slices.SortStableFunc(byStaff, func(a, b StaffTakings) int {
		switch {
		case a.UserID == 0 && b.UserID != 0:
			return 1
		case b.UserID == 0 && a.UserID != 0:
			return -1
		case a.UserName < b.UserName:
			return -1
		case a.UserName > b.UserName:
			return 1
		}
		return 0
	})
	return byMethod, byStaff, total
}

// CashUp returns the company's takings of one circuit-local day. Returns the errors of ParseRange and
// apperr.NotFound for an unknown company.
func (s *Service) CashUp(ctx context.Context, companyID int64, date string) (CashUp, error) {
	if s.desk == nil {
		return CashUp{}, fmt.Errorf("billing: no desk store")
	}
	c, err := s.store.BillingCompany(ctx, companyID)
	if err != nil {
		return CashUp{}, err
	}
	loc, err := time.LoadLocation(c.TimeZone)
	if err != nil {
		return CashUp{}, fmt.Errorf("company %d time zone %q: %w", companyID, c.TimeZone, err)
	}
	from, to, err := ParseRange(date, date, loc)
	if err != nil {
		return CashUp{}, err
	}
	lines, err := s.desk.LedgerDay(ctx, companyID, from, to)
	if err != nil {
		return CashUp{}, err
	}
	out := CashUp{Date: date, Symbol: c.Symbol, Currency: c.Currency, Lines: lines}
	out.ByMethod, out.ByStaff, out.Total = SumCashUp(lines)
	return out, nil
}
