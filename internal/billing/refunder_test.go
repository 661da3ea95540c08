package billing

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"pitlane/internal/payment"
)

// cardGateway refunds every part but those of the refs it refuses, recording each call's key.
type cardGateway struct {
	payment.Gateway
	refuse map[string]bool
	keys   []string
}

func (g *cardGateway) Refund(_ context.Context, ref string, _ int64, key string) (payment.Refund, error) {
	g.keys = append(g.keys, key)
	if g.refuse[ref] {
		return payment.Refund{}, errors.New("card declined the refund")
	}
	return payment.Refund{ProviderRefundID: "re_" + key}, nil
}

// The one refund service: each reserved part is asked of its provider under "refund-<row id>" (a cash
// part needs no call), the outcomes reach the settlement in order, a staff refund stops at the first
// failure while a cancellation asks every part, and nothing reserved means nothing asked or settled.
func TestRefunderRun(t *testing.T) {
	parts := []ReservedPart{
		{RefundID: 7, Part: Part{Provider: "card", ProviderRef: "bad", AmountCents: 1000}},
		{RefundID: 8, Part: Part{Provider: CashProvider, AmountCents: 500}},
		{RefundID: 9, Part: Part{Provider: "card", ProviderRef: "good", AmountCents: 300}},
	}
	for _, c := range []struct {
		name string
		stop bool
		want []PartOutcome
		keys []string
	}{
		{"a cancellation asks every part", false, []PartOutcome{
			{RefundID: 7, AmountCents: 1000, Provider: "card", Err: "card declined the refund"},
			{RefundID: 8, AmountCents: 500, Provider: CashProvider, ProviderRefundID: "cash-refund-8"},
			{RefundID: 9, AmountCents: 300, Provider: "card", ProviderRefundID: "re_refund-9"},
		}, []string{"refund-7", "refund-9"}},
		{"a staff refund stops at the first failure", true, []PartOutcome{
			{RefundID: 7, AmountCents: 1000, Provider: "card", Err: "card declined the refund"},
			{RefundID: 8, AmountCents: 500, Provider: CashProvider, Err: "not attempted: an earlier part failed"},
			{RefundID: 9, AmountCents: 300, Provider: "card", Err: "not attempted: an earlier part failed"},
		}, []string{"refund-7"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			gw := &cardGateway{refuse: map[string]bool{"bad": true}}
			r := NewRefunder(map[string]payment.Gateway{"card": gw}, nil)
			var settled []PartOutcome
			got, err := r.Run(t.Context(), RefundRun{
				Reserve:       func(context.Context) ([]ReservedPart, error) { return parts, nil },
				Settle:        func(_ context.Context, o []PartOutcome) error { settled = o; return nil },
				StopAtFailure: c.stop,
			})
			if err != nil || !reflect.DeepEqual(got, c.want) || !reflect.DeepEqual(settled, c.want) {
				t.Errorf("outcomes %+v (settled %+v, %v), want %+v", got, settled, err, c.want)
			}
			if !reflect.DeepEqual(gw.keys, c.keys) {
				t.Errorf("provider keys %v, want %v", gw.keys, c.keys)
			}
		})
	}

	r := NewRefunder(nil, nil)
	settledCalled := false
	reserveErr := errors.New("too late")
	got, err := r.Run(t.Context(), RefundRun{
		Reserve: func(context.Context) ([]ReservedPart, error) { return nil, reserveErr },
		Settle:  func(context.Context, []PartOutcome) error { settledCalled = true; return nil },
	})
	if !errors.Is(err, reserveErr) || got != nil || settledCalled {
		t.Errorf("a refused reservation: %v %v, settled %v", got, err, settledCalled)
	}
	got, err = r.Run(t.Context(), RefundRun{
		Reserve: func(context.Context) ([]ReservedPart, error) { return nil, nil },
		Settle:  func(context.Context, []PartOutcome) error { settledCalled = true; return nil },
	})
	if err != nil || got != nil || settledCalled {
		t.Errorf("nothing reserved: %v %v, settled %v", got, err, settledCalled)
	}
}
