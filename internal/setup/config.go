// Package setup is the back office's settings dialog on the server side (admin spec sections 2–5 and
// 9): an installation's booking settings, its weekly, general and special schedules and the company's
// notification e-mail lists, read with the spec's defaults, checked against every bound before
// anything is saved, and saved under optimistic concurrency (a save based on an older version is
// refused with apperr.Conflict). Pure rules live in validate.go and derive.go; Service runs them over
// a Store.
package setup

import (
	"time"

	"pitlane/internal/schedule"
)

// Defaults and bounds of the booking settings (admin spec sections 5 and 9).
const (
	DefaultIntervalMinutes = 15
	DefaultOpeningTime     = "08:00"
	DefaultClosingTime     = "23:00"
	DefaultMaxParticipants = 10
	DefaultMaxDaysBooking  = 45
	DefaultMaxSlotsBooking = 3
	MaxSlotsBooking        = 10
	MaxDisableHours        = 24
	MaxDaysBookingLimit    = 3650  // ten years: a sanity bound above the spec's "at least 1"
	MaxParticipantsLimit   = 10000 // a sanity bound above the spec's "at least 1"
	MaxNotifyEmails        = 20    // per list
)

// Config is what the settings dialog reads for one installation of a company: read-only company
// facts, the editable Booking settings and the version a save must be based on.
type Config struct {
	CompanyID      int64
	CompanyToken   string // the token of the company's public calls (availability cache key); not shown
	InstallationID int64
	// Version is the company's settings version; every save bumps it.
	Version          int64
	CurrencySymbol   string
	CompanyName      string
	DefaultCulture   string
	Logo             string
	IsRefundEnabled  bool
	IsPaymentsActive bool
	InstallationName string
	TimeZone         string
	Booking          Booking
	// Installations are the company's installations (the weekly schedule's sub-tabs), by id.
	Installations []InstallationRef
}

// InstallationRef names one installation of a company.
type InstallationRef struct {
	ID   int64
	Name string
}

// Booking is the editable part of the settings: the installation's rules and schedules and the
// company-wide booking switches and e-mail lists.
type Booking struct {
	EnableBooking         bool
	Interval              int // minutes, 1–480
	MaxParticipants       int // places per session, ≥ 1
	Opening, Closing      string
	ShowEmails            bool
	EmailOptional         bool
	EnableGroupedProducts bool
	MaxDaysBooking        int // ≥ 1
	MaxSlotsBooking       int // 1–10
	DisableHoursBooking   int // 0–24; 0 disables nothing
	DateLimit             DateLimit
	GeneralSchedule       map[schedule.Weekday][]schedule.Period
	Rules                 schedule.Rules
	SpecialSchedule       []schedule.SpecialRow
	ConfirmationEmails    []string
	CancellationEmails    []string
	// ContactEmail and ContactPhone are how customers reach the circuit (the mails' Reply-To, the
	// cancel page when a booking can no longer be cancelled online); empty: none. The phone is kept in
	// international form, "+34 942 123 456".
	ContactEmail string
	ContactPhone string
}

// DateLimit is dateLimitBooking: when Enabled, no session after Date ("YYYY-MM-DD") can be booked.
type DateLimit struct {
	Enabled bool   `json:"enabled"`
	Date    string `json:"date"`
}

// Save is a save of one installation's settings based on Version.
type Save struct {
	CompanyID      int64
	InstallationID int64
	Version        int64
	Booking        Booking
	// KeepContactEmail and KeepContactPhone leave the company's contact e-mail or phone as it is (a
	// save that does not send it); Booking's field is then ignored.
	KeepContactEmail, KeepContactPhone bool
}

// Actor is the staff user making a change, for the audit log.
type Actor struct {
	UserID int64
	Email  string
}

// Record is what the store writes for a checked Save: the new settings, the audit details of what
// changed and who changed it when.
type Record struct {
	Save
	Changes map[string]any
	Actor   Actor
	At      time.Time
}

// Warning is a note on a saved special schedule row: code "weekDayClosed" with the dates a range
// skips (its weekday is closed in the weekly schedule) or the closed day that already falls on a
// closed weekday.
type Warning struct {
	Code  string   `json:"code"`
	Dates []string `json:"dates"`
}

// Saved is the answer to a save: the settings as now stored and the warnings of the rows it added.
type Saved struct {
	Config   Config
	Warnings []Warning
}

// Variant is a bookable variant of a circuit (shown as "circuit - name").
type Variant struct {
	ID             int64
	IDLocal        string
	Name           string
	CircuitID      int64
	Circuit        string
	InstallationID int64
}

// Circuit is a circuit (track) of one of the company's installations.
type Circuit struct {
	ID             int64
	Name           string
	InstallationID int64
}

// VariantsAndCircuits is the answer of retrieveVariantsAndCircuits.
type VariantsAndCircuits struct {
	Variants []Variant
	Circuits []Circuit
}
