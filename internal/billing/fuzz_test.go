package billing

import (
	"testing"

	"pitlane/internal/apperr"
)

// FuzzAllocate checks Allocate's promises for any amount and any three charges: a refund is either
// refused with one of its codes, or split into positive parts that sum to the amount and never take
// more from a charge than it has free.
func FuzzAllocate(f *testing.F) {
	f.Add(int64(2500), int64(5000), int64(0), int64(0), int64(2000), int64(0), int64(0), int64(0))
	f.Add(int64(1), int64(1), int64(1), int64(0), int64(0), int64(0), int64(0), int64(0))
	f.Add(int64(-5), int64(100), int64(0), int64(50), int64(300), int64(10), int64(10), int64(10))
	f.Fuzz(func(t *testing.T, amount, c1, r1, p1, c2, r2, p2, c3 int64) {
		clamp := func(v int64) int64 { return max(0, min(v, 1<<40)) }
		charges := []Charge{
			{PaymentID: 1, Charged: clamp(c1), Refunded: clamp(r1), Pending: clamp(p1)},
			{PaymentID: 2, Charged: clamp(c2), Refunded: clamp(r2), Pending: clamp(p2)},
			{PaymentID: 3, Charged: clamp(c3)},
		}
		amount = max(-(1 << 40), min(amount, 1<<42))
		parts, err := Allocate(charges, amount)
		if err != nil {
			switch apperr.CodeOf(err) {
			case apperr.Invalid, apperr.Unprocessable, apperr.Conflict:
				return
			}
			t.Fatalf("unexpected error %v", err)
		}
		var sum int64
		taken := map[int64]int64{}
		for _, p := range parts {
			if p.AmountCents <= 0 {
				t.Fatalf("part %+v", p)
			}
			sum += p.AmountCents
			taken[p.PaymentID] += p.AmountCents
		}
		if sum != amount {
			t.Fatalf("parts sum to %d, want %d", sum, amount)
		}
		for _, c := range charges {
			if taken[c.PaymentID] > c.Free() {
				t.Fatalf("took %d from %+v", taken[c.PaymentID], c)
			}
		}
	})
}
