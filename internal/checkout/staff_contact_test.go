package checkout_test

import (
	"errors"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
)

// An edited contact follows the booking page's rules, field by field, and comes back normalized.
func TestValidateContactEdit(t *testing.T) {
	good := checkout.ContactEdit{Name: " Lucía ", Surname: "", Email: " lucia@example.es ", Phone: "611 22 23 33"}
	got, err := checkout.ValidateContactEdit(good, "ES")
	if err != nil || got != (checkout.ContactEdit{Name: "Lucía", Email: "lucia@example.es", Phone: "+34611222333"}) {
		t.Fatalf("good contact: %+v %v", got, err)
	}
	for _, c := range []struct {
		name  string
		edit  func(*checkout.ContactEdit)
		field string
	}{
		{"no name", func(e *checkout.ContactEdit) { e.Name = "  " }, "name"},
		{"a slash in the name", func(e *checkout.ContactEdit) { e.Name = "Ana/B" }, "name"},
		{"a long name", func(e *checkout.ContactEdit) { e.Name = strings.Repeat("a", checkout.MaxNameLength+1) }, "name"},
		{"a slash in the surname", func(e *checkout.ContactEdit) { e.Surname = "P/G" }, "surname"},
		{"no e-mail", func(e *checkout.ContactEdit) { e.Email = "" }, "email"},
		{"a bad e-mail", func(e *checkout.ContactEdit) { e.Email = "lucia@" }, "email"},
		{"no phone", func(e *checkout.ContactEdit) { e.Phone = " " }, "phone"},
		{"a bad phone", func(e *checkout.ContactEdit) { e.Phone = "12345" }, "phone"},
	} {
		e := good
		c.edit(&e)
		_, err := checkout.ValidateContactEdit(e, "ES")
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != apperr.Unprocessable || ae.Fields[c.field] == "" || len(ae.Fields) != 1 {
			t.Errorf("%s: %v, want 422 naming %s alone", c.name, err, c.field)
		}
	}
}
