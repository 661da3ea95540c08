package event

import (
	"context"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
)

// Warnings a landing page answers with instead of an error.
const (
	WarningNoLanding = "no_landing" // the company has no landing buttons
	WarningEmptyLink = "empty_link" // an event on the events landing has no link
)

// ButtonGroup is the landing buttons of one category, in display order. Category is null for the
// buttons that have none.
type ButtonGroup struct {
	Category *string                 `json:"category"`
	Buttons  []company.LandingButton `json:"buttons"`
}

// CompanyLanding is the company's landing page of links (GET /api/landing/{key}).
type CompanyLanding struct {
	Company Brand                   `json:"company"`
	Buttons []company.LandingButton `json:"buttons"`
	Groups  []ButtonGroup           `json:"groups"`
	Warning string                  `json:"warning,omitempty"`
}

// LandingEvent is one button of the events landing.
type LandingEvent struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	DateStart  string `json:"dateStart"`
	Key        string `json:"key"`
	Link       string `json:"link"`
	IsNew      bool   `json:"isNew"`
	IsDisabled bool   `json:"isDisabled"`
	Warning    string `json:"warning,omitempty"`
}

// EventsLanding is the landing page built from upcoming events (GET /api/landing/{key}/events).
type EventsLanding struct {
	Company       Brand          `json:"company"`
	Events        []LandingEvent `json:"events"`
	Whatsapp      *string        `json:"whatsapp"`
	NewsletterURL *string        `json:"newsletterUrl"`
}

// GroupButtons groups buttons by category, groups in the order their first button appears and
// buttons in their own order. Buttons without a category form the group with a null category.
func GroupButtons(buttons []company.LandingButton) []ButtonGroup {
	out := []ButtonGroup{}
	index := map[string]int{}
	for _, b := range buttons {
		key := "\x00none"
		if b.Category != nil {
			key = *b.Category
		}
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, ButtonGroup{Category: b.Category, Buttons: []company.LandingButton{}})
		}
		out[i].Buttons = append(out[i].Buttons, b)
	}
	return out
}

// LandingEventOf is the events-landing button of e; an empty link carries WarningEmptyLink.
func LandingEventOf(e Event) LandingEvent {
	le := LandingEvent{ID: e.ID, Name: e.Name, DateStart: e.DateStart, Key: e.Key, Link: company.SafeOrEmpty(e.Landing.Link),
		IsNew: e.Landing.IsNew, IsDisabled: e.Landing.IsDisabled}
	if le.Link == "" {
		le.Warning = WarningEmptyLink
	}
	return le
}

// company loads a company by public key; malformed and unknown keys are both apperr.NotFound.
func (s *Service) company(ctx context.Context, key string) (company.Company, error) {
	if !company.ValidKey(key) {
		return company.Company{}, apperr.New(apperr.NotFound, "No company with that key.")
	}
	c, err := s.store.CompanyByKey(ctx, key)
	if apperr.Is(err, apperr.NotFound) {
		return company.Company{}, apperr.New(apperr.NotFound, "No company with that key.")
	}
	return c, err
}

// Landing returns the company's landing page of links. A company without buttons gets an empty
// page with WarningNoLanding. Returns apperr.NotFound for an unknown key.
func (s *Service) Landing(ctx context.Context, key string) (CompanyLanding, error) {
	c, err := s.company(ctx, key)
	if err != nil {
		return CompanyLanding{}, err
	}
	buttons, err := s.store.LandingButtons(ctx, c.ID)
	if err != nil {
		return CompanyLanding{}, err
	}
	if buttons == nil {
		buttons = []company.LandingButton{}
	}
	for i := range buttons {
		buttons[i].Link = company.SafeOrEmpty(buttons[i].Link) // checked when written; again when served
	}
	out := CompanyLanding{Company: BrandOf(c), Buttons: buttons, Groups: GroupButtons(buttons)}
	if len(buttons) == 0 {
		out.Warning = WarningNoLanding
	}
	return out, nil
}

// EventsLanding returns the buttons of the company's events put on the landing that have not
// ended and start within about two months (LandingWindow), with the company's WhatsApp and
// newsletter information. Returns apperr.NotFound for an unknown key.
func (s *Service) EventsLanding(ctx context.Context, key string) (EventsLanding, error) {
	c, err := s.company(ctx, key)
	if err != nil {
		return EventsLanding{}, err
	}
	loc, err := s.location(c)
	if err != nil {
		return EventsLanding{}, err
	}
	w := LandingWindow(s.clock.Now(), loc)
	events, err := s.store.EventsBetween(ctx, c.ID, w.Start, w.End)
	if err != nil {
		return EventsLanding{}, err
	}
	out := EventsLanding{Company: BrandOf(c), Events: []LandingEvent{}, Whatsapp: c.WhatsappInfo, NewsletterURL: company.SafePtr(c.NewsletterURL)}
	for _, e := range events {
		if e.AddToLanding {
			out.Events = append(out.Events, LandingEventOf(e))
		}
	}
	return out, nil
}
