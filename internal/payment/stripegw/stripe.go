// Package stripegw is the Stripe payment gateway: Stripe Checkout Sessions for the hosted page, signed
// webhooks for notifications, and refunds of a session's PaymentIntent.
package stripegw

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/payment"
)

// Name is the provider's name as stored in payments.provider.
const Name = "stripe"

// CheckoutTTL is how long a Checkout Session can be paid. Stripe accepts 30 minutes to 24 hours after
// the session is created; a minute more than 30 keeps the request valid however long it takes to
// reach Stripe.
const CheckoutTTL = 31 * time.Minute

// Config configures the gateway.
type Config struct {
	SecretKey     string // PITLANE_STRIPE_SECRET_KEY
	WebhookSecret string // PITLANE_STRIPE_WEBHOOK_SECRET
	// BackendURL replaces https://api.stripe.com, for tests against stripe-mock.
	BackendURL string
	// HTTPClient calls Stripe; default a client with a 30 s timeout.
	HTTPClient *http.Client
	Clock      clock.Clock
}

// Gateway is the Stripe gateway; it implements payment.Gateway.
type Gateway struct {
	sc            *stripe.Client
	webhookSecret string
	clk           clock.Clock
}

var _ payment.Gateway = (*Gateway)(nil)

// New returns the gateway. It does no I/O.
func New(cfg Config) *Gateway {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	bc := &stripe.BackendConfig{HTTPClient: hc, LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelError}}
	if cfg.BackendURL != "" {
		bc.URL = stripe.String(cfg.BackendURL)
	}
	g := &Gateway{sc: stripe.NewClient(cfg.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(bc))),
		webhookSecret: cfg.WebhookSecret, clk: cfg.Clock}
	if g.clk == nil {
		g.clk = clock.System{}
	}
	return g
}

// Name implements payment.Gateway.
func (g *Gateway) Name() string { return Name }

// CreateCheckout implements payment.Gateway with a Checkout Session in payment mode: one line item for
// the whole amount, our payment id as client_reference_id and in the metadata of the session and its
// PaymentIntent, the visitor's e-mail, and the page's language when Stripe has it.
func (g *Gateway) CreateCheckout(ctx context.Context, req payment.CheckoutRequest) (payment.Checkout, error) {
	name := req.Description
	if name == "" {
		name = "Booking " + req.Reference
	}
	meta := map[string]string{"payment_id": strconv.FormatInt(req.PaymentID, 10), "reference": req.Reference}
	if req.Identifier != "" {
		meta["booking"] = req.Identifier // the reference is what people read; the identifier finds the row
	}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		SuccessURL:        stripe.String(req.SuccessURL),
		CancelURL:         stripe.String(req.CancelURL),
		ClientReferenceID: stripe.String(strconv.FormatInt(req.PaymentID, 10)),
		Metadata:          meta,
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: meta},
		ExpiresAt:         stripe.Int64(g.clk.Now().Add(CheckoutTTL).Unix()),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(req.Currency)),
				UnitAmount:  stripe.Int64(req.AmountCents),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(name)},
			},
		}},
	}
	if req.Email != "" {
		params.CustomerEmail = stripe.String(req.Email)
	}
	if l := Locale(req.Culture); l != "" {
		params.Locale = stripe.String(l)
	}
	s, err := g.sc.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return payment.Checkout{}, wrap("create checkout session", err)
	}
	return payment.Checkout{ProviderRef: s.ID, RedirectURL: s.URL}, nil
}

// Status implements payment.Gateway by retrieving the Checkout Session: paid is approved, an expired
// session is expired, anything else is pending.
func (g *Gateway) Status(ctx context.Context, providerRef string) (payment.Notification, error) {
	s, err := g.sc.V1CheckoutSessions.Retrieve(ctx, providerRef, nil)
	if err != nil {
		return payment.Notification{}, wrap("retrieve checkout session", err)
	}
	n := payment.Notification{ProviderRef: s.ID, PaymentID: paymentID(s), Outcome: payment.Pending}
	switch {
	case s.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid:
		n.Outcome, n.AmountCents = payment.Approved, s.AmountTotal
	case s.Status == stripe.CheckoutSessionStatusExpired:
		n.Outcome = payment.Expired
	}
	n.EventID = "status-" + s.ID + "-" + string(n.Outcome)
	return n, nil
}

// Refund implements payment.Gateway: it refunds amountCents of the session's PaymentIntent; Stripe
// replays the first answer for a repeated idempotency key. Returns apperr.Unprocessable when the
// session has no payment or Stripe refuses the refund (for instance more than is left).
func (g *Gateway) Refund(ctx context.Context, providerRef string, amountCents int64, idempotencyKey string) (payment.Refund, error) {
	if amountCents <= 0 {
		return payment.Refund{}, apperr.WithFields(apperr.Invalid, "The refund amount must be more than 0.", map[string]string{"amount": "must be more than 0"})
	}
	s, err := g.sc.V1CheckoutSessions.Retrieve(ctx, providerRef, nil)
	if err != nil {
		return payment.Refund{}, wrap("retrieve checkout session", err)
	}
	if s.PaymentIntent == nil || s.PaymentIntent.ID == "" {
		return payment.Refund{}, apperr.New(apperr.Unprocessable, "Nothing was paid on this checkout, so nothing can be refunded.")
	}
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(s.PaymentIntent.ID), Amount: stripe.Int64(amountCents)}
	params.AddMetadata("checkout_session", s.ID)
	if idempotencyKey != "" {
		params.SetIdempotencyKey(idempotencyKey)
	}
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return payment.Refund{}, wrap("create refund", err)
	}
	return payment.Refund{ProviderRefundID: r.ID, AmountCents: r.Amount}, nil
}

// paymentID reads our payment id back from a session: client_reference_id, else the metadata.
func paymentID(s *stripe.CheckoutSession) int64 {
	if id, err := strconv.ParseInt(s.ClientReferenceID, 10, 64); err == nil {
		return id
	}
	id, _ := strconv.ParseInt(s.Metadata["payment_id"], 10, 64)
	return id
}

// wrap keeps Stripe's error for the logs. A request Stripe refuses (400, 402) becomes
// apperr.Unprocessable and an unknown object (404) apperr.NotFound; network and server failures stay
// internal.
func wrap(what string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		switch se.HTTPStatusCode {
		case http.StatusBadRequest, http.StatusPaymentRequired:
			return fmt.Errorf("stripe %s: %v: %w", what, err, apperr.New(apperr.Unprocessable, "The payment provider refused the request."))
		case http.StatusNotFound:
			return fmt.Errorf("stripe %s: %v: %w", what, err, apperr.New(apperr.NotFound, "The payment provider does not know that payment."))
		}
	}
	return fmt.Errorf("stripe %s: %w", what, err)
}

// locales are the locales Stripe Checkout displays (besides "auto"), by lower-case name.
var locales = func() map[string]string {
	m := map[string]string{"no": "nb"} // Norwegian cultures are often written no-NO
	for _, l := range strings.Fields(`bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt
		nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW`) {
		m[strings.ToLower(l)] = l
	}
	return m
}()

// Locale maps a culture such as "es-ES" to a locale Stripe Checkout supports ("es"), or "" when it
// has none (Stripe then follows the browser).
func Locale(culture string) string {
	c := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(culture), "_", "-"))
	if l, ok := locales[c]; ok {
		return l
	}
	lang, _, _ := strings.Cut(c, "-")
	return locales[lang]
}
