package event

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/event/eventtest"
)

var (
	madrid, _ = time.LoadLocation("Europe/Madrid")
	createNow = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
)

// validCreate is a create-event payload that breaks no rule, as JSON (so the test exercises decoding
// the way the handler does); edit changes it first.
func validCreate(t *testing.T, edit func(m map[string]any)) CreateRequest {
	t.Helper()
	m := map[string]any{
		"idCompany": 1,
		"event": map[string]any{"name": "Night Cup", "price": 45.5, "idLocalProduct": "EV-9", "maxStock": 20, "teamEvent": true,
			"dateIni": "2026-12-20 19:00", "dateEnd": "2026-12-20 23:00:00",
			"productData": map[string]any{"checkboxText": "I am 16 or older", "minParticipant": 3, "exclusivity": true, "oldPrice": 50, "colour": "red"}},
		"templateHtml":     "<h1>Night Cup</h1><p style=\"color: red\">Three hours.</p>",
		"addToLandingPage": true,
		"categorys":        map[string]any{"title": "Class", "excluding": true, "options": `[{"name":"Senior","shortName":"SR"},{"name":"Junior","shortName":"JR","disabled":true}]`},
		"discount":         map[string]any{"code": "NIGHT-10", "price": 10, "expirationDate": "2026-12-19", "stock": 5},
	}
	if edit != nil {
		edit(m)
	}
	raw, _ := json.Marshal(m)
	var req CreateRequest
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return req
}

func sub(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }

func TestCheckCreateAcceptsTheFullForm(t *testing.T) {
	e, err := CheckCreate(validCreate(t, nil), createNow, madrid)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Night Cup" || e.PriceCents != 4550 || e.IDLocal != "EV-9" || *e.MaxStock != 20 || !e.Team || !e.AddToLanding {
		t.Errorf("event %+v", e)
	}
	if e.DateStart != "2026-12-20 19:00:00" || !e.StartsAt.Equal(time.Date(2026, 12, 20, 18, 0, 0, 0, time.UTC)) || e.DateEnd != "2026-12-20 23:00:00" {
		t.Errorf("dates %s %s %v: local in Madrid", e.DateStart, e.DateEnd, e.StartsAt)
	}
	var data map[string]any
	_ = json.Unmarshal([]byte(e.ProductData), &data)
	if data["minParticipant"] != 3.0 || data["exclusivity"] != true || data["checkboxText"] != "I am 16 or older" || data["colour"] != "red" {
		t.Errorf("product data %s", e.ProductData)
	}
	if e.Data != `{"checkboxText":"I am 16 or older"}` {
		t.Errorf("event data %s", e.Data)
	}
	c := e.Category
	if c == nil || c.Title != "Class" || !c.Excluding || len(c.Options) != 2 || c.Options[1].ShortName != "JR" || !c.Options[1].Disabled {
		t.Errorf("category %+v", c)
	}
	d := e.Discount
	if d == nil || d.Code != "NIGHT-10" || d.AmountCents != 1000 || *d.ExpiresOn != "2026-12-19" || *d.UsageLimit != 5 {
		t.Errorf("discount %+v", d)
	}
	// Without a category, a discount or a stock: none.
	e, err = CheckCreate(validCreate(t, func(m map[string]any) {
		delete(m, "categorys")
		m["discount"] = nil
		sub(m, "event")["maxStock"] = nil
	}), createNow, madrid)
	if err != nil || e.Category != nil || e.Discount != nil || e.MaxStock != nil {
		t.Errorf("bare event: %+v %v", e, err)
	}
}

func TestCheckCreateRules(t *testing.T) {
	for name, c := range map[string]struct {
		edit  func(m map[string]any)
		field string
	}{
		"no name":                 {func(m map[string]any) { delete(sub(m, "event"), "name") }, "event.name"},
		"blank name":              {func(m map[string]any) { sub(m, "event")["name"] = "  " }, "event.name"},
		"no price":                {func(m map[string]any) { delete(sub(m, "event"), "price") }, "event.price"},
		"negative price":          {func(m map[string]any) { sub(m, "event")["price"] = -1 }, "event.price"},
		"three decimals":          {func(m map[string]any) { sub(m, "event")["price"] = 1.005 }, "event.price"},
		"no local id":             {func(m map[string]any) { delete(sub(m, "event"), "idLocalProduct") }, "event.idLocalProduct"},
		"no team choice":          {func(m map[string]any) { delete(sub(m, "event"), "teamEvent") }, "event.teamEvent"},
		"no start":                {func(m map[string]any) { delete(sub(m, "event"), "dateIni") }, "event.dateIni"},
		"malformed start":         {func(m map[string]any) { sub(m, "event")["dateIni"] = "20/12/2026" }, "event.dateIni"},
		"start in the past":       {func(m map[string]any) { sub(m, "event")["dateIni"] = "2026-11-30 10:00" }, "event.dateIni"},
		"end before start":        {func(m map[string]any) { sub(m, "event")["dateEnd"] = "2026-12-20 18:00" }, "event.dateEnd"},
		"zero stock":              {func(m map[string]any) { sub(m, "event")["maxStock"] = 0 }, "event.maxStock"},
		"minParticipant as text":  {func(m map[string]any) { sub(sub(m, "event"), "productData")["minParticipant"] = "4" }, "event.productData.minParticipant"},
		"minParticipant 2.5":      {func(m map[string]any) { sub(sub(m, "event"), "productData")["minParticipant"] = 2.5 }, "event.productData.minParticipant"},
		"exclusivity as text":     {func(m map[string]any) { sub(sub(m, "event"), "productData")["exclusivity"] = "true" }, "event.productData.exclusivity"},
		"oldPrice as text":        {func(m map[string]any) { sub(sub(m, "event"), "productData")["oldPrice"] = "cheap" }, "event.productData.oldPrice"},
		"a nested feature":        {func(m map[string]any) { sub(sub(m, "event"), "productData")["x"] = []int{1} }, "event.productData.x"},
		"no template":             {func(m map[string]any) { delete(m, "templateHtml") }, "templateHtml"},
		"blank template":          {func(m map[string]any) { m["templateHtml"] = " " }, "templateHtml"},
		"no landing choice":       {func(m map[string]any) { delete(m, "addToLandingPage") }, "addToLandingPage"},
		"category without title":  {func(m map[string]any) { delete(sub(m, "categorys"), "title") }, "categorys.title"},
		"category without choice": {func(m map[string]any) { delete(sub(m, "categorys"), "excluding") }, "categorys.excluding"},
		"category without option": {func(m map[string]any) { sub(m, "categorys")["options"] = "[]" }, "categorys.options"},
		"options not JSON":        {func(m map[string]any) { sub(m, "categorys")["options"] = "Senior, Junior" }, "categorys.options"},
		"option without short":    {func(m map[string]any) { sub(m, "categorys")["options"] = `[{"name":"Senior"}]` }, "categorys.options[0].shortName"},
		"two alike short names": {func(m map[string]any) {
			sub(m, "categorys")["options"] = `[{"name":"A","shortName":"X"},{"name":"B","shortName":"x"}]`
		}, "categorys.options[1].shortName"},
		"discount without code":    {func(m map[string]any) { delete(sub(m, "discount"), "code") }, "discount.code"},
		"discount code with space": {func(m map[string]any) { sub(m, "discount")["code"] = "NIGHT 10" }, "discount.code"},
		"discount without value":   {func(m map[string]any) { delete(sub(m, "discount"), "price") }, "discount.price"},
		"discount of 0":            {func(m map[string]any) { sub(m, "discount")["price"] = 0 }, "discount.price"},
		"discount above price":     {func(m map[string]any) { sub(m, "discount")["price"] = 46 }, "discount.price"},
		"discount expired":         {func(m map[string]any) { sub(m, "discount")["expirationDate"] = "2026-11-30" }, "discount.expirationDate"},
		"discount date malformed":  {func(m map[string]any) { sub(m, "discount")["expirationDate"] = "tomorrow" }, "discount.expirationDate"},
		"discount stock 0":         {func(m map[string]any) { sub(m, "discount")["stock"] = 0 }, "discount.stock"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := CheckCreate(validCreate(t, c.edit), createNow, madrid)
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.Unprocessable || e.Fields[c.field] == "" {
				t.Fatalf("got %v, want 422 naming %s", err, c.field)
			}
			if len(e.Fields) != 1 {
				t.Errorf("fields %v: only %s is wrong", e.Fields, c.field)
			}
		})
	}
	// Several rules at once: one field each.
	_, err := CheckCreate(CreateRequest{IDCompany: 1}, createNow, madrid)
	var e *apperr.Error
	if !errors.As(err, &e) || e.Fields["event"] == "" || e.Fields["templateHtml"] == "" || e.Fields["addToLandingPage"] == "" {
		t.Errorf("empty payload: %v", err)
	}
}

// Every payload of the XSS set, set through the template, is stored without anything executable.
func TestCheckCreateSanitisesTheTemplate(t *testing.T) {
	for _, p := range eventtest.XSSPayloads {
		e, err := CheckCreate(validCreate(t, func(m map[string]any) { m["templateHtml"] = "<p>Cup</p>" + p }), createNow, madrid)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		if bad := eventtest.Unsafe(e.TemplateHTML); len(bad) > 0 {
			t.Errorf("%q kept %v: %q", p, bad, e.TemplateHTML)
		}
		if !strings.Contains(e.TemplateHTML, "<p>Cup</p>") {
			t.Errorf("%q: the safe part was lost: %q", p, e.TemplateHTML)
		}
	}
}
