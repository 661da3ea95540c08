package billing

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/payment"
)

// Store is the database side of billing. Every method is scoped by company in its queries.
type Store interface {
	// BillingCompany returns the company's time zone and currency. Returns apperr.NotFound.
	BillingCompany(ctx context.Context, companyID int64) (CompanyInfo, error)
	// Sales returns the company's sale rows whose first charge is in [from, to) and refund rows made in
	// [from, to), in time order, with the sales' lines.
	Sales(ctx context.Context, companyID int64, from, to time.Time) ([]Row, error)
	// ReserveRefund, in one write transaction with the sale's payments locked: replays the stored answer
	// of a repeated idempotency key, checks CheckPolicy and Allocate against the charges less confirmed
	// refunds less pending reservations, and writes one pending refunds row per part (and the key, in
	// progress). Returns apperr.NotFound (no such booking in the company), apperr.Conflict (key reused
	// with another body or still in progress; the remainder held by in-flight refunds), and the errors
	// of CheckPolicy and Allocate.
	ReserveRefund(ctx context.Context, r Reservation) (Reserved, error)
	// SettleRefund records the providers' answers in one transaction: for each succeeded part a refund
	// entry in the ledger (created_by the staff user), the payment's status, the row succeeded; for each
	// failed part the row failed. When anything was refunded it queues the customer's refund mail and
	// the audit entry. The key's answer is stored when every part succeeded, and the key released
	// otherwise. It returns what was refunded and what is left to refund.
	SettleRefund(ctx context.Context, s Settlement) (RefundResult, error)
	// PendingRefunds lists refund reservations still pending that were made before the instant.
	PendingRefunds(ctx context.Context, before time.Time, limit int) ([]PendingRefund, error)
}

// ProviderError is a refund the payment provider refused or did not answer: nothing was recorded for
// the parts that failed. Refunded is what other parts of the same request gave back (usually 0).
type ProviderError struct {
	Refunded int64
	Reason   string
}

// Error implements error.
func (e *ProviderError) Error() string { return "billing: payment provider: " + e.Reason }

// StaleAfter is how long a refund reservation may stay pending before reconciliation settles it.
const StaleAfter = 5 * time.Minute

// providerTimeout bounds one provider call; the call outlives the staff request's cancellation so a
// refund that reached the provider is recorded.
const providerTimeout = 30 * time.Second

// Service runs billing and refunds.
type Service struct {
	store    Store
	desk     DeskStore // payments at the counter (desk.go); the store's, when it implements it
	refunder *Refunder // the one refund service, shared with cancellations
	clock    clock.Clock
	log      *slog.Logger
}

// NewService returns a Service over the store and the payment gateways by provider name.
func NewService(s Store, gateways map[string]payment.Gateway, clk clock.Clock, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	svc := &Service{store: s, refunder: NewRefunder(gateways, log), clock: clk, log: log}
	if d, ok := s.(DeskStore); ok {
		svc.desk = d
	}
	return svc
}

// Sales returns the company's billing between two circuit-local dates, both included. Returns the
// errors of ParseRange and apperr.NotFound for an unknown company.
func (s *Service) Sales(ctx context.Context, companyID int64, dateIni, dateEnd string) (Report, error) {
	c, err := s.store.BillingCompany(ctx, companyID)
	if err != nil {
		return Report{}, err
	}
	loc, err := time.LoadLocation(c.TimeZone)
	if err != nil {
		return Report{}, fmt.Errorf("company %d time zone %q: %w", companyID, c.TimeZone, err)
	}
	from, to, err := ParseRange(dateIni, dateEnd, loc)
	if err != nil {
		return Report{}, err
	}
	rows, err := s.store.Sales(ctx, companyID, from, to)
	if err != nil {
		return Report{}, err
	}
	now := s.clock.Now()
	for i := range rows {
		if rows[i].Type == TypeSale {
			rows[i].RefundBlocked = RefundBlock(c.Refunds, now, rows[i].FirstStart, loc, rows[i].PaidCents, rows[i].RefundableCents)
			if rows[i].KeptAsCredit {
				rows[i].RefundBlocked = BlockKeptAsCredit
			}
		}
	}
	r := Report{Rows: rows, Symbol: c.Symbol, Currency: c.Currency, From: from, To: to}
	Summarise(&r)
	return r, nil
}

// RequestHash identifies a refund request's body for its idempotency key.
func RequestHash(identifier string, amount int64) string {
	sum := sha256.Sum256([]byte(identifier + "\n" + strconv.FormatInt(amount, 10)))
	return hex.EncodeToString(sum[:])
}

// Refund gives back part or all of a sale: it reserves the amount (see Store.ReserveRefund), asks each
// charge's provider to refund its part outside any transaction (a cash sale needs no call), and settles
// the answers. Returns apperr.Invalid (amount not positive, no booking named, key too long), the errors
// of ReserveRefund, and *ProviderError when a provider refused or failed (HTTP 502).
func (s *Service) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	req.Identifier = strings.TrimSpace(req.Identifier)
	fe := apperr.FieldErrors{}
	if req.AmountCents <= 0 {
		fe.Add("amount", "must be more than 0")
	}
	if req.Identifier == "" {
		fe.Add("orderId", "orderId or token is required")
	}
	if len(req.IdempotencyKey) > 200 {
		fe.Add("Idempotency-Key", "at most 200 characters")
	}
	if len(fe) > 0 {
		return RefundResult{}, apperr.WithFields(apperr.Invalid, "The refund request is incomplete.", fe)
	}
	var res Reserved
	var out RefundResult
	outcomes, err := s.refunder.Run(ctx, RefundRun{
		Reserve: func(ctx context.Context) ([]ReservedPart, error) {
			var err error
			res, err = s.store.ReserveRefund(ctx, Reservation{RefundRequest: req,
				RequestHash: RequestHash(req.Identifier, req.AmountCents), Now: s.clock.Now()})
			return res.Parts, err
		},
		Settle: func(ctx context.Context, outcomes []PartOutcome) error {
			var err error
			out, err = s.store.SettleRefund(ctx, Settlement{CompanyID: req.CompanyID, BookingID: res.BookingID, UserID: req.UserID,
				UserEmail: req.UserEmail, IdempotencyKey: req.IdempotencyKey, Outcomes: outcomes, Now: s.clock.Now()})
			return err
		},
		StopAtFailure: true,
	})
	switch {
	case err != nil:
		return RefundResult{}, err
	case res.Replay != nil:
		return *res.Replay, nil
	}
	for _, o := range outcomes {
		if o.Err != "" {
			return out, &ProviderError{Refunded: out.RefundedCents, Reason: outcomes[len(outcomes)-1].Err}
		}
	}
	return out, nil
}

// ResolvePending settles refund reservations left pending for more than StaleAfter (the process
// stopped between the provider call and the settlement, or the settlement failed). Each is asked of its
// provider again with the same idempotency key, which returns the first refund if there was one and
// refunds now if the first call never arrived: the reservation was the staff's decision to refund.
// A definite refusal (the provider says the request is invalid, unknown or too large) marks it
// failed; a network failure leaves it pending for the next run. It returns how many it settled.
func (s *Service) ResolvePending(ctx context.Context) (int, error) {
	stale, err := s.store.PendingRefunds(ctx, s.clock.Now().Add(-StaleAfter), 50)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range stale {
		o := PartOutcome{RefundID: p.RefundID, AmountCents: p.AmountCents, Provider: p.Provider}
		o.ProviderRefundID, err = s.refunder.Call(ctx, p.ReservedPart)
		if err != nil {
			switch apperr.CodeOf(err) {
			case apperr.Invalid, apperr.Unprocessable, apperr.NotFound, apperr.Conflict:
				o.Err = err.Error()
			default:
				s.log.Warn("pending refund still unresolved", "refund", p.RefundID, "error", err)
				continue
			}
		}
		if _, err := s.store.SettleRefund(ctx, Settlement{CompanyID: p.CompanyID, BookingID: p.BookingID, UserID: p.UserID,
			UserEmail: p.UserEmail, IdempotencyKey: p.IdempotencyKey, Outcomes: []PartOutcome{o}, Now: s.clock.Now()}); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
