package company

import (
	"reflect"
	"testing"

	"pitlane/internal/apperr"
)

// A patch changes only what it names: an empty one changes nothing and lists no change; addresses are
// trimmed and de-duplicated, the currency brings its symbol; a broken field is named and the settings
// come back as they were.
func TestSettingsPatchApply(t *testing.T) {
	cur := Settings{Name: "Norte", Currency: "EUR", CurrencySymbol: "€", TimeZone: "Europe/Madrid", ReportEmails: []string{}}
	next, changes, err := SettingsPatch{}.Apply(cur)
	if err != nil || !reflect.DeepEqual(next, cur) || len(changes) != 0 {
		t.Fatalf("empty patch: %+v %v %v", next, changes, err)
	}
	emails := []string{" a@x.example ", "A@x.example", "", "b@x.example"}
	sek := "sek"
	next, changes, err = SettingsPatch{ReportEmails: &emails, Currency: &sek}.Apply(cur)
	if err != nil || !reflect.DeepEqual(next.ReportEmails, []string{"a@x.example", "b@x.example"}) || next.CurrencySymbol != "kr" ||
		next.Name != "Norte" || len(changes) != 2 {
		t.Fatalf("emails and currency: %+v %v %v", next, changes, err)
	}
	bad := "Nowhere/Atlantis"
	days := -1
	next, _, err = SettingsPatch{TimeZone: &bad, RefundMaxDays: &days, Currency: &sek}.Apply(cur)
	var ae *apperr.Error
	if err == nil || !apperr.Is(err, apperr.Unprocessable) || !reflect.DeepEqual(next, cur) {
		t.Fatalf("broken: %+v %v", next, err)
	}
	if e, ok := err.(*apperr.Error); ok {
		ae = e
	}
	if ae == nil || ae.Fields["timeZone"] == "" || ae.Fields["refundMaxDays"] == "" || ae.Fields["currency"] != "" {
		t.Errorf("field errors: %v", err)
	}
}
