// Package payment talks to card payment providers through one Gateway interface with two
// implementations: a simulated provider built into Pitlane (the demo's default: a hosted card page on
// our own server that calls back with signed notifications) and Stripe Checkout.
package payment

import (
	"context"
	"net/http"
)

// Outcome is what a provider says happened to a payment.
type Outcome string

// The outcomes a notification or a status query can report.
const (
	Approved Outcome = "approved" // the money was taken
	Declined Outcome = "declined" // the card was refused or the visitor gave up
	Pending  Outcome = "pending"  // nothing final yet
	Expired  Outcome = "expired"  // the checkout page expired without payment
	Refunded Outcome = "refunded" // (part of) the money was given back
)

// CheckoutRequest asks a provider for a hosted payment page.
type CheckoutRequest struct {
	PaymentID int64 // our payments.id; providers echo it back as metadata/reference
	// Reference is the booking's short reference as customers read it out (UE9B-KTGR), what a payment
	// page shows; Identifier is the booking's internal 32-character identifier.
	Reference   string
	Identifier  string
	AmountCents int64
	Currency    string // ISO 4217, e.g. "EUR"
	Description string
	Email       string
	Culture     string // e.g. "es-ES", for the page's language
	SuccessURL  string // where the visitor returns after paying
	CancelURL   string // where the visitor returns after giving up or a decline
}

// Checkout is a created hosted payment page.
type Checkout struct {
	ProviderRef string // the provider's id of the checkout (Stripe: the Checkout Session id)
	RedirectURL string // where to send the visitor
}

// Notification is a verified message from a provider about one payment.
type Notification struct {
	EventID     string // the provider's unique id of this notification (idempotency key)
	ProviderRef string // which checkout it is about
	PaymentID   int64  // our payments.id when the provider echoes it, else 0
	Outcome     Outcome
	AmountCents int64 // money taken (approved) or given back (refunded)
}

// Refund is a refund the provider accepted.
type Refund struct {
	ProviderRefundID string
	AmountCents      int64
}

// Gateway is one payment provider.
type Gateway interface {
	// Name is the provider's name as stored in payments.provider ("simulated", "stripe").
	Name() string
	// CreateCheckout creates a hosted payment page. Errors are provider or network failures.
	CreateCheckout(ctx context.Context, req CheckoutRequest) (Checkout, error)
	// ParseNotification verifies and reads a provider's webhook request. It returns an
	// apperr.Invalid error for a bad signature, a stale timestamp or a malformed body; a
	// notification about something that does not concern payments gives ok=false.
	ParseNotification(r *http.Request, body []byte) (n Notification, ok bool, err error)
	// Status asks the provider what became of a checkout, for reconciliation when a notification
	// never arrived. EventID is a stable id for the answer, so applying it twice is harmless.
	Status(ctx context.Context, providerRef string) (Notification, error)
	// Refund gives back amountCents of a paid checkout.
	Refund(ctx context.Context, providerRef string, amountCents int64, idempotencyKey string) (Refund, error)
}
