package company

import (
	"encoding/json"
	"slices"
	"strings"
)

// Kiosk idle period bounds, in seconds: how long a kiosk waits without a touch before it goes back to
// its start. The default suits a counter where the next customer arrives within a minute or two.
const (
	DefaultKioskIdleSeconds = 90
	MinKioskIdleSeconds     = 15
	MaxKioskIdleSeconds     = 3600
)

// Cultures are the interface cultures of the product (the seven languages), in the web app's order.
var Cultures = []string{"en-GB", "es-ES", "da-DK", "ar-SA", "de-DE", "nb-NO", "sv-SE"}

// KnownCulture reports whether c is one of Cultures.
func KnownCulture(c string) bool { return slices.Contains(Cultures, c) }

// PubliCulture maps a culture or language ("es-ES", "da", "ar-SA", …) to the advertising culture code
// of the admin spec (section 9): es, dk, sv-SE, sa, de, and gb for anything else.
func PubliCulture(culture string) string {
	lang, region, _ := strings.Cut(strings.ToLower(strings.TrimSpace(culture)), "-")
	switch {
	case lang == "es":
		return "es"
	case lang == "da" || lang == "dk":
		return "dk"
	case lang == "sv" && (region == "" || region == "se"):
		return "sv-SE"
	case lang == "ar" || lang == "sa":
		return "sa"
	case lang == "de":
		return "de"
	}
	return "gb"
}

// KioskLanguageOf is the culture c's kiosk starts in: its own setting, else the company's default
// culture when that is one of Cultures, else en-GB.
func KioskLanguageOf(c Company) string {
	if KnownCulture(c.KioskLanguage) {
		return c.KioskLanguage
	}
	if KnownCulture(c.DefaultCulture) {
		return c.DefaultCulture
	}
	return "en-GB"
}

// KioskIdleOf is c's kiosk idle period in seconds, DefaultKioskIdleSeconds when the stored value is
// outside the bounds.
func KioskIdleOf(c Company) int {
	if c.KioskIdleSeconds < MinKioskIdleSeconds || c.KioskIdleSeconds > MaxKioskIdleSeconds {
		return DefaultKioskIdleSeconds
	}
	return c.KioskIdleSeconds
}

// Advertising is the pair of side images a page shows for one culture, with their links.
type Advertising struct {
	Culture        string  `json:"culture"` // the PubliCulture code
	ImgLeft        *string `json:"imgLeft"`
	ImgRight       *string `json:"imgRight"`
	HyperlinkLeft  *string `json:"hyperlinkLeft"`
	HyperlinkRight *string `json:"hyperlinkRight"`
}

// AdvertisingFor resolves c's advertising for culture: the default-language images when culture maps
// to the same code as the company's default culture, else the English variant; a missing image falls
// back to the other variant's. Nil when the advertising is not active. Unsafe links are dropped.
func AdvertisingFor(c Company, culture string) *Advertising {
	p := c.Publi
	if !p.IsActive {
		return nil
	}
	code := PubliCulture(culture)
	left, right := p.ImgLeftENG, p.ImgRightENG
	altLeft, altRight := p.ImgLeftDefault, p.ImgRightDefault
	if code == PubliCulture(c.DefaultCulture) {
		left, right, altLeft, altRight = altLeft, altRight, left, right
	}
	return &Advertising{Culture: code, ImgLeft: firstSet(left, altLeft), ImgRight: firstSet(right, altRight),
		HyperlinkLeft: SafePtr(p.HyperlinkLeft), HyperlinkRight: SafePtr(p.HyperlinkRight)}
}

func firstSet(a, b *string) *string {
	if a != nil && *a != "" {
		return a
	}
	if b != nil && *b != "" {
		return b
	}
	return nil
}

// CloudData is what the `data` JSON text of the company's public data holds (schema CompanyCloudData).
type CloudData struct {
	Logo                 string          `json:"logo"`
	Landing              []LandingButton `json:"landing"`
	DefaultKioskLanguage string          `json:"defaultKioskLanguage"`
	KioskIdleSeconds     int             `json:"kioskIdleSeconds"`
	Publi                Publi           `json:"publi"`
}

// KioskSettings is the kiosk's part of the public data, parsed.
type KioskSettings struct {
	DefaultLanguage string `json:"defaultLanguage"`
	IdleSeconds     int    `json:"idleSeconds"`
}

// Public is the company's public data (GET /api/company/{id}, schema CompanyPublic): the customer
// spec's "company cloud data", plus the kiosk settings and the advertising for one culture parsed.
type Public struct {
	ID              int64         `json:"id"`
	Name            string        `json:"name"`
	DefaultLanguage string        `json:"defaultLanguage"`
	Data            string        `json:"data"` // JSON text of CloudData
	Kiosk           KioskSettings `json:"kiosk"`
	Advertising     *Advertising  `json:"advertising"`
}

// PublicOf builds c's public data with its landing buttons; culture picks the advertising images
// ("" means the kiosk's language).
func PublicOf(c Company, landing []LandingButton, culture string) Public {
	cfg := ConfigOf(c, landing) // the same link checks and defaults as the booking config
	kiosk := KioskSettings{DefaultLanguage: KioskLanguageOf(c), IdleSeconds: KioskIdleOf(c)}
	data, _ := json.Marshal(CloudData{Logo: cfg.Logo, Landing: cfg.Landing, DefaultKioskLanguage: kiosk.DefaultLanguage,
		KioskIdleSeconds: kiosk.IdleSeconds, Publi: cfg.Publi}) // plain structs: Marshal cannot fail
	if culture == "" {
		culture = kiosk.DefaultLanguage
	}
	return Public{ID: c.ID, Name: c.Name, DefaultLanguage: c.DefaultCulture, Data: string(data), Kiosk: kiosk,
		Advertising: AdvertisingFor(c, culture)}
}
