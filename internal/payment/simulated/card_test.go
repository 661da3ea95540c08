package simulated_test

import (
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/payment/simulated"
)

func TestLuhn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		number string
		want   bool
	}{
		{"4242424242424242", true},
		{"4000000000000002", true},
		{"5555555555554444", true},
		{"378282246310005", true},
		{"4242424242424241", false},
		{"1234567812345678", false},
		{"", false},
		{"42424242a4242424", false},
	}
	for _, tt := range tests {
		if got := simulated.Luhn(tt.number); got != tt.want {
			t.Errorf("Luhn(%q) = %v, want %v", tt.number, got, tt.want)
		}
	}
}

func TestValidateCard(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
	good := simulated.Card{Number: "4242 4242 4242 4242", Expiry: "12/30", CVC: "123", Name: "Ana Ruiz"}
	tests := []struct {
		name  string
		edit  func(c *simulated.Card)
		field string // the field with an error; "" when the card is well formed
	}{
		{"well formed", func(c *simulated.Card) {}, ""},
		{"dashes in the number", func(c *simulated.Card) { c.Number = "4242-4242-4242-4242" }, ""},
		{"four-digit year", func(c *simulated.Card) { c.Expiry = "03/2026" }, ""},
		{"this month is still valid", func(c *simulated.Card) { c.Expiry = "03/26" }, ""},
		{"four-digit CVC", func(c *simulated.Card) { c.CVC = "1234" }, ""},
		{"number fails Luhn", func(c *simulated.Card) { c.Number = "4242 4242 4242 4241" }, simulated.FieldNumber},
		{"number missing", func(c *simulated.Card) { c.Number = " " }, simulated.FieldNumber},
		{"number too short", func(c *simulated.Card) { c.Number = "4242" }, simulated.FieldNumber},
		{"last month expired", func(c *simulated.Card) { c.Expiry = "02/26" }, simulated.FieldExpiry},
		{"month 13", func(c *simulated.Card) { c.Expiry = "13/30" }, simulated.FieldExpiry},
		{"month 0", func(c *simulated.Card) { c.Expiry = "00/30" }, simulated.FieldExpiry},
		{"expiry not MM/YY", func(c *simulated.Card) { c.Expiry = "1230" }, simulated.FieldExpiry},
		{"CVC too short", func(c *simulated.Card) { c.CVC = "12" }, simulated.FieldCVC},
		{"CVC not digits", func(c *simulated.Card) { c.CVC = "12a" }, simulated.FieldCVC},
		{"name missing", func(c *simulated.Card) { c.Name = "" }, simulated.FieldName},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := good
			tt.edit(&c)
			errs := simulated.ValidateCard(c, now)
			if tt.field == "" {
				if len(errs) != 0 {
					t.Fatalf("errors %v for a well-formed card", errs)
				}
				return
			}
			if len(errs) != 1 || errs[tt.field] == "" {
				t.Fatalf("errors %v, want exactly one on %s", errs, tt.field)
			}
		})
	}
}

func TestDecideCard(t *testing.T) {
	t.Parallel()
	tests := []struct {
		number   string
		approved bool
	}{
		{"4242 4242 4242 4242", true},
		{"4000 0000 0000 0002", false},
		{"5555 5555 5555 4444", false}, // valid, but not a card the test mode accepts
	}
	for _, tt := range tests {
		d := simulated.DecideCard(simulated.Card{Number: tt.number})
		if d.Approved != tt.approved || (!d.Approved && d.Reason == "") {
			t.Errorf("DecideCard(%s) = %+v, want approved=%v with a reason when declined", tt.number, d, tt.approved)
		}
	}
}

func TestCheckRefund(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                       string
		status                     string
		captured, refunded, amount int64
		want                       apperr.Code // "" when allowed
	}{
		{"all of it", simulated.StatusApproved, 5000, 0, 5000, ""},
		{"the rest after a partial refund", simulated.StatusApproved, 5000, 2000, 3000, ""},
		{"one cent over", simulated.StatusApproved, 5000, 2000, 3001, apperr.Unprocessable},
		{"more than captured", simulated.StatusApproved, 5000, 0, 5001, apperr.Unprocessable},
		{"already fully refunded", simulated.StatusApproved, 5000, 5000, 1, apperr.Unprocessable},
		{"zero", simulated.StatusApproved, 5000, 0, 0, apperr.Invalid},
		{"negative", simulated.StatusApproved, 5000, 0, -100, apperr.Invalid},
		{"declined checkout", simulated.StatusDeclined, 5000, 0, 100, apperr.Unprocessable},
		{"pending checkout", simulated.StatusPending, 5000, 0, 100, apperr.Unprocessable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := simulated.CheckRefund(tt.status, tt.captured, tt.refunded, tt.amount)
			if tt.want == "" && err != nil {
				t.Fatalf("refused: %v", err)
			}
			if tt.want != "" && !apperr.Is(err, tt.want) {
				t.Fatalf("got %v, want %s", err, tt.want)
			}
		})
	}
}
