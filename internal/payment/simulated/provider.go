// Package simulated is a payment provider built into Pitlane for demos and tests. It behaves like a
// real one: it keeps its own checkouts in its own tables, serves a hosted card page (rendered by
// internal/httpapi), and reports decisions and refunds by POSTing signed notifications to a notify URL,
// retrying deliveries that fail. No real money moves.
package simulated

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/payment"
)

// Name is the provider's name as stored in payments.provider.
const Name = "simulated"

// CheckoutTTL is how long a hosted page can be paid after it was created.
const CheckoutTTL = 30 * time.Minute

// NotifyPath is where Pitlane receives the simulated provider's notifications, below the base URL.
const NotifyPath = "/api/payment/notify/simulated"

// PagePath is the hosted card page's path prefix; the checkout's ref follows it.
const PagePath = "/pay/sim/"

// The stored states of a checkout. Expiry is not stored: a pending checkout past its expires_at is
// expired.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusDeclined = "declined"
)

// CheckoutRecord is one checkout as the provider stores it.
type CheckoutRecord struct {
	Ref           string
	PaymentID     int64
	AmountCents   int64
	Currency      string
	Description   string
	Reference     string
	Email         string
	Culture       string
	SuccessURL    string
	CancelURL     string
	NotifyURL     string
	Status        string // StatusPending, StatusApproved or StatusDeclined
	DeclineReason string
	CreatedAt     time.Time
	ExpiresAt     time.Time
	DecidedAt     time.Time // zero while pending
	// CompanyName is the merchant the page is paid to, filled when read back (from the payment's
	// company); empty when the payment is unknown. It is not stored with the checkout.
	CompanyName string
}

// Expired reports whether the checkout can no longer be paid at now.
func (c CheckoutRecord) Expired(now time.Time) bool {
	return c.Status == StatusPending && !now.Before(c.ExpiresAt)
}

// Event is one notification the provider owes the notify URL.
type Event struct {
	ID             string
	Ref            string
	PaymentID      int64  // filled when read back with the checkout
	NotifyURL      string // filled when read back with the checkout
	Outcome        payment.Outcome
	AmountCents    int64
	IdempotencyKey string // refunds only
	CreatedAt      time.Time
	Attempts       int
}

// Store keeps the provider's data; internal/store implements it on both engines.
type Store interface {
	// SimInsertCheckout stores a new checkout.
	SimInsertCheckout(ctx context.Context, c CheckoutRecord) error
	// SimCheckout returns a checkout; apperr.NotFound when there is none with the ref.
	SimCheckout(ctx context.Context, ref string) (CheckoutRecord, error)
	// SimDecide moves a pending, unexpired checkout to status (approved or declined) and stores ev in the
	// same transaction. It returns the checkout as it is afterwards and whether this call decided it;
	// apperr.NotFound for an unknown ref.
	SimDecide(ctx context.Context, ref, status, reason string, at time.Time, ev Event) (CheckoutRecord, bool, error)
	// SimRefund stores a refund event after checking it against what was captured and refunded
	// (CheckRefund), in one transaction. A repeated idempotency key with the same amount returns the
	// first event; with another amount apperr.Conflict.
	SimRefund(ctx context.Context, ref string, ev Event) (Event, error)
	// SimClaimEvent takes an undelivered event whose next attempt is due at now and has had fewer than
	// maxAttempts attempts: it counts the attempt and postpones the next one to leaseUntil, so that one
	// sender at a time delivers it. ok is false when there is nothing to claim.
	SimClaimEvent(ctx context.Context, eventID string, now, leaseUntil time.Time, maxAttempts int) (ev Event, ok bool, err error)
	// SimEventDelivered records a successful delivery.
	SimEventDelivered(ctx context.Context, eventID string, at time.Time) error
	// SimEventFailed records a failed delivery and when to try again.
	SimEventFailed(ctx context.Context, eventID, reason string, next time.Time) error
	// SimDueEvents lists the ids of undelivered events due at now with fewer than maxAttempts attempts.
	SimDueEvents(ctx context.Context, now time.Time, maxAttempts, limit int) ([]string, error)
	// SimSecret returns the stored signing secret, storing candidate first when there is none yet.
	SimSecret(ctx context.Context, candidate string, now time.Time) (string, error)
}

// Config configures the provider.
type Config struct {
	// BaseURL is Pitlane's public URL; the hosted pages live below it. Required.
	BaseURL string
	// NotifyURL is where notifications go; default BaseURL + NotifyPath.
	NotifyURL string
	// Secret signs notifications (PITLANE_PAYMENT_SECRET). Empty: a random secret is generated once
	// and kept in the database, so every instance shares it.
	Secret string
	// Client sends notifications; default a client with a 10 s timeout.
	Client *http.Client
	// RetryDelays are the waits before each retry of a failed delivery; default 2s, 10s, 1m, 5m, 15m.
	// A notification is tried at most len(RetryDelays)+1 times.
	RetryDelays []time.Duration
	Clock       clock.Clock
	Logger      *slog.Logger
}

// Provider is the simulated payment provider; it implements payment.Gateway.
type Provider struct {
	store     Store
	clk       clock.Clock
	log       *slog.Logger
	client    *http.Client
	baseURL   string
	notifyURL string
	delays    []time.Duration

	mu     sync.Mutex
	secret string // loaded or configured signing secret

	bg     context.Context // cancelled by Close; bounds background deliveries
	stop   context.CancelFunc
	wg     sync.WaitGroup
	closed bool
}

var _ payment.Gateway = (*Provider)(nil)

// New returns the provider. It does no I/O: a secret kept in the database is loaded on first use.
func New(st Store, cfg Config) (*Provider, error) {
	base := strings.TrimRight(cfg.BaseURL, "/")
	if u, err := url.Parse(base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("simulated payments: base URL %q must be an absolute http(s) URL", cfg.BaseURL)
	}
	p := &Provider{store: st, clk: cfg.Clock, log: cfg.Logger, client: cfg.Client, baseURL: base,
		notifyURL: cfg.NotifyURL, delays: cfg.RetryDelays, secret: cfg.Secret}
	if p.clk == nil {
		p.clk = clock.System{}
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	if p.client == nil {
		p.client = &http.Client{Timeout: 10 * time.Second}
	}
	if p.notifyURL == "" {
		p.notifyURL = base + NotifyPath
	}
	if p.delays == nil {
		p.delays = []time.Duration{2 * time.Second, 10 * time.Second, time.Minute, 5 * time.Minute, 15 * time.Minute}
	}
	p.bg, p.stop = context.WithCancel(context.Background())
	return p, nil
}

// Name implements payment.Gateway.
func (p *Provider) Name() string { return Name }

// Close stops background deliveries and waits for them to return. Undelivered notifications stay in
// the database for DeliverPending.
func (p *Provider) Close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.stop()
	p.wg.Wait()
}

var validCurrency = regexp.MustCompile(`^[A-Z]{3}$`)

// CreateCheckout implements payment.Gateway: it stores a checkout that can be paid for CheckoutTTL
// and returns its hosted page.
func (p *Provider) CreateCheckout(ctx context.Context, req payment.CheckoutRequest) (payment.Checkout, error) {
	switch {
	case req.AmountCents <= 0:
		return payment.Checkout{}, fmt.Errorf("simulated payments: amount must be positive, got %d", req.AmountCents)
	case !validCurrency.MatchString(req.Currency):
		return payment.Checkout{}, fmt.Errorf("simulated payments: currency %q is not ISO 4217", req.Currency)
	case !absoluteURL(req.SuccessURL) || !absoluteURL(req.CancelURL):
		return payment.Checkout{}, fmt.Errorf("simulated payments: success and cancel URLs must be absolute http(s) URLs")
	}
	now := p.clk.Now()
	c := CheckoutRecord{
		Ref: "sim_" + randomHex(16), PaymentID: req.PaymentID, AmountCents: req.AmountCents,
		Currency: req.Currency, Description: req.Description, Reference: req.Reference, Email: req.Email,
		Culture: req.Culture, SuccessURL: req.SuccessURL, CancelURL: req.CancelURL, NotifyURL: p.notifyURL,
		Status: StatusPending, CreatedAt: now, ExpiresAt: now.Add(CheckoutTTL),
	}
	if err := p.store.SimInsertCheckout(ctx, c); err != nil {
		return payment.Checkout{}, fmt.Errorf("simulated payments: store checkout: %w", err)
	}
	return payment.Checkout{ProviderRef: c.Ref, RedirectURL: p.baseURL + PagePath + c.Ref}, nil
}

// Status implements payment.Gateway: what the provider's own table says of the checkout, with a stable
// event id per outcome. Returns apperr.NotFound for an unknown ref.
func (p *Provider) Status(ctx context.Context, providerRef string) (payment.Notification, error) {
	c, err := p.store.SimCheckout(ctx, providerRef)
	if err != nil {
		return payment.Notification{}, err
	}
	n := payment.Notification{ProviderRef: c.Ref, PaymentID: c.PaymentID, Outcome: payment.Pending}
	switch {
	case c.Status == StatusApproved:
		n.Outcome, n.AmountCents = payment.Approved, c.AmountCents
	case c.Status == StatusDeclined:
		n.Outcome = payment.Declined
	case c.Expired(p.clk.Now()):
		n.Outcome = payment.Expired
	}
	n.EventID = "status-" + c.Ref + "-" + string(n.Outcome)
	return n, nil
}

func absoluteURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// randomHex returns n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
