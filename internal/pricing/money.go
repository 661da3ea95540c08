package pricing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxCents is the largest amount accepted from outside: 999,999,999.99. It keeps sums of
// many lines far from int64 overflow.
const MaxCents int64 = 99_999_999_999

// ErrInvalidAmount is wrapped by every error of ParseCents and of decoding a Cents.
var ErrInvalidAmount = errors.New("invalid amount")

// Cents is an amount of money in cents (minor units). In JSON it is a decimal number
// with two places (2550 is written 25.50); decoding reads the number's text exactly and
// also accepts a decimal in a string ("25.5"), as some product calls send prices.
type Cents int64

// MarshalJSON writes the amount as a decimal JSON number, 25.50.
func (c Cents) MarshalJSON() ([]byte, error) { return []byte(FormatCents(int64(c))), nil }

// UnmarshalJSON reads a decimal JSON number or a string holding one; null leaves the
// value unchanged. Errors wrap ErrInvalidAmount.
func (c *Cents) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	text := string(b)
	switch {
	case text == "null":
		return nil
	case strings.HasPrefix(text, `"`):
		if err := json.Unmarshal(b, &text); err != nil {
			return fmt.Errorf("%w: %s", ErrInvalidAmount, b)
		}
	}
	v, err := ParseCents(text)
	if err != nil {
		return err
	}
	*c = Cents(v)
	return nil
}

// FormatCents writes cents as a decimal with two places for the API edge:
// 2550 → "25.50", 5 → "0.05", -1999 → "-19.99" (refund lines are negative).
func FormatCents(c int64) string {
	sign := ""
	u := uint64(c)
	if c < 0 {
		sign = "-"
		u = uint64(-(c + 1)) + 1 // no overflow at math.MinInt64
	}
	return fmt.Sprintf("%s%d.%02d", sign, u/100, u%100)
}

// ParseCents reads a non-negative decimal amount exactly, without floating point: the
// text must be a JSON number ("25", "25.5", "25.50", "2.55e1") whose value is a whole
// number of cents, at most MaxCents. "25.555", "-1", "NaN", "1,5", "" and "0x10" are
// rejected; "25.500" is accepted, since it is exactly 2550. Errors wrap ErrInvalidAmount.
func ParseCents(s string) (int64, error) {
	intPart, frac, exp, ok := splitNumber(s)
	if !ok {
		if strings.HasPrefix(s, "-") {
			if _, _, _, num := splitNumber(s[1:]); num {
				return 0, fmt.Errorf("%w: %q is negative", ErrInvalidAmount, s)
			}
		}
		return 0, fmt.Errorf("%w: %q is not a decimal number", ErrInvalidAmount, s)
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	if digits == "" {
		return 0, nil
	}
	// value = digits × 10^(exp - len(frac)); in cents, × 10^(scale).
	scale := exp - len(frac) + 2
	if scale < 0 {
		if -scale > len(digits) || strings.TrimLeft(digits[len(digits)+scale:], "0") != "" {
			return 0, fmt.Errorf("%w: %q has more than two decimals", ErrInvalidAmount, s)
		}
		digits = digits[:len(digits)+scale]
		scale = 0
	}
	if len(digits)+scale > 18 {
		return 0, fmt.Errorf("%w: %q is too large", ErrInvalidAmount, s)
	}
	v, err := strconv.ParseInt(digits+strings.Repeat("0", scale), 10, 64)
	if err != nil || v > MaxCents {
		return 0, fmt.Errorf("%w: %q is too large", ErrInvalidAmount, s)
	}
	return v, nil
}

// splitNumber splits an unsigned JSON number into its integer digits, fraction digits
// and exponent. Exponents beyond ±99999 are clamped: they only ever mean "too large"
// or "too many decimals" for a non-zero amount.
func splitNumber(s string) (intPart, frac string, exp int, ok bool) {
	i := digitRun(s, 0)
	if i == 0 || (i > 1 && s[0] == '0') {
		return "", "", 0, false
	}
	intPart = s[:i]
	if i < len(s) && s[i] == '.' {
		j := digitRun(s, i+1)
		if j == i+1 {
			return "", "", 0, false
		}
		frac, i = s[i+1:j], j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		neg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			neg = s[i] == '-'
			i++
		}
		j := digitRun(s, i)
		if j == i {
			return "", "", 0, false
		}
		for _, ch := range s[i:j] {
			exp = min(exp*10+int(ch-'0'), 99999)
		}
		if neg {
			exp = -exp
		}
		i = j
	}
	return intPart, frac, exp, i == len(s)
}

// digitRun returns the index just past the ASCII digits of s starting at i.
func digitRun(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}
