package checkout

import (
	"context"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
)

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
	var c CustomerCancelled
	_, err = s.refunder.Run(ctx, billing.RefundRun{
		Reserve: func(ctx context.Context) ([]billing.ReservedPart, error) {
			var err error
			c, err = s.d.Store.CancelByToken(ctx, hash, s.d.Clock.Now())
			return c.Parts, err
		},
		// A refund the provider refused becomes an amount owed at the desk.
		Settle: func(ctx context.Context, outcomes []billing.PartOutcome) error {
			return s.d.Store.SettleCancelRefunds(ctx, c, outcomes, s.d.Clock.Now())
		},
	})
	if err != nil {
		return CancelView{}, false, err
	}
	view, err = s.d.Store.CancelPreview(ctx, hash, s.d.Clock.Now())
	return view, c.Replay, err
}
