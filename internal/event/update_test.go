package event

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
)

// storedCup is the Night Cup as stored: it starts on 20 December at 19:00 in Madrid, with a 10.00 code.
var storedCup = FullEvent{ID: 7, Version: 5, Event: FullEventPart{Name: "Night Cup", DateIni: "2026-12-20 19:00:00", DateEnd: "2026-12-20 23:00:00"},
	Discount: &FullDiscount{Code: "NIGHT10", Price: 1000}}

// validUpdate is an edit of storedCup that breaks no rule, decoded as the handler decodes it; edit changes it.
func validUpdate(t *testing.T, edit func(m map[string]any)) UpdateRequest {
	t.Helper()
	m := map[string]any{"idCompany": 1, "id": 7, "version": 5,
		"event": map[string]any{"name": " Night Cup XL ", "price": 50, "idLocalProduct": "EV-9", "maxStock": 25,
			"dateIni": "2026-12-20 19:00", "dateEnd": "2026-12-20 23:30", "productData": map[string]any{"checkboxText": "All 18+", "colour": "red"}},
		"templateHtml": `<p>Four hours</p><script>alert(1)</script>`, "addToLandingPage": false,
		"categorys": map[string]any{"title": "Level", "excluding": false, "options": `[{"name":"Pro","shortName":"PR"}]`}}
	if edit != nil {
		edit(m)
	}
	raw, _ := json.Marshal(m)
	var req UpdateRequest
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		t.Fatal(err)
	}
	return req
}

// An edit is checked by createFullEvent's rules: the name trimmed, the template sanitised as on creation,
// the checkbox text copied to the event, the category read.
func TestCheckUpdateKeepsCreationRules(t *testing.T) {
	e, err := CheckUpdate(validUpdate(t, nil), storedCup, createNow, madrid)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Night Cup XL" || e.PriceCents != 5000 || e.MaxStock == nil || *e.MaxStock != 25 || e.Version != 5 ||
		e.DateEnd != "2026-12-20 23:30:00" || e.CheckboxText != "All 18+" || e.AddToLanding || e.Category == nil ||
		e.Category.Options[0].ShortName != "PR" || strings.Contains(e.TemplateHTML, "script") || e.TemplateHTML != SanitizeTemplate(`<p>Four hours</p><script>alert(1)</script>`) {
		t.Errorf("checked edit %+v", e)
	}
}

// A start left as stored may be in the past (a started event is corrected); a start moved into the past
// may not; the price may not go below the discount code; the version is required.
func TestCheckUpdateRefusals(t *testing.T) {
	started := time.Date(2026, 12, 20, 20, 0, 0, 0, madrid)
	if _, err := CheckUpdate(validUpdate(t, nil), storedCup, started, madrid); err != nil {
		t.Errorf("unchanged start of a started event: %v", err)
	}
	for name, c := range map[string]struct {
		edit  func(m map[string]any)
		field string
	}{
		"start moved into the past": {func(m map[string]any) { m["event"].(map[string]any)["dateIni"] = "2026-12-20 18:00" }, "event.dateIni"},
		"price below the code":      {func(m map[string]any) { m["event"].(map[string]any)["price"] = 9.99 }, "event.price"},
		"no version":                {func(m map[string]any) { delete(m, "version") }, "version"},
		"no places":                 {func(m map[string]any) { m["event"].(map[string]any)["maxStock"] = 0 }, "event.maxStock"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := CheckUpdate(validUpdate(t, c.edit), storedCup, started, madrid)
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Code != apperr.Unprocessable || ae.Fields[c.field] == "" || len(ae.Fields) != 1 {
				t.Errorf("%v, want a 422 naming %s alone", err, c.field)
			}
		})
	}
}
