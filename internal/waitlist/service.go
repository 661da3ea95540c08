package waitlist

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/notify"
	"pitlane/internal/sessions"
)

// Store is what the waiting list needs from the database.
type Store interface {
	// Join adds an entry and queues its mail. Returns apperr.Unprocessable (list off, session started),
	// apperr.Conflict (the party fits in the free places, or the e-mail already waits for the session).
	Join(ctx context.Context, j Join, now time.Time) (Entry, error)
	// ByLeaveToken returns an entry. Returns apperr.NotFound.
	ByLeaveToken(ctx context.Context, token string) (Entry, error)
	// Leave ends an entry, letting its offer's places go. Returns apperr.NotFound.
	Leave(ctx context.Context, token string, now time.Time) (Entry, error)
	// OpenOffer returns a live offer. Returns apperr.NotFound, apperr.Gone.
	OpenOffer(ctx context.Context, offerToken string, now time.Time) (Offer, error)
	// Session lists a session's entries for the company's staff.
	Session(ctx context.Context, companyID, circuitID, startsAt int64) ([]Entry, error)
	// Offer gives a session's free places to its entries now (staff, audited as by). Returns the entries afterwards.
	Offer(ctx context.Context, companyID, circuitID, startsAt int64, by Actor, now time.Time) ([]Entry, error)
	// Remove ends an entry for the company's staff, audited as by. Returns apperr.NotFound.
	Remove(ctx context.Context, companyID, id int64, by Actor, now time.Time) (Entry, error)
	// JoinEvent adds an entry to a sold-out event's list and queues its mail. Returns apperr.NotFound,
	// apperr.Unprocessable (list off, event started or closed), apperr.Conflict (a place is free, or the
	// e-mail already waits for the event).
	JoinEvent(ctx context.Context, eventKey string, j Join, now time.Time) (Entry, error)
	// Event lists an event's entries for the company's staff. Returns apperr.NotFound.
	Event(ctx context.Context, companyID, eventID int64) ([]Entry, error)
	// OfferEvent gives an event's free places to its entries now (staff, audited as by). Returns apperr.NotFound.
	OfferEvent(ctx context.Context, companyID, eventID int64, by Actor, now time.Time) ([]Entry, error)
	// Settings returns the company's settings. Returns apperr.NotFound.
	Settings(ctx context.Context, companyID int64) (Settings, error)
	// SaveSettings writes them, audited as by (turning the list on offers free places at once).
	SaveSettings(ctx context.Context, companyID int64, s Settings, by Actor, now time.Time) error
}

// Planner checks and prices a session as a pre-booking would (sessions.Service).
type Planner interface {
	// PlanSession returns the hold a request would make, without taking places.
	PlanSession(ctx context.Context, companyToken string, req sessions.HoldRequest) (sessions.NewHold, error)
}

// Captcha verifies the public form's captcha payload and spends it.
type Captcha interface {
	// Verify returns apperr.Unprocessable (field captcha) unless the payload is a fresh solution.
	Verify(ctx context.Context, payload string) error
}

// Service runs the waiting list's requests.
type Service struct {
	store   Store
	planner Planner
	captcha Captcha
	clock   clock.Clock
}

// NewService returns a Service.
func NewService(s Store, p Planner, c Captcha, clk clock.Clock) *Service {
	return &Service{store: s, planner: p, captcha: c, clock: clk}
}

// JoinRequest is the public form: the session (as the date stage names it), the party and the contact.
type JoinRequest struct {
	Date       string `json:"date"` // "YYYY-MM-DD HH:MM:SS" at the circuit
	IDType     int64  `json:"idType"`
	NumDrivers int    `json:"numDrivers"`
	Name       string `json:"name"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Culture    string `json:"culture"`
	Captcha    string `json:"captcha"`
}

// MaxPhoneLength bounds the phone number of an entry.
const MaxPhoneLength = 40

// Validate checks the form's fields (not the captcha) and returns them cleaned. Errors are
// apperr.Unprocessable with field errors.
func Validate(r JoinRequest) (JoinRequest, error) {
	fe := apperr.FieldErrors{}
	r.Name, r.Email, r.Phone = strings.TrimSpace(r.Name), strings.TrimSpace(r.Email), strings.TrimSpace(r.Phone)
	if p := checkout.NameProblem(r.Name); p != "" {
		fe.Add("name", p)
	}
	if !checkout.ValidEmail(r.Email) {
		fe.Add("email", "a valid e-mail address")
	}
	if len(r.Phone) > MaxPhoneLength {
		fe.Add("phone", "at most 40 characters")
	}
	if r.NumDrivers < 1 {
		fe.Add("numDrivers", "at least 1 driver")
	}
	if r.IDType < 1 {
		fe.Add("idType", "required")
	}
	if strings.TrimSpace(r.Date) == "" {
		fe.Add("date", "required")
	}
	if strings.TrimSpace(r.Captcha) == "" {
		fe.Add("captcha", "required")
	}
	r.Culture = notify.NormalizeCulture(r.Culture)
	return r, fe.Err(apperr.Unprocessable, "The waiting-list form is not valid.")
}

// Join puts a visitor on a full session's waiting list: the session is checked and priced as a
// pre-booking would be, the captcha spent, and the entry written with its mail.
func (s *Service) Join(ctx context.Context, companyToken string, req JoinRequest) (Entry, error) {
	r, err := Validate(req)
	if err != nil {
		return Entry{}, err
	}
	h, err := s.planner.PlanSession(ctx, companyToken, sessions.HoldRequest{BookingDates: []string{r.Date},
		NumDrivers: r.NumDrivers, IDType: r.IDType, Type: sessions.KindProduct})
	if err != nil {
		return Entry{}, err
	}
	if err := s.captcha.Verify(ctx, r.Captcha); err != nil {
		return Entry{}, err
	}
	sl := h.Slots[0]
	return s.store.Join(ctx, Join{CompanyID: h.CompanyID, ProductID: h.ProductID, CircuitID: sl.CircuitID,
		StartsAt: sl.StartsAt, LocalDate: sl.LocalDate, LocalTime: sl.LocalTime, UnitCents: h.UnitCents, Name: r.Name,
		Email: r.Email, Phone: r.Phone, Culture: r.Culture, Drivers: r.NumDrivers}, s.clock.Now())
}

// Entry returns the entry a leave link names. Returns apperr.NotFound.
func (s *Service) Entry(ctx context.Context, leaveToken string) (Entry, error) {
	return s.store.ByLeaveToken(ctx, leaveToken)
}

// Leave takes the entry a leave link names off the list. Returns apperr.NotFound.
func (s *Service) Leave(ctx context.Context, leaveToken string) (Entry, error) {
	return s.store.Leave(ctx, leaveToken, s.clock.Now())
}

// OpenOffer returns the offer a link names while it holds its places. Returns apperr.NotFound, apperr.Gone.
func (s *Service) OpenOffer(ctx context.Context, offerToken string) (Offer, error) {
	return s.store.OpenOffer(ctx, offerToken, s.clock.Now())
}

// Session lists a session's entries for the company's staff.
func (s *Service) Session(ctx context.Context, companyID, circuitID, startsAt int64) ([]Entry, error) {
	return s.store.Session(ctx, companyID, circuitID, startsAt)
}

// OfferNow gives a session's free places to its entries at once (staff, after raising the capacity).
func (s *Service) OfferNow(ctx context.Context, companyID, circuitID, startsAt int64, by Actor) ([]Entry, error) {
	return s.store.Offer(ctx, companyID, circuitID, startsAt, by, s.clock.Now())
}

// Remove ends an entry for the company's staff. Returns apperr.NotFound.
func (s *Service) Remove(ctx context.Context, companyID, id int64, by Actor) (Entry, error) {
	return s.store.Remove(ctx, companyID, id, by, s.clock.Now())
}

// Event lists an event's entries for the company's staff. Returns apperr.NotFound.
func (s *Service) Event(ctx context.Context, companyID, eventID int64) ([]Entry, error) {
	return s.store.Event(ctx, companyID, eventID)
}

// OfferEventNow gives an event's free places to its entries at once (staff). Returns apperr.NotFound.
func (s *Service) OfferEventNow(ctx context.Context, companyID, eventID int64, by Actor) ([]Entry, error) {
	return s.store.OfferEvent(ctx, companyID, eventID, by, s.clock.Now())
}

// JoinEvent puts a visitor on a sold-out event's waiting list for one place: the form checked, the
// captcha spent, the entry written with its mail.
func (s *Service) JoinEvent(ctx context.Context, eventKey string, req JoinEventRequest) (Entry, error) {
	r, err := Validate(JoinRequest{Date: "event", IDType: 1, NumDrivers: 1, Name: req.Name, Email: req.Email,
		Phone: req.Phone, Culture: req.Culture, Captcha: req.Captcha})
	if err != nil {
		return Entry{}, err
	}
	if err := s.captcha.Verify(ctx, r.Captcha); err != nil {
		return Entry{}, err
	}
	return s.store.JoinEvent(ctx, eventKey, Join{Name: r.Name, Email: r.Email, Phone: r.Phone, Culture: r.Culture, Drivers: 1},
		s.clock.Now())
}

// Settings returns the company's waiting-list settings. Returns apperr.NotFound.
func (s *Service) Settings(ctx context.Context, companyID int64) (Settings, error) {
	return s.store.Settings(ctx, companyID)
}

// SaveSettings checks and writes the company's waiting-list settings. Returns apperr.Unprocessable
// (field offerMinutes) for an offer time out of bounds.
func (s *Service) SaveSettings(ctx context.Context, companyID int64, set Settings, by Actor) (Settings, error) {
	if set.OfferMinutes < MinOfferMinutes || set.OfferMinutes > MaxOfferMinutes {
		return Settings{}, apperr.WithFields(apperr.Unprocessable, "The offer time is out of bounds.",
			map[string]string{"offerMinutes": "from 5 to 1440 minutes"})
	}
	if err := s.store.SaveSettings(ctx, companyID, set, by, s.clock.Now()); err != nil {
		return Settings{}, err
	}
	return set, nil
}
