package event

import (
	"context"
	"fmt"
	"strings"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/company"
)

// CreateStore is what creating events needs from the database.
type CreateStore interface {
	// CompanyByID returns the company with the id. Returns apperr.NotFound if none.
	CompanyByID(ctx context.Context, id int64) (company.Company, error)
	// CreateEvent writes e in one transaction — the event, its ticket, its category and options, its
	// discount code and the audit entry — or nothing. Returns the event's id; apperr.Unprocessable
	// naming discount.code when the company already has the code.
	CreateEvent(ctx context.Context, e NewEvent) (int64, error)
}

// EditStore is what editing events needs from the database, beside CreateStore.
type EditStore interface {
	// FullEvent returns the company's event with the id as the event form edits it, its places taken
	// counted at now. Returns apperr.NotFound if the company has no such event.
	FullEvent(ctx context.Context, companyID, id int64, now time.Time) (FullEvent, error)
	// UpdateEvent writes e in one transaction — the event, its ticket, its category, the registrations'
	// bookings moved with new dates, the waiting list given raised places, and the audit entry — or
	// nothing. Returns apperr.NotFound if the company has no such event; apperr.Conflict naming version
	// when e.Version is not the event's version any more, or naming event.maxStock when e.MaxStock is
	// below the places taken.
	UpdateEvent(ctx context.Context, e EventEdit) error
}

// EventsStore is what a Creator needs: creating and editing.
type EventsStore interface {
	CreateStore
	EditStore
}

// Created is the answer of createFullEvent.
type Created struct {
	URL string `json:"url"`
	ID  int64  `json:"id"`
	Key string `json:"key"`
}

// Creator creates and edits events for the back office (POST /api/event/createFullEvent,
// GET /api/event/fullEvent, POST /api/event/updateFullEvent).
type Creator struct {
	store   EventsStore
	clock   clock.Clock
	baseURL string
}

// NewCreator returns a Creator; baseURL is the server's public URL, which the answered address starts
// with ("" answers a path).
func NewCreator(s EventsStore, clk clock.Clock, baseURL string) *Creator {
	return &Creator{store: s, clock: clk, baseURL: strings.TrimRight(baseURL, "/")}
}

// Create checks req (CheckCreate) in the company's time zone and writes the event in one transaction,
// audited as by. Returns apperr.Unprocessable with field errors for a broken rule.
func (c *Creator) Create(ctx context.Context, req CreateRequest, by account.Staff) (Created, error) {
	co, err := c.store.CompanyByID(ctx, req.IDCompany)
	if err != nil {
		return Created{}, err
	}
	loc, err := time.LoadLocation(co.TimeZone)
	if err != nil {
		return Created{}, fmt.Errorf("company %d: time zone %q: %w", co.ID, co.TimeZone, err)
	}
	e, err := CheckCreate(req, c.clock.Now(), loc)
	if err != nil {
		return Created{}, err
	}
	e.Key = company.NewPublicKey()
	e.CreatedByID, e.CreatedByEmail = by.UserID, by.Email
	id, err := c.store.CreateEvent(ctx, e)
	if err != nil {
		return Created{}, err
	}
	return Created{URL: c.baseURL + PagePath(e.Key), ID: id, Key: e.Key}, nil
}

// location is the time zone of the company with the id.
func (c *Creator) location(ctx context.Context, companyID int64) (*time.Location, error) {
	co, err := c.store.CompanyByID(ctx, companyID)
	if err != nil {
		return nil, err
	}
	loc, err := time.LoadLocation(co.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("company %d: time zone %q: %w", co.ID, co.TimeZone, err)
	}
	return loc, nil
}

// Read returns the company's event as the event form edits it. Returns apperr.NotFound if the company
// has no such event.
func (c *Creator) Read(ctx context.Context, companyID, id int64) (FullEvent, error) {
	return c.store.FullEvent(ctx, companyID, id, c.clock.Now())
}

// Update checks req (CheckUpdate) against the event as stored, in the company's time zone, writes it in
// one transaction audited as by, and returns the event as now stored. Returns apperr.NotFound for an
// event the company does not have, apperr.Unprocessable with field errors for a broken rule,
// apperr.Conflict for a stale version or fewer places than are taken.
func (c *Creator) Update(ctx context.Context, req UpdateRequest, by account.Staff) (FullEvent, error) {
	if req.ID < 1 {
		return FullEvent{}, apperr.WithFields(apperr.Unprocessable, "The event breaks a rule.", map[string]string{"id": "required"})
	}
	loc, err := c.location(ctx, req.IDCompany)
	if err != nil {
		return FullEvent{}, err
	}
	now := c.clock.Now()
	stored, err := c.store.FullEvent(ctx, req.IDCompany, req.ID, now)
	if err != nil {
		return FullEvent{}, err
	}
	e, err := CheckUpdate(req, stored, now, loc)
	if err != nil {
		return FullEvent{}, err
	}
	e.ByID, e.ByEmail = by.UserID, by.Email
	if err := c.store.UpdateEvent(ctx, e); err != nil {
		return FullEvent{}, err
	}
	return c.store.FullEvent(ctx, req.IDCompany, req.ID, now)
}

// PagePath is the path of the public page of the event with the key.
func PagePath(key string) string { return "/event/" + key }
