package pricing

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ProductData is the JSON text kept in a product's "data" column (customer spec,
// section 3; admin spec, section 3). Missing keys are zero; unknown keys are dropped.
type ProductData struct {
	// MinParticipant is the fewest drivers the product can be booked for (0: no minimum).
	MinParticipant int `json:"minParticipant,omitempty"`
	// PromotionText is shown with the product.
	PromotionText string `json:"promotionText,omitempty"`
	// OldPrice is the price before a discount, shown struck through; nil when none.
	OldPrice *Cents `json:"oldPrice,omitempty"`
	// DynamicPrice is the price by weekday and time; used when the product's
	// isDynamicPrice flag is set.
	DynamicPrice *DynamicPrice `json:"dynamicPrice,omitempty"`
	// GapSlots is the number of slots left free between the sessions of a pack.
	GapSlots int `json:"gapSlots,omitempty"`
	// DurationMinutes is how long the product's session runs on the track (a "10 minutes" heat in a
	// 15-minute slot); 0: the whole slot. Calendar entries last this long.
	DurationMinutes int `json:"durationMinutes,omitempty"`
	// CheckboxText is the text of an event's optional confirmation checkbox.
	CheckboxText string `json:"checkboxText,omitempty"`
	// Categorys is an event's category set, kept as given.
	Categorys json.RawMessage `json:"categorys,omitempty"`
}

// ParseProductData reads a product's data text. Empty text or "null" gives the zero
// ProductData. It is tolerant of how the admin forms store numbers: minParticipant and
// gapSlots may be numbers or numeric strings, and oldPrice a decimal or a decimal string.
func ParseProductData(text string) (ProductData, error) {
	text = strings.TrimSpace(text)
	if text == "" || text == "null" {
		return ProductData{}, nil
	}
	var p ProductData
	if err := json.Unmarshal([]byte(text), &p); err != nil {
		return ProductData{}, fmt.Errorf("pricing: product data: %w", err)
	}
	return p, nil
}

// UnmarshalJSON reads the data object, accepting numeric strings for the integer keys.
func (p *ProductData) UnmarshalJSON(b []byte) error {
	type plain ProductData
	var aux struct {
		plain
		MinParticipant  json.RawMessage `json:"minParticipant"`
		GapSlots        json.RawMessage `json:"gapSlots"`
		DurationMinutes json.RawMessage `json:"durationMinutes"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	minP, err := flexInt("minParticipant", aux.MinParticipant)
	if err != nil {
		return err
	}
	gap, err := flexInt("gapSlots", aux.GapSlots)
	if err != nil {
		return err
	}
	minutes, err := flexInt("durationMinutes", aux.DurationMinutes)
	if err != nil {
		return err
	}
	*p = ProductData(aux.plain)
	p.MinParticipant, p.GapSlots, p.DurationMinutes = minP, gap, minutes
	if len(p.Categorys) == 0 || string(p.Categorys) == "null" {
		p.Categorys = nil
	}
	return nil
}

// Text writes the data back as JSON text, or "" when nothing is left (the admin spec
// empties data when the last key is removed).
func (p ProductData) Text() (string, error) {
	if p.IsZero() {
		return "", nil
	}
	b, err := json.Marshal(p)
	if err != nil {
		return "", fmt.Errorf("pricing: product data: %w", err)
	}
	return string(b), nil
}

// IsZero reports whether no key is set.
func (p ProductData) IsZero() bool {
	return p.MinParticipant == 0 && p.PromotionText == "" && p.OldPrice == nil &&
		p.DynamicPrice == nil && p.GapSlots == 0 && p.DurationMinutes == 0 && p.CheckboxText == "" && len(p.Categorys) == 0
}

// Dynamic is the product's dynamic price, or an empty one when it has none.
func (p ProductData) Dynamic() DynamicPrice {
	if p.DynamicPrice == nil {
		return DynamicPrice{}
	}
	return *p.DynamicPrice
}

// flexInt reads an integer given as a JSON number or a string holding one; absent or
// null is 0.
func flexInt(key string, raw json.RawMessage) (int, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	text := string(raw)
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &text); err != nil {
			return 0, fmt.Errorf("pricing: %s: %w", key, err)
		}
		text = strings.TrimSpace(text)
		if text == "" {
			return 0, nil
		}
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("pricing: %s must be an integer, got %s", key, raw)
	}
	return n, nil
}
