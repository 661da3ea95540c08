package checkout

import (
	"context"
	"errors"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
	"pitlane/internal/pricing"
)

// MaxNotificationBytes is the largest notification body read from a provider.
const MaxNotificationBytes = 64 << 10

// PaymentEvent is a verified notification (or a reconciliation answer) to apply.
type PaymentEvent struct {
	Provider     string
	Notification payment.Notification
	Payload      string // the raw body, kept with the record of the notification
	Now          time.Time
	// CancelToken and CancelURL are used when the payment confirms the booking: the token's hash
	// becomes the booking's cancel token and the URL goes into the confirmation mail.
	CancelToken string
	CancelURL   string
}

// Applied tells what applying a notification did.
type Applied struct {
	Duplicate     bool // the provider's event was applied before: nothing changed
	Step          Step
	BookingID     int64
	BookingStatus string
	NeedsRefund   bool
}

// StalePayment is a payment still waiting for an outcome.
type StalePayment struct {
	ID          int64
	Provider    string
	ProviderRef string // empty when the provider's checkout was never recorded
	BookingID   int64
	CompanyID   int64
}

// StatusView is the answer of GET /api/booking/status/{identifier}: what the return page shows. It holds
// no personal data.
type StatusView struct {
	Identifier    string        `json:"identifier"`
	Status        string        `json:"status"`
	PaymentMode   string        `json:"paymentMode"`
	PaymentStatus *string       `json:"paymentStatus"`
	NeedsRefund   bool          `json:"needsRefund"`
	Total         pricing.Cents `json:"total"`
	Culture       string        `json:"culture"`
}

// ApplyNotification applies a verified provider notification: once per provider event id, in one
// transaction (see Decide for the rules). Returns apperr.NotFound when it is about no payment of ours.
func (s *Service) ApplyNotification(ctx context.Context, provider string, n payment.Notification, payload []byte) (Applied, error) {
	if n.EventID == "" {
		return Applied{}, apperr.New(apperr.Invalid, "The notification has no event id.")
	}
	tok := NewCancelToken()
	return s.d.Store.ApplyPayment(ctx, PaymentEvent{Provider: provider, Notification: n, Payload: string(payload),
		Now: s.d.Clock.Now(), CancelToken: tok, CancelURL: s.cancelURL(tok)})
}

// Reconcile finds payments still 'created' more than ReconcileAfter after they were created and asks
// their provider what became of them, applying each answer exactly like a notification. A payment
// whose provider checkout was never recorded (the server stopped in between) is abandoned: its booking
// is cancelled and its holds released. It returns how many payments it looked at.
func (s *Service) Reconcile(ctx context.Context) (int, error) {
	now := s.d.Clock.Now()
	stale, err := s.d.Store.StalePayments(ctx, now.Add(-s.d.ReconcileAfter), 100)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, p := range stale {
		if ctx.Err() != nil {
			break
		}
		if err := s.reconcileOne(ctx, p, now); err != nil {
			s.d.Logger.WarnContext(ctx, "payment reconciliation failed", "payment", p.ID, "provider", p.Provider, "error", err)
			errs = append(errs, err)
		}
	}
	return len(stale), errors.Join(errs...)
}

func (s *Service) reconcileOne(ctx context.Context, p StalePayment, now time.Time) error {
	if p.ProviderRef == "" {
		return s.d.Store.AbortOnline(ctx, p.BookingID, p.CompanyID, "", Answer{}, now)
	}
	gw, ok := s.d.Gateways[p.Provider]
	if !ok {
		return errors.New("no gateway for provider " + p.Provider)
	}
	n, err := gw.Status(ctx, p.ProviderRef)
	if err != nil {
		return err
	}
	if n.Outcome == payment.Pending || n.Outcome == "" {
		return nil
	}
	if n.ProviderRef == "" {
		n.ProviderRef = p.ProviderRef
	}
	if n.PaymentID == 0 {
		n.PaymentID = p.ID
	}
	if n.EventID == "" {
		n.EventID = "status:" + p.ProviderRef + ":" + string(n.Outcome)
	}
	_, err = s.ApplyNotification(ctx, p.Provider, n, []byte(`{"source":"reconciliation"}`))
	return err
}
