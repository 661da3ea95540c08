package event

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"pitlane/internal/apperr"
)

// Limits of the registration form (customer spec, sections 5 and 9).
const (
	MinPhoneLength = 7
	MaxNickLength  = 100 // runes, the short names appended included
	MaxEmailLength = 254
)

// NickSeparator joins the nick and each chosen category short name: "Ana - JR", "Los Rápidos - SR".
const NickSeparator = " - "

// SaveRequest is the event registration payload (POST /api/event/saveEvent).
type SaveRequest struct {
	Nick                  string   `json:"nick"`
	Phone                 string   `json:"phone"`
	Email                 string   `json:"email"`
	EmailConfirmation     *string  `json:"emailConfirmation"`
	Event                 EventRef `json:"event"`
	Token                 string   `json:"token"` // the shopping cart of the hold
	IdentifiersPrebooking []string `json:"identifiersPrebooking"`
	Culture               string   `json:"culture"`
	CulturePaycomet       string   `json:"culturePaycomet"`
	Categories            []string `json:"categories"`   // chosen option short names
	TeamName              *string  `json:"teamName"`     // team events: the team's name (else nick is)
	AgeConfirmed          *bool    `json:"ageConfirmed"` // required true when the event has a checkbox text
}

// EventRef names an event by id in a request.
type EventRef struct {
	ID int64 `json:"id"`
}

// Form is a registration that passed the form rules.
type Form struct {
	Nick       string   // the name with the category short names appended (see NickWithCategories)
	IsTeam     bool     // Nick is a team's name
	Phone      string   // E.164, e.g. "+34600123456"
	Email      string   // trimmed
	Categories []string // short names chosen, in category and option order
	Identifier string   // the hold (pre-booking) paid for
	CartToken  string
}

var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// ValidEmail reports whether s is a plain e-mail address (the web form's pattern, at most
// MaxEmailLength bytes).
func ValidEmail(s string) bool {
	return len(s) <= MaxEmailLength && emailPattern.MatchString(s)
}

// NormalizePhone returns the E.164 form of a valid phone number. A number without a leading "+"
// is read as a number of the company's country (ISO 3166 alpha-2). ok is false for anything shorter
// than MinPhoneLength characters or not a valid number.
func NormalizePhone(raw, country string) (string, bool) {
	s := strings.TrimSpace(raw)
	if utf8.RuneCountInString(s) < MinPhoneLength {
		return "", false
	}
	region := strings.ToUpper(country)
	if strings.HasPrefix(s, "+") {
		region = "ZZ"
	}
	n, err := phonenumbers.Parse(s, region)
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.E164), true
}

// nameProblem tells what is wrong with a participant or team name, or "" when it is fine: it must
// not be blank, must hold no slash and no character from U+1000 to U+FFFF (customer spec,
// section 5).
func nameProblem(s string) string {
	if strings.TrimSpace(s) == "" {
		return "required"
	}
	if strings.ContainsRune(s, '/') {
		return "must not contain a slash"
	}
	for _, r := range s {
		if r >= 0x1000 && r <= 0xFFFF {
			return "contains characters that are not allowed"
		}
	}
	return ""
}

// ChooseOptions checks the chosen short names against the event's categories: each must be an
// option that is not disabled, and each excluding category needs exactly one. It returns the
// chosen short names without repeats, in category and option order; problems are recorded on fe
// under "categories".
func ChooseOptions(cats []Category, chosen []string, fe apperr.FieldErrors) []string {
	want := map[string]bool{}
	for _, c := range chosen {
		want[strings.TrimSpace(c)] = true
	}
	var out []string
	for _, cat := range cats {
		n := 0
		for _, o := range cat.Options {
			if !want[o.ShortName] {
				continue
			}
			delete(want, o.ShortName)
			if o.Disabled {
				fe.Add("categories", "option "+o.ShortName+" cannot be chosen")
				continue
			}
			out = append(out, o.ShortName)
			n++
		}
		if cat.Excluding && n != 1 {
			fe.Add("categories", "choose exactly one option of "+cat.Title)
		}
	}
	if len(want) > 0 {
		unknown := make([]string, 0, len(want))
		for k := range want {
			unknown = append(unknown, k)
		}
		slices.Sort(unknown)
		fe.Add("categories", "unknown option "+strings.Join(unknown, ", "))
	}
	return out
}

// NickWithCategories appends the short names to the nick, each after NickSeparator: "Ana" with
// ["JR"] is "Ana - JR". A nick that already ends with exactly that suffix (the web form appends it
// too) is not given it twice.
func NickWithCategories(nick string, shortNames []string) string {
	nick = strings.TrimSpace(nick)
	if len(shortNames) == 0 {
		return nick
	}
	suffix := NickSeparator + strings.Join(shortNames, NickSeparator)
	return strings.TrimSpace(strings.TrimSuffix(nick, suffix)) + suffix
}

// ValidateForm applies the event form's rules to a registration of the event described by d, for a
// company in country. Every problem is a field error of one apperr.Unprocessable.
func ValidateForm(req SaveRequest, d Detail, country string) (Form, error) {
	fe := apperr.FieldErrors{}
	f := Form{IsTeam: d.Event.Team, CartToken: strings.TrimSpace(req.Token)}

	name, field := req.Nick, "nick"
	if req.TeamName != nil {
		if !d.Event.Team {
			fe.Add("teamName", "only team events take a team name")
		} else if strings.TrimSpace(*req.TeamName) != "" {
			name, field = *req.TeamName, "teamName"
		}
	}
	if p := nameProblem(name); p != "" {
		fe.Add(field, p)
	}
	f.Categories = ChooseOptions(d.Categories, req.Categories, fe)
	f.Nick = NickWithCategories(name, f.Categories)
	if utf8.RuneCountInString(f.Nick) > MaxNickLength {
		fe.Add(field, "is too long")
	}

	if phone, ok := NormalizePhone(req.Phone, country); ok {
		f.Phone = phone
	} else if strings.TrimSpace(req.Phone) == "" {
		fe.Add("phone", "required")
	} else {
		fe.Add("phone", "must be a valid international phone number")
	}
	f.Email = strings.TrimSpace(req.Email)
	switch {
	case f.Email == "":
		fe.Add("email", "required")
	case !ValidEmail(f.Email):
		fe.Add("email", "must be a valid e-mail address")
	case req.EmailConfirmation != nil && !strings.EqualFold(strings.TrimSpace(*req.EmailConfirmation), f.Email):
		fe.Add("emailConfirmation", "must equal the e-mail")
	}
	if d.CheckboxText() != "" && (req.AgeConfirmed == nil || !*req.AgeConfirmed) {
		fe.Add("ageConfirmed", "required")
	}
	if f.CartToken == "" {
		fe.Add("token", "required")
	}
	switch len(req.IdentifiersPrebooking) {
	case 1:
		f.Identifier = strings.TrimSpace(req.IdentifiersPrebooking[0])
		if f.Identifier == "" {
			fe.Add("identifiersPrebooking", "required")
		}
	case 0:
		fe.Add("identifiersPrebooking", "required")
	default:
		fe.Add("identifiersPrebooking", "a registration pays for exactly one pre-booking")
	}
	if err := fe.Err(apperr.Unprocessable, "The registration is not valid."); err != nil {
		return Form{}, err
	}
	return f, nil
}
