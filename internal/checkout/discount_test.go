package checkout

import (
	"reflect"
	"testing"

	"pitlane/internal/apperr"
)

func totals(ts ...int64) []CartLine {
	out := make([]CartLine, len(ts))
	for i, t := range ts {
		out[i] = CartLine{ProductID: int64(i + 1), TotalCents: t, Quantity: 1, Live: true, HoldIdentifier: "h"}
	}
	return out
}

func all(CartLine) bool { return true }

func TestAllocate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		code  DiscountCode
		lines []CartLine
		want  []int64
	}{
		{"10 percent", DiscountCode{Kind: DiscountPercent, Value: 10}, totals(4000, 1500), []int64{400, 150}},
		{"percent rounds half up", DiscountCode{Kind: DiscountPercent, Value: 15}, totals(1050, 1030), []int64{158, 155}},
		{"100 percent", DiscountCode{Kind: DiscountPercent, Value: 100}, totals(999), []int64{999}},
		{"over 100 percent is capped", DiscountCode{Kind: DiscountPercent, Value: 150}, totals(999), []int64{999}},
		{"fixed on one line", DiscountCode{Kind: DiscountFixed, Value: 500}, totals(4000), []int64{500}},
		{"fixed split by totals", DiscountCode{Kind: DiscountFixed, Value: 1000}, totals(2000, 1500), []int64{571, 429}},
		{"fixed odd cents to the largest remainders", DiscountCode{Kind: DiscountFixed, Value: 100}, totals(100, 100, 100), []int64{34, 33, 33}},
		{"fixed never below zero", DiscountCode{Kind: DiscountFixed, Value: 10000}, totals(2000, 1500), []int64{2000, 1500}},
		{"only the code's products", DiscountCode{Kind: DiscountPercent, Value: 50, ProductIDs: []int64{2}}, totals(2000, 1500), []int64{0, 750}},
		{"fixed over the code's products", DiscountCode{Kind: DiscountFixed, Value: 300, ProductIDs: []int64{1, 3}}, totals(1000, 1000, 2000), []int64{100, 0, 200}},
		{"free lines take nothing", DiscountCode{Kind: DiscountFixed, Value: 300}, totals(0, 1000), []int64{0, 300}},
		{"huge amounts do not overflow", DiscountCode{Kind: DiscountFixed, Value: 99_999_999_999}, totals(99_999_999_999, 99_999_999_999), []int64{50_000_000_000, 49_999_999_999}},
	}
	for _, c := range cases {
		got := Allocate(c.code, c.lines, all)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		var sum, total int64
		for i, g := range got {
			sum += g
			total += c.lines[i].TotalCents
			if g < 0 || g > c.lines[i].TotalCents {
				t.Errorf("%s: line %d discount %d of %d", c.name, i, g, c.lines[i].TotalCents)
			}
		}
		if c.code.Kind == DiscountFixed && sum != min(c.code.Value, total) && len(c.code.ProductIDs) == 0 {
			t.Errorf("%s: shares sum to %d", c.name, sum)
		}
	}
}

func TestEligibleEventCode(t *testing.T) {
	t.Parallel()
	code := DiscountCode{Kind: DiscountPercent, Value: 10, EventID: 9}
	if code.Eligible(CartLine{ProductID: 1}) || !code.Eligible(CartLine{ProductID: 2, EventID: 9}) {
		t.Error("an event's code applies to the event's products only")
	}
}

func TestCheckApply(t *testing.T) {
	t.Parallel()
	cart := Cart{Status: "open", Lines: []CartLine{{ProductID: 1, TotalCents: 1000, Live: true}, {ProductID: 2, TotalCents: 1000}}}
	five := int64(5)
	cases := []struct {
		name string
		cart func(Cart) Cart
		code *DiscountCode
		want apperr.Code
	}{
		{"applies", nil, &DiscountCode{Kind: DiscountPercent, Value: 10}, ""},
		{"cart ordered", func(c Cart) Cart { c.Status = "ordered"; return c }, &DiscountCode{Value: 10}, apperr.Conflict},
		{"a discount already", func(c Cart) Cart { c.Discount = &DiscountCode{}; return c }, &DiscountCode{Value: 10}, apperr.PreconditionFailed},
		{"unknown code", nil, nil, apperr.NotFound},
		{"expired yesterday", nil, &DiscountCode{Value: 10, ExpiresOn: "2026-11-30"}, apperr.Gone},
		{"last day today", nil, &DiscountCode{Value: 10, ExpiresOn: "2026-12-01"}, ""},
		{"used up", nil, &DiscountCode{Value: 10, UsageLimit: &five, UsedCount: 5}, apperr.Gone},
		{"one use left", nil, &DiscountCode{Value: 10, UsageLimit: &five, UsedCount: 4}, ""},
		{"only for an expired line's product", nil, &DiscountCode{Value: 10, ProductIDs: []int64{2}}, apperr.Unprocessable},
		{"for no product of the cart", nil, &DiscountCode{Value: 10, ProductIDs: []int64{3}}, apperr.Unprocessable},
	}
	for _, c := range cases {
		ct := cart
		if c.cart != nil {
			ct = c.cart(cart)
		}
		err := CheckApply(ct, c.code, "2026-12-01")
		if got := apperr.CodeOf(err); (err == nil) != (c.want == "") || (err != nil && got != c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// The cart view: live lines count, expired ones are flagged and left out of the totals.
func TestView(t *testing.T) {
	t.Parallel()
	c := Cart{Token: "t", Status: "open", Discount: &DiscountCode{Code: "TEN", Kind: DiscountPercent, Value: 10},
		Lines: []CartLine{
			{ID: 1, HoldIdentifier: "a", ProductID: 1, Quantity: 2, UnitCents: 2000, OriginalUnitCents: 2000, TotalCents: 4000, Live: true},
			{ID: 2, HoldIdentifier: "b", ProductID: 1, Quantity: 1, UnitCents: 2000, OriginalUnitCents: 2000, TotalCents: 2000},
		}}
	v := View(c)
	if v.PriceConverted != 3600 || v.OriginalPriceConverted != 4000 || v.NumParticipants != 2 || v.Discount.Amount != 400 {
		t.Errorf("totals %+v", v)
	}
	if v.Details[0].Expired || !v.Details[1].Expired || v.Details[0].DiscountedPrice != 1800 || v.Details[1].Total != 2000 {
		t.Errorf("details %+v", v.Details)
	}
	if v.ExpiresAt == nil || v.Details[1].BookingDates == nil {
		t.Errorf("expiresAt %v", v.ExpiresAt)
	}
}
