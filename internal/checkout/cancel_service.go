package checkout

import (
	"context"
	"errors"
	"strconv"
	"time"

	"pitlane/internal/apperr"
)

// cancelRefundTimeout bounds one provider call of a customer's cancellation refund.
const cancelRefundTimeout = 30 * time.Second

// errNoCancelLink is the answer for a token that names no booking.
func errNoCancelLink() error {
	return apperr.New(apperr.NotFound, "No booking with that cancellation link.")
}

// CancelPreview returns the cancel page's view of a booking: the booking, whether it may be cancelled
// and what cancelling would do with the money. It changes nothing. Returns apperr.NotFound for a token
// that names no booking.
func (s *Service) CancelPreview(ctx context.Context, token string) (CancelView, error) {
	if !ValidCancelToken(token) {
		return CancelView{}, errNoCancelLink()
	}
	return s.d.Store.CancelPreview(ctx, HashToken(token), s.d.Clock.Now())
}

// Cancel cancels a booking with the token of its confirmation mail and applies the company's refund
// policy: card refunds are asked of the providers (each under its own idempotency key, so asking again
// never refunds twice) and settled in the ledger, and the mail says what happened to the money. A
// booking cancelled already answers its current view with replay true and nothing done, so a second
// click or a second tab refunds once. Returns apperr.NotFound for an unknown token and
// apperr.Unprocessable when it is too late or the booking has no date.
func (s *Service) Cancel(ctx context.Context, token string) (view CancelView, replay bool, err error) {
	if !ValidCancelToken(token) {
		return CancelView{}, false, errNoCancelLink()
	}
	hash := HashToken(token)
	c, err := s.d.Store.CancelByToken(ctx, hash, s.d.Clock.Now())
	if err != nil {
		return CancelView{}, false, err
	}
	if len(c.Parts) > 0 {
		// The booking is cancelled: carry its refunds to their end even if the visitor goes away.
		ctx = context.WithoutCancel(ctx)
		outcomes := make([]CancelRefundOutcome, 0, len(c.Parts))
		for _, p := range c.Parts {
			o := CancelRefundOutcome{CancelRefundPart: p}
			o.ProviderRefundID, err = s.refundPart(ctx, p)
			if err != nil {
				o.Err = err.Error()
				s.d.Logger.Warn("cancellation refund failed at the provider; owed at the desk",
					"refund", p.RefundID, "provider", p.Provider, "error", err)
			}
			outcomes = append(outcomes, o)
		}
		if err := s.d.Store.SettleCancelRefunds(ctx, c, outcomes, s.d.Clock.Now()); err != nil {
			return CancelView{}, false, err
		}
	}
	view, err = s.d.Store.CancelPreview(ctx, hash, s.d.Clock.Now())
	return view, c.Replay, err
}

// refundPart asks a payment's provider to refund one part, with the key "refund-<refunds row id>"
// that staff refunds and their reconciliation use too.
func (s *Service) refundPart(ctx context.Context, p CancelRefundPart) (string, error) {
	gw, ok := s.d.Gateways[p.Provider]
	if !ok {
		return "", errors.New("no gateway for provider " + strconv.Quote(p.Provider))
	}
	if p.ProviderRef == "" {
		return "", errors.New("the payment has no provider reference")
	}
	ctx, cancel := context.WithTimeout(ctx, cancelRefundTimeout)
	defer cancel()
	r, err := gw.Refund(ctx, p.ProviderRef, p.AmountCents, "refund-"+strconv.FormatInt(p.RefundID, 10))
	if err != nil {
		return "", err
	}
	if r.ProviderRefundID == "" {
		return "", errors.New("the provider answered without a refund id")
	}
	return r.ProviderRefundID, nil
}
