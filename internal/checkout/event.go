package checkout

import (
	"context"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/event"
	"pitlane/internal/notify"
)

// NewEventBooking is an event registration ready to be written in one transaction by
// EventStore.CreateEventBooking.
type NewEventBooking struct {
	CartToken      string
	HoldIdentifier string // the place held by GET /api/event/{key}/register
	EventID        int64
	CompanyID      int64
	Identifier     string // the booking's public identifier
	Nick           string // with the category short names appended
	IsTeam         bool
	Phone          string // E.164
	Email          string
	Categories     []string // chosen option short names
	Culture        string   // a supported culture
	Now            time.Time
	// PaymentUntil is how long the held place waits for the online payment.
	PaymentUntil time.Time
}

// EventStore writes event registrations.
type EventStore interface {
	// CreateEventBooking locks the cart, checks that the hold is a live place of the event in it, takes
	// one use of the cart's discount code, and writes a booking (source EVENT, payment_mode online), its
	// line and the event_registrations row. With something to pay, the hold stays live for the payment
	// window, linked to the pending booking, and a payment row is written; with nothing to pay, the
	// booking is paid at once and the registration confirmation queued. Returns apperr.NotFound
	// (cart), apperr.Conflict (cart already ordered), apperr.Unprocessable (the hold is not a place of
	// this event), apperr.Gone (the hold expired, was released or is not in the cart; the discount code
	// expired or was used up). On any error nothing is written.
	CreateEventBooking(ctx context.Context, nb NewEventBooking) (CreatedBooking, error)
}

// EventCheckout pays event registrations through the checkout's online payment path: the company's
// gateway, the same payment rows, notifications and reconciliation as online bookings. It implements
// event.Checkout.
type EventCheckout struct {
	svc   *Service
	store EventStore
}

// NewEventCheckout returns an EventCheckout over the checkout service and the store.
func NewEventCheckout(svc *Service, store EventStore) *EventCheckout {
	return &EventCheckout{svc: svc, store: store}
}

// PayRegistration implements event.Checkout: registration is always paid online, whatever the
// company's payments_active says. It returns the provider's payment page, or the success page when
// there is nothing to pay. Returns apperr.Unavailable when the company's gateway is not configured
// or the provider fails (then the booking is cancelled and the place released), and
// EventStore.CreateEventBooking's errors.
func (e *EventCheckout) PayRegistration(ctx context.Context, r event.PaidRegistration) (string, error) {
	co := r.Detail.Company
	if _, ok := e.svc.d.Gateways[co.PaymentProvider]; !ok {
		return "", apperr.New(apperr.Unavailable, "Online payment is not available at the moment; please try again later.")
	}
	now := e.svc.d.Clock.Now()
	nb := NewEventBooking{CartToken: r.Form.CartToken, HoldIdentifier: r.Form.Identifier, EventID: r.Detail.Event.ID,
		CompanyID: co.ID, Identifier: NewIdentifier(), Nick: r.Form.Nick, IsTeam: r.Form.IsTeam, Phone: r.Form.Phone,
		Email: r.Form.Email, Categories: r.Form.Categories,
		Culture: notify.NormalizeCulture(firstNonEmpty(r.Culture, co.DefaultCulture)),
		Now:     now, PaymentUntil: now.Add(e.svc.d.PaymentWindow)}
	created, err := e.store.CreateEventBooking(ctx, nb)
	if err != nil {
		return "", err
	}
	if !created.Online {
		return e.svc.successURL(created.Identifier), nil
	}
	res, err := e.svc.startPayment(ctx, created, "")
	if err != nil {
		return "", err
	}
	return res.URL, nil
}
