package checkout

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/clock"
	"pitlane/internal/payment"
)

// Store is the database side of checkout. Each method decides and writes in one transaction.
type Store interface {
	// CheckoutCart loads a shopping cart with its lines (liveness judged at now), its discount code and
	// its company's settings. Returns apperr.NotFound if no cart has the token.
	CheckoutCart(ctx context.Context, token string, now time.Time) (Cart, error)
	// ApplyCartDiscount applies the company's discount code to the cart after CheckApply accepts it.
	// Returns apperr.Unauthorized for an unknown company token, apperr.NotFound for a cart of another
	// company or none, and CheckApply's errors.
	ApplyCartDiscount(ctx context.Context, companyToken, cartToken, code string, now time.Time) error
	// InsertVoucherHold writes a voucher pre-booking (a product without a session) and its cart line,
	// and returns its price (VoucherPrice). Returns apperr.Unauthorized, apperr.NotFound (cart or
	// product), apperr.Unprocessable (not in voucher mode, product not on sale, too many drivers).
	InsertVoucherHold(ctx context.Context, h NewVoucherHold) (int64, error)
	// CreateBooking writes a booking from live holds of the cart (see NewBooking). Returns
	// apperr.NotFound (cart), apperr.Conflict (cart already ordered; idempotency key reused with another
	// body), apperr.Unprocessable (a pre-booking not of this cart), apperr.Gone (a hold expired or was
	// released, the places are gone, the discount code expired or was used up). With an idempotency
	// key already used for the same request it writes nothing and returns the stored answer in Replay.
	CreateBooking(ctx context.Context, nb NewBooking) (CreatedBooking, error)
	// IdempotentAnswer reads the stored answer of a key (Status 0 while the first request still runs).
	IdempotentAnswer(ctx context.Context, companyID int64, key string) (Answer, error)
	// StartedOnline records the provider's checkout of a payment and the answer of its request.
	StartedOnline(ctx context.Context, paymentID int64, providerRef string, companyID int64, key string, answer Answer, now time.Time) error
	// AbortOnline cancels a booking whose payment could not start: the payment is declined, the holds
	// released, the cart reopened and the discount use given back. answer is stored for key when set.
	AbortOnline(ctx context.Context, bookingID int64, companyID int64, key string, answer Answer, now time.Time) error
	// ApplyPayment records a provider's notification once and applies it (see Decide). Returns
	// apperr.NotFound when no payment of the provider matches (nothing is recorded, so a retry can
	// apply it later).
	ApplyPayment(ctx context.Context, ev PaymentEvent) (Applied, error)
	// StalePayments lists payments still 'created' that were created before the instant.
	StalePayments(ctx context.Context, before time.Time, limit int) ([]StalePayment, error)
	// BookingStatus returns the public status of a booking. Returns apperr.NotFound.
	BookingStatus(ctx context.Context, identifier string) (StatusView, error)
	// CancelPreview returns the cancel page's view of the booking whose cancel token hashes to
	// tokenHash, with what cancelling at now would do with the money. It writes nothing. Returns
	// apperr.NotFound.
	CancelPreview(ctx context.Context, tokenHash string, now time.Time) (CancelView, error)
	// CancelByToken cancels the booking whose cancel token hashes to tokenHash when CheckCancel allows:
	// its places are given back, the company's refund policy is applied (card refunds reserved as
	// pending refunds rows, an amount owed at the desk recorded on the booking) and, when no card refund
	// is to be asked, the cancellation mails are queued. A booking cancelled already is a Replay and
	// nothing is written. Returns apperr.NotFound and CheckCancel's errors other than apperr.Conflict.
	CancelByToken(ctx context.Context, tokenHash string, now time.Time) (CustomerCancelled, error)
	// SettleCancelRefunds records the providers' answers to a cancellation's card refunds: the ledger's
	// refund entries for those that succeeded, an amount owed at the desk for those that failed, then
	// the cancellation mails saying what happened to the money.
	SettleCancelRefunds(ctx context.Context, c CustomerCancelled, outcomes []billing.PartOutcome, now time.Time) error
}

// Deps is what the Service needs.
type Deps struct {
	Store Store
	// Staff is the back office's bookings store (staff lists, details and cancellation); without it the
	// staff methods answer apperr.Unavailable.
	Staff    StaffStore
	Clock    clock.Clock
	Gateways map[string]payment.Gateway // by provider name (payments.provider, companies.payment_provider)
	BaseURL  string                     // public URL of the web app: success, cancel and payment return pages
	HoldTTL  time.Duration              // how long a voucher pre-booking lasts
	Logger   *slog.Logger
	// PaymentWindow overrides PaymentWindow (how long holds wait for an online payment) when positive.
	PaymentWindow time.Duration
	// IdempotencyWait bounds how long a repeated request waits for the first one's answer (default 15s).
	IdempotencyWait time.Duration
	// ReconcileAfter overrides ReconcileAfter (how long a payment waits for its provider's notification
	// before reconciliation asks the provider) when positive.
	ReconcileAfter time.Duration
}

// Service runs checkout.
type Service struct {
	d        Deps
	refunder *billing.Refunder // the one refund service, shared with staff refunds
}

// NewService returns a Service.
func NewService(d Deps) *Service {
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.HoldTTL <= 0 {
		d.HoldTTL = 10 * time.Minute
	}
	if d.PaymentWindow <= 0 {
		d.PaymentWindow = PaymentWindow
	}
	if d.IdempotencyWait <= 0 {
		d.IdempotencyWait = 15 * time.Second
	}
	if d.ReconcileAfter <= 0 {
		d.ReconcileAfter = ReconcileAfter
	}
	if d.Gateways == nil {
		d.Gateways = map[string]payment.Gateway{}
	}
	d.BaseURL = strings.TrimRight(d.BaseURL, "/")
	return &Service{d: d, refunder: billing.NewRefunder(d.Gateways, d.Logger)}
}

// Gateway returns the payment gateway of a provider name.
func (s *Service) Gateway(name string) (payment.Gateway, bool) {
	g, ok := s.d.Gateways[name]
	return g, ok
}

// Cart returns the wizard's view of a shopping cart. Returns apperr.NotFound for an unknown token.
func (s *Service) Cart(ctx context.Context, token string) (CartView, error) {
	if token == "" || len(token) > MaxTokenLength {
		return CartView{}, apperr.New(apperr.NotFound, "No shopping cart with that token.")
	}
	c, err := s.d.Store.CheckoutCart(ctx, token, s.d.Clock.Now())
	if err != nil {
		return CartView{}, err
	}
	return View(c), nil
}

// DiscountRequest is the body of POST /api/booking/discount.
type DiscountRequest struct {
	Token    string `json:"token"`    // the shopping cart token
	Discount string `json:"discount"` // the code
}

// ApplyDiscount applies a discount code to a cart and returns the refreshed cart. Returns
// apperr.Invalid for a missing code or token, and the errors of Store.ApplyCartDiscount.
func (s *Service) ApplyDiscount(ctx context.Context, companyToken string, req DiscountRequest) (CartView, error) {
	code := NormalizeCode(req.Discount)
	fe := apperr.FieldErrors{}
	if code == "" || len(code) > 64 {
		fe.Add("discount", "required: the discount code")
	}
	if req.Token == "" || len(req.Token) > MaxTokenLength {
		fe.Add("token", "required: the shopping cart token")
	}
	if err := fe.Err(apperr.Invalid, "The discount request is not valid."); err != nil {
		return CartView{}, err
	}
	if err := s.d.Store.ApplyCartDiscount(ctx, companyToken, req.Token, code, s.d.Clock.Now()); err != nil {
		return CartView{}, err
	}
	return s.Cart(ctx, req.Token)
}

// Status returns the public status of a booking by its identifier. Returns apperr.NotFound.
func (s *Service) Status(ctx context.Context, identifier string) (StatusView, error) {
	if identifier == "" || len(identifier) > MaxTokenLength {
		return StatusView{}, apperr.New(apperr.NotFound, "No booking with that identifier.")
	}
	return s.d.Store.BookingStatus(ctx, identifier)
}

// successURL is where the visitor lands after saving a booking or returning from the provider.
func (s *Service) successURL(identifier string) string {
	return s.d.BaseURL + "/success?booking=" + identifier
}

// cancelURL is the cancellation link of a confirmation mail.
func (s *Service) cancelURL(token string) string {
	return s.d.BaseURL + "/cancelBooking/" + token
}
