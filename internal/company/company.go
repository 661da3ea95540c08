// Package company holds a circuit operator's settings and branding (the companies table) and turns
// them into the public booking configuration the web app loads first (GET /api/config/{key}).
//
// A company is found by its public key, the opaque identifier in its booking URLs. The public key and
// the company token are public identifiers (they appear in URLs and in the config), so they are stored
// in clear; tokens that grant an action (sessions, cancellations) are stored hashed by their owners.
package company

import (
	"encoding/json"
	"time"
)

// DefaultMaxParticipants is the number of drivers per session the web app uses when a company's
// MaxParticipants is negative (customer spec, section 9).
const DefaultMaxParticipants = 12

// Defaults the config falls back to when a stored value is out of range (the companies table's
// column defaults).
const (
	DefaultMaxSlotsBooking = 3
	// DefaultPrimaryColor is Mantine's blue.9: white text on it is 6:1. The blue.6 of before (#1c7ed6, 4:1)
	// failed axe's contrast on a new company's booking buttons (issue 24, the owner's walk from empty).
	DefaultPrimaryColor   = "#1864ab"
	DefaultSecondaryColor = "#0b3d91"
)

// Company is one circuit operator: a row of the companies table.
type Company struct {
	ID             int64
	Name           string
	PublicKey      string // opaque key in the company's public URLs; see NewPublicKey
	Token          string // public company token sent by public calls; see NewToken
	DefaultCulture string // e.g. "es-ES"
	Country        string // ISO 3166 alpha-2
	Currency       string // ISO 4217
	CurrencySymbol string // shown with prices, e.g. "€" or "kr."
	TimeZone       string // IANA name, e.g. "Europe/Madrid"
	Logo           string // URL; empty when none
	FooterImage    *string
	PrimaryColor   string // "#rrggbb"
	SecondaryColor string // "#rrggbb"

	FeatureLicences       bool // the company sells licences (a billing business line)
	PaymentsActive        bool // customers pay online; otherwise they pay at the circuit
	PaymentProvider       string
	VoucherMode           bool
	EnableGroupedProducts bool
	ShowEventsInBooking   bool
	ShowEmails            bool
	EmailOptional         bool
	ShowUsersAvailable    bool
	MaxParticipants       int // negative means DefaultMaxParticipants
	MaxSlotsBooking       int
	CancelBookingMaxDays  int
	IsRefundEnabled       bool

	Publi         Publi // side advertising, stored as JSON text
	WebURL        *string
	NewsletterURL *string
	WhatsappInfo  *string

	KioskLanguage    string // culture the kiosk starts in; "" means DefaultCulture (kiosk.go)
	KioskIdleSeconds int    // seconds without a touch before the kiosk goes back to its start

	// WaitlistEnabled: full sessions offer the waiting list (issue 27; read only here, written by the
	// waiting list's settings).
	WaitlistEnabled bool

	CreatedAt time.Time
	UpdatedAt time.Time
}

// Publi is the company's side-advertising settings, stored as JSON text in companies.publi and
// sent as is in the config. Absent images and links are null.
type Publi struct {
	ImgLeftDefault  *string `json:"imgLeftDefault"`
	ImgRightDefault *string `json:"imgRightDefault"`
	ImgLeftENG      *string `json:"imgLeftENG"`
	ImgRightENG     *string `json:"imgRightENG"`
	HyperlinkLeft   *string `json:"hyperlinkLeft"`
	HyperlinkRight  *string `json:"hyperlinkRight"`
	IsActive        bool    `json:"isActive"`
}

// LandingButton is one button of the company's landing page of links (the landing_buttons table).
type LandingButton struct {
	Title      string          `json:"title"`
	Link       string          `json:"link"`
	IsNew      bool            `json:"isNew"`
	IsDisabled bool            `json:"isDisabled"`
	Category   *string         `json:"category"`
	Options    json.RawMessage `json:"options"` // a JSON object, or null
}

// Theme is the company's colours.
type Theme struct {
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
}

// Features tells which optional business lines the company has.
type Features struct {
	Licences bool `json:"licences"`
}

// Config is the public booking configuration of a company: the Config schema of docs/openapi.yaml.
type Config struct {
	IDCompany             int64           `json:"idCompany"`
	CompanyName           string          `json:"companyName"`
	Logo                  string          `json:"logo"`
	MaxParticipants       int             `json:"maxParticipants"`
	IsPaymentsActive      int             `json:"isPaymentsActive"` // 1 or 0
	VoucherMode           bool            `json:"voucherMode"`
	EnableGroupedProducts bool            `json:"enableGroupedProducts"`
	ShowEventsInBooking   bool            `json:"showEventsInBooking"`
	ShowEmails            bool            `json:"showEmails"`
	EmailOptional         bool            `json:"emailOptional"`
	ShowUsersAvailable    bool            `json:"showUsersAvailable"`
	MaxSlotsBooking       int             `json:"maxSlotsBooking"`
	CancelBookingMaxDays  int             `json:"cancelBookingMaxDays"`
	DefaultCulture        string          `json:"defaultCulture"`
	Token                 string          `json:"token"`
	Landing               []LandingButton `json:"landing"`
	Theme                 Theme           `json:"theme"`
	FooterImage           *string         `json:"footerImage"`
	Country               string          `json:"country"`
	SimbolCoinType        string          `json:"simbolCoinType"`
	Currency              string          `json:"currency"`
	Features              Features        `json:"features"`
	Publi                 Publi           `json:"publi"`
	WaitlistEnabled       bool            `json:"waitlistEnabled"`
}

// ConfigOf builds the public config of c with its landing buttons (in display order). Landing is
// never null in the result, and stored values outside what the API promises (a colour that is not
// "#rrggbb", maxSlotsBooking outside 1–10, a negative cancelBookingMaxDays) fall back to defaults.
func ConfigOf(c Company, landing []LandingButton) Config {
	if landing == nil {
		landing = []LandingButton{}
	}
	for i := range landing {
		if len(landing[i].Options) == 0 {
			landing[i].Options = nil
		}
		landing[i].Link = SafeOrEmpty(landing[i].Link) // checked when written; again here (link.go)
	}
	c.Publi.HyperlinkLeft, c.Publi.HyperlinkRight = SafePtr(c.Publi.HyperlinkLeft), SafePtr(c.Publi.HyperlinkRight)
	return Config{
		IDCompany:             c.ID,
		CompanyName:           c.Name,
		Logo:                  c.Logo,
		MaxParticipants:       c.MaxParticipants,
		IsPaymentsActive:      boolInt(c.PaymentsActive),
		VoucherMode:           c.VoucherMode,
		EnableGroupedProducts: c.EnableGroupedProducts,
		ShowEventsInBooking:   c.ShowEventsInBooking,
		ShowEmails:            c.ShowEmails,
		EmailOptional:         c.EmailOptional,
		ShowUsersAvailable:    c.ShowUsersAvailable,
		MaxSlotsBooking:       clamp(c.MaxSlotsBooking, 1, 10, DefaultMaxSlotsBooking),
		CancelBookingMaxDays:  max(c.CancelBookingMaxDays, 0),
		DefaultCulture:        c.DefaultCulture,
		Token:                 c.Token,
		Landing:               landing,
		Theme:                 Theme{PrimaryColor: colour(c.PrimaryColor, DefaultPrimaryColor), SecondaryColor: colour(c.SecondaryColor, DefaultSecondaryColor)},
		FooterImage:           c.FooterImage,
		Country:               c.Country,
		SimbolCoinType:        c.CurrencySymbol,
		Currency:              c.Currency,
		Features:              Features{Licences: c.FeatureLicences},
		Publi:                 c.Publi,
		WaitlistEnabled:       c.WaitlistEnabled,
	}
}

// ValidColour reports whether s is a "#rrggbb" colour.
func ValidColour(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, r := range s[1:] {
		if !('0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F') {
			return false
		}
	}
	return true
}

func colour(s, fallback string) string {
	if ValidColour(s) {
		return s
	}
	return fallback
}

func clamp(v, lo, hi, fallback int) int {
	if v < lo || v > hi {
		return fallback
	}
	return v
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
