package pricing

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

func TestParseCents(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"25", 2500, true},
		{"25.5", 2550, true},
		{"25.50", 2550, true},
		{"25.500", 2550, true}, // exactly whole cents
		{"0.1", 10, true},
		{"0.07", 7, true},
		{"19.99", 1999, true}, // a float would give 1998.9999…
		{"0", 0, true},
		{"0.00", 0, true},
		{"2.55e1", 2550, true},
		{"255E-1", 2550, true},
		{"1e2", 10000, true},
		{"0e99999999", 0, true},
		{"999999999.99", MaxCents, true},
		{"25.555", 0, false},
		{"0.001", 0, false},
		{"1e-3", 0, false},
		{"1000000000", 0, false}, // above MaxCents
		{"1e99999999", 0, false},
		{"99999999999999999999", 0, false},
		{"-1", 0, false},
		{"-0.5", 0, false},
		{"NaN", 0, false},
		{"Infinity", 0, false},
		{"1,5", 0, false},
		{"25.", 0, false},
		{".5", 0, false},
		{"+5", 0, false},
		{"05", 0, false},
		{"0x10", 0, false},
		{"1e", 0, false},
		{" 5", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseCents(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseCents(%q) = %d, %v; want %d, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
		if err != nil && !errors.Is(err, ErrInvalidAmount) {
			t.Errorf("ParseCents(%q) error %v does not wrap ErrInvalidAmount", tt.in, err)
		}
	}
	if _, err := ParseCents("-3"); err == nil || err.Error() != `invalid amount: "-3" is negative` {
		t.Errorf("a negative amount should say so, got %v", err)
	}
}

func TestFormatCents(t *testing.T) {
	tests := []struct {
		in   int64
		want string
	}{
		{2550, "25.50"},
		{5, "0.05"},
		{0, "0.00"},
		{100, "1.00"},
		{-1999, "-19.99"},
		{MaxCents, "999999999.99"},
		{math.MinInt64, "-92233720368547758.08"},
	}
	for _, tt := range tests {
		if got := FormatCents(tt.in); got != tt.want {
			t.Errorf("FormatCents(%d) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCentsJSON(t *testing.T) {
	var v struct {
		A Cents  `json:"a"`
		B Cents  `json:"b"`
		C *Cents `json:"c"`
		D Cents  `json:"d"`
	}
	v.D = 7
	if err := json.Unmarshal([]byte(`{"a": 25.5, "b": "19.99", "c": null, "d": null}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.A != 2550 || v.B != 1999 || v.C != nil || v.D != 7 {
		t.Errorf("decoded %+v", v)
	}
	out, err := json.Marshal(v)
	if err != nil || string(out) != `{"a":25.50,"b":19.99,"c":null,"d":0.07}` {
		t.Errorf("encoded %s, %v", out, err)
	}
	for _, bad := range []string{`{"a": 25.555}`, `{"a": -1}`, `{"a": "NaN"}`, `{"a": true}`, `{"a": "1.5.5"}`} {
		if err := json.Unmarshal([]byte(bad), &v); !errors.Is(err, ErrInvalidAmount) {
			t.Errorf("%s: err = %v, want ErrInvalidAmount", bad, err)
		}
	}
}
