package event

import (
	"time"

	"pitlane/internal/company"
	"pitlane/internal/pricing"
)

// This file holds the JSON shapes of the event and landing calls (docs/openapi.yaml) and the pure
// functions that build them.

// CalendarEvent is one event of the calendar (GET /api/event).
type CalendarEvent struct {
	ID        int64       `json:"id"`
	Name      string      `json:"name"`
	DateStart string      `json:"dateStart"` // local "YYYY-MM-DD HH:MM:SS"
	DateEnd   string      `json:"dateEnd"`
	Key       string      `json:"key"`
	Landing   LandingLink `json:"landing"`
	// PlacesTaken is the places of the event's ticket taken now (registrations not cancelled and places
	// held by registrations in progress), as the event page counts them.
	PlacesTaken int64 `json:"placesTaken"`
	// Capacity is the ticket's stock; nil when unlimited (or the event has no ticket).
	Capacity *int64 `json:"capacity"`
}

// Brand is what a public page shows of the company.
type Brand struct {
	Name         string `json:"name"`
	Logo         string `json:"logo"`
	PrimaryColor string `json:"primaryColor"`
	// DefaultCulture is the company's default culture, the language rule's last step on its pages.
	DefaultCulture string `json:"defaultCulture"`
}

// BrandOf is the brand of c; a stored colour that is not "#rrggbb" falls back to the default.
func BrandOf(c company.Company) Brand {
	colour := c.PrimaryColor
	if !company.ValidColour(colour) {
		colour = company.DefaultPrimaryColor
	}
	return Brand{Name: c.Name, Logo: c.Logo, PrimaryColor: colour, DefaultCulture: c.DefaultCulture}
}

// OptionView is a category option as the registration form shows it.
type OptionView struct {
	Name      string `json:"name"`
	ShortName string `json:"shortName"`
	Checked   bool   `json:"checked"`
	Disabled  bool   `json:"disabled"`
}

// CategoryView is a category as the registration form shows it.
type CategoryView struct {
	Title     string       `json:"title"`
	Options   []OptionView `json:"options"`
	Excluding bool         `json:"excluding"`
}

// TicketData is the ticket's data: the age checkbox text and the categories. Categorys (sic, the
// spec's name) is the first category or null; Categories lists all of them.
type TicketData struct {
	CheckboxText string         `json:"checkboxText"`
	Categorys    *CategoryView  `json:"categorys"`
	Categories   []CategoryView `json:"categories"`
}

// CircuitName names the circuit of a ticket.
type CircuitName struct {
	Name string `json:"name"`
}

// VariantView is the circuit a ticket's event runs on.
type VariantView struct {
	Circuit CircuitName `json:"circuit"`
}

// ProductView is the event's ticket (productOrPack in the spec).
type ProductView struct {
	ID             int64         `json:"id"`
	Name           string        `json:"name"`
	Price          pricing.Cents `json:"price"`
	PriceConverted pricing.Cents `json:"priceConverted"`
	SimbolCoinType string        `json:"simbolCoinType"`
	Stock          *int64        `json:"stock"` // places left; null is unlimited
	Data           TicketData    `json:"data"`
	Variant        *VariantView  `json:"variant"`
}

// EventType is event.data in the spec.
type EventType struct {
	Type string `json:"type"` // TypeTeam or TypeIndividual
}

// EventView is the event's dates and type.
type EventView struct {
	ID        int64     `json:"id"`
	Key       string    `json:"key"`
	DateStart string    `json:"dateStart"`
	DateEnd   string    `json:"dateEnd"`
	StartsAt  time.Time `json:"startsAt"`
	EndsAt    time.Time `json:"endsAt"`
	Data      EventType `json:"data"`
}

// PageData is what the event page renders: the sanitised template and the company's links.
type PageData struct {
	TemplateHTML  string      `json:"templateHtml"`
	CompanyWebURL string      `json:"companyWebUrl"`
	NewsletterURL string      `json:"newsletterUrl"`
	Landing       LandingLink `json:"landing"`
}

// Info is the event information page's answer (GET /api/event/{key}).
type Info struct {
	Name          string      `json:"name"`
	IDCompany     int64       `json:"idCompany"`
	CompanyKey    string      `json:"companyKey"` // the company's public key, to load its config and token
	ProductOrPack ProductView `json:"productOrPack"`
	Event         EventView   `json:"event"`
	Data          PageData    `json:"data"`
	Company       Brand       `json:"company"`
	Available     bool        `json:"available"`
	Reason        *string     `json:"reason"` // why not available: started, closed, sold_out; null when available
}

// InfoOf builds the page of d at now. The template is sanitised again here: whatever reached the
// database, only safe HTML leaves it.
func InfoOf(d Detail, now time.Time) Info {
	cats := make([]CategoryView, len(d.Categories))
	for i, c := range d.Categories {
		opts := make([]OptionView, len(c.Options))
		for j, o := range c.Options {
			opts[j] = OptionView(o)
		}
		cats[i] = CategoryView{Title: c.Title, Options: opts, Excluding: c.Excluding}
	}
	data := TicketData{CheckboxText: d.CheckboxText(), Categories: cats}
	if len(cats) > 0 {
		data.Categorys = &cats[0]
	}
	p := ProductView{ID: d.Ticket.ID, Name: d.Ticket.Name, Price: pricing.Cents(d.Ticket.PriceCents),
		PriceConverted: pricing.Cents(d.Ticket.PriceCents), SimbolCoinType: d.Company.CurrencySymbol,
		Stock: d.Ticket.Remaining(), Data: data}
	if d.Ticket.CircuitName != "" {
		p.Variant = &VariantView{Circuit: CircuitName{Name: d.Ticket.CircuitName}}
	}
	e := d.Event
	page := PageData{TemplateHTML: SanitizeTemplate(e.TemplateHTML), CompanyWebURL: e.Data.CompanyWebURL,
		NewsletterURL: e.Data.NewsletterURL, Landing: e.Landing}
	if page.CompanyWebURL == "" && d.Company.WebURL != nil {
		page.CompanyWebURL = *d.Company.WebURL
	}
	if page.NewsletterURL == "" && d.Company.NewsletterURL != nil {
		page.NewsletterURL = *d.Company.NewsletterURL
	}
	// Company-provided links are checked when written and again here, before they reach an href.
	page.CompanyWebURL, page.NewsletterURL = company.SafeOrEmpty(page.CompanyWebURL), company.SafeOrEmpty(page.NewsletterURL)
	page.Landing.Link = company.SafeOrEmpty(page.Landing.Link)
	info := Info{Name: e.Name, IDCompany: e.CompanyID, CompanyKey: d.Company.PublicKey, ProductOrPack: p, Data: page, Company: BrandOf(d.Company),
		Event: EventView{ID: e.ID, Key: e.Key, DateStart: e.DateStart, DateEnd: e.DateEnd,
			StartsAt: e.StartsAt.UTC(), EndsAt: e.EndsAt.UTC(), Data: EventType{Type: e.Type()}}}
	if r := d.Unavailability(now); r != "" {
		info.Reason = &r
	} else {
		info.Available = true
	}
	return info
}

// Prebooking is the hold a registration pays for.
type Prebooking struct {
	Identifier string    `json:"identifier"`
	IDCompany  int64     `json:"idCompany"`
	ExpiresAt  time.Time `json:"expiresAt"`
}

// Registration is the answer of a hold (POST /api/event/{key}/register): the event's information with
// the place held for the visitor and the cart it is in.
type Registration struct {
	Info
	Prebooking        Prebooking `json:"prebooking"`
	TokenShoppingCart string     `json:"tokenShoppingCart"`
}

// RegistrationView is the registration page's answer (GET /api/event/{key}/register): the event's
// information and the visitor's live hold and cart, both nil when the visitor holds no place.
type RegistrationView struct {
	Info
	Prebooking        *Prebooking `json:"prebooking"`
	TokenShoppingCart *string     `json:"tokenShoppingCart"`
}

// SaveResult is the answer to a registration: where to pay.
type SaveResult struct {
	PaymentURL string `json:"paymentURL"`
}
