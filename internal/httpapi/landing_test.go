package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/event"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func companyLanding(t *testing.T, res *apitest.Response) event.CompanyLanding {
	t.Helper()
	var body struct {
		Data event.CompanyLanding `json:"data"`
	}
	res.JSON(t, &body)
	return body.Data
}

func eventsLanding(t *testing.T, res *apitest.Response) event.EventsLanding {
	t.Helper()
	var body struct {
		Data event.EventsLanding `json:"data"`
	}
	res.JSON(t, &body)
	return body.Data
}

// TestCompanyLanding: the demo's landing buttons come in order with their flags, grouped by
// category; a company without buttons gets an empty page with a warning; unknown keys are 404.
func TestCompanyLanding(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		w.withEvents(t, nil)
		w.run(t, []row{
			{name: "Circuito Norte", method: "GET", path: "/api/landing/" + w.norte.PublicKey, status: 200, check: func(t *testing.T, res *apitest.Response) {
				l := companyLanding(t, res)
				var titles []string
				for _, b := range l.Buttons {
					titles = append(titles, b.Title)
				}
				if strings.Join(titles, "|") != "Reservar tanda|Copa Norte Nocturna|Calendario de eventos|Bonos regalo (muy pronto)|Nuestra web" {
					t.Errorf("buttons %q", titles)
				}
				if !l.Buttons[1].IsNew || l.Buttons[1].IsDisabled || !l.Buttons[3].IsDisabled || l.Buttons[0].Link != "/"+w.norte.PublicKey {
					t.Errorf("flags %+v", l.Buttons)
				}
				if l.Warning != "" || l.Company.Name != "Circuito Norte" || l.Company.PrimaryColor != "#c92a2a" {
					t.Errorf("landing %+v", l)
				}
				var groups []string
				for _, g := range l.Groups {
					name := "-"
					if g.Category != nil {
						name = *g.Category
					}
					var in []string
					for _, b := range g.Buttons {
						in = append(in, b.Title)
					}
					groups = append(groups, name+":"+strings.Join(in, ","))
				}
				if strings.Join(groups, "|") != "Reservas:Reservar tanda,Bonos regalo (muy pronto)|Eventos:Copa Norte Nocturna,Calendario de eventos|-:Nuestra web" {
					t.Errorf("groups %q", groups)
				}
			}},
			{name: "no buttons", method: "GET", path: "/api/landing/fixture-key", status: 200, check: func(t *testing.T, res *apitest.Response) {
				l := companyLanding(t, res)
				if l.Warning != event.WarningNoLanding || len(l.Buttons) != 0 || len(l.Groups) != 0 || l.Company.Name != "Fixture Karting" {
					t.Errorf("landing %+v", l)
				}
				if !strings.Contains(string(res.Body), `"buttons":[]`) {
					t.Errorf("buttons must be an empty list: %s", res.Body)
				}
			}},
			{name: "unknown key", method: "GET", path: "/api/landing/NoSuchKey_0123456789ab", status: 404, code: apperr.NotFound},
			{name: "malformed key", method: "GET", path: "/api/landing/bad%20key", status: 404, code: apperr.NotFound},
		})
	})
}

// TestEventsLanding: the events landing lists the landing events from now to about two months
// ahead with their flags, warns about an empty link, and carries the WhatsApp and newsletter
// information.
func TestEventsLanding(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		w.withEvents(t, nil)
		day := 24 * time.Hour
		w.evAdd(t, evSpec{name: "Over", in: -3 * time.Hour, onLanding: true, link: evStr("/event/over")})
		w.evAdd(t, evSpec{name: "Tonight", in: 6 * time.Hour, onLanding: true, link: evStr("/event/tonight"), isDisabled: true})
		w.evAdd(t, evSpec{name: "No link", in: 3 * day, onLanding: true})
		w.evAdd(t, evSpec{name: "Empty link", in: 4 * day, onLanding: true, link: evStr("")})
		w.evAdd(t, evSpec{name: "Hidden", in: 5 * day, link: evStr("/event/hidden")})
		w.evAdd(t, evSpec{name: "New", in: 50 * day, onLanding: true, link: evStr("https://tickets.example/new"), isNew: true})
		w.evAdd(t, evSpec{name: "Too far", in: 70 * day, onLanding: true, link: evStr("/event/too-far")})
		if err := db.Write(context.Background(), func(tx *store.Tx) error {
			_, err := tx.Exec(context.Background(), `UPDATE companies SET whatsapp_info = ?, newsletter_url = ? WHERE id = ?`,
				"Escríbenos al +34 600 000 000", "https://fixture.example/news", w.fix.CompanyID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		w.run(t, []row{
			{name: "fixture company", method: "GET", path: "/api/landing/fixture-key/events", status: 200, check: func(t *testing.T, res *apitest.Response) {
				l := eventsLanding(t, res)
				var got []string
				for _, e := range l.Events {
					got = append(got, e.Name)
				}
				if strings.Join(got, "|") != "Tonight|No link|Empty link|New" {
					t.Fatalf("events %q", got)
				}
				tonight, noLink, empty, isNew := l.Events[0], l.Events[1], l.Events[2], l.Events[3]
				if !tonight.IsDisabled || tonight.IsNew || tonight.Link != "/event/tonight" || tonight.Warning != "" || tonight.Key != "tonight" {
					t.Errorf("tonight %+v", tonight)
				}
				if noLink.Warning != event.WarningEmptyLink || noLink.Link != "" || empty.Warning != event.WarningEmptyLink {
					t.Errorf("empty links %+v %+v", noLink, empty)
				}
				if !isNew.IsNew || isNew.IsDisabled || isNew.Link != "https://tickets.example/new" || isNew.Warning != "" {
					t.Errorf("new %+v", isNew)
				}
				if l.Whatsapp == nil || *l.Whatsapp != "Escríbenos al +34 600 000 000" || l.NewsletterURL == nil || *l.NewsletterURL != "https://fixture.example/news" {
					t.Errorf("whatsapp %v newsletter %v", l.Whatsapp, l.NewsletterURL)
				}
			}},
			{name: "Circuito Norte", method: "GET", path: "/api/landing/" + w.norte.PublicKey + "/events", status: 200, check: func(t *testing.T, res *apitest.Response) {
				l := eventsLanding(t, res)
				if len(l.Events) != 2 || l.Events[0].Name != "Copa Norte Nocturna" || !l.Events[0].IsNew || l.Events[1].IsNew ||
					!strings.HasPrefix(l.Events[0].Link, "/event/") || l.Company.Name != "Circuito Norte" {
					t.Errorf("Norte events landing %+v", l)
				}
				if l.NewsletterURL == nil || *l.NewsletterURL != "https://circuitonorte.example/newsletter" {
					t.Errorf("newsletter %v", l.NewsletterURL)
				}
			}},
			{name: "unknown key", method: "GET", path: "/api/landing/NoSuchKey_0123456789ab/events", status: 404, code: apperr.NotFound},
		})
	})
}
