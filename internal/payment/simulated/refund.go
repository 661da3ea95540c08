package simulated

import (
	"context"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
	"pitlane/internal/pricing"
)

// CheckRefund tells whether amount can be given back from a checkout in status that captured
// capturedCents, of which refundedCents were given back already. Returns apperr.Invalid for a
// non-positive amount and apperr.Unprocessable when nothing was captured or the amount exceeds what is
// left.
func CheckRefund(status string, capturedCents, refundedCents, amount int64) error {
	switch {
	case amount <= 0:
		return apperr.WithFields(apperr.Invalid, "The refund amount must be more than 0.", map[string]string{"amount": "must be more than 0"})
	case status != StatusApproved:
		return apperr.New(apperr.Unprocessable, "Nothing was paid on this checkout, so nothing can be refunded.")
	case amount > capturedCents-refundedCents:
		left := max(capturedCents-refundedCents, 0)
		return apperr.WithFields(apperr.Unprocessable, "The refund is more than what is left to refund.",
			map[string]string{"amount": "at most " + pricing.FormatCents(left)})
	}
	return nil
}

// Refund implements payment.Gateway: it gives back amountCents of an approved checkout, up to what was
// captured less earlier refunds, and notifies refund.succeeded. ProviderRefundID is the id of that
// notification's event. The same idempotency key with the same amount returns the first refund without
// refunding again; with another amount it is apperr.Conflict. Returns apperr.NotFound for an unknown
// ref and the errors of CheckRefund.
func (p *Provider) Refund(ctx context.Context, providerRef string, amountCents int64, idempotencyKey string) (payment.Refund, error) {
	ev := Event{ID: "evt_" + randomHex(12), Ref: providerRef, Outcome: payment.Refunded, AmountCents: amountCents,
		IdempotencyKey: idempotencyKey, CreatedAt: p.clk.Now()}
	got, err := p.store.SimRefund(ctx, providerRef, ev)
	if err != nil {
		return payment.Refund{}, err
	}
	if got.ID == ev.ID {
		// The caller may be inside its own bookkeeping; the notification comes asynchronously, as a
		// real provider's does.
		p.deliverLater(ev.ID)
	}
	return payment.Refund{ProviderRefundID: got.ID, AmountCents: got.AmountCents}, nil
}
