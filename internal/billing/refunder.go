package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"pitlane/internal/payment"
)

// Refunder is the one way money goes back to a customer, whoever asks for it (a staff refund, a
// customer's cancellation, a staff cancellation with a refund): reserve the parts in the store's
// transaction (pending refunds rows, counted as in flight by every other refund), ask each part's
// provider outside any transaction under the key "refund-<refunds row id>" (so asking again never
// refunds twice, and reconciliation can finish what a crash left), and settle the answers.
type Refunder struct {
	gateways map[string]payment.Gateway
	log      *slog.Logger
}

// NewRefunder returns a Refunder over the payment gateways by provider name.
func NewRefunder(gateways map[string]payment.Gateway, log *slog.Logger) *Refunder {
	if log == nil {
		log = slog.Default()
	}
	return &Refunder{gateways: gateways, log: log}
}

// RefundRun is one refund carried by Refunder.Run: Reserve writes the pending parts (and whatever
// must change with them, in the same transaction) and Settle records the providers' answers.
type RefundRun struct {
	// Reserve reserves the parts; none means nothing is to be asked of a provider and Settle is not called.
	Reserve func(ctx context.Context) ([]ReservedPart, error)
	// Settle records the outcomes, one per reserved part in order.
	Settle func(ctx context.Context, outcomes []PartOutcome) error
	// StopAtFailure leaves the parts after a failed one unasked (a staff refund of an amount: the
	// staff see the failure and decide); otherwise every part is asked (a cancellation gives back all).
	StopAtFailure bool
}

// Run reserves, asks the providers and settles. Once something is reserved the refund is carried to
// its end even if the caller's context is cancelled. It returns the outcomes (nil when nothing was
// reserved) and the errors of Reserve and Settle.
func (r *Refunder) Run(ctx context.Context, run RefundRun) ([]PartOutcome, error) {
	parts, err := run.Reserve(ctx)
	if err != nil || len(parts) == 0 {
		return nil, err
	}
	ctx = context.WithoutCancel(ctx)
	outcomes := make([]PartOutcome, 0, len(parts))
	failed := false
	for _, p := range parts {
		o := PartOutcome{RefundID: p.RefundID, AmountCents: p.AmountCents, Provider: p.Provider}
		if failed && run.StopAtFailure {
			o.Err = "not attempted: an earlier part failed"
		} else if o.ProviderRefundID, err = r.Call(ctx, p); err != nil {
			o.Err = err.Error()
			failed = true
			r.log.Warn("refund failed at the provider", "refund", p.RefundID, "provider", p.Provider, "error", err)
		}
		outcomes = append(outcomes, o)
	}
	return outcomes, run.Settle(ctx, outcomes)
}

// Call refunds one reserved part: through its payment's gateway with the reservation's own
// idempotency key, or as cash (no call). It returns the provider's refund id.
func (r *Refunder) Call(ctx context.Context, p ReservedPart) (string, error) {
	if p.Provider == CashProvider {
		return "cash-refund-" + strconv.FormatInt(p.RefundID, 10), nil
	}
	gw, ok := r.gateways[p.Provider]
	if !ok {
		return "", fmt.Errorf("no gateway for provider %q", p.Provider)
	}
	if p.ProviderRef == "" {
		return "", errors.New("the payment has no provider reference")
	}
	ctx, cancel := context.WithTimeout(ctx, providerTimeout)
	defer cancel()
	res, err := gw.Refund(ctx, p.ProviderRef, p.AmountCents, "refund-"+strconv.FormatInt(p.RefundID, 10))
	if err != nil {
		return "", err
	}
	if res.ProviderRefundID == "" {
		return "", errors.New("the provider answered without a refund id")
	}
	return res.ProviderRefundID, nil
}
