package billing

import (
	"sort"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
)

// MaxRangeDays is the longest billing range, both ends included.
const MaxRangeDays = 366

// dateLayout is how the API writes a circuit-local date.
const dateLayout = "2006-01-02"

// ParseRange reads an inclusive range of circuit-local dates ("YYYY-MM-DD") and returns the instants
// that bound it in loc: from the start of dateIni to the start of the day after dateEnd. Returns
// apperr.Invalid for a malformed date and apperr.Unprocessable when the start is after the end or the
// range is longer than MaxRangeDays.
func ParseRange(dateIni, dateEnd string, loc *time.Location) (from, to time.Time, err error) {
	fe := apperr.FieldErrors{}
	a, errA := time.ParseInLocation(dateLayout, dateIni, loc)
	if errA != nil {
		fe.Add("dateIni", "must be a date YYYY-MM-DD")
	}
	b, errB := time.ParseInLocation(dateLayout, dateEnd, loc)
	if errB != nil {
		fe.Add("dateEnd", "must be a date YYYY-MM-DD")
	}
	if errA != nil || errB != nil {
		return from, to, apperr.WithFields(apperr.Invalid, "The dates are malformed.", fe)
	}
	if a.After(b) {
		return from, to, apperr.WithFields(apperr.Unprocessable, "The start date is after the end date.",
			map[string]string{"dateIni": "must not be after dateEnd"})
	}
	// Calendar days, counted on the dates themselves so a DST change does not shorten a day.
	days := int(time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, time.UTC).
		Sub(time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, time.UTC)).Hours()/24) + 1
	if days > MaxRangeDays {
		return from, to, apperr.WithFields(apperr.Unprocessable, "The range is longer than 366 days.",
			map[string]string{"dateEnd": "at most 366 days after dateIni"})
	}
	return a, b.AddDate(0, 0, 1), nil
}

// RefundPolicy is what a company allows: refunds at all, and until how many days before the session.
type RefundPolicy struct {
	Enabled bool
	MaxDays int // refunds allowed until this many days before the first session; 0: until the session
}

// Deadline is the last instant a booking whose first session starts at first may be refunded under
// maxDays: the session's start moved maxDays calendar days back in the circuit's time zone.
func Deadline(first time.Time, maxDays int, loc *time.Location) time.Time {
	return first.In(loc).AddDate(0, 0, -maxDays)
}

// CheckPolicy tells whether a booking may be refunded at now. first is the start of its first session
// (nil for a booking without one, such as a voucher: no window applies). Returns apperr.Unprocessable
// when the company has refunds switched off or the refund window has closed.
func CheckPolicy(p RefundPolicy, now time.Time, first *time.Time, loc *time.Location) error {
	switch PolicyBlock(p, now, first, loc) {
	case BlockRefundsOff:
		return apperr.New(apperr.Unprocessable, "Refunds are switched off for this company.")
	case BlockSessionStarted:
		return apperr.New(apperr.Unprocessable, "The session has started: the sale can no longer be refunded.")
	case BlockWindowClosed:
		return apperr.New(apperr.Unprocessable, "Refunds close %d days before the session: this sale can no longer be refunded.", p.MaxDays)
	}
	return nil
}

// Why a sale cannot be refunded now (the refund button's reason, schema RefundBlocked). The server
// refuses a refund in each of these cases with 422.
const (
	BlockRefundsOff     = "refundsOff"     // the company has refunds switched off
	BlockSessionStarted = "sessionStarted" // the first session has started (a window of 0 days)
	BlockWindowClosed   = "windowClosed"   // the refund window (refund_max_days before the session) is over
	BlockFullyRefunded  = "fullyRefunded"  // everything paid was given back already
	BlockNothingPaid    = "nothingPaid"    // nothing was paid (or every payment was corrected away)
	BlockKeptAsCredit   = "keptAsCredit"   // the money was kept as a credit note when the booking was cancelled
)

// PolicyBlock is the company's policy part of RefundBlock: BlockRefundsOff, BlockSessionStarted,
// BlockWindowClosed, or "" when the policy allows a refund at now.
func PolicyBlock(p RefundPolicy, now time.Time, first *time.Time, loc *time.Location) string {
	switch {
	case !p.Enabled:
		return BlockRefundsOff
	case first != nil && now.After(Deadline(*first, p.MaxDays, loc)) && p.MaxDays == 0:
		return BlockSessionStarted
	case first != nil && now.After(Deadline(*first, p.MaxDays, loc)):
		return BlockWindowClosed
	}
	return ""
}

// RefundBlock tells why a sale that was paid paidCents (charges less corrections) and still has
// refundableCents left cannot be refunded at now, or "" when it can: the policy first, then the money.
func RefundBlock(p RefundPolicy, now time.Time, first *time.Time, loc *time.Location, paidCents, refundableCents int64) string {
	if b := PolicyBlock(p, now, first, loc); b != "" {
		return b
	}
	switch {
	case paidCents <= 0:
		return BlockNothingPaid
	case refundableCents <= 0:
		return BlockFullyRefunded
	}
	return ""
}

// Charge is one charge of a sale as the refund rules see it: what was charged on one payment, what was
// given back already (confirmed refund entries) and what in-flight refunds hold.
type Charge struct {
	PaymentID   int64
	Provider    string
	ProviderRef string
	Charged     int64
	Refunded    int64
	Pending     int64
}

// Refundable is what can still be refunded of the charge, not counting in-flight refunds.
func (c Charge) Refundable() int64 { return max(c.Charged-c.Refunded, 0) }

// Free is what a new refund may take of the charge now: refundable less in-flight refunds.
func (c Charge) Free() int64 { return max(c.Charged-c.Refunded-c.Pending, 0) }

// Part is the share of a refund taken from one charge.
type Part struct {
	PaymentID   int64
	Provider    string
	ProviderRef string
	AmountCents int64
}

// Refundable is what can still be refunded of a sale: its charges less their refunds.
func Refundable(charges []Charge) int64 {
	var n int64
	for _, c := range charges {
		n += c.Refundable()
	}
	return n
}

// Allocate checks amount against the sale's charges and splits it across them smallest first (the
// charge with the least left to refund is emptied first; ties by payment id), one Part per charge
// touched. Returns apperr.Invalid for an amount that is not positive, apperr.Unprocessable when it
// exceeds what is left to refund, and apperr.Conflict when it fits what is left but not what in-flight
// refunds leave free (retry once they are settled).
func Allocate(charges []Charge, amount int64) ([]Part, error) {
	if amount <= 0 {
		return nil, apperr.WithFields(apperr.Invalid, "The refund amount must be more than 0.", map[string]string{"amount": "must be more than 0"})
	}
	refundable, free := Refundable(charges), int64(0)
	for _, c := range charges {
		free += c.Free()
	}
	if refundable == 0 && amount > 0 {
		var charged int64
		for _, c := range charges {
			charged += c.Charged
		}
		if charged <= 0 {
			return nil, apperr.New(apperr.Unprocessable, "Nothing was paid for this booking, so there is nothing to refund.")
		}
		return nil, apperr.New(apperr.Unprocessable, "This sale has been refunded in full already.")
	}
	if amount > refundable {
		return nil, apperr.WithFields(apperr.Unprocessable, "The refund exceeds what is refundable.",
			map[string]string{"amount": "at most " + pricing.FormatCents(refundable)})
	}
	if amount > free {
		return nil, apperr.New(apperr.Conflict, "Another refund of this sale is in progress; only %s is free now. Try again in a moment.",
			pricing.FormatCents(free))
	}
	order := append([]Charge(nil), charges...)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].Free() != order[j].Free() {
			return order[i].Free() < order[j].Free()
		}
		return order[i].PaymentID < order[j].PaymentID
	})
	var parts []Part
	left := amount
	for _, c := range order {
		take := min(c.Free(), left)
		if take <= 0 {
			continue
		}
		parts = append(parts, Part{PaymentID: c.PaymentID, Provider: c.Provider, ProviderRef: c.ProviderRef, AmountCents: take})
		left -= take
		if left == 0 {
			break
		}
	}
	return parts, nil
}

// PaymentStatus is a payment's status once refunded of charged has been given back: refunded when
// nothing is left, partially_refunded otherwise (approved when nothing was refunded).
func PaymentStatus(charged, refunded int64) string {
	switch {
	case refunded <= 0:
		return "approved"
	case refunded >= charged:
		return "refunded"
	}
	return "partially_refunded"
}

// SaleState is the state a sale row shows: PAID, PARTIALLY_REFUNDED or REFUNDED.
func SaleState(charged, refunded int64) string {
	switch {
	case refunded <= 0:
		return StatePaid
	case refunded >= charged:
		return StateRefunded
	}
	return StatePartiallyRefunded
}
