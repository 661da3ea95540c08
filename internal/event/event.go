// Package event is the customer side of events and landing pages: the events calendar of a company,
// an event's public page (its sanitised HTML template, ticket, categories and stock), registration
// (a hold of one place, then a paid online booking) and the two landing pages of links.
//
// Rules (the calendar window, the registration form, the nick with category short names, HTML
// sanitising) are pure functions with table tests; Service runs them against a Store and, for the
// payment of a registration, a Checkout.
package event

import (
	"encoding/json"
	"time"

	"pitlane/internal/company"
)

// Types of event, as event.data.type says in the API.
const (
	TypeTeam       = "TEAM"
	TypeIndividual = "INDIVIDUAL"
)

// KindEvent is the holds.kind and products.kind of an event ticket.
const KindEvent = "EVENT"

// LocalLayout is how an event's local start and end are written (events.date_start, date_end).
const LocalLayout = "2006-01-02 15:04:05"

// Event is one event of a company: a row of the events table.
type Event struct {
	ID           int64
	CompanyID    int64
	Key          string // public key of the event's pages
	Name         string
	Team         bool   // teams register (the nick is a team name)
	DateStart    string // local "YYYY-MM-DD HH:MM:SS"
	DateEnd      string
	StartsAt     time.Time
	EndsAt       time.Time
	TemplateHTML string
	Data         Data
	AddToLanding bool
	Landing      LandingLink
}

// Type is TypeTeam or TypeIndividual.
func (e Event) Type() string {
	if e.Team {
		return TypeTeam
	}
	return TypeIndividual
}

// Data is what Pitlane reads of an event's data JSON (events.data); other keys are kept by the
// admin side and ignored here.
type Data struct {
	CompanyWebURL string `json:"companyWebUrl"`
	NewsletterURL string `json:"newsletterUrl"`
	CheckboxText  string `json:"checkboxText"`
}

// ParseData reads an event's data JSON text; empty text is no data.
func ParseData(text string) (Data, error) {
	var d Data
	if text == "" {
		return d, nil
	}
	err := json.Unmarshal([]byte(text), &d)
	return d, err
}

// LandingLink is how an event appears on the events landing page.
type LandingLink struct {
	Link       string `json:"link"` // empty when the admin gave none
	IsNew      bool   `json:"isNew"`
	IsDisabled bool   `json:"isDisabled"`
}

// Category is a set of options a registration chooses from (event_categories). When Excluding,
// exactly one option must be chosen; otherwise any subset.
type Category struct {
	Title     string
	Excluding bool
	Options   []Option
}

// Option is one choice of a category (event_category_options).
type Option struct {
	Name      string
	ShortName string // appended to the nick, e.g. "JR"
	Checked   bool   // pre-ticked in the form
	Disabled  bool   // shown but cannot be chosen
}

// Ticket is the EVENT product that sells places of an event.
type Ticket struct {
	ID          int64
	Name        string
	PriceCents  int64
	IsActive    bool
	MaxStock    *int64 // nil: unlimited
	Taken       int64  // places held by live holds and taken by registrations of bookings not cancelled
	Data        string // the product's data JSON text
	CircuitName string // empty when the product has no variant
}

// Remaining is the number of places left; nil when the stock is unlimited. Never negative.
func (t Ticket) Remaining() *int64 {
	if t.MaxStock == nil {
		return nil
	}
	n := max(*t.MaxStock-t.Taken, 0)
	return &n
}

// CheckboxText is the age-confirmation text of the ticket's data JSON, or empty.
func (t Ticket) CheckboxText() string {
	var d struct {
		CheckboxText string `json:"checkboxText"`
	}
	_ = json.Unmarshal([]byte(t.Data), &d) // a malformed data text simply has no checkbox
	return d.CheckboxText
}

// Detail is an event with everything its public page shows.
type Detail struct {
	Event      Event
	Company    company.Company
	Categories []Category
	Ticket     Ticket
}

// CheckboxText is the age-confirmation text of the event: the event's own, else its ticket's.
func (d Detail) CheckboxText() string {
	if d.Event.Data.CheckboxText != "" {
		return d.Event.Data.CheckboxText
	}
	return d.Ticket.CheckboxText()
}

// Unavailability says why an event takes no registration now; empty when it does.
func (d Detail) Unavailability(now time.Time) string {
	switch {
	case !now.Before(d.Event.StartsAt):
		return ReasonStarted
	case !d.Ticket.IsActive:
		return ReasonClosed
	}
	if r := d.Ticket.Remaining(); r != nil && *r <= 0 {
		return ReasonSoldOut
	}
	return ""
}

// Reasons an event is not available.
const (
	ReasonStarted = "started"  // the event has started or is over
	ReasonClosed  = "closed"   // its ticket is not on sale
	ReasonSoldOut = "sold_out" // no place left
)
