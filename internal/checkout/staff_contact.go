package checkout

import (
	"context"
	"fmt"
	"strings"

	"pitlane/internal/apperr"
)

// ContactEdit is a booking's contact as staff edit it in the details (schema UpdateContactRequest):
// the name, the optional surname, the e-mail and the phone.
type ContactEdit struct {
	Name    string `json:"name"`
	Surname string `json:"surname"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
}

// ValidateContactEdit checks an edited contact with the booking page's rules (NameProblem, ValidEmail,
// NormalizePhone in the company's country) and returns it normalized: trimmed, the phone in E.164.
// Errors are apperr.Unprocessable with one field error per broken rule.
func ValidateContactEdit(c ContactEdit, country string) (ContactEdit, error) {
	fe := apperr.FieldErrors{}
	out := ContactEdit{Name: strings.TrimSpace(c.Name), Surname: strings.TrimSpace(c.Surname), Email: strings.TrimSpace(c.Email)}
	if p := NameProblem(c.Name); p != "" {
		fe.Add("name", p)
	}
	if out.Surname != "" {
		if p := NameProblem(c.Surname); p != "" {
			fe.Add("surname", p)
		}
	}
	switch {
	case out.Email == "":
		fe.Add("email", "required")
	case !ValidEmail(out.Email):
		fe.Add("email", "must be a valid e-mail address")
	}
	if strings.TrimSpace(c.Phone) == "" {
		fe.Add("phone", "required")
	} else if p, ok := NormalizePhone(c.Phone, country); ok {
		out.Phone = p
	} else {
		fe.Add("phone", fmt.Sprintf("must be a valid international phone number of at least %d characters", MinPhoneLength))
	}
	return out, fe.Err(apperr.Unprocessable, "The contact is not valid.")
}

// StaffUpdateContact changes a booking's contact (name, surname, e-mail, phone) after ValidateContactEdit
// in the company's country, with an audit entry holding the contact before and after. Returns
// apperr.NotFound and ValidateContactEdit's errors.
func (s *Service) StaffUpdateContact(ctx context.Context, companyID, bookingID int64, c ContactEdit, by Actor) (ContactEdit, error) {
	st, err := s.staff()
	if err != nil {
		return ContactEdit{}, err
	}
	return st.UpdateContact(ctx, companyID, bookingID, by, s.d.Clock.Now(), func(country string) (ContactEdit, error) {
		return ValidateContactEdit(c, country)
	})
}
