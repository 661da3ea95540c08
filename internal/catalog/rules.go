package catalog

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"pitlane/internal/apperr"
	"pitlane/internal/pricing"
)

// Limits of the product form (admin spec, sections 5 and 9).
const (
	MaxNameLength        = 200
	MaxIDLocalLength     = 50
	MaxDescriptionLength = 300
	MaxPackProducts      = 10
	ExpirationYears      = 5 // expiration at the latest on 31 December this many years ahead
)

// ImagePrefix is the address of stored product images; an image field must be one of them or null.
const ImagePrefix = "/api/product/image/"

// ProductInput is the body of createProduct, updateProduct, createPack and updatePack (schema
// ProductWrite), as decoded; Draft checks it.
type ProductInput struct {
	ID             int64           `json:"id"`
	IDCompany      int64           `json:"idCompany"`
	Name           string          `json:"name"`
	IDLocal        string          `json:"idLocal"`
	Price          *pricing.Cents  `json:"price"`
	PriceConverted json.RawMessage `json:"priceConverted"` // sent by the form; the price is in the company currency
	IsActive       *int            `json:"isActive"`
	IsDynamicPrice *int            `json:"isDynamicPrice"`
	MaxStock       *int64          `json:"maxStock"`
	IDGroup        *int64          `json:"idGroup"`
	IDVariant      *int64          `json:"idVariant"`
	Description    *string         `json:"description"`
	Image          *string         `json:"image"`
	SimbolCoinType *string         `json:"simbolCoinType"` // ignored: the company's symbol applies
	Data           *string         `json:"data"`
	ExpirationDate *string         `json:"expirationDate"`
	ProductIDs     []int64         `json:"productIds"`
}

// Draft is a checked product or pack, ready to store.
type Draft struct {
	Kind           Kind
	Name           string
	IDLocal        string
	PriceCents     int64
	IsActive       int
	IsDynamicPrice int
	MaxStock       *int64
	GroupID        *int64
	VariantID      *int64
	Description    *string
	Image          *string
	Data           string // normalised JSON text ("" when empty)
	ExpirationDate *string
	ProductIDs     []int64 // packs: included products in order

	dynamic *pricing.DynamicPrice // to check against the opening hours
}

// Draft checks the input against the rules of a product or pack (kind) on the company's local date
// today. previous is the stored expiration date on an update: keeping it unchanged is allowed even if it
// has passed. Every broken rule is named in the fields of one apperr.Unprocessable.
func (in ProductInput) Draft(kind Kind, today string, previous *string) (Draft, error) {
	bad := map[string]string{}
	d := Draft{Kind: kind, Name: strings.TrimSpace(in.Name), IDLocal: strings.TrimSpace(in.IDLocal),
		IsActive: 1, MaxStock: in.MaxStock, GroupID: positive(in.IDGroup), VariantID: positive(in.IDVariant)}
	switch n := utf8.RuneCountInString(d.Name); {
	case n == 0:
		bad["name"] = "required"
	case n > MaxNameLength:
		bad["name"] = "at most " + strconv.Itoa(MaxNameLength) + " characters"
	}
	switch n := utf8.RuneCountInString(d.IDLocal); {
	case n == 0:
		bad["idLocal"] = "required"
	case n > MaxIDLocalLength:
		bad["idLocal"] = "at most " + strconv.Itoa(MaxIDLocalLength) + " characters"
	}
	if in.Price == nil {
		bad["price"] = "required"
	} else if int64(*in.Price) > pricing.MaxCents {
		bad["price"] = "too large"
	} else {
		d.PriceCents = int64(*in.Price)
	}
	if in.IsActive != nil {
		if *in.IsActive != 0 && *in.IsActive != 1 {
			bad["isActive"] = "must be 0 or 1"
		}
		d.IsActive = *in.IsActive
	}
	if in.IsDynamicPrice != nil {
		if *in.IsDynamicPrice != 0 && *in.IsDynamicPrice != 1 {
			bad["isDynamicPrice"] = "must be 0 or 1"
		}
		d.IsDynamicPrice = *in.IsDynamicPrice
	}
	if in.MaxStock != nil && *in.MaxStock < 0 {
		bad["maxStock"] = "must be 0 or more"
	}
	if in.Description != nil {
		desc := strings.TrimSpace(*in.Description)
		if utf8.RuneCountInString(desc) > MaxDescriptionLength {
			bad["description"] = "at most " + strconv.Itoa(MaxDescriptionLength) + " characters"
		}
		if desc != "" {
			d.Description = &desc
		}
	}
	if in.Image != nil && *in.Image != "" {
		if !ValidImageURL(*in.Image) {
			bad["image"] = "must be an address returned by the photo upload"
		}
		img := *in.Image
		d.Image = &img
	}
	d.ExpirationDate = checkExpiration(in.ExpirationDate, today, previous, bad)
	d.Data = checkData(in.Data, &d, bad)
	if kind == KindPack {
		switch {
		case len(in.ProductIDs) == 0:
			bad["productIds"] = "required: at least one product"
		case len(in.ProductIDs) > MaxPackProducts:
			bad["productIds"] = "at most " + strconv.Itoa(MaxPackProducts) + " products"
		}
		d.ProductIDs = in.ProductIDs
	} else if len(in.ProductIDs) > 0 {
		bad["productIds"] = "only a pack includes products"
	}
	if len(bad) > 0 {
		return Draft{}, apperr.WithFields(apperr.Unprocessable, "Some fields are not valid.", bad)
	}
	return d, nil
}

// positive treats 0 or a negative id as none (the form sends 0 for "no category").
func positive(id *int64) *int64 {
	if id == nil || *id < 1 {
		return nil
	}
	v := *id
	return &v
}

// checkExpiration reads an expiration date: null or "" is never; otherwise "YYYY-MM-DD" (anything after
// a 'T' or space is dropped, the form sends the start of the day), from today to 31 December five years
// ahead, unless it is the date already stored.
func checkExpiration(raw *string, today string, previous *string, bad map[string]string) *string {
	if raw == nil || strings.TrimSpace(*raw) == "" {
		return nil
	}
	s := strings.TrimSpace(*raw)
	if i := strings.IndexAny(s, "T "); i == len(time.DateOnly) {
		s = s[:i]
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || len(s) != len(time.DateOnly) {
		bad["expirationDate"] = "must be a date YYYY-MM-DD"
		return nil
	}
	if previous != nil && *previous == s {
		return &s
	}
	now, _ := time.Parse(time.DateOnly, today)
	last := time.Date(now.Year()+ExpirationYears, time.December, 31, 0, 0, 0, 0, time.UTC)
	if s < today || t.After(last) {
		bad["expirationDate"] = "must be from " + today + " to " + last.Format(time.DateOnly)
	}
	return &s
}

// MaxDurationMinutes is the longest a product's session may run: a slot's longest interval.
const MaxDurationMinutes = 480

// checkData reads the data text: oldPrice (the price before a discount) must be above the price, a
// dynamic product needs a dynamic price. Returns the normalised text.
func checkData(raw *string, d *Draft, bad map[string]string) string {
	if raw == nil {
		if d.IsDynamicPrice == 1 {
			bad["data.dynamicPrice"] = "required when isDynamicPrice is 1"
		}
		return ""
	}
	data, err := pricing.ParseProductData(*raw)
	if err != nil {
		bad["data"] = "must be a JSON object of the product data"
		return ""
	}
	if data.OldPrice != nil && int64(*data.OldPrice) <= d.PriceCents {
		bad["data.oldPrice"] = "the discounted price must be lower than the price"
	}
	if data.MinParticipant < 0 || data.GapSlots < 0 {
		bad["data"] = "numbers must be 0 or more"
	}
	if data.DurationMinutes < 0 || data.DurationMinutes > MaxDurationMinutes {
		bad["data.durationMinutes"] = "must be from 0 (the whole slot) to 480 minutes"
	}
	if d.IsDynamicPrice == 1 && data.DynamicPrice == nil {
		bad["data.dynamicPrice"] = "required when isDynamicPrice is 1"
	}
	d.dynamic = data.DynamicPrice
	text, err := data.Text()
	if err != nil {
		bad["data"] = "cannot be stored"
	}
	return text
}

// checkDynamic checks a dynamic price's rows against the opening hours: the 'overlappingHours' rule of
// the admin spec, section 5.
func checkDynamic(dp pricing.DynamicPrice, h Hours) error {
	err := dp.Validate(h.Open, h.Close)
	if err == nil {
		return nil
	}
	var ve *pricing.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	fields := make(map[string]string, len(ve.Fields))
	for k, v := range ve.Fields {
		fields["dynamicPrice."+k] = "overlappingHours: " + v
	}
	return apperr.WithFields(apperr.Unprocessable, "overlappingHours", fields)
}

// ValidImageURL reports whether s is the address of a stored product image.
func ValidImageURL(s string) bool {
	name, ok := strings.CutPrefix(s, ImagePrefix)
	return ok && ValidImageName(name)
}

// ValidImageName reports whether name is "<64 lower-case hex digits>.png".
func ValidImageName(name string) bool {
	hex, ok := strings.CutSuffix(name, ".png")
	if !ok || len(hex) != 64 {
		return false
	}
	for _, c := range hex {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
