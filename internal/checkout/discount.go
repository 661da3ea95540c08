package checkout

import (
	"math/big"
	"strings"

	"pitlane/internal/apperr"
)

// Eligible reports whether the code applies to a cart line: a code with product ids applies to those
// products; a code tied to an event and without product ids applies to the event's products; any other
// code applies to every product.
func (c DiscountCode) Eligible(l CartLine) bool {
	if len(c.ProductIDs) > 0 {
		for _, id := range c.ProductIDs {
			if id == l.ProductID {
				return true
			}
		}
		return false
	}
	if c.EventID != 0 {
		return l.EventID == c.EventID
	}
	return true
}

// CheckUsable tells whether the code can still be used on the local date today (YYYY-MM-DD): it returns
// apperr.Gone when the code expired (today is after ExpiresOn) or every use is taken, else nil.
func CheckUsable(c DiscountCode, today string) error {
	if c.ExpiresOn != "" && today > c.ExpiresOn {
		return apperr.WithFields(apperr.Gone, "This discount code has expired.", map[string]string{"discount": "expired"})
	}
	if c.UsageLimit != nil && c.UsedCount >= *c.UsageLimit {
		return apperr.WithFields(apperr.Gone, "This discount code has been used up.", map[string]string{"discount": "used up"})
	}
	return nil
}

// CheckApply decides whether the code (nil when no code of the company has that text) may be applied to
// the cart on the local date today. Returns apperr.Conflict when the cart is no longer open,
// apperr.PreconditionFailed when the cart already has a discount, apperr.NotFound for an unknown code,
// apperr.Gone for an expired or used-up code, and apperr.Unprocessable when the code applies to no live
// line of the cart.
func CheckApply(cart Cart, code *DiscountCode, today string) error {
	if cart.Status != "open" {
		return apperr.New(apperr.Conflict, "This shopping cart has already been ordered.")
	}
	if cart.Discount != nil {
		return apperr.WithFields(apperr.PreconditionFailed, "A discount is already applied to this cart.",
			map[string]string{"discount": "discountAlreadyApplied"})
	}
	if code == nil {
		return apperr.WithFields(apperr.NotFound, "There is no such discount code.", map[string]string{"discount": "unknown code"})
	}
	if err := CheckUsable(*code, today); err != nil {
		return err
	}
	for _, l := range cart.Lines {
		if l.Live && code.Eligible(l) {
			return nil
		}
	}
	return apperr.WithFields(apperr.Unprocessable, "This discount code is not valid for any product in the cart.",
		map[string]string{"discount": "invalidDiscountForShoppingCart"})
}

// NormalizeCode is the form a typed discount code is looked up in: trimmed. Codes are compared without
// regard to case.
func NormalizeCode(code string) string { return strings.TrimSpace(code) }

// Allocate returns the discount in cents of each line, in order. Only lines with included[i] true and
// eligible for the code get a share. A PERCENT code takes Value percent of each line's total, rounded
// half up to the cent. A FIXED code takes at most Value cents in all, split over the eligible lines in
// proportion to their totals (largest remainders get the odd cents); no line goes below zero.
func Allocate(c DiscountCode, lines []CartLine, included func(CartLine) bool) []int64 {
	out := make([]int64, len(lines))
	var idx []int
	var sum int64
	for i, l := range lines {
		if l.TotalCents > 0 && included(l) && c.Eligible(l) {
			idx = append(idx, i)
			sum += l.TotalCents
		}
	}
	if len(idx) == 0 {
		return out
	}
	switch c.Kind {
	case DiscountPercent:
		pct := min(max(c.Value, 0), 100)
		for _, i := range idx {
			t := lines[i].TotalCents
			out[i] = min(mulDiv(t, pct, 100, true), t)
		}
	case DiscountFixed:
		amount := min(max(c.Value, 0), sum)
		splitProportionally(amount, sum, lines, idx, out)
	}
	return out
}

// splitProportionally gives each line idx[k] floor(amount × total / sum) and the left-over cents one by
// one to the lines with the largest fractional parts (earlier lines first on ties).
func splitProportionally(amount, sum int64, lines []CartLine, idx []int, out []int64) {
	rems := make([]int64, len(idx))
	var given int64
	for k, i := range idx {
		t := lines[i].TotalCents
		q, r := mulDivRem(amount, t, sum)
		out[i], rems[k] = q, r
		given += q
	}
	for left := amount - given; left > 0; left-- {
		best := -1
		for k := range idx {
			if rems[k] > 0 && (best < 0 || rems[k] > rems[best]) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		out[idx[best]]++
		rems[best] = 0
	}
}

// mulDiv returns a×b/d rounded down, or half up when roundHalfUp, without overflow.
func mulDiv(a, b, d int64, roundHalfUp bool) int64 {
	x := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	if roundHalfUp {
		x.Add(x, big.NewInt(d/2))
	}
	return x.Quo(x, big.NewInt(d)).Int64()
}

// mulDivRem returns the quotient and remainder of a×b/d without overflow.
func mulDivRem(a, b, d int64) (int64, int64) {
	x := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	q, r := new(big.Int).QuoRem(x, big.NewInt(d), new(big.Int))
	return q.Int64(), r.Int64()
}
