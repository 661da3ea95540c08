package checkout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
)

// SaveRequest is the body of POST /api/booking/saveBooking (schema PrebookingSave in docs/openapi.yaml):
// the save-booking payload of the customer spec (section 3) with the contact form's fields.
type SaveRequest struct {
	Token                 string      `json:"token"` // the shopping cart token
	ContactName           string      `json:"contactName,omitempty"`
	Nombre                string      `json:"nombre,omitempty"`
	Apellidos             string      `json:"apellidos,omitempty"`
	Phone                 string      `json:"phone,omitempty"`
	Telefono              string      `json:"telefono,omitempty"`
	Email                 string      `json:"email"`
	EmailConfirmation     string      `json:"emailConfirmation"`
	FechaNacimiento       string      `json:"fechaNacimiento,omitempty"`
	AcceptSendPromo       Flag        `json:"acceptSendPromo,omitempty"`
	AdultConfirmation     Flag        `json:"adultConfirmation"`
	Description           []string    `json:"description,omitempty"`
	IdentifiersPrebooking []string    `json:"identifiersPrebooking"`
	Slots                 []SlotEntry `json:"slots,omitempty"`
	Gift                  *Gift       `json:"gift,omitempty"`
	IsPaymentsActive      Flag        `json:"isPaymentsActive"`
	Culture               string      `json:"culture,omitempty"`
	// StaffMode is a walk-in booking taken by staff at the counter (issue 23): the contact's e-mail is
	// optional and asked once, and CustomerAcceptedTerms (the staff member states that the customer
	// accepted the terms) replaces the customer's own boxes. Accepted only from a signed-in staff
	// member of the cart's company (SaveTaken); paid at the circuit.
	StaffMode             Flag   `json:"staffMode,omitempty"`
	CustomerAcceptedTerms Flag   `json:"customerAcceptedTerms,omitempty"`
	CulturePaycomet       string `json:"culturePaycomet,omitempty"`
}

// Gift sends the booking as a present: the recipient gets a gift mail with the buyer's message.
type Gift struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Message string `json:"message"`
}

// SlotEntry is one session of the save-booking payload with its drivers. The spec's form maps the
// session's start to its drivers ({"2026-12-01 10:00:00": [...], "productIdCloud": 3, ...}); the
// explicit form names them (bookingDate, drivers). prebookingIdentifier ties the entry to a hold
// exactly; without it the entry is matched by product and start.
type SlotEntry struct {
	PrebookingIdentifier string        `json:"prebookingIdentifier,omitempty"`
	BookingDate          string        `json:"bookingDate,omitempty"`
	Drivers              []DriverInput `json:"drivers"`
	ProductIDCloud       *int64        `json:"productIdCloud,omitempty"`
	IDPackCloud          *int64        `json:"idPackCloud,omitempty"`
	IDProductLocal       *IDText       `json:"idProductLocal,omitempty"`
	IDPackLocal          *IDText       `json:"idPackLocal,omitempty"`
	IDVariant            *int64        `json:"idVariant,omitempty"` // default 1
	PackAssociated       string        `json:"packAssociated,omitempty"`
}

// DriverInput is one driver of a session: a name, or an object with the name, e-mail, the
// underage / register-later switch and whether the driver is a known member.
type DriverInput struct {
	Name          string `json:"name"`
	Email         string `json:"email,omitempty"`
	Underage      bool   `json:"underage,omitempty"`
	IsCloudMember bool   `json:"isCloudMember,omitempty"`
}

// sessionKey matches the spec's slot keys: a session start "YYYY-MM-DD HH:mm[:ss]".
var sessionKey = regexp.MustCompile(`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$`)

// UnmarshalJSON reads either form of a slot entry and rejects unknown keys.
func (s *SlotEntry) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if raw == nil {
		return fmt.Errorf("json: a slot must be an object")
	}
	*s = SlotEntry{}
	dateKeys := 0
	for k, v := range raw {
		var err error
		switch k {
		case "prebookingIdentifier":
			err = strict(v, &s.PrebookingIdentifier)
		case "bookingDate":
			err = strict(v, &s.BookingDate)
		case "drivers":
			err = strict(v, &s.Drivers)
		case "productIdCloud":
			err = strict(v, &s.ProductIDCloud)
		case "idPackCloud":
			err = strict(v, &s.IDPackCloud)
		case "idProductLocal":
			err = strict(v, &s.IDProductLocal)
		case "idPackLocal":
			err = strict(v, &s.IDPackLocal)
		case "idVariant":
			err = strict(v, &s.IDVariant)
		case "packAssociated":
			err = strict(v, &s.PackAssociated)
		default:
			if !sessionKey.MatchString(k) {
				return fmt.Errorf("json: unknown field %q", k)
			}
			dateKeys++
			s.BookingDate = k
			err = strict(v, &s.Drivers)
		}
		if err != nil {
			return err
		}
	}
	if dateKeys > 1 || (dateKeys == 1 && (raw["bookingDate"] != nil || raw["drivers"] != nil)) {
		return fmt.Errorf("json: a slot names one session: either one start key or bookingDate and drivers")
	}
	return nil
}

// UnmarshalJSON reads a driver given as a name or as an object, rejecting unknown keys.
func (d *DriverInput) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*d = DriverInput{}
		return json.Unmarshal(b, &d.Name)
	}
	type plain DriverInput
	var p plain
	if err := strict(b, &p); err != nil {
		return err
	}
	*d = DriverInput(p)
	return nil
}

// strict decodes b into dst rejecting unknown object keys.
func strict(b []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(dst)
}

// Flag is a 0/1 switch that also accepts true and false.
type Flag bool

// UnmarshalJSON reads 0, 1, true, false or null (false).
func (f *Flag) UnmarshalJSON(b []byte) error {
	switch string(bytes.TrimSpace(b)) {
	case "1", "true":
		*f = true
	case "0", "false", "null":
		*f = false
	default:
		return &json.UnmarshalTypeError{Value: string(b), Type: reflectFlag}
	}
	return nil
}

// MarshalJSON writes 1 or 0.
func (f Flag) MarshalJSON() ([]byte, error) {
	if f {
		return []byte("1"), nil
	}
	return []byte("0"), nil
}

// IDText is an identifier sent as a string or a number (local product ids).
type IDText string

// UnmarshalJSON reads a string or a number.
func (t *IDText) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = IDText(s)
		return nil
	}
	if _, err := strconv.ParseFloat(string(b), 64); err != nil {
		return &json.UnmarshalTypeError{Value: string(b), Type: reflectIDText}
	}
	*t = IDText(b)
	return nil
}

var (
	reflectFlag   = reflect.TypeOf(Flag(false))
	reflectIDText = reflect.TypeOf(IDText(""))
)
