package company

import (
	"context"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"pitlane/internal/apperr"
)

// Bounds of the owner's company settings (the Company tab of the settings dialog).
const (
	MaxSettingsName    = 200
	MaxSettingsAddress = 300
	MaxEmailLength     = 254
	MaxReportEmails    = 10
	MaxRefundDays      = 365
)

// Settings are the company's switches and contact that only the database held before the Company tab
// (issue 24): refunds and their window, online payments, advertising, the licences box, the contact
// (name, postal address, Reply-To, where problem reports go), currency, time zone and logo.
type Settings struct {
	Name              string   `json:"name"`
	Address           string   `json:"address"`
	ReplyTo           string   `json:"replyTo"`
	ReportEmails      []string `json:"reportEmails"`
	Currency          string   `json:"currency"`
	CurrencySymbol    string   `json:"currencySymbol"`
	TimeZone          string   `json:"timeZone"`
	Logo              string   `json:"logo"`
	IsRefundEnabled   bool     `json:"isRefundEnabled"`
	RefundMaxDays     int      `json:"refundMaxDays"`
	PaymentsActive    bool     `json:"paymentsActive"`
	AdvertisingActive bool     `json:"advertisingActive"`
	FeatureLicences   bool     `json:"featureLicences"`
}

// SettingsPatch names the fields a save changes: nil leaves a field as it is, so a screen that sends one
// field cannot erase another (the issue 25 rule).
type SettingsPatch struct {
	Name              *string
	Address           *string
	ReplyTo           *string
	ReportEmails      *[]string
	Currency          *string
	TimeZone          *string
	Logo              *string
	IsRefundEnabled   *bool
	RefundMaxDays     *int
	PaymentsActive    *bool
	AdvertisingActive *bool
	FeatureLicences   *bool
}

// logoPath is the address of an image of the product image pipeline (catalog.ImagePrefix + sha + ".png").
var logoPath = regexp.MustCompile(`^/api/product/image/([0-9a-f]{64})\.png$`)

// LogoSum returns the SHA-256 an uploaded logo's address names, and whether it is such an address.
func LogoSum(logo string) (string, bool) {
	m := logoPath.FindStringSubmatch(logo)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// ValidTimeZone reports whether name is an IANA time zone this server knows ("Local" and "" are not).
func ValidTimeZone(name string) bool {
	if name == "" || name == "Local" {
		return false
	}
	_, err := time.LoadLocation(name)
	return err == nil
}

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && a.Name == "" && utf8.RuneCountInString(s) <= MaxEmailLength
}

// Apply returns cur with the patch's fields set, trimmed and checked, and the changed fields with their
// values before and after (for the audit log). Returns apperr.Unprocessable with a field error per
// broken rule; nothing of the patch applies then. The logo's existence is the store's check.
func (p SettingsPatch) Apply(cur Settings) (Settings, map[string]any, error) {
	next := cur
	fe := apperr.FieldErrors{}
	if p.Name != nil {
		next.Name = strings.TrimSpace(*p.Name)
		if next.Name == "" || utf8.RuneCountInString(next.Name) > MaxSettingsName {
			fe.Add("name", "Enter the company's name, up to 200 characters.")
		}
	}
	if p.Address != nil {
		next.Address = strings.TrimSpace(*p.Address)
		if utf8.RuneCountInString(next.Address) > MaxSettingsAddress {
			fe.Add("address", "The address is at most 300 characters.")
		}
	}
	if p.ReplyTo != nil {
		next.ReplyTo = strings.TrimSpace(*p.ReplyTo)
		if next.ReplyTo != "" && !validEmail(next.ReplyTo) {
			fe.Add("replyTo", "Enter an e-mail address such as info@circuit.example, or leave it empty.")
		}
	}
	if p.ReportEmails != nil {
		seen := map[string]bool{}
		next.ReportEmails = []string{}
		for _, e := range *p.ReportEmails {
			e = strings.TrimSpace(e)
			if e == "" || seen[strings.ToLower(e)] {
				continue
			}
			seen[strings.ToLower(e)] = true
			if !validEmail(e) {
				fe.Add("reportEmails", "Each address must be an e-mail address such as info@circuit.example.")
			}
			next.ReportEmails = append(next.ReportEmails, e)
		}
		if len(next.ReportEmails) > MaxReportEmails {
			fe.Add("reportEmails", "At most 10 addresses.")
		}
	}
	if p.Currency != nil {
		next.Currency = strings.ToUpper(strings.TrimSpace(*p.Currency))
		sym, ok := CurrencySymbol(next.Currency)
		if !ok {
			fe.Add("currency", "The currency must be one of EUR, DKK, NOK, SEK, GBP, USD, CHF.")
		}
		next.CurrencySymbol = sym
	}
	if p.TimeZone != nil {
		next.TimeZone = strings.TrimSpace(*p.TimeZone)
		if !ValidTimeZone(next.TimeZone) {
			fe.Add("timeZone", "Choose an IANA time zone such as Europe/Madrid.")
		}
	}
	if p.Logo != nil {
		next.Logo = strings.TrimSpace(*p.Logo)
		if _, ok := LogoSum(next.Logo); next.Logo != "" && !ok {
			fe.Add("logo", "Upload the logo here, or leave it empty.")
		}
	}
	if p.RefundMaxDays != nil {
		next.RefundMaxDays = *p.RefundMaxDays
		if next.RefundMaxDays < 0 || next.RefundMaxDays > MaxRefundDays {
			fe.Add("refundMaxDays", "Enter 0 (no limit) to 365 days.")
		}
	}
	for _, b := range []struct {
		v   *bool
		dst *bool
	}{{p.IsRefundEnabled, &next.IsRefundEnabled}, {p.PaymentsActive, &next.PaymentsActive},
		{p.AdvertisingActive, &next.AdvertisingActive}, {p.FeatureLicences, &next.FeatureLicences}} {
		if b.v != nil {
			*b.dst = *b.v
		}
	}
	if err := fe.Err(apperr.Unprocessable, "Some company settings break a rule; nothing was saved."); err != nil {
		return cur, nil, err
	}
	return next, settingsChanges(cur, next), nil
}

// settingsChanges lists each field that differs between a and b with its value before and after.
func settingsChanges(a, b Settings) map[string]any {
	out := map[string]any{}
	add := func(name string, before, after any, same bool) {
		if !same {
			out[name] = map[string]any{"before": before, "after": after}
		}
	}
	add("name", a.Name, b.Name, a.Name == b.Name)
	add("address", a.Address, b.Address, a.Address == b.Address)
	add("replyTo", a.ReplyTo, b.ReplyTo, a.ReplyTo == b.ReplyTo)
	add("reportEmails", a.ReportEmails, b.ReportEmails, strings.Join(a.ReportEmails, "\n") == strings.Join(b.ReportEmails, "\n"))
	add("currency", a.Currency, b.Currency, a.Currency == b.Currency)
	add("timeZone", a.TimeZone, b.TimeZone, a.TimeZone == b.TimeZone)
	add("logo", a.Logo, b.Logo, a.Logo == b.Logo)
	add("isRefundEnabled", a.IsRefundEnabled, b.IsRefundEnabled, a.IsRefundEnabled == b.IsRefundEnabled)
	add("refundMaxDays", a.RefundMaxDays, b.RefundMaxDays, a.RefundMaxDays == b.RefundMaxDays)
	add("paymentsActive", a.PaymentsActive, b.PaymentsActive, a.PaymentsActive == b.PaymentsActive)
	add("advertisingActive", a.AdvertisingActive, b.AdvertisingActive, a.AdvertisingActive == b.AdvertisingActive)
	add("featureLicences", a.FeatureLicences, b.FeatureLicences, a.FeatureLicences == b.FeatureLicences)
	return out
}

// SettingsStore reads and writes the company settings.
type SettingsStore interface {
	// CompanySettings returns the company's settings. Returns apperr.NotFound if there is no such company.
	CompanySettings(ctx context.Context, companyID int64) (Settings, error)
	// UpdateCompanySettings reads the company's settings, passes them to apply and writes what it returns,
	// with the audit entry (action company.settings, details: the changes) in the same transaction, the
	// row locked meanwhile so two saves of different fields both hold. Nothing is written when apply
	// fails or changes nothing. Returns the settings as saved and the company's public token; the error
	// of apply; apperr.Unprocessable naming "logo" when the logo is no image uploaded to this company;
	// apperr.NotFound if there is no such company.
	UpdateCompanySettings(ctx context.Context, companyID int64, apply func(Settings) (Settings, map[string]any, error), by Actor, at time.Time) (Settings, string, error)
}

// Actor is the staff member a change is audited as.
type Actor struct {
	UserID int64
	Email  string
}

// SettingsService runs the Company tab's calls.
type SettingsService struct {
	store   SettingsStore
	now     func() time.Time
	changed func(companyToken string)
}

// NewSettingsService returns the service over the store; changed (may be nil) is told of every saved
// company so that cached public configurations are dropped.
func NewSettingsService(s SettingsStore, now func() time.Time, changed func(companyToken string)) *SettingsService {
	return &SettingsService{store: s, now: now, changed: changed}
}

// Settings returns the company's settings. Returns apperr.NotFound if there is no such company.
func (s *SettingsService) Settings(ctx context.Context, companyID int64) (Settings, error) {
	return s.store.CompanySettings(ctx, companyID)
}

// Save applies the patch (see SettingsPatch.Apply) and returns the settings as saved. Returns
// apperr.Unprocessable with field errors, nothing saved.
func (s *SettingsService) Save(ctx context.Context, companyID int64, p SettingsPatch, by Actor) (Settings, error) {
	saved, token, err := s.store.UpdateCompanySettings(ctx, companyID, p.Apply, by, s.now())
	if err != nil {
		return Settings{}, err
	}
	if s.changed != nil && token != "" {
		s.changed(token)
	}
	return saved, nil
}
