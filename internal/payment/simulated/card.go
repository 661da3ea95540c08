package simulated

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The test cards the hosted page knows. Any other number that passes the Luhn check is declined.
const (
	CardApproved = "4242424242424242"
	CardDeclined = "4000000000000002"
)

// Card is what a visitor typed into the hosted page's card form.
type Card struct {
	Number string // spaces and dashes allowed
	Expiry string // MM/YY
	CVC    string
	Name   string
}

// The form fields' names, shared by the page and the field errors.
const (
	FieldNumber = "number"
	FieldExpiry = "expiry"
	FieldCVC    = "cvc"
	FieldName   = "name"
)

// CardDecision is what the provider decides for a well-formed card.
type CardDecision struct {
	Approved bool
	Reason   string // why a card was declined, for the result page
}

var (
	expiryPattern = regexp.MustCompile(`^\s*(\d{1,2})\s*/\s*(\d{2}|\d{4})\s*$`)
	cvcPattern    = regexp.MustCompile(`^\d{3,4}$`)
)

// NormalizeNumber strips spaces and dashes from a card number.
func NormalizeNumber(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
}

// Luhn reports whether s (digits only) passes the Luhn checksum card numbers carry.
func Luhn(s string) bool {
	if s == "" {
		return false
	}
	sum := 0
	double := false
	for i := len(s) - 1; i >= 0; i-- {
		d := int(s[i] - '0')
		if d < 0 || d > 9 {
			return false
		}
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// ValidateCard checks the form at now and returns one message per bad field (empty when the form is
// well formed). A card is valid through the last day of its expiry month (UTC).
func ValidateCard(c Card, now time.Time) map[string]string {
	errs := map[string]string{}
	num := NormalizeNumber(c.Number)
	switch {
	case num == "":
		errs[FieldNumber] = "Enter the card number."
	case len(num) < 12 || len(num) > 19 || !Luhn(num):
		errs[FieldNumber] = "The card number is not valid."
	}
	if m := expiryPattern.FindStringSubmatch(c.Expiry); m == nil {
		errs[FieldExpiry] = "Enter the expiry date as MM/YY."
	} else {
		month, _ := strconv.Atoi(m[1])
		year, _ := strconv.Atoi(m[2])
		if year < 100 {
			year += 2000
		}
		switch {
		case month < 1 || month > 12:
			errs[FieldExpiry] = "The expiry month must be between 01 and 12."
		case !now.UTC().Before(time.Date(year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC)):
			errs[FieldExpiry] = "The card has expired."
		}
	}
	if !cvcPattern.MatchString(strings.TrimSpace(c.CVC)) {
		errs[FieldCVC] = "The security code is the 3 or 4 digits on the card."
	}
	if n := strings.TrimSpace(c.Name); n == "" {
		errs[FieldName] = "Enter the name on the card."
	} else if len(n) > 100 {
		errs[FieldName] = "The name is too long."
	}
	return errs
}

// DecideCard tells what happens to a well-formed card (one ValidateCard accepts).
func DecideCard(c Card) CardDecision {
	switch NormalizeNumber(c.Number) {
	case CardApproved:
		return CardDecision{Approved: true}
	case CardDeclined:
		return CardDecision{Reason: "The card was declined."}
	default:
		return CardDecision{Reason: "Card not accepted in test mode."}
	}
}
