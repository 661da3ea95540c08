// Package sessions is the heart of Pitlane: it turns an installation's opening schedule into sessions
// (slots), tells how many places each has left, and holds places for visitors (pre-bookings) without
// ever selling more places or stock than exist. Capacity is decided in the database, inside the
// transaction that writes the hold, so any number of server instances can share one database.
package sessions

import (
	"time"

	"pitlane/internal/schedule"
)

// Kinds of thing a visitor can hold.
const (
	KindProduct = "PRODUCT"
	KindPack    = "PACK"
)

// Installation is what the sessions engine needs of an installation (a venue with its circuits).
type Installation struct {
	ID               int64
	Settings         schedule.Settings // includes the time zone
	Capacity         int               // places per session on each circuit
	EnableBooking    bool
	MaxDaysBooking   int
	DisableHours     int    // sessions starting sooner than this many hours from now cannot be booked
	DateLimitEnabled bool   // DateLimit applies
	DateLimit        string // "YYYY-MM-DD": last bookable date when enabled
}

// Part is one session of what is held: a product (or a pack's sub-product) on its circuit.
type Part struct {
	ProductID int64
	CircuitID int64
}

// Offer is a bookable product or pack with everything needed to validate, price and hold it.
type Offer struct {
	CompanyID       int64
	MaxParticipants int // most drivers in one booking (the company's; negative in the config means 12)
	MaxSlots        int // most sessions in one pre-booking
	Kind            string
	ID              int64
	Name            string
	PriceCents      int64
	IsDynamicPrice  bool
	Data            string // the product's data JSON text
	MaxStock        *int64 // nil: unlimited
	IsActive        bool
	ExpirationDate  string // "YYYY-MM-DD": last day on sale, at the circuit; empty: never expires
	Parts           []Part // a product: itself once; a pack: its sub-products in order
	Installation    Installation
}

// SlotKey names one session on one circuit.
type SlotKey struct {
	CircuitID int64
	StartsAt  int64 // Unix milliseconds
}

// Usage is how many places of a session are taken.
type Usage struct {
	Held   int // by unexpired, unreleased pre-bookings
	Booked int // by bookings
}

// NewHold is a validated pre-booking ready to be written atomically.
type NewHold struct {
	Identifier string
	CompanyID  int64
	CartToken  string
	VisitorID  string
	Kind       string
	ProductID  int64
	Name       string
	NumDrivers int
	PriceCents int64 // the whole hold: per-driver price × drivers
	UnitCents  int64 // per driver
	MaxStock   *int64
	StockUnits int // units of the product's stock the hold takes
	Slots      []HoldSlot
	CreatedAt  time.Time
	ExpiresAt  time.Time
}

// HoldSlot is one session of a hold.
type HoldSlot struct {
	SlotKey
	ProductID  int64
	LocalDate  string
	LocalTime  string
	Capacity   int
	PriceCents int64 // per driver
}

// Hold is a pre-booking as answered to the visitor.
type Hold struct {
	Identifier     string    `json:"prebookingIdentifier"`
	PrebookingDate string    `json:"prebookingDate"`
	ExpiresAt      time.Time `json:"expiresAt"`
	Price          float64   `json:"price"`
	NumDrivers     int       `json:"numDrivers"`
}
