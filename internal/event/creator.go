package event

import (
	"context"
	"fmt"
	"strings"
	"time"

	"pitlane/internal/account"
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

// Created is the answer of createFullEvent.
type Created struct {
	URL string `json:"url"`
	ID  int64  `json:"id"`
	Key string `json:"key"`
}

// Creator creates events for the back office (POST /api/event/createFullEvent).
type Creator struct {
	store   CreateStore
	clock   clock.Clock
	baseURL string
}

// NewCreator returns a Creator; baseURL is the server's public URL, which the answered address starts
// with ("" answers a path).
func NewCreator(s CreateStore, clk clock.Clock, baseURL string) *Creator {
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

// PagePath is the path of the public page of the event with the key.
func PagePath(key string) string { return "/event/" + key }
