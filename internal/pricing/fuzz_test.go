package pricing

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

// FuzzParseCents checks the decimal parser against math/big on the JSON number grammar:
// whatever it accepts is a valid JSON number equal to the result in cents, within
// [0, MaxCents]; and an accepted amount survives FormatCents → ParseCents.
func FuzzParseCents(f *testing.F) {
	for _, s := range []string{"25.5", "25.555", "0", "0.00", "1e2", "2.55e1", "255E-1", "-1", "NaN", "1,5",
		"999999999.99", "1e99999", "0e-99999", "00", "1.", ".1", "25.500", "1E+2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseCents(s)
		if err != nil {
			return
		}
		if got < 0 || got > MaxCents {
			t.Fatalf("ParseCents(%q) = %d, out of range", s, got)
		}
		if !json.Valid([]byte(s)) || strings.HasPrefix(s, "-") || strings.ContainsAny(s, "\" \t\r\n") {
			t.Fatalf("ParseCents(%q) accepted text that is not an unsigned JSON number", s)
		}
		if got == 0 { // skip math/big, which would expand an exponent like 0e999999999
			if mantissa, _, _ := strings.Cut(strings.ToLower(s), "e"); strings.Trim(mantissa, "0.") != "" {
				t.Fatalf("ParseCents(%q) = 0 for a non-zero amount", s)
			}
			return
		}
		want, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("math/big cannot read %q", s)
		}
		if want.Cmp(new(big.Rat).SetFrac64(got, 100)) != 0 {
			t.Fatalf("ParseCents(%q) = %d cents, want %s", s, got, want.RatString())
		}
		if back, err := ParseCents(FormatCents(got)); err != nil || back != got {
			t.Fatalf("FormatCents(%d) = %q reads back as %d, %v", got, FormatCents(got), back, err)
		}
	})
}
