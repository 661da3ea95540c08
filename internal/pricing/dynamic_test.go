package pricing

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// specDynamic is a dynamic price as the admin dialog saves it (admin spec, section 3).
const specDynamic = `{
  "MO": {"prices": [{"from": "08:00", "to": "14:00", "price": 20}, {"from": "14:00", "to": "23:00", "price": 25.5}]},
  "SA": {"prices": [{"from": "00:00", "to": "00:00", "price": 1}]},
  "exceptionalDays": {"2026-12-24": [{"from": "10:00", "to": "14:00", "price": "30.10"}]}
}`

func TestDynamicPriceJSON(t *testing.T) {
	var dp DynamicPrice
	if err := json.Unmarshal([]byte(specDynamic), &dp); err != nil {
		t.Fatal(err)
	}
	if got := dp.Days["MO"].Prices[1]; got != (PriceRange{From: "14:00", To: "23:00", Price: 2550}) {
		t.Errorf("MO[1] = %+v", got)
	}
	if got := dp.ExceptionalDays["2026-12-24"][0].Price; got != 3010 {
		t.Errorf("exceptional price = %d", got)
	}
	if got := Resolve(1000, true, dp, "2026-05-04", "15:00:00"); got != 2550 {
		t.Errorf("decoded price resolves to %d, want 2550", got)
	}
	out, err := json.Marshal(dp)
	if err != nil {
		t.Fatal(err)
	}
	var back DynamicPrice
	if err := json.Unmarshal(out, &back); err != nil || !reflect.DeepEqual(back, dp) {
		t.Errorf("round trip: %s → %+v, %v", out, back, err)
	}
	out, _ = json.Marshal(DynamicPrice{Days: map[string]DayPrices{"FR": {}}})
	if string(out) != `{"FR":{"prices":[]},"exceptionalDays":{}}` {
		t.Errorf("empty lists written as %s", out)
	}
	for _, bad := range []string{
		`[]`,
		`{"MO": {"prices": [{"from": "08:00", "to": "09:00", "price": 25.555}]}}`,
		`{"MO": {"prices": [{"from": "08:00", "to": "09:00", "price": -1}]}}`,
		`{"exceptionalDays": []}`,
	} {
		if err := json.Unmarshal([]byte(bad), &dp); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestDynamicPriceValidate(t *testing.T) {
	row := func(from, to string) PriceRange { return PriceRange{From: from, To: to, Price: 100} }
	day := func(rows ...PriceRange) DynamicPrice {
		return DynamicPrice{Days: map[string]DayPrices{"MO": {Prices: rows}}}
	}
	tests := []struct {
		name     string
		dp       DynamicPrice
		open     string
		close    string
		badField string // "" means valid
	}{
		{"ordered rows within hours", day(row("08:00", "14:00"), row("14:00", "23:00")), "08:00", "23:00", ""},
		{"whole day without hours check", day(row("00:00", "00:00")), "", "", ""},
		{"closing at midnight", day(row("20:00", "00:00")), "08:00", "00:00", ""},
		{"whole day before opening", day(row("00:00", "00:00")), "08:00", "23:00", "MO.prices[0]"},
		{"starts before opening", day(row("07:00", "10:00")), "08:00", "23:00", "MO.prices[0]"},
		{"ends after closing", day(row("20:00", "23:30")), "08:00", "23:00", "MO.prices[0]"},
		{"overlapping rows", day(row("08:00", "14:00"), row("13:00", "20:00")), "", "", "MO.prices[1]"},
		{"rows out of order", day(row("14:00", "20:00"), row("08:00", "10:00")), "", "", "MO.prices[1]"},
		{"backwards row", day(row("14:00", "10:00")), "", "", "MO.prices[0]"},
		{"bad time", day(row("8:00", "10:00")), "", "", "MO.prices[0]"},
		{"unknown weekday", DynamicPrice{Days: map[string]DayPrices{"XX": {}}}, "", "", "XX"},
		{"bad exceptional date", DynamicPrice{ExceptionalDays: map[string][]PriceRange{"2026-02-30": nil}}, "", "", "exceptionalDays.2026-02-30"},
		{"exceptional overlap", DynamicPrice{ExceptionalDays: map[string][]PriceRange{
			"2026-12-24": {row("10:00", "12:00"), row("11:00", "13:00")}}}, "", "", "exceptionalDays.2026-12-24[1]"},
		{"bad opening", day(row("08:00", "10:00")), "8", "23:00", "hours"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.dp.Validate(tt.open, tt.close)
			if tt.badField == "" {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("err = %v, want a *ValidationError", err)
			}
			if _, ok := ve.Fields[tt.badField]; !ok {
				t.Fatalf("fields %v do not name %q", ve.Fields, tt.badField)
			}
		})
	}
}
