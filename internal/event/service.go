package event

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/company"
)

// Store is the database side of events and landing pages.
type Store interface {
	// CompanyByKey returns the company whose public key is key. Returns apperr.NotFound if none.
	CompanyByKey(ctx context.Context, key string) (company.Company, error)
	// CompanyByID returns the company with the id. Returns apperr.NotFound if none.
	CompanyByID(ctx context.Context, id int64) (company.Company, error)
	// LandingButtons returns the company's landing buttons in display order; none is not an error.
	LandingButtons(ctx context.Context, companyID int64) ([]company.LandingButton, error)
	// EventsBetween returns the company's events running at some moment of [from, to), ordered by
	// start then id; none is not an error.
	EventsBetween(ctx context.Context, companyID int64, from, to time.Time) ([]Event, error)
	// EventByKey returns the event with the public key, its company, categories and ticket, with the
	// places taken counted at now. Returns apperr.NotFound if no event has the key or it has no ticket.
	EventByKey(ctx context.Context, key string, now time.Time) (Detail, error)
	// EventByID is EventByKey by event id.
	EventByID(ctx context.Context, id int64, now time.Time) (Detail, error)
	// InsertEventHold creates the cart and the hold of one place in one transaction, deciding on the
	// stock under a lock of the ticket. When h.VisitorID already holds a live place of the ticket it
	// writes nothing and returns that hold instead. Returns apperr.NoStock when no place is left and
	// apperr.Gone when the event has started.
	InsertEventHold(ctx context.Context, h NewHold) (HeldPlace, error)
	// VisitorEventHold returns the visitor's live, unpaid place of the ticket and whether there is one;
	// it writes nothing. An empty visitor id holds nothing.
	VisitorEventHold(ctx context.Context, productID int64, visitorID string, now time.Time) (HeldPlace, bool, error)
}

// NewHold is a place of an event to hold for a visitor, with a new cart.
type NewHold struct {
	Identifier string
	CartToken  string
	VisitorID  string
	CompanyID  int64
	EventID    int64
	ProductID  int64
	Name       string // the ticket's name, for the cart line
	PriceCents int64
	CreatedAt  time.Time
	ExpiresAt  time.Time
}

// HeldPlace is a live hold of one place and its cart.
type HeldPlace struct {
	Identifier string
	CartToken  string
	ExpiresAt  time.Time
}

// PaidRegistration is a valid registration ready to be turned into a booking and paid.
type PaidRegistration struct {
	Detail         Detail
	Form           Form
	Culture        string // as sent, else the company's default (the checkout normalises it)
	PaymentCulture string // culturePaycomet as sent (the payment page's language code)
}

// Checkout turns a registration into a pending online booking and a hosted payment page.
type Checkout interface {
	// PayRegistration writes, in one transaction, a pending online booking (source EVENT) for the hold,
	// its event_registrations row and a payments row, then asks the company's gateway for a payment
	// page and returns its address. Returns apperr.Gone (and writes nothing) when the hold expired, was
	// released or is not in the cart, apperr.Conflict when it is already booked.
	PayRegistration(ctx context.Context, r PaidRegistration) (paymentURL string, err error)
}

// Service answers the event and landing calls.
type Service struct {
	store    Store
	checkout Checkout // nil until a payment path is wired: saving answers apperr.Unavailable
	clock    clock.Clock
	holdTTL  time.Duration
	zones    sync.Map // IANA name → *time.Location
}

// NewService returns a Service whose event holds last holdTTL. checkout may be nil.
func NewService(s Store, checkout Checkout, clk clock.Clock, holdTTL time.Duration) *Service {
	return &Service{store: s, checkout: checkout, clock: clk, holdTTL: holdTTL}
}

func (s *Service) location(c company.Company) (*time.Location, error) {
	if l, ok := s.zones.Load(c.TimeZone); ok {
		return l.(*time.Location), nil
	}
	l, err := time.LoadLocation(c.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("company %d: time zone %q: %w", c.ID, c.TimeZone, err)
	}
	s.zones.Store(c.TimeZone, l)
	return l, nil
}

// Calendar returns the company's events overlapping the window of local dates (see ParseWindow).
// Returns apperr.Invalid for a malformed window and apperr.NotFound for an unknown company.
func (s *Service) Calendar(ctx context.Context, companyID int64, date, dateEnd string) ([]CalendarEvent, error) {
	c, err := s.store.CompanyByID(ctx, companyID)
	if apperr.Is(err, apperr.NotFound) {
		return nil, apperr.WithFields(apperr.NotFound, "No company with that id.", map[string]string{"idCompany": "unknown company"})
	}
	if err != nil {
		return nil, err
	}
	loc, err := s.location(c)
	if err != nil {
		return nil, err
	}
	w, err := ParseWindow(date, dateEnd, s.clock.Now(), loc)
	if err != nil {
		return nil, err
	}
	events, err := s.store.EventsBetween(ctx, c.ID, w.Start, w.End)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	out := make([]CalendarEvent, 0, len(events))
	for _, e := range events {
		ce := CalendarEvent{ID: e.ID, Name: e.Name, DateStart: e.DateStart, DateEnd: e.DateEnd, Key: e.Key, Landing: e.Landing}
		// The places as the event's page counts them (what the back office's popup shows beside the
		// capacity); an event without a ticket has none taken and no capacity.
		d, err := s.store.EventByID(ctx, e.ID, now)
		switch {
		case err == nil:
			ce.PlacesTaken, ce.Capacity = d.Ticket.Taken, d.Ticket.MaxStock
		case !apperr.Is(err, apperr.NotFound):
			return nil, err
		}
		out = append(out, ce)
	}
	return out, nil
}

func errNoEvent() error { return apperr.New(apperr.NotFound, "No event with that key.") }

// detail loads an event by public key; malformed and unknown keys are both apperr.NotFound.
func (s *Service) detail(ctx context.Context, key string, now time.Time) (Detail, error) {
	if !company.ValidKey(key) {
		return Detail{}, errNoEvent()
	}
	d, err := s.store.EventByKey(ctx, key, now)
	if apperr.Is(err, apperr.NotFound) {
		return Detail{}, errNoEvent()
	}
	return d, err
}

// Info returns the event's public page. Returns apperr.NotFound for an unknown key.
func (s *Service) Info(ctx context.Context, key string) (Info, error) {
	now := s.clock.Now()
	d, err := s.detail(ctx, key, now)
	if err != nil {
		return Info{}, err
	}
	return InfoOf(d, now), nil
}

// Registration returns the registration page: the event and, when the visitor already holds a live
// place of it, that place and its cart (a reload continues with it). It changes nothing: opening the
// page takes no place, Register does. Returns apperr.NotFound for an unknown key.
func (s *Service) Registration(ctx context.Context, key, visitorID string) (RegistrationView, error) {
	now := s.clock.Now()
	d, err := s.detail(ctx, key, now)
	if err != nil {
		return RegistrationView{}, err
	}
	out := RegistrationView{Info: InfoOf(d, now)}
	held, found, err := s.store.VisitorEventHold(ctx, d.Ticket.ID, visitorID, now)
	if err != nil || !found {
		return out, err
	}
	token := held.CartToken
	out.TokenShoppingCart = &token
	out.Prebooking = &Prebooking{Identifier: held.Identifier, IDCompany: d.Event.CompanyID, ExpiresAt: held.ExpiresAt.UTC()}
	return out, nil
}

// Register holds one place of the event for the visitor in a new shopping cart. A visitor who
// already holds a live place of the event gets that hold back instead of a second one. Returns
// apperr.NotFound for an unknown key, apperr.Gone when the event has started or its ticket is not
// on sale, apperr.NoStock when no place is left.
func (s *Service) Register(ctx context.Context, key, visitorID string) (Registration, error) {
	now := s.clock.Now()
	d, err := s.detail(ctx, key, now)
	if err != nil {
		return Registration{}, err
	}
	switch d.Unavailability(now) {
	case ReasonStarted:
		return Registration{}, apperr.New(apperr.Gone, "Registration for %s is closed: the event has started.", d.Event.Name)
	case ReasonClosed:
		return Registration{}, apperr.New(apperr.Gone, "Registration for %s is closed.", d.Event.Name)
	}
	// Sold out is decided by the store under the ticket's lock (a visitor's own live hold is given back
	// even when it took the last place).
	held, err := s.store.InsertEventHold(ctx, NewHold{Identifier: newToken(), CartToken: newToken(), VisitorID: visitorID,
		CompanyID: d.Event.CompanyID, EventID: d.Event.ID, ProductID: d.Ticket.ID, Name: d.Ticket.Name,
		PriceCents: d.Ticket.PriceCents, CreatedAt: now, ExpiresAt: now.Add(s.holdTTL)})
	if err != nil {
		return Registration{}, err
	}
	// The page shows the places left after this hold: count again.
	if after, err := s.store.EventByKey(ctx, key, now); err == nil {
		d = after
	}
	return Registration{Info: InfoOf(d, now), TokenShoppingCart: held.CartToken,
		Prebooking: Prebooking{Identifier: held.Identifier, IDCompany: d.Event.CompanyID, ExpiresAt: held.ExpiresAt.UTC()}}, nil
}

// Save registers the visitor for the event with the place held in the cart, and returns where to
// pay: registration is always paid online. Returns apperr.Unauthorized for a missing or foreign
// company token, apperr.NotFound for an unknown event, apperr.Unprocessable for form errors,
// apperr.Gone when the hold expired or the event has started, apperr.Unavailable when no payment
// path is wired.
func (s *Service) Save(ctx context.Context, companyToken string, req SaveRequest) (SaveResult, error) {
	if companyToken == "" {
		return SaveResult{}, apperr.New(apperr.Unauthorized, "The company token is missing (Authorization: Bearer <token>).")
	}
	if req.Event.ID < 1 {
		return SaveResult{}, apperr.WithFields(apperr.Unprocessable, "The registration is not valid.", map[string]string{"event.id": "required"})
	}
	now := s.clock.Now()
	d, err := s.store.EventByID(ctx, req.Event.ID, now)
	if apperr.Is(err, apperr.NotFound) {
		return SaveResult{}, apperr.New(apperr.NotFound, "No event with that id.")
	}
	if err != nil {
		return SaveResult{}, err
	}
	if d.Company.Token != companyToken {
		return SaveResult{}, apperr.New(apperr.Unauthorized, "The company token is not the token of the event's company.")
	}
	if !now.Before(d.Event.StartsAt) {
		return SaveResult{}, apperr.New(apperr.Gone, "Registration for %s is closed: the event has started.", d.Event.Name)
	}
	f, err := ValidateForm(req, d, d.Company.Country)
	if err != nil {
		return SaveResult{}, err
	}
	if s.checkout == nil {
		return SaveResult{}, apperr.New(apperr.Unavailable, "Event registration payments are not available on this server yet.")
	}
	culture := req.Culture
	if strings.TrimSpace(culture) == "" {
		culture = d.Company.DefaultCulture
	}
	url, err := s.checkout.PayRegistration(ctx, PaidRegistration{Detail: d, Form: f,
		Culture: strings.TrimSpace(culture), PaymentCulture: req.CulturePaycomet})
	if err != nil {
		return SaveResult{}, err
	}
	return SaveResult{PaymentURL: url}, nil
}

// newToken returns 128 random bits as 32 hex characters (hold identifiers and cart tokens, as the
// sessions engine makes them).
func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}
