package sessions

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/schedule"
)

// Store is the database side of the sessions engine.
type Store interface {
	// Offer loads a product or pack sold by the company whose token is given. Returns
	// apperr.Unauthorized if no company has the token and apperr.NotFound if the company sells
	// nothing of that kind and id.
	Offer(ctx context.Context, companyToken, kind string, id int64) (Offer, error)
	// Usage returns the places held (by holds unexpired at now) and booked for the circuits' sessions
	// starting in [from, to] (Unix ms).
	Usage(ctx context.Context, circuits []int64, from, to int64, now time.Time) (map[SlotKey]Usage, error)
	// InsertHold writes the hold if, at h.CreatedAt, every session has the places and the product the
	// stock, deciding and writing in one transaction. Returns apperr.SameUserSlot if the visitor already
	// holds one of the sessions, apperr.NoStock if places or stock are short, apperr.NotFound if the
	// cart does not exist for the company.
	InsertHold(ctx context.Context, h NewHold) error
	// ReleaseHold releases a hold of the cart; releasing a released, expired or swept hold is harmless.
	// Returns apperr.NotFound if no cart has the token, apperr.Conflict if the hold became a booking.
	ReleaseHold(ctx context.Context, cartToken, identifier string, now time.Time) error
	// DeleteDeadHolds deletes holds that expired or were released before the instant and never became
	// a booking, and returns how many.
	DeleteDeadHolds(ctx context.Context, before, now time.Time) (int64, error)
	// CreateCart stores a new empty shopping cart. Returns apperr.NotFound if no such company.
	CreateCart(ctx context.Context, companyID int64, token string, now time.Time) error
}

// Service runs the sessions engine.
type Service struct {
	store   Store
	clock   clock.Clock
	holdTTL time.Duration
	avail   *availCache // nil: every availability answer computed afresh
	offers  *offerCache // nil: every offer read from the database
}

// NewService returns a Service whose holds last holdTTL. It computes every availability answer afresh
// and reads every offer until SetReuseTTL turns the reuse on.
func NewService(s Store, clk clock.Clock, holdTTL time.Duration) *Service {
	return &Service{store: s, clock: clk, holdTTL: holdTTL}
}

// SetReuseTTL makes the service reuse each availability answer, and each product or pack it reads
// (for availability and holds), for ttl; the server uses ReuseTTL. See Availability for what a visitor
// may see. An admin's edit of a product, its installation or its special days reaches holds within ttl
// (a price changed less than ttl ago may still be the one held); places and stock are never reused:
// they are decided in the hold's transaction. Zero or less turns the reuse off, as NewService leaves
// it. Call it before the service is used.
func (s *Service) SetReuseTTL(ttl time.Duration) {
	s.avail, s.offers = nil, nil
	if ttl > 0 {
		s.avail = newAvailCache(ttl)
		s.offers = &offerCache{ttl: ttl, entries: map[offerKey]offerEntry{}}
	}
}

// offer reads a product or pack, or reuses a fresh read (SetReuseTTL).
func (s *Service) offer(ctx context.Context, companyToken, kind string, id int64, now time.Time) (Offer, error) {
	if s.offers == nil {
		return s.store.Offer(ctx, companyToken, kind, id)
	}
	return s.offers.get(offerKey{token: companyToken, kind: kind, id: id}, now, func() (Offer, error) {
		return s.store.Offer(ctx, companyToken, kind, id)
	})
}

// HoldTTL is how long a new hold lasts.
func (s *Service) HoldTTL() time.Duration { return s.holdTTL }

func parseKind(kind string) (string, error) {
	switch strings.ToUpper(kind) {
	case KindProduct:
		return KindProduct, nil
	case KindPack:
		return KindPack, nil
	}
	return "", apperr.WithFields(apperr.Invalid, "The type is not valid.", map[string]string{"type": "must be PRODUCT or PACK"})
}

// Availability returns the sessions of a date for a product or pack. The date must be YYYY-MM-DD.
// With SetReuseTTL, an answer is computed at most once per TTL per (company, product or pack,
// date) on this instance, however many visitors ask at once, and computed afresh after this instance
// holds or releases places of the company; holds made or released elsewhere, bookings cancelled and
// settings edited show within the TTL. The answer's slices may be shared: callers must not modify them.
func (s *Service) Availability(ctx context.Context, companyToken, date string, id int64, kind string) (Availability, error) {
	k, err := parseKind(kind)
	if err != nil {
		return Availability{}, err
	}
	d, err := schedule.ParseDate(date)
	if err != nil {
		return Availability{}, apperr.WithFields(apperr.Invalid, "The date is not valid.", map[string]string{"date": "must be a date YYYY-MM-DD"})
	}
	now := s.clock.Now()
	return s.avail.get(ctx, availKey{token: companyToken, kind: k, date: d.String(), id: id}, now, func() (Availability, error) {
		return s.availability(ctx, companyToken, d, id, k, now)
	})
}

// availability computes an Availability answer from the database.
func (s *Service) availability(ctx context.Context, companyToken string, d schedule.Date, id int64, k string, now time.Time) (Availability, error) {
	o, err := s.offer(ctx, companyToken, k, id, now)
	if err != nil {
		return Availability{}, err
	}
	if !o.IsActive || o.expired(now) {
		return Availability{}, apperr.New(apperr.NotFound, "This product is not on sale.")
	}
	slots := schedule.Slots(o.Installation.Settings, d)
	usage := map[SlotKey]Usage{}
	if len(slots) > 0 {
		usage, err = s.store.Usage(ctx, o.circuits(), slots[0].Start.UnixMilli(), slots[len(slots)-1].Start.UnixMilli(), now)
		if err != nil {
			return Availability{}, err
		}
	}
	return ComputeAvailability(o, d, usage, now), nil
}

// Hold takes places (and stock) for a visitor, atomically: all sessions of the request or none.
func (s *Service) Hold(ctx context.Context, companyToken, visitorID string, req HoldRequest) (Hold, error) {
	k, err := parseKind(req.Type)
	if err != nil {
		return Hold{}, apperr.WithFields(apperr.Unprocessable, "The pre-booking is not valid.", map[string]string{"type": "must be PRODUCT or PACK"})
	}
	if req.IDType < 1 {
		return Hold{}, apperr.WithFields(apperr.Unprocessable, "The pre-booking is not valid.", map[string]string{"idType": "required"})
	}
	now := s.clock.Now()
	o, err := s.offer(ctx, companyToken, k, req.IDType, now)
	if err != nil {
		return Hold{}, err
	}
	h, err := PlanHold(o, req, now)
	if err != nil {
		return Hold{}, err
	}
	h.Identifier = NewToken()
	h.VisitorID = visitorID
	h.ExpiresAt = now.Add(s.holdTTL)
	if err := s.store.InsertHold(ctx, h); err != nil {
		return Hold{}, err
	}
	s.avail.invalidate(companyToken)
	return Hold{
		Identifier:     h.Identifier,
		PrebookingDate: h.Slots[0].LocalDate + " " + h.Slots[0].LocalTime,
		ExpiresAt:      h.ExpiresAt.UTC(),
		Price:          centsToFloat(h.PriceCents),
		NumDrivers:     h.NumDrivers,
	}, nil
}

// PlanSession checks and prices one session of a product as Hold would, without taking places: what
// the waiting list records when a visitor joins a full session. Returns the errors of Hold's checks
// (apperr.Unprocessable with field errors, apperr.NotFound, apperr.Unauthorized).
func (s *Service) PlanSession(ctx context.Context, companyToken string, req HoldRequest) (NewHold, error) {
	if req.IDType < 1 {
		return NewHold{}, apperr.WithFields(apperr.Unprocessable, "The request is not valid.", map[string]string{"idType": "required"})
	}
	if len(req.BookingDates) != 1 {
		return NewHold{}, apperr.WithFields(apperr.Unprocessable, "The request is not valid.", map[string]string{"date": "one session"})
	}
	now := s.clock.Now()
	o, err := s.offer(ctx, companyToken, KindProduct, req.IDType, now)
	if err != nil {
		return NewHold{}, err
	}
	req.Token = "plan" // no cart: nothing is held
	return PlanHold(o, req, now)
}

// Release gives a hold's places back. Releasing twice is harmless.
func (s *Service) Release(ctx context.Context, cartToken, identifier string) error {
	if cartToken == "" {
		return apperr.WithFields(apperr.Unprocessable, "The shopping cart token is required.", map[string]string{"token": "required"})
	}
	err := s.store.ReleaseHold(ctx, cartToken, identifier, s.clock.Now())
	s.avail.invalidate("") // a release names no company: every company's answers are recomputed
	return err
}

// Housekeep deletes holds that died more than grace ago. Correctness never depends on it: dead holds
// are not counted anyway.
func (s *Service) Housekeep(ctx context.Context, grace time.Duration) (int64, error) {
	now := s.clock.Now()
	return s.store.DeleteDeadHolds(ctx, now.Add(-grace), now)
}

// NewCart creates an empty shopping cart for the company and returns its token.
func (s *Service) NewCart(ctx context.Context, companyID int64) (string, error) {
	if companyID < 1 {
		return "", apperr.WithFields(apperr.Unprocessable, "The company is required.", map[string]string{"idCompany": "required"})
	}
	token := NewToken()
	if err := s.store.CreateCart(ctx, companyID, token, s.clock.Now()); err != nil {
		return "", err
	}
	return token, nil
}

// NewToken returns 128 random bits as 32 hex characters.
func NewToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return hex.EncodeToString(b)
}

// CompanyChanged drops, on this instance, every reused availability answer and offer of the company
// (companyToken; every company's when empty): the back office calls it after a catalogue or settings
// write, so the next visitor's answer and the next hold read the new prices and products at once.
// Other instances follow within ReuseTTL.
func (s *Service) CompanyChanged(companyToken string) {
	s.avail.invalidate(companyToken)
	s.offers.forget(companyToken)
}
