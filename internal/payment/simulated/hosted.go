package simulated

import (
	"context"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
	"pitlane/internal/pricing"
)

// View is what the hosted page shows of a checkout.
type View struct {
	Ref           string
	Description   string
	Reference     string // the booking's short reference as customers read it out (UE9B-KTGR)
	Amount        string // e.g. "25.50 EUR"
	Status        string // pending, approved, declined or expired
	DeclineReason string
	ReturnURL     string // a decided checkout's way back: the success URL or the cancel URL
	CancelURL     string
	ExpiresAt     time.Time
	Culture       string // the booking's language, e.g. "es-ES"; the page speaks it unless told otherwise
	CompanyName   string // the merchant, shown in the page's header and title; may be empty
}

// Result is what submitting the hosted page did.
type Result struct {
	View View
	// Decided is true when this submission decided the checkout: send the visitor to View.ReturnURL.
	// False means it had been decided before; show the result.
	Decided bool
}

// Page returns the hosted page's view of a checkout. Returns apperr.NotFound for an unknown ref.
func (p *Provider) Page(ctx context.Context, ref string) (View, error) {
	c, err := p.store.SimCheckout(ctx, ref)
	if err != nil {
		return View{}, err
	}
	return p.view(c), nil
}

// Pay decides a checkout with a card: the approval test card approves it, every other well-formed card
// declines it. Returns apperr.NotFound for an unknown ref, apperr.Gone when the checkout expired, and
// apperr.Unprocessable with field errors (FieldNumber, FieldExpiry, FieldCVC, FieldName) for a card
// the form rejects. A checkout decided before is left as it is (Result.Decided false).
func (p *Provider) Pay(ctx context.Context, ref string, card Card) (Result, error) {
	c, err := p.open(ctx, ref)
	if err != nil || c.Status != StatusPending {
		return Result{View: p.view(c)}, err
	}
	if errs := ValidateCard(card, p.clk.Now()); len(errs) > 0 {
		return Result{View: p.view(c)}, apperr.WithFields(apperr.Unprocessable, "Check the card details.", errs)
	}
	d := DecideCard(card)
	if d.Approved {
		return p.decide(ctx, c, StatusApproved, "")
	}
	return p.decide(ctx, c, StatusDeclined, d.Reason)
}

// Cancel declines a checkout because the visitor gave up. Errors as Pay.
func (p *Provider) Cancel(ctx context.Context, ref string) (Result, error) {
	c, err := p.open(ctx, ref)
	if err != nil || c.Status != StatusPending {
		return Result{View: p.view(c)}, err
	}
	return p.decide(ctx, c, StatusDeclined, "The payment was cancelled.")
}

// open loads a checkout, failing with apperr.Gone when it expired unpaid.
func (p *Provider) open(ctx context.Context, ref string) (CheckoutRecord, error) {
	c, err := p.store.SimCheckout(ctx, ref)
	if err != nil {
		return c, err
	}
	if c.Expired(p.clk.Now()) {
		return c, apperr.New(apperr.Gone, "This payment page has expired.")
	}
	return c, nil
}

// decide records the decision and its notification in one transaction, then delivers the
// notification before the visitor is sent back (retrying in the background if that fails).
func (p *Provider) decide(ctx context.Context, c CheckoutRecord, status, reason string) (Result, error) {
	now := p.clk.Now()
	outcome := payment.Approved
	if status == StatusDeclined {
		outcome = payment.Declined
	}
	ev := Event{ID: "evt_" + randomHex(12), Ref: c.Ref, Outcome: outcome, AmountCents: c.AmountCents, CreatedAt: now}
	rec, decided, err := p.store.SimDecide(ctx, c.Ref, status, reason, now, ev)
	if err != nil {
		return Result{View: p.view(c)}, err
	}
	if !decided {
		if rec.Expired(now) {
			return Result{View: p.view(rec)}, apperr.New(apperr.Gone, "This payment page has expired.")
		}
		return Result{View: p.view(rec)}, nil // another submission decided it first
	}
	p.deliverNow(ctx, ev.ID)
	return Result{View: p.view(rec), Decided: true}, nil
}

func (p *Provider) view(c CheckoutRecord) View {
	v := View{Ref: c.Ref, Description: c.Description, Reference: c.Reference, Status: c.Status,
		DeclineReason: c.DeclineReason, CancelURL: c.CancelURL, ExpiresAt: c.ExpiresAt,
		Culture: c.Culture, CompanyName: c.CompanyName}
	if c.Ref == "" {
		return v
	}
	v.Amount = pricing.FormatCents(c.AmountCents) + " " + c.Currency
	switch {
	case c.Status == StatusApproved:
		v.ReturnURL = c.SuccessURL
	case c.Status == StatusDeclined:
		v.ReturnURL = c.CancelURL
	case c.Expired(p.clk.Now()):
		v.Status, v.ReturnURL = "expired", c.CancelURL
	}
	return v
}
