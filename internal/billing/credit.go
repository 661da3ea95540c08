package billing

import (
	"context"
	"fmt"
	"strings"
	"time"

	"pitlane/internal/apperr"
)

// DeskCredit is the method of a desk payment that spends a credit note: the money was taken when the
// note's first booking was paid, so billing, the cash-up and the KPIs do not count it as money again.
const DeskCredit = "credit"

// RecordMethods are the methods Record payment accepts: the money methods (DeskMethods), then a
// credit note.
var RecordMethods = append(append([]string(nil), DeskMethods...), DeskCredit)

// CreditValidityMonths is how long a credit note can be spent, from the day it was issued (a company
// setting may replace it later; docs/openapi.yaml states it).
const CreditValidityMonths = 12

// CreditExpiry is when a credit note issued at created stops being spendable.
func CreditExpiry(created time.Time) time.Time { return created.AddDate(0, CreditValidityMonths, 0) }

// creditAlphabet is the voucher codes' (Crockford's base 32), so a credit note's code reads the same.
const creditAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NormalizeCreditCode turns a code as typed (any case, with or without dashes or spaces) into its
// stored form, 16 characters without dashes; ok is false when it cannot be a credit note's code.
func NormalizeCreditCode(s string) (code string, ok bool) {
	var sb strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch {
		case r == '-' || r == ' ':
			continue
		case r < 128 && strings.ContainsRune(creditAlphabet, r):
			sb.WriteRune(r)
		default:
			return "", false
		}
	}
	if sb.Len() != 16 {
		return "", false
	}
	return sb.String(), true
}

// FormatCreditCode shows a stored code as XXXX-XXXX-XXXX-XXXX.
func FormatCreditCode(code string) string {
	if len(code) != 16 {
		return code
	}
	return code[0:4] + "-" + code[4:8] + "-" + code[8:12] + "-" + code[12:16]
}

// CreditNote is a company's credit note: money kept when staff cancelled a paid booking, spendable at
// the desk until it expires.
type CreditNote struct {
	ID            int64
	Code          string // stored form, 16 characters
	BookingID     int64  // the cancelled booking it was issued from
	Reference     string // that booking's short reference, shown form
	CustomerName  string
	CustomerEmail string
	AmountCents   int64 // issued
	BalanceCents  int64 // issued less its uses
	Currency      string
	CreatedAt     time.Time
	ExpiresAt     time.Time
}

// Expired tells whether the note can no longer be spent at now.
func (n CreditNote) Expired(now time.Time) bool { return !now.Before(n.ExpiresAt) }

// CreditRefusal tells why a note cannot pay amount at now, or "" when it can: expired, used up, or
// less left than asked.
func CreditRefusal(n CreditNote, amount int64, now time.Time) string {
	switch {
	case n.Expired(now):
		return "expired"
	case n.BalanceCents <= 0:
		return "used up"
	case amount > n.BalanceCents:
		return "more than its balance"
	}
	return ""
}

// CheckCredit is CreditRefusal as an error: apperr.Unprocessable with the creditCode (expired, used up)
// or amount (over the balance) field.
func CheckCredit(n CreditNote, amount int64, now time.Time, format func(int64) string) error {
	switch r := CreditRefusal(n, amount, now); r {
	case "":
		return nil
	case "more than its balance":
		return apperr.WithFields(apperr.Unprocessable, fmt.Sprintf("The credit note holds %s.", format(n.BalanceCents)),
			map[string]string{"amount": "at most " + format(n.BalanceCents)})
	default:
		return apperr.WithFields(apperr.Unprocessable, "The credit note is "+r+".", map[string]string{"creditCode": r})
	}
}

// CreditStore looks credit notes up.
type CreditStore interface {
	// CreditNote returns the company's note with that stored code. Returns apperr.NotFound.
	CreditNote(ctx context.Context, companyID int64, code string) (CreditNote, error)
}

// LookupCredit returns the company's credit note for a code as typed, for the Record payment dialog.
// Returns apperr.Unprocessable (empty or malformed code) and apperr.NotFound (no such note in the
// company). An expired or used-up note is returned: the caller shows why it cannot pay.
func (s *Service) LookupCredit(ctx context.Context, companyID int64, typed string) (CreditNote, error) {
	code, ok := NormalizeCreditCode(typed)
	if strings.TrimSpace(typed) == "" {
		return CreditNote{}, apperr.WithFields(apperr.Unprocessable, "Type the credit note's code.", map[string]string{"code": "required"})
	}
	if !ok {
		return CreditNote{}, apperr.WithFields(apperr.Unprocessable, "A credit note's code has 16 letters and digits.",
			map[string]string{"code": "malformed"})
	}
	cs, ok := s.desk.(CreditStore)
	if !ok {
		return CreditNote{}, fmt.Errorf("billing: the desk store has no credit notes")
	}
	return cs.CreditNote(ctx, companyID, code)
}

// Now is the service's clock, for callers that judge a note (expired or not).
func (s *Service) Now() time.Time { return s.clock.Now() }
