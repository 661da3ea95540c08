package httpapi_test

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/company"
	"pitlane/internal/event"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// withEvents rebuilds the world's handler with the event service over its database and clock; co
// pays registrations (nil: saving answers 503).
func (w *world) withEvents(t *testing.T, co event.Checkout) *event.Service {
	t.Helper()
	ev := event.NewService(w.db.EventSite(), co, w.clk, 10*time.Minute)
	w.handler = httpapi.New(httpapi.Deps{
		Logger:       slog.New(slog.NewJSONHandler(w.logs, nil)),
		DB:           w.db,
		Web:          webFS(),
		MaxBodyBytes: 4096,
		Companies:    company.NewService(w.db.Companies()),
		Catalog:      catalog.NewService(w.db.Catalog(), w.clk),
		Sessions:     w.sessions,
		Events:       ev,
	})
	w.api = apitest.New(t, w.handler)
	return ev
}

// evSpec is an event to add to the fixture company.
type evSpec struct {
	name       string
	in         time.Duration // start, from now
	stock      *int64
	team       bool
	onLanding  bool
	link       *string
	isNew      bool
	isDisabled bool
	checkbox   string
	categories []event.Category
}

// evAdd writes the event and its ticket (12.50) for the fixture company and returns its key and id.
func (w *world) evAdd(t *testing.T, s evSpec) (string, int64) {
	t.Helper()
	ctx := context.Background()
	key := strings.ReplaceAll(strings.ToLower(s.name), " ", "-")
	loc, _ := time.LoadLocation("Europe/Madrid")
	starts := w.clk.Now().Add(s.in).In(loc)
	var id int64
	err := w.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		id, err = tx.InsertEvent(ctx, store.SeedEvent{CompanyID: w.fix.CompanyID, PublicKey: key, Name: s.name, Team: s.team,
			DateStart: starts.Format(event.LocalLayout), DateEnd: starts.Add(2 * time.Hour).Format(event.LocalLayout),
			StartsAt: starts, EndsAt: starts.Add(2 * time.Hour), Data: `{"checkboxText":"` + s.checkbox + `"}`,
			TemplateHTML: `<h2>` + s.name + `</h2><img src=x onerror="alert(1)"><a href="javascript:alert(2)">more</a>`,
			AddToLanding: s.onLanding, LandingLink: s.link, LandingIsNew: s.isNew, LandingIsDisabled: s.isDisabled}, w.clk.Now())
		if err != nil {
			return err
		}
		for _, c := range s.categories {
			opts := make([]store.SeedEventOption, len(c.Options))
			for i, o := range c.Options {
				opts[i] = store.SeedEventOption{Name: o.Name, ShortName: o.ShortName, Disabled: o.Disabled}
			}
			if _, err := tx.InsertEventCategory(ctx, id, c.Title, c.Excluding, opts); err != nil {
				return err
			}
		}
		_, err = tx.InsertProduct(ctx, store.SeedProduct{CompanyID: w.fix.CompanyID, Kind: catalog.KindEvent, IDLocal: "E-" + key,
			Name: "Ticket " + s.name, PriceCents: 1250, MaxStock: s.stock, Data: "{}", EventID: &id}, w.clk.Now())
		return err
	})
	if err != nil {
		t.Fatalf("add event %s: %v", s.name, err)
	}
	return key, id
}

func evStock(n int64) *int64 { return &n }
func evStr(s string) *string { return &s }

// evInfo decodes an event page.
func evInfo(t *testing.T, res *apitest.Response) event.Info {
	t.Helper()
	var info event.Info
	res.JSON(t, &info)
	return info
}

// evRegistration decodes a registration answer.
func evRegistration(t *testing.T, res *apitest.Response) event.Registration {
	t.Helper()
	var body struct {
		Data event.Registration `json:"data"`
	}
	res.JSON(t, &body)
	return body.Data
}

func visitor(id string) []string { return []string{"X-Visitor-Id", id} }

// TestEventCalendar: GET /api/event lists the events overlapping the window: two months from today
// by default, or the dates asked; malformed windows are 400 and unknown companies 404.
func TestEventCalendar(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		w.withEvents(t, nil)
		day := 24 * time.Hour
		w.evAdd(t, evSpec{name: "Yesterday", in: -day})
		w.evAdd(t, evSpec{name: "Running", in: -time.Hour})
		w.evAdd(t, evSpec{name: "Next week", in: 7 * day, onLanding: true, link: evStr("/event/next-week"), isNew: true})
		w.evAdd(t, evSpec{name: "In seven weeks", in: 49 * day})
		w.evAdd(t, evSpec{name: "In ten weeks", in: 70 * day})
		names := func(want ...string) func(t *testing.T, res *apitest.Response) {
			return func(t *testing.T, res *apitest.Response) {
				var body struct {
					Data []event.CalendarEvent `json:"data"`
				}
				res.JSON(t, &body)
				var got []string
				for _, e := range body.Data {
					got = append(got, e.Name)
				}
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("events %q, want %q", got, want)
				}
				for _, e := range body.Data {
					if e.Name == "Next week" && (e.Key != "next-week" || !e.Landing.IsNew || e.Landing.Link != "/event/next-week" || !strings.HasPrefix(e.DateStart, "2026-12-08 ")) {
						t.Errorf("calendar event %+v", e)
					}
				}
			}
		}
		id := w.fix.CompanyID
		q := func(params string) string { return "/api/event?idCompany=" + strconv.FormatInt(id, 10) + params }
		w.run(t, []row{
			{name: "default window: today and two months", method: "GET", path: q(""), status: 200,
				check: names("Running", "Next week", "In seven weeks")},
			{name: "explicit window", method: "GET", path: q("&date=2026-12-02&dateEnd=2026-12-31"), status: 200, check: names("Next week")},
			{name: "date only: two months from it", method: "GET", path: q("&date=2026-12-05"), status: 200, check: names("Next week", "In seven weeks")},
			{name: "long window", method: "GET", path: q("&date=2026-11-01&dateEnd=2027-11-01"), status: 200,
				check: names("Yesterday", "Running", "Next week", "In seven weeks", "In ten weeks")},
			{name: "empty window", method: "GET", path: q("&date=2027-06-01&dateEnd=2027-06-30"), status: 200, check: names()},
			{name: "malformed date", method: "GET", path: q("&date=01/12/2026"), status: 400, code: apperr.Invalid, field: "date"},
			{name: "malformed end", method: "GET", path: q("&dateEnd=2026-13-01"), status: 400, code: apperr.Invalid, field: "dateEnd"},
			{name: "end before start", method: "GET", path: q("&date=2026-12-10&dateEnd=2026-12-01"), status: 400, code: apperr.Invalid, field: "dateEnd"},
			{name: "over a year", method: "GET", path: q("&date=2026-12-01&dateEnd=2027-12-02"), status: 400, code: apperr.Invalid, field: "dateEnd"},
			{name: "no company", method: "GET", path: "/api/event", status: 400, code: apperr.Invalid, field: "idCompany"},
			{name: "unknown company", method: "GET", path: "/api/event?idCompany=999999", status: 404, code: apperr.NotFound},
		})
	})
}

// evKeys returns the demo company's event keys by name, from the calendar.
func (w *world) evKeys(t *testing.T, companyID int64) map[string]event.CalendarEvent {
	t.Helper()
	res := w.api.Do("GET", "/api/event?idCompany="+strconv.FormatInt(companyID, 10), nil)
	var body struct {
		Data []event.CalendarEvent `json:"data"`
	}
	res.JSON(t, &body)
	out := map[string]event.CalendarEvent{}
	for _, e := range body.Data {
		out[e.Name] = e
	}
	return out
}

// TestEventInfoAndRegister: the demo's event pages show the real events (type, categories, stock,
// brand, sanitised template); registering holds one place, and the page then shows one fewer.
func TestEventInfoAndRegister(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		w.withEvents(t, nil)
		keys := w.evKeys(t, w.norte.ID)
		night, team := keys["Copa Norte Nocturna"], keys["Resistencia 3 Horas por Equipos"]
		if night.Key == "" || team.Key == "" {
			t.Fatalf("demo events in the calendar: %+v", keys)
		}
		var held event.Registration
		w.run(t, []row{
			{name: "individual event", method: "GET", path: "/api/event/" + night.Key, status: 200, check: func(t *testing.T, res *apitest.Response) {
				info := evInfo(t, res)
				p := info.ProductOrPack
				if info.Name != "Copa Norte Nocturna" || info.IDCompany != w.norte.ID || !info.Available || info.Reason != nil ||
					info.Event.Data.Type != event.TypeIndividual || p.Stock == nil || *p.Stock != 30 || p.Price != 4500 ||
					p.SimbolCoinType != "€" || p.Data.CheckboxText != "Confirmo que tengo 16 años o más." || p.Data.Categorys != nil ||
					p.Variant == nil || p.Variant.Circuit.Name == "" {
					t.Errorf("info %+v", info)
				}
				if info.Company != (event.Brand{Name: "Circuito Norte", Logo: "/demo/norte-logo.svg", PrimaryColor: "#c92a2a", DefaultCulture: "es-ES"}) {
					t.Errorf("brand %+v", info.Company)
				}
				d := info.Data
				if !strings.HasPrefix(d.TemplateHTML, "<h2>Copa Norte Nocturna</h2>") || d.CompanyWebURL != "https://circuitonorte.example" ||
					d.NewsletterURL != "https://circuitonorte.example/newsletter" || !d.Landing.IsNew || d.Landing.Link != "/event/"+night.Key {
					t.Errorf("page data %+v", d)
				}
			}},
			{name: "team event with an exclusive category", method: "GET", path: "/api/event/" + team.Key, status: 200, check: func(t *testing.T, res *apitest.Response) {
				info := evInfo(t, res)
				c := info.ProductOrPack.Data.Categorys
				if info.Event.Data.Type != event.TypeTeam || c == nil || c.Title != "Categoría" || !c.Excluding || len(c.Options) != 3 ||
					c.Options[0] != (event.OptionView{Name: "Junior", ShortName: "JR"}) || *info.ProductOrPack.Stock != 12 {
					t.Errorf("team info %+v categorys %+v", info.Event, c)
				}
			}},
			{name: "unknown key", method: "GET", path: "/api/event/NoSuchEvent_0123456789", status: 404, code: apperr.NotFound},
			{name: "malformed key", method: "GET", path: "/api/event/bad%20key", status: 404, code: apperr.NotFound},
			{name: "opening the registration page holds nothing", method: "GET", path: "/api/event/" + night.Key + "/register", headers: visitor("visitor-0001"), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					var body struct {
						Data event.RegistrationView `json:"data"`
					}
					res.JSON(t, &body)
					if v := body.Data; v.Prebooking != nil || v.TokenShoppingCart != nil || v.Name != "Copa Norte Nocturna" || *v.ProductOrPack.Stock != 30 {
						t.Errorf("a look took a place: %+v", v)
					}
					if res.Header.Get("Cache-Control") != "no-store" {
						t.Errorf("the visitor's page must not be cached: %q", res.Header.Get("Cache-Control"))
					}
				}},
			{name: "page still shows every place", method: "GET", path: "/api/event/" + night.Key, status: 200, check: func(t *testing.T, res *apitest.Response) {
				if s := evInfo(t, res).ProductOrPack.Stock; *s != 30 {
					t.Errorf("stock %d after a look, want 30", *s)
				}
			}},
			{name: "register", method: "POST", path: "/api/event/" + night.Key + "/register", headers: visitor("visitor-0001"), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					held = evRegistration(t, res)
					if held.Prebooking.Identifier == "" || held.TokenShoppingCart == "" || held.Prebooking.IDCompany != w.norte.ID ||
						!held.Prebooking.ExpiresAt.Equal(now.Add(10*time.Minute)) || *held.ProductOrPack.Stock != 29 || held.Name != "Copa Norte Nocturna" {
						t.Errorf("registration %+v", held)
					}
					if res.Header.Get("Cache-Control") != "no-store" {
						t.Errorf("a hold must not be cached: %q", res.Header.Get("Cache-Control"))
					}
				}},
			{name: "page shows the place taken", method: "GET", path: "/api/event/" + night.Key, status: 200, check: func(t *testing.T, res *apitest.Response) {
				if s := evInfo(t, res).ProductOrPack.Stock; *s != 29 {
					t.Errorf("stock %d after one hold, want 29", *s)
				}
			}},
			{name: "the back office's calendar counts the place taken against the capacity", method: "GET",
				path: "/api/event?idCompany=" + strconv.FormatInt(w.norte.ID, 10) + "&date=2026-11-01&dateEnd=2027-10-31", status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					var body struct {
						Data []event.CalendarEvent `json:"data"`
					}
					res.JSON(t, &body)
					found := false
					for _, e := range body.Data {
						if e.Key == night.Key {
							found = true
							if e.PlacesTaken != 1 || e.Capacity == nil || *e.Capacity != 30 {
								t.Errorf("calendar %q: %d taken of %v, want 1 of 30", e.Name, e.PlacesTaken, e.Capacity)
							}
						}
					}
					if !found {
						t.Errorf("the calendar does not list %q", night.Key)
					}
				}},
			{name: "same visitor again gets the same place", method: "POST", path: "/api/event/" + night.Key + "/register", headers: visitor("visitor-0001"), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					again := evRegistration(t, res)
					if again.Prebooking.Identifier != held.Prebooking.Identifier || again.TokenShoppingCart != held.TokenShoppingCart || *again.ProductOrPack.Stock != 29 {
						t.Errorf("a second hold took another place: %+v, first %+v", again, held)
					}
				}},
			{name: "a reload shows the visitor's own place", method: "GET", path: "/api/event/" + night.Key + "/register", headers: visitor("visitor-0001"), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					var body struct {
						Data event.RegistrationView `json:"data"`
					}
					res.JSON(t, &body)
					v := body.Data
					if v.Prebooking == nil || v.TokenShoppingCart == nil || v.Prebooking.Identifier != held.Prebooking.Identifier ||
						*v.TokenShoppingCart != held.TokenShoppingCart || !v.Prebooking.ExpiresAt.Equal(held.Prebooking.ExpiresAt) || *v.ProductOrPack.Stock != 29 {
						t.Errorf("reload %+v, held %+v", v, held)
					}
				}},
			{name: "another visitor's look holds nothing", method: "GET", path: "/api/event/" + night.Key + "/register", headers: visitor("visitor-0002"), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					var body struct {
						Data event.RegistrationView `json:"data"`
					}
					res.JSON(t, &body)
					if body.Data.Prebooking != nil || *body.Data.ProductOrPack.Stock != 29 {
						t.Errorf("another visitor's look %+v", body.Data)
					}
				}},
			{name: "another visitor", method: "POST", path: "/api/event/" + night.Key + "/register", headers: visitor("visitor-0002"), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					if r := evRegistration(t, res); r.Prebooking.Identifier == held.Prebooking.Identifier || *r.ProductOrPack.Stock != 28 {
						t.Errorf("second visitor %+v", r)
					}
				}},
			{name: "malformed visitor id", method: "POST", path: "/api/event/" + night.Key + "/register", headers: visitor("bad id!"), status: 400, code: apperr.Invalid},
			{name: "register unknown key", method: "POST", path: "/api/event/NoSuchEvent_0123456789/register", status: 404, code: apperr.NotFound},
			{name: "registration page of an unknown key", method: "GET", path: "/api/event/NoSuchEvent_0123456789/register", status: 404, code: apperr.NotFound},
		})
		// The hold is a real pre-booking of the event's ticket in the cart: it is counted in rows.
		var holds, lines int
		err := db.Read(context.Background(), func(tx *store.Tx) error {
			if err := tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM holds h JOIN carts c ON c.id = h.cart_id
				WHERE h.kind = 'EVENT' AND h.num_drivers = 1 AND h.price_cents = 4500 AND c.company_id = ?`, w.norte.ID).Scan(&holds); err != nil {
				return err
			}
			return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM cart_lines l JOIN carts c ON c.id = l.cart_id
				WHERE c.token = ? AND l.kind = 'EVENT' AND l.quantity = 1`, held.TokenShoppingCart).Scan(&lines)
		})
		if err != nil || holds != 2 || lines != 1 {
			t.Errorf("%d event holds, %d cart lines in the first cart (%v); want 2 and 1", holds, lines, err)
		}
	})
}

// TestEventSoldOutAndPast: once the stock is held, registering is 421 and the page says not
// available; an event that has started or ended takes no registration (410).
func TestEventSoldOutAndPast(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		w.withEvents(t, nil)
		full, _ := w.evAdd(t, evSpec{name: "Small Cup", in: 48 * time.Hour, stock: evStock(2)})
		past, _ := w.evAdd(t, evSpec{name: "Over", in: -3 * time.Hour})
		running, _ := w.evAdd(t, evSpec{name: "Running", in: -time.Hour, stock: evStock(5)})
		reason := func(available bool, want string) func(t *testing.T, res *apitest.Response) {
			return func(t *testing.T, res *apitest.Response) {
				info := evInfo(t, res)
				got := ""
				if info.Reason != nil {
					got = *info.Reason
				}
				if info.Available != available || got != want {
					t.Errorf("available %v reason %q, want %v %q", info.Available, got, available, want)
				}
				if strings.Contains(info.Data.TemplateHTML, "onerror") || strings.Contains(info.Data.TemplateHTML, "javascript:") {
					t.Errorf("template not sanitised: %s", info.Data.TemplateHTML)
				}
			}
		}
		reg := func(key string) string { return "/api/event/" + key + "/register" }
		w.run(t, []row{
			{name: "open", method: "GET", path: "/api/event/" + full, status: 200, check: reason(true, "")},
			{name: "first place", method: "POST", path: reg(full), headers: visitor("visitor-a1"), status: 200},
			{name: "second place", method: "POST", path: reg(full), status: 200},
			{name: "sold out", method: "POST", path: reg(full), headers: visitor("visitor-c3"), status: 421, code: apperr.NoStock},
			{name: "page not available", method: "GET", path: "/api/event/" + full, status: 200, check: func(t *testing.T, res *apitest.Response) {
				reason(false, event.ReasonSoldOut)(t, res)
				if s := evInfo(t, res).ProductOrPack.Stock; s == nil || *s != 0 {
					t.Errorf("stock %v, want 0", s)
				}
			}},
			{name: "a holder of the last place still gets it", method: "POST", path: reg(full), headers: visitor("visitor-a1"), status: 200},
			{name: "past event page", method: "GET", path: "/api/event/" + past, status: 200, check: reason(false, event.ReasonStarted)},
			{name: "past event register", method: "POST", path: reg(past), status: 410, code: apperr.Gone},
			{name: "running event register", method: "POST", path: reg(running), status: 410, code: apperr.Gone},
		})
		// The holds expire: the places come back without any sweeper.
		w.clk.Advance(11 * time.Minute)
		w.run(t, []row{
			{name: "open again after expiry", method: "GET", path: "/api/event/" + full, status: 200, check: reason(true, "")},
			{name: "register after expiry", method: "POST", path: reg(full), headers: visitor("visitor-c3"), status: 200},
		})
	})
}
