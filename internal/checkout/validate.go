package checkout

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"pitlane/internal/apperr"
)

// Limits of the save-booking payload (customer spec sections 5 and 9).
const (
	MaxNameLength        = 100 // runes, contact and driver names
	MaxGiftLength        = 250 // runes, each of the gift's name, e-mail and message
	MaxEmailLength       = 254
	MinPhoneLength       = 7
	MaxPhoneLength       = 32
	BirthYearsBack       = 80
	MaxDescriptionItems  = 50
	MaxDescriptionLength = 250 // runes per item
	MaxIdentifiers       = 20
	MaxSlotEntries       = 100
	MaxDriversPerEntry   = 100
	MaxTokenLength       = 128
)

// Rules are the company settings and the moment a save-booking payload is checked against.
type Rules struct {
	Country        string // default region of phone numbers without a +country prefix
	ShowEmails     bool   // the company asks for driver e-mails
	EmailOptional  bool   // …but they may be left empty
	VoucherMode    bool   // a voucher without sessions: driver names are not required
	PaymentsActive bool   // online payment applies to this booking (gifts need it)
	StaffMode      bool   // a walk-in taken by staff: e-mail optional and once, the customer's terms stated by staff
	Today          time.Time
}

// Contact is the validated, normalized contact of a booking.
type Contact struct {
	Name        string
	Surname     string
	Phone       string // E.164
	Email       string // trimmed
	BirthDate   string // YYYY-MM-DD or empty
	AcceptPromo bool
}

// emailPattern is the standard address pattern of the booking form.
var emailPattern = regexp.MustCompile(`^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$`)

// ValidEmail reports whether s is an e-mail address of the standard pattern, at most 254 characters.
func ValidEmail(s string) bool {
	return len(s) <= MaxEmailLength && emailPattern.MatchString(s)
}

// NameProblem returns why s is not an acceptable person's name, or "" when it is: names are text, not
// blank, at most MaxNameLength characters, without a slash, control characters or any character from
// U+1000 up (the booking form's rule; characters beyond U+FFFF are written with surrogates in U+D800–
// U+DFFF by the browser, so they are refused too).
func NameProblem(s string) string {
	if strings.TrimSpace(s) == "" {
		return "required"
	}
	if !utf8.ValidString(s) {
		return "must be text"
	}
	if utf8.RuneCountInString(s) > MaxNameLength {
		return fmt.Sprintf("at most %d characters", MaxNameLength)
	}
	for _, r := range s {
		switch {
		case r == '/':
			return "must not contain a slash"
		case r >= 0x1000:
			return "contains characters that are not allowed"
		case unicode.IsControl(r):
			return "must be text"
		}
	}
	return ""
}

// NormalizePhone checks a phone number and returns it in E.164: at least MinPhoneLength characters, a
// valid international number (a number without +country is read in the default region).
func NormalizePhone(raw, defaultRegion string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if len(raw) < MinPhoneLength || len(raw) > MaxPhoneLength {
		return "", false
	}
	region := strings.ToUpper(defaultRegion)
	if region == "" {
		region = "GB"
	}
	n, err := phonenumbers.Parse(raw, region)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.E164), true
}

// BirthDateProblem returns why an optional birth date YYYY-MM-DD is not acceptable on the local date of
// today, or "": it may not be in the future nor more than BirthYearsBack years back.
func BirthDateProblem(s string, today time.Time) string {
	if s == "" {
		return ""
	}
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		return "invalid date: use YYYY-MM-DD"
	}
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	if d.After(day) {
		return "invalid date: in the future"
	}
	if d.Before(day.AddDate(-BirthYearsBack, 0, 0)) {
		return fmt.Sprintf("invalid date: more than %d years ago", BirthYearsBack)
	}
	return ""
}

// ValidateContact checks every contact rule of the customer spec (section 5) that does not depend on
// the cart, and returns the normalized contact. Errors are apperr.Unprocessable with one field error
// per broken rule, named as in the payload.
func ValidateContact(req SaveRequest, r Rules) (Contact, error) {
	fe := apperr.FieldErrors{}
	c := Contact{AcceptPromo: bool(req.AcceptSendPromo)}
	switch {
	case req.Nombre != "":
		if p := NameProblem(req.Nombre); p != "" {
			fe.Add("nombre", p)
		}
		c.Name = strings.TrimSpace(req.Nombre)
	case req.ContactName != "":
		if p := NameProblem(req.ContactName); p != "" {
			fe.Add("contactName", p)
		}
		c.Name = strings.TrimSpace(req.ContactName)
	default:
		fe.Add("nombre", "required")
	}
	if req.Nombre != "" && req.ContactName != "" {
		if p := NameProblem(req.ContactName); p != "" {
			fe.Add("contactName", p)
		}
	}
	if req.Apellidos != "" {
		if p := NameProblem(req.Apellidos); p != "" {
			fe.Add("apellidos", p)
		}
		c.Surname = strings.TrimSpace(req.Apellidos)
	}
	phoneField, phone := "phone", req.Phone
	if phone == "" {
		phoneField, phone = "telefono", req.Telefono
	}
	if strings.TrimSpace(phone) == "" {
		fe.Add("phone", "required")
	} else if p, ok := NormalizePhone(phone, r.Country); ok {
		c.Phone = p
	} else {
		fe.Add(phoneField, fmt.Sprintf("must be a valid international phone number of at least %d characters", MinPhoneLength))
	}
	c.Email = strings.TrimSpace(req.Email)
	switch {
	case r.StaffMode && c.Email == "":
		// A walk-in may leave no address: the counter tells the customer in person.
	case r.StaffMode && !ValidEmail(c.Email):
		fe.Add("email", "must be a valid e-mail address")
	case r.StaffMode:
		// Asked once at the counter: no confirmation field.
	case c.Email == "":
		fe.Add("email", "required")
	case !ValidEmail(c.Email):
		fe.Add("email", "must be a valid e-mail address")
	case !strings.EqualFold(c.Email, strings.TrimSpace(req.EmailConfirmation)):
		fe.Add("emailConfirmation", "must equal the e-mail")
	}
	if p := BirthDateProblem(req.FechaNacimiento, r.Today); p != "" {
		fe.Add("fechaNacimiento", p)
	}
	c.BirthDate = req.FechaNacimiento
	switch {
	case r.StaffMode && !bool(req.CustomerAcceptedTerms):
		fe.Add("customerAcceptedTerms", "required: the customer must have accepted the terms")
	case !r.StaffMode && !bool(req.AdultConfirmation):
		fe.Add("adultConfirmation", "required: confirm the adult age")
	}
	validateGift(req.Gift, r, fe)
	validateLists(req, fe)
	return c, fe.Err(apperr.Unprocessable, "The booking is not valid.")
}

// validateGift checks the send-as-gift block: only with online payment; name required, e-mail valid,
// each at most MaxGiftLength characters.
func validateGift(g *Gift, r Rules, fe apperr.FieldErrors) {
	if g == nil {
		return
	}
	if !r.PaymentsActive {
		fe.Add("gift", "a booking can be sent as a gift only when it is paid online")
		return
	}
	switch {
	case strings.TrimSpace(g.Name) == "":
		fe.Add("gift.name", "required")
	case utf8.RuneCountInString(g.Name) > MaxGiftLength || !utf8.ValidString(g.Name):
		fe.Add("gift.name", fmt.Sprintf("at most %d characters", MaxGiftLength))
	case hasControl(g.Name):
		fe.Add("gift.name", "must be text")
	}
	if e := strings.TrimSpace(g.Email); !ValidEmail(e) || len(e) > MaxGiftLength {
		fe.Add("gift.email", "must be a valid e-mail address")
	}
	if utf8.RuneCountInString(g.Message) > MaxGiftLength || !utf8.ValidString(g.Message) {
		fe.Add("gift.message", fmt.Sprintf("at most %d characters", MaxGiftLength))
	}
}

// validateLists checks the token, the pre-booking identifiers, the description and the sizes of lists.
func validateLists(req SaveRequest, fe apperr.FieldErrors) {
	if t := strings.TrimSpace(req.Token); t == "" || len(t) > MaxTokenLength {
		fe.Add("token", "required: the shopping cart token")
	}
	switch n := len(req.IdentifiersPrebooking); {
	case n == 0:
		fe.Add("identifiersPrebooking", "required: at least one pre-booking")
	case n > MaxIdentifiers:
		fe.Add("identifiersPrebooking", fmt.Sprintf("at most %d pre-bookings", MaxIdentifiers))
	default:
		seen := map[string]bool{}
		for _, id := range req.IdentifiersPrebooking {
			if id == "" || len(id) > MaxTokenLength || seen[id] {
				fe.Add("identifiersPrebooking", "each pre-booking once, by its identifier")
				break
			}
			seen[id] = true
		}
	}
	if len(req.Description) > MaxDescriptionItems {
		fe.Add("description", fmt.Sprintf("at most %d items", MaxDescriptionItems))
	}
	for _, d := range req.Description {
		if utf8.RuneCountInString(d) > MaxDescriptionLength || !utf8.ValidString(d) {
			fe.Add("description", fmt.Sprintf("each item at most %d characters", MaxDescriptionLength))
			break
		}
	}
	if len(req.Slots) > MaxSlotEntries {
		fe.Add("slots", fmt.Sprintf("at most %d entries", MaxSlotEntries))
	}
	for i, s := range req.Slots {
		if len(s.Drivers) > MaxDriversPerEntry {
			fe.Add(fmt.Sprintf("slots[%d].drivers", i), fmt.Sprintf("at most %d drivers", MaxDriversPerEntry))
		}
		if len(s.PackAssociated) > 32 || len(s.PrebookingIdentifier) > MaxTokenLength {
			fe.Add(fmt.Sprintf("slots[%d]", i), "a field is too long")
		}
	}
}

func hasControl(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) {
			return true
		}
	}
	return false
}
