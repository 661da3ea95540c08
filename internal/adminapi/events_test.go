package adminapi_test

import (
	"maps"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// created is the answer of createFullEvent.
type created struct {
	Data struct {
		URL string
		ID  int64
		Key string
	}
}

// A SUPERADMIN's event is written whole and shows at once where customers look: its page (sanitised
// template, ticket, stock, category), the events landing and the calendar; the discount code takes its
// amount off a registration; the creation is in the audit log.
func TestCreateFullEventShowsEverywhereAtOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		res := e.api.Do("POST", "/api/event/createFullEvent", eventPayload(e.company, nil), bearer(e.super)...)
		if res.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var out created
		res.JSON(t, &out)
		if out.Data.Key == "" || out.Data.URL != evBase+"/event/"+out.Data.Key {
			t.Fatalf("answer %+v, want the event's public page", out.Data)
		}
		key := out.Data.Key

		page := e.api.Do("GET", "/api/event/"+key, nil)
		var info struct {
			Name          string
			Available     bool
			ProductOrPack struct {
				Price float64
				Stock *int64
				Data  struct {
					CheckboxText string
					Categorys    struct {
						Title     string
						Excluding bool
						Options   []struct{ Name, ShortName string }
					}
				}
			}
			Event struct {
				DateStart, DateEnd string
				Data               struct{ Type string }
			}
			Data struct{ TemplateHTML string }
		}
		page.JSON(t, &info)
		if page.Status != 200 || info.Name != "Night Cup" || !info.Available || info.ProductOrPack.Price != 45.5 ||
			info.ProductOrPack.Stock == nil || *info.ProductOrPack.Stock != 20 || info.Event.Data.Type != "TEAM" ||
			info.Event.DateStart != "2026-12-20 19:00:00" || info.Event.DateEnd != "2026-12-20 23:00:00" {
			t.Errorf("event page %d %+v", page.Status, info)
		}
		cat := info.ProductOrPack.Data.Categorys
		if cat.Title != "Class" || !cat.Excluding || len(cat.Options) != 2 || cat.Options[1].ShortName != "JR" ||
			info.ProductOrPack.Data.CheckboxText != "We are all 16 or older" {
			t.Errorf("category and checkbox %+v", info.ProductOrPack.Data)
		}
		html := info.Data.TemplateHTML
		if !strings.Contains(html, "<h1>Night Cup</h1>") || strings.Contains(strings.ToLower(html), "script") ||
			strings.Contains(html, "onerror") || strings.Contains(html, "javascript:") {
			t.Errorf("template not sanitised as the event pages sanitise: %s", html)
		}
		stored := count(t, db, `SELECT COUNT(*) FROM events WHERE public_key = ? AND template_html LIKE '%script%'`, key)
		if stored != 0 {
			t.Errorf("the stored template keeps a script")
		}

		landing := e.api.Do("GET", "/api/landing/alpha-karts-key/events", nil)
		if landing.Status != 200 || !strings.Contains(string(landing.Body), `"link":"/event/`+key+`"`) {
			t.Errorf("events landing %d %s: the event with a link to its page", landing.Status, landing.Body)
		}
		cal := e.api.Do("GET", "/api/event?idCompany="+strconv.FormatInt(e.company, 10)+"&date=2026-12-01&dateEnd=2026-12-31", nil)
		if cal.Status != 200 || !strings.Contains(string(cal.Body), `"key":"`+key+`"`) {
			t.Errorf("calendar %d %s", cal.Status, cal.Body)
		}

		// The discount: a FIXED 10.00 for this ticket only, 5 uses, through 19 December.
		if n := count(t, db, `SELECT COUNT(*) FROM discount_codes d JOIN products p ON d.product_ids = '[' || p.id || ']'
			WHERE d.company_id = ? AND d.code = 'NIGHT10' AND d.kind = 'FIXED' AND d.value = 1000 AND d.usage_limit = 5
			AND d.expires_on = '2026-12-19' AND p.event_id = d.event_id AND p.kind = 'EVENT' AND p.price_cents = 4550
			AND p.max_stock = 20 AND p.id_local = 'EV-9'`, e.company); n != 1 {
			t.Errorf("%d discount codes bound to the event's ticket, want 1", n)
		}
		reg := e.api.Do("POST", "/api/event/"+key+"/register", nil, "X-Visitor-Id", "visitor-night-1")
		var held struct {
			Data struct{ TokenShoppingCart string }
		}
		reg.JSON(t, &held)
		if reg.Status != 200 || held.Data.TokenShoppingCart == "" {
			t.Fatalf("register: %d %s", reg.Status, reg.Body)
		}
		disc := e.api.Do("POST", "/api/booking/discount", map[string]string{"token": held.Data.TokenShoppingCart, "discount": "night10"},
			"Authorization", "Bearer alpha-karts-token")
		var cart struct {
			Data struct{ PriceConverted, OriginalPriceConverted float64 }
		}
		disc.JSON(t, &cart)
		if disc.Status != 200 || cart.Data.PriceConverted != 35.5 || cart.Data.OriginalPriceConverted != 45.5 {
			t.Errorf("discount on the registration: %d %s, want 45.50 → 35.50", disc.Status, disc.Body)
		}

		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'event.create' AND entity = 'event'
			AND user_email = 'super@alpha.example' AND details LIKE '%NIGHT10%'`, e.company); n != 1 {
			t.Errorf("%d audit entries for the creation, want 1", n)
		}
	})
}

// Only a SUPERADMIN creates events: an ADMIN of the company (and a SUPERADMIN of another) gets 403 and
// nothing is written.
func TestCreateFullEventIsForSuperadmins(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		before := e.eventRows(t)
		if res := e.api.Do("POST", "/api/event/createFullEvent", eventPayload(e.company, nil), bearer(e.admin)...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN: %d %s, want 403", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/event/createFullEvent", eventPayload(e.other, nil), bearer(e.super)...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN of the other company: %d %s, want 403", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/event/createFullEvent", eventPayload(e.company, nil)); res.Status != http.StatusUnauthorized {
			t.Errorf("no session: %d, want 401", res.Status)
		}
		if after := e.eventRows(t); !maps.Equal(before, after) {
			t.Errorf("refused calls wrote rows: %v → %v", before, after)
		}
	})
}

// A broken rule is a 422 naming each field by its path, and writes nothing; so does a discount code the
// company already has, which fails only after the event and its ticket were written in the same
// transaction — nothing of the half-made event remains.
func TestCreateFullEventRefusalsWriteNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		execSQL(t, db, `INSERT INTO discount_codes (company_id, code, kind, value, created_at) VALUES (?, 'TAKEN', 'PERCENT', 10, 1)`, e.company)
		before := e.eventRows(t)
		for name, c := range map[string]struct {
			edit   func(m map[string]any)
			fields []string
		}{
			"several rules": {func(m map[string]any) {
				ev := m["event"].(map[string]any)
				delete(ev, "name")
				ev["productData"] = map[string]any{"minParticipant": "four", "exclusivity": "yes"}
				m["categorys"] = map[string]any{"title": "Class", "options": "[]"}
				m["discount"] = map[string]any{"price": 10}
			}, []string{"event.name", "event.productData.minParticipant", "event.productData.exclusivity", "categorys.excluding",
				"categorys.options", "discount.code"}},
			"a code the company has": {func(m map[string]any) { m["discount"].(map[string]any)["code"] = "taken" }, []string{"discount.code"}},
		} {
			t.Run(name, func(t *testing.T) {
				res := e.api.Do("POST", "/api/event/createFullEvent", eventPayload(e.company, c.edit), bearer(e.super)...)
				var body struct {
					Code   string
					Fields map[string]string
				}
				res.JSON(t, &body)
				if res.Status != http.StatusUnprocessableEntity || body.Code != "unprocessable" || len(body.Fields) != len(c.fields) {
					t.Fatalf("%d %s, want 422 naming %v", res.Status, res.Body, c.fields)
				}
				for _, f := range c.fields {
					if body.Fields[f] == "" {
						t.Errorf("no error for %s: %v", f, body.Fields)
					}
				}
				if after := e.eventRows(t); !maps.Equal(before, after) {
					t.Errorf("a refused creation left rows: %v → %v", before, after)
				}
			})
		}
		// A malformed body is a 400.
		res := e.api.Do("POST", "/api/event/createFullEvent", `{"idCompany":`+strconv.FormatInt(e.company, 10)+`,"event":{"maxStock":"many"}}`, bearer(e.super)...)
		if res.Status != http.StatusBadRequest {
			t.Errorf("maxStock as text: %d %s, want 400", res.Status, res.Body)
		}
	})
}

// Two creations at the same moment with discount codes that differ only in case: the schema itself keeps
// one code per company whatever the case, so exactly one is created (201) and the other is a 422 naming
// discount.code that leaves nothing of its event behind. Several rounds, so that on PostgreSQL both
// transactions do overlap at least once.
func TestCreateFullEventConcurrentCodesDifferingInCase(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		const rounds = 10
		for i := range rounds {
			codes := [2]string{"RACE" + strconv.Itoa(i), "race" + strconv.Itoa(i)}
			var res [2]*apitest.Response
			start := make(chan struct{})
			var wg sync.WaitGroup
			for j, code := range codes {
				body := eventPayload(e.company, func(m map[string]any) { m["discount"].(map[string]any)["code"] = code })
				wg.Go(func() {
					<-start
					res[j] = e.api.Do("POST", "/api/event/createFullEvent", body, bearer(e.super)...)
				})
			}
			close(start)
			wg.Wait()
			var created, refused int
			for _, r := range res {
				var body struct{ Fields map[string]string }
				switch r.Status {
				case http.StatusCreated:
					created++
				case http.StatusUnprocessableEntity:
					r.JSON(t, &body)
					if body.Fields["discount.code"] == "" || len(body.Fields) != 1 {
						t.Errorf("round %d: 422 %s, want it to name discount.code alone", i, r.Body)
					}
					refused++
				default:
					t.Errorf("round %d: %d %s", i, r.Status, r.Body)
				}
			}
			if created != 1 || refused != 1 {
				t.Errorf("round %d: %d created and %d refused, want one of each", i, created, refused)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM discount_codes WHERE company_id = ? AND LOWER(code) = ?`, e.company, codes[1]); n != 1 {
				t.Errorf("round %d: %d codes %q for the company, want 1", i, n, codes[1])
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM events WHERE company_id = ?`, e.company); n != rounds {
			t.Errorf("%d events, want %d: a refused creation left its event", n, rounds)
		}
	})
}
