// Package move moves a booking to other sessions of the same product (issue 23, "Booking details are
// where staff act"): the sessions are checked and priced by the sessions service as a hold would be, and
// the store takes the new places and gives back the old ones in one transaction (store/staff_move.go),
// so the counters stay exact under races and the waiting list gets what is freed.
package move

import (
	"context"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/sessions"
)

// Source is what a move starts from: the booking's one line of sessions and its company's token.
type Source struct {
	CompanyToken string
	Kind         string // sessions.KindProduct or sessions.KindPack
	ProductID    int64  // the product or the pack
	NumDrivers   int
	Sessions     []string // the booking's sessions now, "YYYY-MM-DD HH:mm:ss" at the circuit, in order
}

// Moved is the answer of a move (schema MoveBookingResult's data).
type Moved struct {
	ID       int64    `json:"id"`
	Sessions []string `json:"sessions"` // the new sessions, "YYYY-MM-DD HH:mm:ss" at the circuit
	Sequence int      `json:"sequence"` // the calendar revision the customer's update mail carries
	Mailed   bool     `json:"mailed"`   // an update mail was queued (false: the booking has no e-mail)
}

// Store is the bookings store's side of a move.
type Store interface {
	// MoveSource reads the booking a move starts from. Returns apperr.NotFound for a booking of another
	// company or none, apperr.Conflict when it is cancelled, has started, or waits for its online
	// payment, and apperr.Unprocessable when it is not one product or pack of sessions.
	MoveSource(ctx context.Context, companyID, bookingID int64, now time.Time) (Source, error)
	// MoveBooking moves the booking to the sessions of to in one transaction: the booking locked, the
	// sessions locked in (circuit, start) order, the new places taken (apperr.Conflict when one is
	// full), the old ones given back, the update mail queued and the move audited. Returns MoveSource's
	// errors too (checked again under the lock).
	MoveBooking(ctx context.Context, companyID, bookingID int64, to sessions.NewHold, by checkout.Actor, now time.Time) (Moved, error)
}

// Planner is the sessions service's side of a move.
type Planner interface {
	PlanMove(ctx context.Context, companyToken, kind string, id int64, numDrivers int, date, startTime string) (sessions.NewHold, error)
	MoveChoices(ctx context.Context, companyToken, kind string, id int64, date string) (sessions.Availability, error)
	CompanyChanged(companyToken string)
}

// Service moves bookings.
type Service struct {
	store   Store
	planner Planner
	clock   clock.Clock
}

// NewService returns a Service.
func NewService(st Store, p Planner, clk clock.Clock) *Service {
	if clk == nil {
		clk = clock.System{}
	}
	return &Service{store: st, planner: p, clock: clk}
}

// Choices is what a staff member chooses from: the sessions of date for the booking's product, each
// with its free places, and the booking's sessions now.
type Choices struct {
	Current    []string            `json:"current"`
	NumDrivers int                 `json:"numDrivers"`
	Kind       string              `json:"kind"`
	Slots      []sessions.SlotInfo `json:"slots"`
	TimeZone   string              `json:"timeZone"`
}

// Choices lists the sessions of date a booking of the company could move to. Returns MoveSource's
// errors and apperr.Unprocessable for a date that is not YYYY-MM-DD.
func (s *Service) Choices(ctx context.Context, companyID, bookingID int64, date string) (Choices, error) {
	src, err := s.store.MoveSource(ctx, companyID, bookingID, s.clock.Now())
	if err != nil {
		return Choices{}, err
	}
	a, err := s.planner.MoveChoices(ctx, src.CompanyToken, src.Kind, src.ProductID, date)
	if err != nil {
		return Choices{}, err
	}
	slots := a.Slots
	if slots == nil {
		slots = []sessions.SlotInfo{}
	}
	return Choices{Current: src.Sessions, NumDrivers: src.NumDrivers, Kind: src.Kind, Slots: slots, TimeZone: a.TimeZone}, nil
}

// Move moves a booking of the company so that it starts at startTime on date (a pack: its whole chain
// of sessions from there). Returns apperr.NotFound, apperr.Conflict (cancelled, started, unpaid online,
// the same sessions, or a session without the places) and apperr.Unprocessable (not a booking of one
// product or pack, or a session the schedule or the booking window refuses).
func (s *Service) Move(ctx context.Context, companyID, bookingID int64, date, startTime string, by checkout.Actor) (Moved, error) {
	if date == "" || startTime == "" {
		return Moved{}, apperr.WithFields(apperr.Unprocessable, "Choose the new date and session.",
			map[string]string{"date": "required", "startTime": "required"})
	}
	src, err := s.store.MoveSource(ctx, companyID, bookingID, s.clock.Now())
	if err != nil {
		return Moved{}, err
	}
	plan, err := s.planner.PlanMove(ctx, src.CompanyToken, src.Kind, src.ProductID, src.NumDrivers, date, startTime)
	if err != nil {
		return Moved{}, err
	}
	out, err := s.store.MoveBooking(ctx, companyID, bookingID, plan, by, s.clock.Now())
	if err != nil {
		return Moved{}, err
	}
	s.planner.CompanyChanged(src.CompanyToken) // the availability answers reused on this instance
	return out, nil
}
