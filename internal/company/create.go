package company

import (
	"strings"
	"time"

	"pitlane/internal/apperr"
)

// NewCompanyInput is what an operator gives to create a company from the command line (`pitlane admin
// create --new-company`): its name and the few facts the booking side cannot guess. Everything else
// (opening hours, rules, catalogue) is set afterwards in the back office's settings dialog.
type NewCompanyInput struct {
	Name     string
	TimeZone string // IANA name, e.g. "Europe/Madrid"
	Culture  string // the booking page's default language, e.g. "es-ES"
	Currency string // ISO 4217: EUR, DKK, NOK, SEK, GBP, USD or CHF
	Circuit  string // the name of its one circuit (track)
}

// currencySymbols are the symbols shown with prices for the currencies a new company may use.
var currencySymbols = map[string]string{
	"EUR": "€", "DKK": "kr.", "NOK": "kr", "SEK": "kr", "GBP": "£", "USD": "$", "CHF": "CHF",
}

// cultures are the booking page's languages a new company may default to, with the country each implies.
var cultures = map[string]string{
	"en-GB": "GB", "es-ES": "ES", "da-DK": "DK", "de-DE": "DE", "nb-NO": "NO", "sv-SE": "SE", "ar-SA": "SA",
}

// NewCompany checks in and returns the company to insert: fresh public key and token, payments at
// the circuit (online payment is configured separately), the column defaults for the rest.
// Returns apperr.Unprocessable with field errors when a value is missing or unknown.
func NewCompany(in NewCompanyInput) (Company, error) {
	name := strings.TrimSpace(in.Name)
	fe := apperr.FieldErrors{}
	if name == "" || len([]rune(name)) > 200 {
		fe.Add("name", "Enter a company name of up to 200 characters.")
	}
	if _, err := time.LoadLocation(in.TimeZone); err != nil || in.TimeZone == "" || in.TimeZone == "Local" {
		fe.Add("timeZone", "Enter an IANA time zone such as Europe/Madrid.")
	}
	country, okCulture := cultures[in.Culture]
	if !okCulture {
		fe.Add("culture", "The language must be one of en-GB, es-ES, da-DK, de-DE, nb-NO, sv-SE, ar-SA.")
	}
	currency := strings.ToUpper(strings.TrimSpace(in.Currency))
	symbol, okCurrency := currencySymbols[currency]
	if !okCurrency {
		fe.Add("currency", "The currency must be one of EUR, DKK, NOK, SEK, GBP, USD, CHF.")
	}
	if c := strings.TrimSpace(in.Circuit); c == "" || len([]rune(c)) > 100 {
		fe.Add("circuit", "Enter a circuit name of up to 100 characters.")
	}
	if err := fe.Err(apperr.Unprocessable, "Check the company's details."); err != nil {
		return Company{}, err
	}
	return Company{
		Name: name, PublicKey: NewPublicKey(), Token: NewToken(),
		DefaultCulture: in.Culture, Country: country, Currency: currency, CurrencySymbol: symbol,
		TimeZone: in.TimeZone, PrimaryColor: DefaultPrimaryColor, SecondaryColor: DefaultSecondaryColor,
		PaymentProvider: "simulated", EmailOptional: true, ShowUsersAvailable: true,
		MaxParticipants: -1, MaxSlotsBooking: DefaultMaxSlotsBooking,
	}, nil
}

// CurrencySymbol returns the symbol shown with prices of the ISO 4217 code, and whether a company may
// use that currency.
func CurrencySymbol(code string) (string, bool) {
	s, ok := currencySymbols[code]
	return s, ok
}
