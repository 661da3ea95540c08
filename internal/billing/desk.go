package billing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
)

// The methods of a payment taken at the counter (payments.method). A payment made online has the
// method MethodOnline in billing and the cash-up; a desk payment written before the methods existed
// reads as cash.
const (
	DeskCash         = "cash"
	DeskCardTerminal = "card_terminal"
	DeskVoucher      = "voucher"
	DeskOther        = "other"
	MethodOnline     = "online"
)

// DeskMethods are the methods a counter payment may name, in the order the back office offers them.
var DeskMethods = []string{DeskCash, DeskCardTerminal, DeskVoucher, DeskOther}

// MaxReasonLen bounds a correction's reason.
const MaxReasonLen = 500

// DeskStore is the database side of payments at the counter. Each method runs in one write
// transaction that writes the ledger lines, sets the booking's state from the ledger, stores the
// idempotency key's answer and writes the audit entry.
type DeskStore interface {
	// RecordDeskPayment writes a desk payment (a payments row with provider CashProvider and the
	// method, and its charge entry by the staff member) when the amount is at most what is due, and
	// sets the booking pagada (nothing left due) or parcialmentepagada. A key already used with the
	// same body answers its first result (Replayed true) and writes nothing. Returns apperr.NotFound
	// (no such booking in the company), apperr.Conflict (the key was used for another request) and
	// apperr.Unprocessable (the booking is cancelled or awaits its online payment, nothing is due, the
	// amount exceeds what is due).
	RecordDeskPayment(ctx context.Context, p DeskPayment) (DeskResult, error)
	// CorrectDeskPayment adds a correction line (negative, with its reason) against one desk payment of
	// the booking, at most what that payment still holds (its charge less refunds and corrections), and
	// sets the booking's state from the ledger. Returns apperr.NotFound (no such booking or payment in
	// the company), apperr.Conflict (the key was used for another request) and apperr.Unprocessable (an
	// online payment, more than the payment holds).
	CorrectDeskPayment(ctx context.Context, c DeskCorrection) (DeskResult, error)
	// LedgerDay returns every ledger line of the company made in [from, to), with the method of its
	// payment and the staff member who wrote it, for the cash-up. Payments that spent a credit note
	// are left out: no money came in with them.
	LedgerDay(ctx context.Context, companyID int64, from, to time.Time) ([]LedgerLine, error)
}

// DeskPayment is a payment taken at the counter.
type DeskPayment struct {
	CompanyID      int64
	UserID         int64
	UserEmail      string
	BookingID      int64
	Method         string
	AmountCents    int64
	CreditCode     string // the credit note spent (method DeskCredit), stored form
	IdempotencyKey string
	RequestHash    string
	Now            time.Time
}

// DeskCorrection takes back part or all of a desk payment recorded by mistake.
type DeskCorrection struct {
	CompanyID      int64
	UserID         int64
	UserEmail      string
	BookingID      int64
	PaymentID      int64
	AmountCents    int64 // positive: what is taken off the payment
	Reason         string
	IdempotencyKey string
	RequestHash    string
	Now            time.Time
}

// DeskResult is the answer to a desk payment or correction: the ledger line written and the booking's
// state and sums after it.
type DeskResult struct {
	PaymentID int64  `json:"paymentId"`
	EntryID   int64  `json:"entryId"`
	State     string `json:"state"` // the booking's status after the line
	PaidCents int64  `json:"paid"`  // charges less corrections and refunds
	DueCents  int64  `json:"due"`   // what is left to pay
	Replayed  bool   `json:"-"`
}

// Due is what is left to pay of a booking of total: the total less what was charged, net of
// corrections (refunds do not make a booking owe again: they are money given back on purpose).
func Due(total, chargedNet int64) int64 { return max(total-chargedNet, 0) }

// CheckDeskPayment checks a counter payment against what is due. Returns apperr.Unprocessable when
// nothing is due or the amount exceeds it.
func CheckDeskPayment(amount, due int64) error {
	if due <= 0 {
		return apperr.WithFields(apperr.Unprocessable, "Nothing is due on this booking.", map[string]string{"amount": "nothing is due"})
	}
	if amount > due {
		return apperr.WithFields(apperr.Unprocessable, "The amount is more than what is due ("+pricing.FormatCents(due)+").",
			map[string]string{"amount": "at most " + pricing.FormatCents(due)})
	}
	return nil
}

// DeskHash identifies a desk request's body for its idempotency key.
func DeskHash(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\n")))
	return hex.EncodeToString(sum[:])
}

// checkKey validates an idempotency key: required, at most 200 characters.
func checkKey(fe apperr.FieldErrors, key string) {
	switch {
	case strings.TrimSpace(key) == "":
		fe.Add("Idempotency-Key", "required, so that a double tap records once")
	case len(key) > 200:
		fe.Add("Idempotency-Key", "at most 200 characters")
	}
}

// RecordPayment records a payment taken at the counter. Returns apperr.Unprocessable for a bad
// method, amount or key (nothing written) and the errors of DeskStore.RecordDeskPayment.
func (s *Service) RecordPayment(ctx context.Context, p DeskPayment) (DeskResult, error) {
	if s.desk == nil {
		return DeskResult{}, fmt.Errorf("billing: no desk store")
	}
	fe := apperr.FieldErrors{}
	if !slices.Contains(RecordMethods, p.Method) {
		fe.Add("method", "one of "+strings.Join(RecordMethods, ", "))
	}
	if p.Method == DeskCredit {
		code, ok := NormalizeCreditCode(p.CreditCode)
		switch {
		case strings.TrimSpace(p.CreditCode) == "":
			fe.Add("creditCode", "required with the method credit")
		case !ok:
			fe.Add("creditCode", "malformed: 16 letters and digits")
		}
		p.CreditCode = code
	} else if p.CreditCode != "" {
		fe.Add("creditCode", "only with the method credit")
	}
	if p.AmountCents <= 0 {
		fe.Add("amount", "must be more than 0")
	}
	if p.BookingID <= 0 {
		fe.Add("bookingId", "required")
	}
	checkKey(fe, p.IdempotencyKey)
	if len(fe) > 0 {
		return DeskResult{}, apperr.WithFields(apperr.Unprocessable, "The payment cannot be recorded as it is.", fe)
	}
	p.RequestHash = DeskHash("payment", strconv.FormatInt(p.BookingID, 10), p.Method, strconv.FormatInt(p.AmountCents, 10))
	if p.CreditCode != "" {
		p.RequestHash = DeskHash("payment", strconv.FormatInt(p.BookingID, 10), p.Method, strconv.FormatInt(p.AmountCents, 10), p.CreditCode)
	}
	p.Now = s.clock.Now()
	return s.desk.RecordDeskPayment(ctx, p)
}

// CorrectPayment adds a correction line against a desk payment. Returns apperr.Unprocessable for a bad
// amount, reason or key (nothing written) and the errors of DeskStore.CorrectDeskPayment.
func (s *Service) CorrectPayment(ctx context.Context, c DeskCorrection) (DeskResult, error) {
	if s.desk == nil {
		return DeskResult{}, fmt.Errorf("billing: no desk store")
	}
	c.Reason = strings.TrimSpace(c.Reason)
	fe := apperr.FieldErrors{}
	if c.AmountCents <= 0 {
		fe.Add("amount", "must be more than 0")
	}
	if c.BookingID <= 0 {
		fe.Add("bookingId", "required")
	}
	if c.PaymentID <= 0 {
		fe.Add("paymentId", "required")
	}
	switch {
	case c.Reason == "":
		fe.Add("reason", "required: say why the entry is corrected")
	case len(c.Reason) > MaxReasonLen:
		fe.Add("reason", "at most 500 characters")
	}
	checkKey(fe, c.IdempotencyKey)
	if len(fe) > 0 {
		return DeskResult{}, apperr.WithFields(apperr.Unprocessable, "The correction cannot be recorded as it is.", fe)
	}
	c.RequestHash = DeskHash("correction", strconv.FormatInt(c.BookingID, 10), strconv.FormatInt(c.PaymentID, 10),
		strconv.FormatInt(c.AmountCents, 10), c.Reason)
	c.Now = s.clock.Now()
	return s.desk.CorrectDeskPayment(ctx, c)
}
