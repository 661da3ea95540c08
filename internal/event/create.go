package event

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
)

// Limits of the create-event payload.
const (
	MaxEventName       = 200
	MaxIDLocal         = 50
	MaxTemplateHTML    = 200_000
	MaxFeatureText     = 500
	MaxShortName       = 20
	MaxCategoryOptions = 50
)

// CreateRequest is the create-event payload (POST /api/event/createFullEvent, admin spec section 3).
// Pointers and raw values let the rules tell a missing field (a 422 naming it) from a given one.
type CreateRequest struct {
	IDCompany        int64            `json:"idCompany"`
	Event            *CreateEventPart `json:"event"`
	TemplateHTML     *string          `json:"templateHtml"`
	AddToLandingPage *bool            `json:"addToLandingPage"`
	Categorys        *CreateCategory  `json:"categorys"`
	Discount         *CreateDiscount  `json:"discount"`
}

// CreateEventPart is the payload's event: the event and its ticket.
type CreateEventPart struct {
	Name           *string                    `json:"name"`
	Price          json.RawMessage            `json:"price"`
	IDLocalProduct json.RawMessage            `json:"idLocalProduct"` // a string; a number is taken as its digits
	MaxStock       *int64                     `json:"maxStock"`
	TeamEvent      *bool                      `json:"teamEvent"`
	DateIni        *string                    `json:"dateIni"`
	DateEnd        *string                    `json:"dateEnd"`
	ProductData    map[string]json.RawMessage `json:"productData"`
}

// CreateCategory is the payload's category; Options is a JSON array text.
type CreateCategory struct {
	Title     *string `json:"title"`
	Excluding *bool   `json:"excluding"`
	Options   *string `json:"options"`
}

// CreateDiscount is the payload's discount code, present when the discount is applied.
type CreateDiscount struct {
	Code           *string         `json:"code"`
	Price          json.RawMessage `json:"price"`
	ExpirationDate *string         `json:"expirationDate"`
	Stock          *int64          `json:"stock"`
}

// NewEvent is a checked create-event payload: everything the store writes in one transaction.
type NewEvent struct {
	CompanyID      int64
	Key            string // the event's public key
	Name           string
	Team           bool
	DateStart      string // local "YYYY-MM-DD HH:MM:SS"
	DateEnd        string
	StartsAt       time.Time
	EndsAt         time.Time
	TemplateHTML   string // sanitised
	Data           string // the event's data JSON text
	AddToLanding   bool
	PriceCents     int64
	IDLocal        string
	MaxStock       *int64
	ProductData    string // the ticket's data JSON text
	Category       *Category
	Discount       *NewDiscount
	CreatedAt      time.Time
	CreatedByID    int64
	CreatedByEmail string
}

// NewDiscount is the discount code of a new event: a FIXED amount off one registration.
type NewDiscount struct {
	Code        string
	AmountCents int64
	ExpiresOn   *string // last local day it works; nil never expires
	UsageLimit  *int64  // nil is unlimited
}

// discountCodePattern is what a discount code may be made of.
var discountCodePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{3,40}$`)

// localLayouts are the accepted forms of dateIni and dateEnd.
var localLayouts = []string{"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02T15:04"}

// parseLocal reads a local date-time at loc in one of localLayouts.
func parseLocal(s string, loc *time.Location) (time.Time, bool) {
	for _, l := range localLayouts {
		if t, err := time.ParseInLocation(l, strings.TrimSpace(s), loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// CheckCreate applies the create-event rules (admin spec, section 5; the contract of
// createFullEvent lists them) to req at now in the company's zone loc, and returns the event to write
// with its HTML sanitised. Every broken rule is a field of one apperr.Unprocessable, keyed by the
// payload's dotted path.
func CheckCreate(req CreateRequest, now time.Time, loc *time.Location) (NewEvent, error) {
	fe := apperr.FieldErrors{}
	out := NewEvent{CompanyID: req.IDCompany, CreatedAt: now}
	ev := req.Event
	if ev == nil {
		fe.Add("event", "required")
		ev = &CreateEventPart{}
	}
	out.Name = checkText(fe, "event.name", ev.Name, MaxEventName)
	out.PriceCents = checkMoney(fe, "event.price", ev.Price)
	out.IDLocal = checkIDLocal(fe, ev.IDLocalProduct)
	out.MaxStock = checkMaxStock(fe, ev.MaxStock)
	if ev.TeamEvent == nil {
		fe.Add("event.teamEvent", "required")
	} else {
		out.Team = *ev.TeamEvent
	}
	checkDates(fe, ev.DateIni, ev.DateEnd, "", now, loc, &out)
	out.ProductData = checkProductData(fe, ev.ProductData)
	out.TemplateHTML = checkTemplate(fe, req.TemplateHTML)
	out.AddToLanding = checkLanding(fe, req.AddToLandingPage)
	out.Category = checkCategory(fe, req.Categorys)
	out.Discount = checkDiscount(fe, req.Discount, out.PriceCents, now.In(loc).Format("2006-01-02"))
	if err := fe.Err(apperr.Unprocessable, "The event breaks a rule."); err != nil {
		return NewEvent{}, err
	}
	out.Data = eventData(out.ProductData)
	return out, nil
}

// checkText reads a required trimmed text of at most max characters.
func checkText(fe apperr.FieldErrors, field string, v *string, limit int) string {
	if v == nil || strings.TrimSpace(*v) == "" {
		fe.Add(field, "required")
		return ""
	}
	s := strings.TrimSpace(*v)
	if len([]rune(s)) > limit {
		fe.Add(field, fmt.Sprintf("must be at most %d characters", limit))
	}
	return s
}

// checkMoney reads a required amount: a JSON number (or a string holding one) of at least 0 with at
// most two decimals.
func checkMoney(fe apperr.FieldErrors, field string, raw json.RawMessage) int64 {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" || string(raw) == `""` {
		fe.Add(field, "required")
		return 0
	}
	var c pricing.Cents
	if err := json.Unmarshal(raw, &c); err != nil {
		fe.Add(field, "must be an amount of at least 0 with at most two decimals")
		return 0
	}
	return int64(c)
}

// checkIDLocal reads the required local product id: a string, or a whole number taken as its digits.
func checkIDLocal(fe apperr.FieldErrors, raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	var s string
	if len(raw) > 0 && raw[0] == '"' {
		_ = json.Unmarshal(raw, &s)
	} else if len(raw) > 0 && string(raw) != "null" {
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			fe.Add("event.idLocalProduct", "must be text")
			return ""
		}
		s = n.String()
	}
	return checkText(fe, "event.idLocalProduct", &s, MaxIDLocal)
}

// checkDates reads dateIni and dateEnd at loc: dateEnd after dateIni, dateIni not in the past unless
// it is keptStart (an edited event's start left as stored, "YYYY-MM-DD HH:MM:SS"; "" on creation).
func checkDates(fe apperr.FieldErrors, dateIni, dateEnd *string, keptStart string, now time.Time, loc *time.Location, out *NewEvent) {
	var start, end time.Time
	var okStart, okEnd bool
	for _, d := range []struct {
		field string
		v     *string
		t     *time.Time
		ok    *bool
	}{{"event.dateIni", dateIni, &start, &okStart}, {"event.dateEnd", dateEnd, &end, &okEnd}} {
		switch {
		case d.v == nil || strings.TrimSpace(*d.v) == "":
			fe.Add(d.field, "required")
		default:
			if *d.t, *d.ok = parseLocal(*d.v, loc); !*d.ok {
				fe.Add(d.field, "must be a local date and time YYYY-MM-DD HH:mm[:ss]")
			}
		}
	}
	if okStart && start.Before(now) && start.Format(LocalLayout) != keptStart {
		fe.Add("event.dateIni", "must not be in the past")
	}
	if okStart && okEnd && !end.After(start) {
		fe.Add("event.dateEnd", "must be after dateIni")
	}
	out.StartsAt, out.EndsAt = start, end
	out.DateStart, out.DateEnd = start.Format(LocalLayout), end.Format(LocalLayout)
}

// checkProductData types the DATA tab's known keys and keeps the others (strings, numbers or
// booleans); it returns the ticket's data JSON text.
func checkProductData(fe apperr.FieldErrors, data map[string]json.RawMessage) string {
	out := map[string]any{}
	for key, raw := range data {
		field := "event.productData." + key
		var v any
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			fe.Add(field, "must be a string, a number or a boolean")
			continue
		}
		switch key {
		case "checkboxText", "promotionText":
			s, ok := v.(string)
			if !ok || len([]rune(s)) > MaxFeatureText {
				fe.Add(field, fmt.Sprintf("must be text of at most %d characters", MaxFeatureText))
				continue
			}
			out[key] = s
		case "oldPrice":
			n, ok := v.(json.Number)
			f, err := n.Float64()
			if !ok || err != nil || f < 0 || math.IsInf(f, 0) {
				fe.Add(field, "must be a number of at least 0")
				continue
			}
			out[key] = n
		case "minParticipant":
			n, ok := v.(json.Number)
			i, err := n.Int64()
			if !ok || err != nil || i < 1 {
				fe.Add(field, "must be a whole number of at least 1")
				continue
			}
			out[key] = i
		case "exclusivity":
			b, ok := v.(bool)
			if !ok {
				fe.Add(field, "must be true or false")
				continue
			}
			out[key] = b
		default:
			switch v.(type) {
			case string, json.Number, bool:
				out[key] = v
			default:
				fe.Add(field, "must be a string, a number or a boolean")
			}
		}
	}
	text, _ := json.Marshal(out) // strings, numbers and booleans only: Marshal cannot fail
	return string(text)
}

// eventData is the event's data JSON text: the checkbox text of the ticket's data, which the event's
// public page reads from the event first.
func eventData(productData string) string {
	var d struct {
		CheckboxText string `json:"checkboxText,omitempty"`
	}
	_ = json.Unmarshal([]byte(productData), &d)
	text, _ := json.Marshal(d)
	return string(text)
}

// createOption is one option of the options JSON text.
type createOption struct {
	Name      string `json:"name"`
	ShortName string `json:"shortName"`
	Checked   bool   `json:"checked"`
	Disabled  bool   `json:"disabled"`
}

// checkCategory reads the optional category: a title, the excluding choice and at least one option,
// each with a name and a short name unique in the category.
func checkCategory(fe apperr.FieldErrors, c *CreateCategory) *Category {
	if c == nil {
		return nil
	}
	out := &Category{Title: checkText(fe, "categorys.title", c.Title, MaxEventName), Options: []Option{}}
	if c.Excluding == nil {
		fe.Add("categorys.excluding", "required")
	} else {
		out.Excluding = *c.Excluding
	}
	var opts []createOption
	if c.Options == nil || strings.TrimSpace(*c.Options) == "" {
		fe.Add("categorys.options", "at least one option is required")
		return out
	}
	if err := json.Unmarshal([]byte(*c.Options), &opts); err != nil {
		fe.Add("categorys.options", `must be a JSON array text of {"name","shortName","checked","disabled"}`)
		return out
	}
	switch {
	case len(opts) == 0:
		fe.Add("categorys.options", "at least one option is required")
	case len(opts) > MaxCategoryOptions:
		fe.Add("categorys.options", fmt.Sprintf("at most %d options", MaxCategoryOptions))
	}
	seen := map[string]bool{}
	for i, o := range opts {
		field := fmt.Sprintf("categorys.options[%d]", i)
		name := checkText(fe, field+".name", &o.Name, MaxEventName)
		short := checkText(fe, field+".shortName", &o.ShortName, MaxShortName)
		if short != "" && seen[strings.ToLower(short)] {
			fe.Add(field+".shortName", "must differ from the other options' short names")
		}
		seen[strings.ToLower(short)] = true
		out.Options = append(out.Options, Option{Name: name, ShortName: short, Checked: o.Checked, Disabled: o.Disabled})
	}
	return out
}

// checkDiscount reads the optional discount: a code, an amount above 0 and at most the event's price,
// an optional last day not before today and an optional number of uses of at least 1.
func checkDiscount(fe apperr.FieldErrors, d *CreateDiscount, priceCents int64, today string) *NewDiscount {
	if d == nil {
		return nil
	}
	out := &NewDiscount{UsageLimit: d.Stock}
	if d.Code == nil || strings.TrimSpace(*d.Code) == "" {
		fe.Add("discount.code", "required")
	} else if out.Code = strings.TrimSpace(*d.Code); !discountCodePattern.MatchString(out.Code) {
		fe.Add("discount.code", "must be 3 to 40 letters, digits, '-' or '_'")
	}
	out.AmountCents = checkMoney(fe, "discount.price", d.Price)
	if _, bad := fe["discount.price"]; !bad {
		switch {
		case out.AmountCents <= 0:
			fe.Add("discount.price", "must be above 0")
		case out.AmountCents > priceCents && fe["event.price"] == "":
			fe.Add("discount.price", "must not exceed the event's price")
		}
	}
	if d.ExpirationDate != nil && strings.TrimSpace(*d.ExpirationDate) != "" {
		day := strings.TrimSpace(*d.ExpirationDate)
		if len(day) > 10 { // a date-time from a date picker: its date part
			day = day[:10]
		}
		if _, err := time.Parse("2006-01-02", day); err != nil {
			fe.Add("discount.expirationDate", "must be a date YYYY-MM-DD")
		} else if day < today {
			fe.Add("discount.expirationDate", "must not be in the past")
		}
		out.ExpiresOn = &day
	}
	if d.Stock != nil && *d.Stock < 1 {
		fe.Add("discount.stock", "must be null (unlimited) or at least 1")
	}
	return out
}

// checkTemplate checks the event page's template (required, at most MaxTemplateHTML characters) and
// returns it sanitised.
func checkTemplate(fe apperr.FieldErrors, html *string) string {
	switch {
	case html == nil || strings.TrimSpace(*html) == "":
		fe.Add("templateHtml", "required")
	case utf8.RuneCountInString(*html) > MaxTemplateHTML:
		fe.Add("templateHtml", fmt.Sprintf("must be at most %d characters", MaxTemplateHTML))
	default:
		return SanitizeTemplate(*html)
	}
	return ""
}

// checkLanding checks the required "show on the landing page" flag.
func checkLanding(fe apperr.FieldErrors, add *bool) bool {
	if add == nil {
		fe.Add("addToLandingPage", "required")
		return false
	}
	return *add
}

// checkMaxStock checks the event's places: null (unlimited) or at least 1.
func checkMaxStock(fe apperr.FieldErrors, maxStock *int64) *int64 {
	if maxStock != nil && *maxStock < 1 {
		fe.Add("event.maxStock", "must be null (unlimited) or at least 1")
	}
	return maxStock
}
