package adminapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// fullEventAnswer is the answer of GET /api/event/fullEvent and POST /api/event/updateFullEvent.
type fullEventAnswer struct {
	Data struct {
		ID          int64
		Key         string
		Version     int64
		PlacesTaken int64
		Event       struct {
			Name           string
			Price          float64
			IDLocalProduct string
			MaxStock       *int64
			TeamEvent      bool
			DateIni        string
			DateEnd        string
			ProductData    map[string]any
		}
		TemplateHTML     string
		AddToLandingPage bool
		Categorys        *struct {
			Title     string
			Excluding bool
			Options   string
		}
		Discount *struct {
			Code  string
			Price float64
		}
	}
}

// createForEdit creates the Night Cup (eventPayload) and reads it as the event form does.
func (e *evEnv) createForEdit(t *testing.T) fullEventAnswer {
	t.Helper()
	res := e.api.Do("POST", "/api/event/createFullEvent", eventPayload(e.company, nil), bearer(e.super)...)
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	var out created
	res.JSON(t, &out)
	return e.readForEdit(t, out.Data.ID)
}

// readForEdit is GET /api/event/fullEvent as the SUPERADMIN.
func (e *evEnv) readForEdit(t *testing.T, id int64) fullEventAnswer {
	t.Helper()
	res := e.api.Do("GET", "/api/event/fullEvent?idCompany="+strconv.FormatInt(e.company, 10)+"&id="+strconv.FormatInt(id, 10), nil, bearer(e.super)...)
	if res.Status != http.StatusOK {
		t.Fatalf("read: %d %s", res.Status, res.Body)
	}
	var out fullEventAnswer
	res.JSON(t, &out)
	return out
}

// editPayload is an edit of the event read as ev that changes nothing; edit changes it.
func editPayload(company int64, ev fullEventAnswer, edit func(m map[string]any)) map[string]any {
	d := ev.Data
	m := map[string]any{
		"idCompany": company, "id": d.ID, "version": d.Version,
		"event": map[string]any{"name": d.Event.Name, "price": d.Event.Price, "idLocalProduct": d.Event.IDLocalProduct,
			"maxStock": d.Event.MaxStock, "dateIni": d.Event.DateIni, "dateEnd": d.Event.DateEnd, "productData": d.Event.ProductData},
		"templateHtml": d.TemplateHTML, "addToLandingPage": d.AddToLandingPage,
	}
	if c := d.Categorys; c != nil {
		m["categorys"] = map[string]any{"title": c.Title, "excluding": c.Excluding, "options": c.Options}
	}
	if edit != nil {
		edit(m)
	}
	return m
}

// eventState is everything an edit may write, as text: the event's row, its ticket's, its category and
// options, its registrations' bookings' dates and the audit log's size.
func (e *evEnv) eventState(t *testing.T, id int64) string {
	t.Helper()
	var out []string
	ctx := t.Context()
	for _, q := range []string{
		`SELECT name || '|' || date_start || '|' || date_end || '|' || starts_at || '|' || template_html || '|' || data || '|' ||
			add_to_landing || '|' || COALESCE(landing_link, '') || '|' || updated_at FROM events WHERE id = ?`,
		`SELECT name || '|' || id_local || '|' || price_cents || '|' || COALESCE(max_stock, -1) || '|' || data || '|' || updated_at
			FROM products WHERE event_id = ?`,
		`SELECT COALESCE(string_agg(c.title || ':' || o.short_name, ','), '') FROM event_categories c
			JOIN event_category_options o ON o.category_id = c.id WHERE c.event_id = ?`,
		`SELECT COALESCE(string_agg(b.booking_date || '@' || b.first_starts_at, ','), '') FROM bookings b
			JOIN event_registrations r ON r.booking_id = b.id WHERE r.event_id = ?`,
		`SELECT COUNT(*) || '' FROM audit_log WHERE ? > 0`,
	} {
		if e.db.Engine() == store.SQLite {
			q = strings.ReplaceAll(q, "string_agg(", "group_concat(")
		}
		var s string
		if err := e.db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, id).Scan(&s) }); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

// The calendar's Edit reads the event as it was created and saves every field the form edits at once
// where customers look: the event page (name, price, places, checkbox, category, sanitised template), the
// calendar (new dates) and the landing page (taken off); the save is audited with what changed and gives
// a new version. A second save based on the old version is a 409 that changes nothing.
func TestUpdateFullEventSavesEverywhereAndRefusesStaleSaves(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		ev := e.createForEdit(t)
		d := ev.Data
		if d.Event.Name != "Night Cup" || d.Event.Price != 45.5 || d.Event.MaxStock == nil || *d.Event.MaxStock != 20 || !d.Event.TeamEvent ||
			d.Event.DateIni != "2026-12-20 19:00:00" || d.Event.IDLocalProduct != "EV-9" || d.Event.ProductData["minParticipant"] != 3.0 ||
			d.Categorys == nil || !strings.Contains(d.Categorys.Options, `"shortName":"JR"`) || d.Discount == nil || d.Discount.Code != "NIGHT10" ||
			!d.AddToLandingPage || strings.Contains(d.TemplateHTML, "script") || d.Version == 0 || d.PlacesTaken != 0 {
			t.Fatalf("read for the form: %+v", d)
		}

		res := e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, func(m map[string]any) {
			m["event"] = map[string]any{"name": "Night Cup XL", "price": 50, "idLocalProduct": "EV-10", "maxStock": 25,
				"dateIni": "2026-12-21 18:30", "dateEnd": "2026-12-21 23:00",
				"productData": map[string]any{"checkboxText": "We are all 18 or older", "promotionText": "Longer race"}}
			m["templateHtml"] = `<h1>Night Cup XL</h1><script>alert(1)</script><p onclick="x()">Four hours.</p>`
			m["addToLandingPage"] = false
			m["categorys"] = map[string]any{"title": "Level", "excluding": false, "options": `[{"name":"Pro","shortName":"PR"}]`}
		}), bearer(e.super)...)
		var saved fullEventAnswer
		res.JSON(t, &saved)
		s := saved.Data
		if res.Status != http.StatusOK || s.Event.Name != "Night Cup XL" || s.Version <= d.Version || s.Event.MaxStock == nil ||
			*s.Event.MaxStock != 25 || s.Event.DateIni != "2026-12-21 18:30:00" || !s.Event.TeamEvent || s.Discount == nil {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}

		page := e.api.Do("GET", "/api/event/"+d.Key, nil)
		var info struct {
			Name          string
			ProductOrPack struct {
				Price float64
				Stock *int64
				Data  struct {
					CheckboxText string
					Categorys    struct {
						Title   string
						Options []struct{ ShortName string }
					}
				}
			}
			Event struct{ DateStart string }
			Data  struct{ TemplateHTML string }
		}
		page.JSON(t, &info)
		if page.Status != 200 || info.Name != "Night Cup XL" || info.ProductOrPack.Price != 50 || info.ProductOrPack.Stock == nil ||
			*info.ProductOrPack.Stock != 25 || info.Event.DateStart != "2026-12-21 18:30:00" ||
			info.ProductOrPack.Data.CheckboxText != "We are all 18 or older" || info.ProductOrPack.Data.Categorys.Title != "Level" ||
			len(info.ProductOrPack.Data.Categorys.Options) != 1 {
			t.Errorf("event page after the edit: %d %+v", page.Status, info)
		}
		if h := info.Data.TemplateHTML; !strings.Contains(h, "<h1>Night Cup XL</h1>") || strings.Contains(h, "script") || strings.Contains(h, "onclick") {
			t.Errorf("template not sanitised as on creation: %s", h)
		}
		cal := e.api.Do("GET", "/api/event?idCompany="+strconv.FormatInt(e.company, 10)+"&date=2026-12-21&dateEnd=2026-12-21", nil)
		if !strings.Contains(string(cal.Body), `"name":"Night Cup XL"`) || !strings.Contains(string(cal.Body), `"capacity":25`) {
			t.Errorf("calendar on the new day: %s", cal.Body)
		}
		landing := e.api.Do("GET", "/api/landing/alpha-karts-key/events", nil)
		if strings.Contains(string(landing.Body), d.Key) {
			t.Errorf("the events landing still lists the event taken off it: %s", landing.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'event.update' AND entity_id = ?
			AND user_email = 'super@alpha.example' AND details LIKE '%Night Cup XL%' AND details LIKE '%maxStock%'`, e.company,
			strconv.FormatInt(d.ID, 10)); n != 1 {
			t.Errorf("%d audit entries for the edit, want 1", n)
		}

		// A colleague's form, filled before the save, is stale now.
		before := e.eventState(t, d.ID)
		res = e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, func(m map[string]any) {
			m["event"].(map[string]any)["name"] = "Old form"
		}), bearer(e.super)...)
		var body struct{ Fields map[string]string }
		res.JSON(t, &body)
		if res.Status != http.StatusConflict || body.Fields["version"] == "" {
			t.Errorf("stale save: %d %s, want 409 naming version", res.Status, res.Body)
		}
		if after := e.eventState(t, d.ID); after != before {
			t.Errorf("a stale save changed the event:\n%s\n→\n%s", before, after)
		}
	})
}

// The places cannot go below the places taken: with three places held, 2 is a 409 that says so and
// changes nothing, 3 is saved.
func TestUpdateFullEventCapacityBelowTakenRefusedAndNothingChanged(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		ev := e.createForEdit(t)
		for i := range 3 {
			if res := e.api.Do("POST", "/api/event/"+ev.Data.Key+"/register", nil, "X-Visitor-Id", "visitor-"+strconv.Itoa(i)); res.Status != 200 {
				t.Fatalf("register %d: %d %s", i, res.Status, res.Body)
			}
		}
		ev = e.readForEdit(t, ev.Data.ID)
		if ev.Data.PlacesTaken != 3 {
			t.Fatalf("places taken %d, want 3", ev.Data.PlacesTaken)
		}
		before := e.eventState(t, ev.Data.ID)
		res := e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, func(m map[string]any) {
			m["event"].(map[string]any)["maxStock"] = 2
			m["event"].(map[string]any)["name"] = "Smaller cup"
		}), bearer(e.super)...)
		var body struct {
			Code    string
			Message string
			Fields  map[string]string
		}
		res.JSON(t, &body)
		if res.Status != http.StatusConflict || !strings.Contains(body.Fields["event.maxStock"], "3") || !strings.Contains(body.Message, "3") {
			t.Errorf("2 places for 3 taken: %d %s, want 409 saying 3 are taken", res.Status, res.Body)
		}
		if after := e.eventState(t, ev.Data.ID); after != before {
			t.Errorf("a refused save changed the event:\n%s\n→\n%s", before, after)
		}
		res = e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, func(m map[string]any) {
			m["event"].(map[string]any)["maxStock"] = 3
		}), bearer(e.super)...)
		var saved fullEventAnswer
		res.JSON(t, &saved)
		if res.Status != http.StatusOK || saved.Data.Event.MaxStock == nil || *saved.Data.Event.MaxStock != 3 {
			t.Errorf("3 places for 3 taken: %d %s, want saved", res.Status, res.Body)
		}
		// The event is full now: a fourth visitor is refused a place.
		if res := e.api.Do("POST", "/api/event/"+ev.Data.Key+"/register", nil, "X-Visitor-Id", "visitor-4"); res.Status == 200 {
			t.Errorf("a fourth registration got a place of an event of 3: %s", res.Body)
		}
	})
}

// Bad input is a 422 naming each field, and changes nothing; a malformed body is a 400. A start left as
// stored may be in the past (the event has started): correcting the name is saved.
func TestUpdateFullEventBadInputChangesNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		ev := e.createForEdit(t)
		before := e.eventState(t, ev.Data.ID)
		res := e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, func(m map[string]any) {
			m["event"] = map[string]any{"name": " ", "price": 5, "idLocalProduct": "EV-9", "maxStock": 0,
				"dateIni": "2020-01-01 10:00", "dateEnd": "2019-12-31 10:00", "productData": map[string]any{"minParticipant": 0}}
			m["templateHtml"] = ""
			m["categorys"] = map[string]any{"title": "Class", "excluding": true, "options": "[]"}
		}), bearer(e.super)...)
		var body struct{ Fields map[string]string }
		res.JSON(t, &body)
		want := []string{"event.name", "event.price", "event.maxStock", "event.dateIni", "event.dateEnd", "event.productData.minParticipant",
			"templateHtml", "categorys.options"}
		if res.Status != http.StatusUnprocessableEntity || len(body.Fields) != len(want) {
			t.Errorf("bad input: %d %s, want 422 naming %v", res.Status, res.Body, want)
		}
		for _, f := range want {
			if body.Fields[f] == "" {
				t.Errorf("no error for %s: %v", f, body.Fields)
			}
		}
		if !strings.Contains(body.Fields["event.price"], "discount") {
			t.Errorf("a price below the discount code's 10.00: %q, want it to say so", body.Fields["event.price"])
		}
		raw := `{"idCompany":` + strconv.FormatInt(e.company, 10) + `,"id":` + strconv.FormatInt(ev.Data.ID, 10) + `,"event":{"maxStock":"many"}}`
		if res := e.api.Do("POST", "/api/event/updateFullEvent", raw, bearer(e.super)...); res.Status != http.StatusBadRequest {
			t.Errorf("maxStock as text: %d %s, want 400", res.Status, res.Body)
		}
		if after := e.eventState(t, ev.Data.ID); after != before {
			t.Errorf("refused saves changed the event:\n%s\n→\n%s", before, after)
		}

		e.clk.Set(time.Date(2026, 12, 20, 19, 30, 0, 0, time.UTC)) // the event has started (19:00 in Madrid)
		e.super = e.login(t, "super@alpha.example", password)      // the session of days ago has ended
		res = e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, func(m map[string]any) {
			m["event"].(map[string]any)["name"] = "Night Cup (corrected)"
		}), bearer(e.super)...)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), "Night Cup (corrected)") {
			t.Errorf("correcting a started event: %d %s, want saved", res.Status, res.Body)
		}
	})
}

// Editing is a SUPERADMIN's, as creating: an ADMIN gets 403 on the read and the save, an event the
// company does not have is a 404, and nothing is written.
func TestUpdateFullEventIsForSuperadmins(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		ev := e.createForEdit(t)
		before := e.eventState(t, ev.Data.ID)
		q := "/api/event/fullEvent?idCompany=" + strconv.FormatInt(e.company, 10) + "&id="
		if res := e.api.Do("GET", q+strconv.FormatInt(ev.Data.ID, 10), nil, bearer(e.admin)...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN reads: %d, want 403", res.Status)
		}
		if res := e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, nil), bearer(e.admin)...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN saves: %d, want 403", res.Status)
		}
		if res := e.api.Do("GET", q+"999999", nil, bearer(e.super)...); res.Status != http.StatusNotFound {
			t.Errorf("no such event: %d, want 404", res.Status)
		}
		missing := editPayload(e.company, ev, nil)
		missing["id"] = 999999
		if res := e.api.Do("POST", "/api/event/updateFullEvent", missing, bearer(e.super)...); res.Status != http.StatusNotFound {
			t.Errorf("save of no such event: %d %s, want 404", res.Status, res.Body)
		}
		if after := e.eventState(t, ev.Data.ID); after != before {
			t.Errorf("refused calls changed the event")
		}
	})
}

// Lowering the places while visitors register at the same moment never leaves more places taken than the
// event has: the save and the holds take the same lock, so either the save counted the new holds (and
// was refused or kept them within its stock) or the holds saw the new stock. Counted from the rows.
func TestUpdateFullEventCapacityRaceWithRegistrations(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		ev := e.createForEdit(t)
		const visitors, lowered = 8, 4
		start := make(chan struct{})
		var wg sync.WaitGroup
		var saveStatus int
		for i := range visitors {
			wg.Go(func() {
				<-start
				e.api.Do("POST", "/api/event/"+ev.Data.Key+"/register", nil, "X-Visitor-Id", "racer-"+strconv.Itoa(i))
			})
		}
		wg.Go(func() {
			<-start
			res := e.api.Do("POST", "/api/event/updateFullEvent", editPayload(e.company, ev, func(m map[string]any) {
				m["event"].(map[string]any)["maxStock"] = lowered
			}), bearer(e.super)...)
			saveStatus = res.Status
		})
		close(start)
		wg.Wait()
		stock := count(t, db, `SELECT COALESCE(max_stock, -1) FROM products WHERE event_id = ?`, ev.Data.ID)
		held := count(t, db, `SELECT COUNT(*) FROM holds h JOIN products p ON p.id = h.product_id WHERE p.event_id = ? AND h.kind = 'EVENT'
			AND h.expires_at > ?`, ev.Data.ID, e.clk.Now().UnixMilli())
		switch saveStatus {
		case http.StatusOK:
			if stock != lowered || held > lowered {
				t.Errorf("saved %d places with %d held", stock, held)
			}
		case http.StatusConflict:
			if stock != 20 || held <= lowered {
				t.Errorf("refused with %d held (stock %d): the refusal needs more than %d taken", held, stock, lowered)
			}
		default:
			t.Errorf("save: %d", saveStatus)
		}
	})
}
