package pricing

import (
	"errors"
	"testing"
)

func TestParseProductData(t *testing.T) {
	text := `{"minParticipant": 2, "promotionText": "Summer", "oldPrice": 30, "gapSlots": "1",
		"dynamicPrice": {"MO": {"prices": [{"from": "00:00", "to": "00:00", "price": 22.5}]}},
		"checkboxText": "I accept", "categorys": {"title": "Age", "options": "[]"}, "exclusivity": true}`
	p, err := ParseProductData(text)
	if err != nil {
		t.Fatal(err)
	}
	if p.MinParticipant != 2 || p.PromotionText != "Summer" || p.OldPrice == nil || *p.OldPrice != 3000 ||
		p.GapSlots != 1 || p.CheckboxText != "I accept" || string(p.Categorys) != `{"title": "Age", "options": "[]"}` {
		t.Errorf("parsed %+v", p)
	}
	if got := Resolve(2500, true, p.Dynamic(), "2026-05-04", "10:00:00"); got != 2250 {
		t.Errorf("dynamic price from data = %d, want 2250", got)
	}

	for _, empty := range []string{"", "  ", "null", "{}"} {
		p, err := ParseProductData(empty)
		if err != nil || !p.IsZero() {
			t.Errorf("ParseProductData(%q) = %+v, %v; want zero", empty, p, err)
		}
	}
	p, err = ParseProductData(`{"minParticipant": "", "gapSlots": null, "categorys": null}`)
	if err != nil || !p.IsZero() {
		t.Errorf("blank values = %+v, %v; want zero", p, err)
	}
	if got := p.Dynamic(); got.Days != nil || got.ExceptionalDays != nil {
		t.Errorf("Dynamic() of no dynamic price = %+v", got)
	}

	for _, bad := range []string{`[]`, `{"oldPrice": 25.555}`, `{"gapSlots": "two"}`, `{"minParticipant": 1.5}`, `{"dynamicPrice": 3}`} {
		if _, err := ParseProductData(bad); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestProductDataText(t *testing.T) {
	old := Cents(3000)
	p := ProductData{PromotionText: "Summer", OldPrice: &old, GapSlots: 1}
	text, err := p.Text()
	if err != nil || text != `{"promotionText":"Summer","oldPrice":30.00,"gapSlots":1}` {
		t.Errorf("Text() = %s, %v", text, err)
	}
	back, err := ParseProductData(text)
	if err != nil || back.PromotionText != "Summer" || *back.OldPrice != 3000 || back.GapSlots != 1 {
		t.Errorf("round trip = %+v, %v", back, err)
	}
	// Clearing the discount and the promotion leaves nothing: data becomes empty.
	p.OldPrice, p.PromotionText, p.GapSlots = nil, "", 0
	if text, err := p.Text(); err != nil || text != "" {
		t.Errorf("empty data Text() = %q, %v", text, err)
	}
}

func TestProductDataValidate(t *testing.T) {
	if err := (ProductData{MinParticipant: 2, GapSlots: 1}).Validate("", ""); err != nil {
		t.Errorf("valid data rejected: %v", err)
	}
	bad := ProductData{MinParticipant: -1, GapSlots: -2, DynamicPrice: &DynamicPrice{Days: map[string]DayPrices{
		"MO": {Prices: []PriceRange{{From: "07:00", To: "09:00", Price: 100}}},
	}}}
	var ve *ValidationError
	if err := bad.Validate("08:00", "23:00"); !errors.As(err, &ve) {
		t.Fatalf("err = %v", err)
	}
	for _, f := range []string{"minParticipant", "gapSlots", "dynamicPrice.MO.prices[0]"} {
		if _, ok := ve.Fields[f]; !ok {
			t.Errorf("fields %v do not name %s", ve.Fields, f)
		}
	}
}
