package checkout

import (
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
)

var today = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

func valid() SaveRequest {
	return SaveRequest{Token: "cart", Nombre: "Ana", Apellidos: "García López", Phone: "+34 612 345 678",
		Email: "ana@example.com", EmailConfirmation: "ANA@example.com", AdultConfirmation: true,
		IdentifiersPrebooking: []string{"h1"}}
}

// fieldsOf returns the field errors of err (nil when err is nil).
func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	if err == nil {
		return nil
	}
	var e *apperr.Error
	if !errorsAs(err, &e) || e.Code != apperr.Unprocessable {
		t.Fatalf("not a 422: %v", err)
	}
	return e.Fields
}

// Every contact rule of customer spec section 5, one row per rule: the field that must be reported,
// or "" when the request is valid.
func TestValidateContact(t *testing.T) {
	t.Parallel()
	rules := Rules{Country: "ES", PaymentsActive: true, Today: today}
	cases := []struct {
		name   string
		change func(*SaveRequest)
		rules  func(*Rules)
		field  string
	}{
		{"valid", func(*SaveRequest) {}, nil, ""},
		{"nombre required", func(r *SaveRequest) { r.Nombre = "" }, nil, "nombre"},
		{"nombre blank", func(r *SaveRequest) { r.Nombre = "   " }, nil, "nombre"},
		{"contactName instead of nombre", func(r *SaveRequest) { r.Nombre, r.ContactName = "", "Ana García" }, nil, ""},
		{"contactName with a slash", func(r *SaveRequest) { r.Nombre, r.ContactName = "", "Ana/García" }, nil, "contactName"},
		{"nombre with a slash", func(r *SaveRequest) { r.Nombre = "A/na" }, nil, "nombre"},
		{"nombre with U+1000", func(r *SaveRequest) { r.Nombre = "Ana\u1000" }, nil, "nombre"},
		{"nombre with CJK", func(r *SaveRequest) { r.Nombre = "山田" }, nil, "nombre"},
		{"nombre with an emoji", func(r *SaveRequest) { r.Nombre = "Ana 🏎" }, nil, "nombre"},
		{"nombre with a control character", func(r *SaveRequest) { r.Nombre = "Ana\x00" }, nil, "nombre"},
		{"nombre accents and Arabic are text", func(r *SaveRequest) { r.Nombre = "Zoë عائشة O'Neil-Smith" }, nil, ""},
		{"nombre too long", func(r *SaveRequest) { r.Nombre = strings.Repeat("a", MaxNameLength+1) }, nil, "nombre"},
		{"apellidos optional", func(r *SaveRequest) { r.Apellidos = "" }, nil, ""},
		{"apellidos with a slash", func(r *SaveRequest) { r.Apellidos = "García/López" }, nil, "apellidos"},
		{"apellidos blank", func(r *SaveRequest) { r.Apellidos = "  " }, nil, "apellidos"},
		{"phone required", func(r *SaveRequest) { r.Phone = "" }, nil, "phone"},
		{"phone too short", func(r *SaveRequest) { r.Phone = "+34612" }, nil, "phone"},
		{"phone not a number", func(r *SaveRequest) { r.Phone = "call me maybe" }, nil, "phone"},
		{"phone invalid for its country", func(r *SaveRequest) { r.Phone = "+34 000 000 000" }, nil, "phone"},
		{"phone national in the company's country", func(r *SaveRequest) { r.Phone = "612 345 678" }, nil, ""},
		{"phone of another country", func(r *SaveRequest) { r.Phone = "+44 20 7946 0958" }, nil, ""},
		{"telefono instead of phone", func(r *SaveRequest) { r.Phone, r.Telefono = "", "+4520123456" }, nil, ""},
		{"telefono invalid", func(r *SaveRequest) { r.Phone, r.Telefono = "", "+45 1" }, nil, "telefono"},
		{"email required", func(r *SaveRequest) { r.Email = "" }, nil, "email"},
		{"email pattern", func(r *SaveRequest) { r.Email, r.EmailConfirmation = "ana@example", "ana@example" }, nil, "email"},
		{"email with spaces", func(r *SaveRequest) { r.Email, r.EmailConfirmation = "a na@example.com", "a na@example.com" }, nil, "email"},
		{"email confirmation differs", func(r *SaveRequest) { r.EmailConfirmation = "ana@example.org" }, nil, "emailConfirmation"},
		{"email confirmation missing", func(r *SaveRequest) { r.EmailConfirmation = "" }, nil, "emailConfirmation"},
		{"birth date optional", func(r *SaveRequest) { r.FechaNacimiento = "" }, nil, ""},
		{"birth date valid", func(r *SaveRequest) { r.FechaNacimiento = "1990-05-17" }, nil, ""},
		{"birth date today", func(r *SaveRequest) { r.FechaNacimiento = "2026-12-01" }, nil, ""},
		{"birth date tomorrow", func(r *SaveRequest) { r.FechaNacimiento = "2026-12-02" }, nil, "fechaNacimiento"},
		{"birth date 80 years back", func(r *SaveRequest) { r.FechaNacimiento = "1946-12-01" }, nil, ""},
		{"birth date 80 years and a day back", func(r *SaveRequest) { r.FechaNacimiento = "1946-11-30" }, nil, "fechaNacimiento"},
		{"birth date malformed", func(r *SaveRequest) { r.FechaNacimiento = "17/05/1990" }, nil, "fechaNacimiento"},
		{"adult confirmation required", func(r *SaveRequest) { r.AdultConfirmation = false }, nil, "adultConfirmation"},
		{"gift valid", func(r *SaveRequest) { r.Gift = &Gift{Name: "Bo", Email: "bo@example.com", Message: "Enjoy"} }, nil, ""},
		{"gift without online payment", func(r *SaveRequest) { r.Gift = &Gift{Name: "Bo", Email: "bo@example.com"} },
			func(r *Rules) { r.PaymentsActive = false }, "gift"},
		{"gift name required", func(r *SaveRequest) { r.Gift = &Gift{Email: "bo@example.com"} }, nil, "gift.name"},
		{"gift name too long", func(r *SaveRequest) { r.Gift = &Gift{Name: strings.Repeat("b", 251), Email: "bo@example.com"} }, nil, "gift.name"},
		{"gift e-mail invalid", func(r *SaveRequest) { r.Gift = &Gift{Name: "Bo", Email: "bo"} }, nil, "gift.email"},
		{"gift message of 250", func(r *SaveRequest) {
			r.Gift = &Gift{Name: "Bo", Email: "bo@example.com", Message: strings.Repeat("é", 250)}
		}, nil, ""},
		{"gift message of 251", func(r *SaveRequest) {
			r.Gift = &Gift{Name: "Bo", Email: "bo@example.com", Message: strings.Repeat("é", 251)}
		}, nil, "gift.message"},
		{"token required", func(r *SaveRequest) { r.Token = "" }, nil, "token"},
		{"identifiers required", func(r *SaveRequest) { r.IdentifiersPrebooking = nil }, nil, "identifiersPrebooking"},
		{"identifiers repeated", func(r *SaveRequest) { r.IdentifiersPrebooking = []string{"a", "a"} }, nil, "identifiersPrebooking"},
		{"too many identifiers", func(r *SaveRequest) { r.IdentifiersPrebooking = make([]string, MaxIdentifiers+1) }, nil, "identifiersPrebooking"},
		{"description too long", func(r *SaveRequest) { r.Description = []string{strings.Repeat("x", MaxDescriptionLength+1)} }, nil, "description"},
		{"description too many", func(r *SaveRequest) { r.Description = make([]string, MaxDescriptionItems+1) }, nil, "description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, r := valid(), rules
			c.change(&req)
			if c.rules != nil {
				c.rules(&r)
			}
			contact, err := ValidateContact(req, r)
			fields := fieldsOf(t, err)
			if c.field == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				if contact.Name == "" || !strings.HasPrefix(contact.Phone, "+") {
					t.Errorf("contact %+v", contact)
				}
				return
			}
			if _, ok := fields[c.field]; !ok {
				t.Fatalf("want an error on %s, got %v", c.field, err)
			}
		})
	}
}

func TestNormalizePhone(t *testing.T) {
	t.Parallel()
	cases := []struct{ raw, region, want string }{
		{"+34 612 345 678", "GB", "+34612345678"},
		{"612345678", "ES", "+34612345678"},
		{"020 7946 0958", "", "+442079460958"},
		{"+45 20 12 34 56", "ES", "+4520123456"},
		{"123", "ES", ""},
		{"+1 555", "ES", ""},
	}
	for _, c := range cases {
		got, ok := NormalizePhone(c.raw, c.region)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("NormalizePhone(%q, %q) = %q, %v; want %q", c.raw, c.region, got, ok, c.want)
		}
	}
}
