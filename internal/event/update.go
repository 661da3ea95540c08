package event

import (
	"encoding/json"
	"fmt"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
)

// UpdateRequest is the edit-event payload (POST /api/event/updateFullEvent): createFullEvent's fields
// that may change, the event's id and the version the form was filled from. Whether the event is by
// teams and its discount code are not part of it.
type UpdateRequest struct {
	IDCompany        int64            `json:"idCompany"`
	ID               int64            `json:"id"`
	Version          *int64           `json:"version"`
	Event            *UpdateEventPart `json:"event"`
	TemplateHTML     *string          `json:"templateHtml"`
	AddToLandingPage *bool            `json:"addToLandingPage"`
	Categorys        *CreateCategory  `json:"categorys"`
}

// UpdateEventPart is the edit payload's event: the event and its ticket.
type UpdateEventPart struct {
	Name           *string                    `json:"name"`
	Price          json.RawMessage            `json:"price"`
	IDLocalProduct json.RawMessage            `json:"idLocalProduct"`
	MaxStock       *int64                     `json:"maxStock"`
	DateIni        *string                    `json:"dateIni"`
	DateEnd        *string                    `json:"dateEnd"`
	ProductData    map[string]json.RawMessage `json:"productData"`
}

// EventEdit is a checked edit: everything the store writes in one transaction, if Version is still
// the event's.
type EventEdit struct {
	CompanyID    int64
	ID           int64
	Version      int64
	Name         string
	PriceCents   int64
	IDLocal      string
	MaxStock     *int64 // nil: unlimited
	DateStart    string // local "YYYY-MM-DD HH:MM:SS"
	DateEnd      string
	StartsAt     time.Time
	EndsAt       time.Time
	TemplateHTML string // sanitised
	CheckboxText string // the event's copy of the ticket's checkbox text ("" none)
	ProductData  string // the ticket's data JSON text
	AddToLanding bool
	Category     *Category // nil: no category
	At           time.Time
	ByID         int64
	ByEmail      string
}

// FullEvent is one event as the event form edits it (GET /api/event/fullEvent): createFullEvent's
// fields as stored, with the event's version and places taken.
type FullEvent struct {
	ID               int64         `json:"id"`
	Key              string        `json:"key"`
	Version          int64         `json:"version"`
	PlacesTaken      int64         `json:"placesTaken"`
	Event            FullEventPart `json:"event"`
	TemplateHTML     string        `json:"templateHtml"`
	AddToLandingPage bool          `json:"addToLandingPage"`
	Categorys        *FullCategory `json:"categorys"`
	Discount         *FullDiscount `json:"discount"`
}

// FullEventPart is a FullEvent's event and ticket.
type FullEventPart struct {
	Name           string          `json:"name"`
	Price          pricing.Cents   `json:"price"`
	IDLocalProduct string          `json:"idLocalProduct"`
	MaxStock       *int64          `json:"maxStock"`
	TeamEvent      bool            `json:"teamEvent"`
	DateIni        string          `json:"dateIni"`
	DateEnd        string          `json:"dateEnd"`
	ProductData    json.RawMessage `json:"productData"`
}

// FullCategory is a FullEvent's category, its options a JSON array text as createFullEvent takes them.
type FullCategory struct {
	Title     string `json:"title"`
	Excluding bool   `json:"excluding"`
	Options   string `json:"options"`
}

// FullDiscount is a FullEvent's discount code, shown and not edited.
type FullDiscount struct {
	Code           string        `json:"code"`
	Price          pricing.Cents `json:"price"`
	ExpirationDate *string       `json:"expirationDate"`
	Stock          *int64        `json:"stock"`
}

// CategoryOptionsText is the options of c as the JSON array text createFullEvent takes.
func CategoryOptionsText(c Category) string {
	opts := make([]createOption, len(c.Options))
	for i, o := range c.Options {
		opts[i] = createOption(o)
	}
	text, _ := json.Marshal(opts) // strings and booleans: Marshal cannot fail
	return string(text)
}

// CheckUpdate applies createFullEvent's rules to an edit of stored at now in the company's zone loc,
// with two differences: a start left as stored may be in the past (a started event can still be
// corrected), and the price may not go below the event's discount code. Every broken rule is a field of
// one apperr.Unprocessable keyed by the payload's dotted path. Capacity against the places taken and
// the version are the store's to check, under its lock.
func CheckUpdate(req UpdateRequest, stored FullEvent, now time.Time, loc *time.Location) (EventEdit, error) {
	fe := apperr.FieldErrors{}
	out := EventEdit{CompanyID: req.IDCompany, ID: req.ID, At: now}
	if req.Version == nil {
		fe.Add("version", "required")
	} else {
		out.Version = *req.Version
	}
	ev := req.Event
	if ev == nil {
		fe.Add("event", "required")
		ev = &UpdateEventPart{}
	}
	out.Name = checkText(fe, "event.name", ev.Name, MaxEventName)
	out.PriceCents = checkMoney(fe, "event.price", ev.Price)
	if d := stored.Discount; d != nil && fe["event.price"] == "" && out.PriceCents < int64(d.Price) {
		fe.Add("event.price", fmt.Sprintf("must not be below the discount code's amount (%s)", pricing.FormatCents(int64(d.Price))))
	}
	out.IDLocal = checkIDLocal(fe, ev.IDLocalProduct)
	out.MaxStock = checkMaxStock(fe, ev.MaxStock)
	var dates NewEvent
	checkDates(fe, ev.DateIni, ev.DateEnd, stored.Event.DateIni, now, loc, &dates)
	out.DateStart, out.DateEnd, out.StartsAt, out.EndsAt = dates.DateStart, dates.DateEnd, dates.StartsAt, dates.EndsAt
	out.ProductData = checkProductData(fe, ev.ProductData)
	out.TemplateHTML = checkTemplate(fe, req.TemplateHTML)
	out.AddToLanding = checkLanding(fe, req.AddToLandingPage)
	out.Category = checkCategory(fe, req.Categorys)
	if err := fe.Err(apperr.Unprocessable, "The event breaks a rule."); err != nil {
		return EventEdit{}, err
	}
	var d struct {
		CheckboxText string `json:"checkboxText"`
	}
	_ = json.Unmarshal([]byte(out.ProductData), &d) // written by checkProductData just above
	out.CheckboxText = d.CheckboxText
	return out, nil
}
