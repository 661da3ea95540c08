// Package catalog lists what a company sells: products (one session each), packs (several sessions
// of sub-products, in order) and event tickets, in the shape of the Product schema of
// docs/openapi.yaml. It imports no SQL: a Store gives it the rows, and the rules (which products are
// on sale, how much stock remains) are plain functions.
package catalog

import (
	"strconv"
	"time"

	"pitlane/internal/pricing"
)

// Kind is what a product row sells.
type Kind string

// The kinds of the products table.
const (
	KindProduct Kind = "PRODUCT" // one session per driver
	KindPack    Kind = "PACK"    // several sessions of sub-products, in order
	KindEvent   Kind = "EVENT"   // a ticket for an event
)

// Money is an amount in cents (minor units). It is written to JSON as a decimal number with two
// places (2250 → 22.50), the API's money format.
type Money int64

// MarshalJSON writes m as a JSON number with two decimals.
func (m Money) MarshalJSON() ([]byte, error) {
	v := int64(m)
	sign := ""
	if v < 0 {
		sign = "-"
		v = -v
	}
	units, cents := v/100, v%100
	b := []byte(sign + strconv.FormatInt(units, 10) + ".")
	if cents < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, cents, 10), nil
}

// Product is one product, pack or event ticket as the booking app lists it (schema Product).
type Product struct {
	ID             int64      `json:"id"`
	IDLocal        string     `json:"idLocal"` // the product's id in the circuit's point of sale
	Name           string     `json:"name"`
	Description    *string    `json:"description"`
	Image          *string    `json:"image"`
	Price          Money      `json:"price"`
	PriceConverted Money      `json:"priceConverted"` // the price in the company currency (same as Price)
	SimbolCoinType string     `json:"simbolCoinType"`
	Stock          *int64     `json:"stock"` // remaining places; nil is unlimited
	IsActive       int        `json:"isActive"`
	IsDynamicPrice int        `json:"isDynamicPrice"`
	Data           string     `json:"data"` // JSON text: minParticipant, promotionText, oldPrice, dynamicPrice, gapSlots
	Group          *Group     `json:"group"`
	Variant        *Variant   `json:"variant"`
	Event          *EventRef  `json:"event"`
	Products       []PackItem `json:"products"` // a pack's sub-products in order; nil (null) for others

	Kind Kind `json:"-"`
	// MaxStock is the stock the product was given; nil is unlimited.
	MaxStock *int64 `json:"-"`
	// Taken is the places of MaxStock in live holds and non-cancelled bookings (filled only for
	// products with a MaxStock).
	Taken int64 `json:"-"`
}

// Group is a product's category.
type Group struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Variant is the circuit variant a product is raced on.
type Variant struct {
	IDVariant int64   `json:"idVariant"`
	Name      string  `json:"name"`
	Circuit   Circuit `json:"circuit"`
}

// Circuit is a track of an installation.
type Circuit struct {
	ID             int64  `json:"id"`
	Name           string `json:"name"`
	IDInstallation int64  `json:"idInstallation"`
}

// EventRef is the event an EVENT product sells tickets for.
type EventRef struct {
	ID        int64     `json:"id"`
	Key       string    `json:"key"`       // public key of the event page
	DateStart string    `json:"dateStart"` // local start, "YYYY-MM-DD HH:MM:SS"
	StartsAt  time.Time `json:"-"`
}

// PackItem is one sub-product of a pack; Order is its place in the pack's sequence of sessions.
type PackItem struct {
	ID      int64  `json:"id"`
	IDLocal string `json:"idLocal"`
	Name    string `json:"name"`
	Order   int    `json:"order"`
}

// ProductList is a company's catalogue as GET /api/product returns it (schema ProductList).
type ProductList struct {
	ProductsBooking []Product `json:"productsBooking"` // products and packs, by position
	ProductsEvent   []Product `json:"productsEvent"`   // tickets of upcoming events, soonest first
}

// Remaining is the stock left of a product given maxStock places and taken of them in use: nil
// (unlimited) when maxStock is nil, and never below zero.
func Remaining(maxStock *int64, taken int64) *int64 {
	if maxStock == nil {
		return nil
	}
	left := max(*maxStock-taken, 0)
	return &left
}

// UnmarshalJSON reads a decimal JSON number exactly (22.5 → 2250), as MarshalJSON writes it.
func (m *Money) UnmarshalJSON(b []byte) error {
	var c pricing.Cents
	if err := c.UnmarshalJSON(b); err != nil {
		return err
	}
	*m = Money(c)
	return nil
}
