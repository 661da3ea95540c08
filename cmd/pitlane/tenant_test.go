package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/clock"
	"pitlane/internal/config"
	"pitlane/internal/httpapi/apitest"
	appserver "pitlane/internal/server"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// probe is one request of a staff route's template, without its company: the test names the company
// in the body (idCompany) when there is one, else in the query (idCompany, or company for the KPI
// calls as the web app sends it).
type probe struct {
	path         string // the route's path with its wildcards filled
	query        url.Values
	body         map[string]any // nil: no body
	companyParam string         // "" means idCompany
	key          string         // an Idempotency-Key header, for the calls that require one
}

// Shared dates: the range covers both companies' sales (30 November) and sessions (10 December).
const (
	rangeFrom = "2026-11-25"
	rangeTo   = "2026-12-15"
)

// staffTemplates holds, for every pattern of the staff route table, requests that reach for the
// data of the company d: its booking, member, cart and the dates of its sales and sessions. A route
// added to the table without a template here fails TestStaffRoutesKeepCompaniesApart, so whoever adds
// it decides how to probe it.
func staffTemplates() map[string]func(d *tenant) []probe {
	id := func(pattern string, v int64) string {
		return strings.Replace(strings.Fields(pattern)[1], "{id}", strconv.FormatInt(v, 10), 1)
	}
	member := func(pattern string, v int64) string {
		return strings.Replace(strings.Fields(pattern)[1], "{userId}", strconv.FormatInt(v, 10), 1)
	}
	q := func(kv ...string) url.Values {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	kpi := func(path string, kv ...string) probe {
		return probe{path: path, query: q(kv...), companyParam: "company"}
	}
	templates := map[string]func(d *tenant) []probe{
		"GET /api/admin/company": func(d *tenant) []probe { return []probe{{path: "/api/admin/company"}} },
		"GET /api/admin/audit": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/audit", query: q("limit", "500")}}
		},
		"POST /api/admin/retrieve-bookings": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/retrieve-bookings", body: map[string]any{"dateIni": rangeFrom, "dateEnd": rangeTo, "filterType": "fechaReserva"}},
				{path: "/api/admin/retrieve-bookings", body: map[string]any{"dateIni": rangeFrom, "dateEnd": rangeTo, "filterType": "fechaVenta"}},
			}
		},
		"GET /api/admin/export-bookings": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/export-bookings", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "filterType", "fechaVenta", "format", "csv")},
				{path: "/api/admin/export-bookings", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "format", "xlsx")},
			}
		},
		"POST /api/admin/retrieveShoppingCartDetails": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/retrieveShoppingCartDetails", body: map[string]any{"token": d.identifier}},
				{path: "/api/admin/retrieveShoppingCartDetails", body: map[string]any{"token": d.cartToken}},
			}
		},
		"GET /api/booking/master-data/{id}": func(d *tenant) []probe {
			return []probe{{path: id("GET /api/booking/master-data/{id}", d.booking)}}
		},
		"GET /api/private/member/{id}": func(d *tenant) []probe {
			return []probe{{path: id("GET /api/private/member/{id}", d.member)}}
		},
		"DELETE /api/private/cancelBooking/{id}": func(d *tenant) []probe {
			return []probe{{path: id("DELETE /api/private/cancelBooking/{id}", d.booking)}}
		},
		"POST /api/admin/retrieveBillingBetweenDates": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/retrieveBillingBetweenDates", body: map[string]any{"dateIni": rangeFrom, "dateEnd": rangeTo, "details": true}}}
		},
		"GET /api/admin/export-billing": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/export-billing", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "format", "csv")},
				{path: "/api/admin/export-billing", query: q("dateIni", rangeFrom, "dateEnd", rangeTo, "format", "xlsx")},
			}
		},
		"POST /api/payment/execute-refund": func(d *tenant) []probe {
			return []probe{
				{path: "/api/payment/execute-refund", body: map[string]any{"amount": 100, "orderId": d.identifier}},
				{path: "/api/payment/execute-refund", body: map[string]any{"amount": 100, "token": d.identifier}},
			}
		},
		"POST /api/admin/record-payment": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/record-payment", key: "probe-" + d.mark,
				body: map[string]any{"bookingId": d.booking, "method": "cash", "amount": 100}}}
		},
		"POST /api/admin/correct-payment": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/correct-payment", key: "probe-" + d.mark,
				body: map[string]any{"bookingId": d.booking, "paymentId": d.payment, "amount": 100, "reason": "probe"}}}
		},
		"GET /api/admin/cash-up": func(d *tenant) []probe {
			return []probe{
				{path: "/api/admin/cash-up", query: q("date", "2026-11-30")},
				{path: "/api/admin/cash-up", query: q("date", "2026-11-30", "format", "csv")},
			}
		},
		"GET /api/admin/today": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/today", query: q("date", "2026-12-10")}, {path: "/api/admin/today"}}
		},
		"POST /api/admin/check-in": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/check-in", key: "probe-" + d.mark, body: map[string]any{"bookingId": d.booking}}}
		},
		"POST /api/admin/undo-check-in": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/undo-check-in", body: map[string]any{"bookingId": d.booking}}}
		},
		"GET /api/admin/live": func(d *tenant) []probe { return []probe{{path: "/api/admin/live"}} },
		"POST /api/kpi/ticket/totalBilling": func(d *tenant) []probe {
			return []probe{{path: "/api/kpi/ticket/totalBilling", body: map[string]any{"state": "cerrado", "dateStart": rangeFrom, "dateEnd": rangeTo}}}
		},
		"GET /api/kpi/ticket": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/ticket", "state", "cerrado", "start", rangeFrom, "end", rangeTo)}
		},
		"GET /api/kpi/ticket/average": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/ticket/average", "state", "cerrado", "start", rangeFrom, "end", rangeTo)}
		},
		"GET /api/kpi/member": func(d *tenant) []probe { return []probe{kpi("/api/kpi/member")} },
		"GET /api/kpi/member/{kind}": func(d *tenant) []probe {
			return []probe{
				kpi("/api/kpi/member/new", "date", rangeFrom, "end", rangeTo),
				kpi("/api/kpi/member/old", "date", "2026-12-10", "end", rangeTo),
			}
		},
		"GET /api/kpi/participant": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/participant", "start", rangeFrom, "end", rangeTo, "age", "true", "session", "true")}
		},
		"GET /api/kpi/series": func(d *tenant) []probe {
			return []probe{kpi("/api/kpi/series", "start", rangeFrom, "end", rangeTo)}
		},
		// Catalogue (adminapi/catalog.go): every write names d's category, variant or product.
		"GET /api/group": func(d *tenant) []probe { return []probe{{path: "/api/group"}} },
		"POST /api/group/createGroup": func(d *tenant) []probe {
			// A name company A already has: refused alike on every pass (a create that succeeded would answer
			// differently the second time), so the pass comparison still holds.
			return []probe{{path: "/api/group/createGroup", body: map[string]any{"name": "Alfa Category"}}}
		},
		"PUT /api/group/updateGroup": func(d *tenant) []probe {
			return []probe{{path: "/api/group/updateGroup", body: map[string]any{"id": d.category, "name": "Renamed"}}}
		},
		"DELETE /api/group/deleteGroup": func(d *tenant) []probe {
			return []probe{{path: "/api/group/deleteGroup", body: map[string]any{"id": d.category}}}
		},
		"GET /api/product/staff": func(d *tenant) []probe { return []probe{{path: "/api/product/staff"}} },
		"POST /api/product/createProduct": func(d *tenant) []probe {
			return []probe{
				{path: "/api/product/createProduct", body: map[string]any{"name": "New", "idLocal": "n1", "price": "10.50", "idVariant": d.variant}},
				{path: "/api/product/createProduct", body: map[string]any{"name": "New", "idLocal": "n1", "price": "10.50", "idGroup": d.category}},
			}
		},
		"PUT /api/product/updateProduct": func(d *tenant) []probe {
			return []probe{{path: "/api/product/updateProduct", body: map[string]any{"id": d.product, "name": "Edited", "idLocal": "e1", "price": "21"}}}
		},
		"DELETE /api/product/deleteProduct": func(d *tenant) []probe {
			return []probe{{path: "/api/product/deleteProduct", body: map[string]any{"id": d.product}}}
		},
		"POST /api/product/createPack": func(d *tenant) []probe {
			return []probe{{path: "/api/product/createPack", body: map[string]any{"name": "Pack", "idLocal": "p1", "price": 30, "productIds": []int64{d.product, d.product}}}}
		},
		"PUT /api/product/updatePack": func(d *tenant) []probe {
			return []probe{{path: "/api/product/updatePack", body: map[string]any{"id": d.product, "name": "Pack", "idLocal": "p1", "price": 30, "productIds": []int64{d.product}}}}
		},
		"DELETE /api/product/deletePack": func(d *tenant) []probe {
			return []probe{{path: "/api/product/deletePack", body: map[string]any{"id": d.product}}}
		},
		"POST /api/product/photo": func(d *tenant) []probe {
			// A JPEG's first bytes: refused alike on every pass (a stored upload would add an audit entry
			// between the passes); uploads themselves are tested in internal/adminapi.
			return []probe{{path: "/api/product/photo", body: map[string]any{"name": d.mark + "-photo", "photo": "/9j/4AAQSkZJRgABAQ=="}}}
		},
		// Settings dialog: the installation of d, and a save of d's installation (at the first version: a
		// save that passes is 200 the first time and 409 after, both allowed for A's own data).
		"POST /api/admin/retrieveConfig": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/retrieveConfig", body: map[string]any{"idInstallation": d.install}}}
		},
		"POST /api/admin/retrieveVariantsAndCircuits": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/retrieveVariantsAndCircuits", body: map[string]any{}}}
		},
		"POST /api/admin/saveConfig": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/saveConfig", body: map[string]any{"idInstallation": d.install, "version": 1,
				"enableBooking": true, "interval": 20, "maxParticipants": 5, "openingDate": "09:00", "closingDate": "21:00",
				"confirmationBookingEmails": []string{}, "cancelBookingEmails": []string{},
				"data": map[string]any{"showEmails": false, "emailOptional": true, "maxDaysBooking": 30, "maxSlotsBooking": 3,
					"disableHoursBooking": 0, "enableGroupedProducts": false, "dateLimitBooking": map[string]any{"enabled": false, "date": ""},
					"rules": map[string]any{}, "generalSchedule": map[string]any{}, "specialSchedule": []any{}}}}}
		},
		// The Team tab: d's member and invitation (company A named with B's: 404); an invitation's body
		// names nobody's data, so it is refused alike (422) whoever asks.
		"GET /api/admin/team": func(d *tenant) []probe { return []probe{{path: "/api/admin/team"}} },
		"POST /api/admin/team/invitations": func(d *tenant) []probe {
			return []probe{{path: "/api/admin/team/invitations", body: map[string]any{"email": "", "role": "DESK"}}}
		},
		"POST /api/admin/team/invitations/{id}/resend": func(d *tenant) []probe {
			return []probe{{path: id("POST /api/admin/team/invitations/{id}/resend", d.invitation)}}
		},
		"DELETE /api/admin/team/invitations/{id}": func(d *tenant) []probe {
			return []probe{{path: id("DELETE /api/admin/team/invitations/{id}", d.invitation)}}
		},
		"PUT /api/admin/team/members/{userId}/role": func(d *tenant) []probe {
			return []probe{{path: member("PUT /api/admin/team/members/{userId}/role", d.teamUser), body: map[string]any{"role": "DESK"}}}
		},
		"POST /api/admin/team/members/{userId}/disable": func(d *tenant) []probe {
			return []probe{{path: member("POST /api/admin/team/members/{userId}/disable", d.teamUser)}}
		},
		"POST /api/admin/team/members/{userId}/enable": func(d *tenant) []probe {
			return []probe{{path: member("POST /api/admin/team/members/{userId}/enable", d.teamUser)}}
		},
		"DELETE /api/admin/team/members/{userId}": func(d *tenant) []probe {
			return []probe{{path: member("DELETE /api/admin/team/members/{userId}", d.teamUser)}}
		},
	}
	maps.Copy(templates, eventTemplates()) // issue 15's routes (tenant_events_test.go)
	return templates
}

// tenantWorld is the real server (server.New, as `pitlane serve` builds it) over two companies, with a
// user who is SUPERADMIN of company A only.
type tenantWorld struct {
	app   *appserver.App
	db    *store.DB
	a, b  *tenant
	token string
}

func newTenantWorld(t *testing.T, engine store.Engine) *tenantWorld {
	t.Helper()
	dbURL := storetest.SQLiteURL(t)
	if engine == store.Postgres {
		dbURL = postgresURL(t)
	}
	ctx := t.Context()
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := config.Load("serve", nil, map[string]string{"PITLANE_DATABASE_URL": dbURL}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	w := &tenantWorld{db: db, a: seedTenant(t, db, "alfa"), b: seedTenant(t, db, "bravo")}
	clk := clock.NewManual(tenantNow)
	if w.app, err = appserver.New(cfg, db, clk, slog.New(slog.NewTextHandler(io.Discard, nil)), "http://example.com"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.app.Close)
	const pw = "alfa staff password"
	if err := account.NewService(db.Admins(), clk).CreateAdmin(ctx, "alfa.staff@alfa.example", "Alfa Staff", pw, w.a.company, "SUPERADMIN"); err != nil {
		t.Fatal(err)
	}
	res := w.do(t, "POST", "/api/users/adminLogin", map[string]any{"email": "alfa.staff@alfa.example", "password": pw}, "")
	var out struct{ Token string }
	if res.Status != http.StatusOK || json.Unmarshal(res.Body, &out) != nil {
		t.Fatalf("sign-in: %d %s", res.Status, res.Body)
	}
	w.token = out.Token
	return w
}

// do sends a request to the server with the bearer token (if any) and checks the answer against
// docs/openapi.yaml.
func (w *tenantWorld) do(t *testing.T, method, target string, body map[string]any, token string) *apitest.Response {
	t.Helper()
	return w.doWith(t, method, target, body, token, "")
}

// doWith is do with an Idempotency-Key header when key is not empty.
func (w *tenantWorld) doWith(t *testing.T, method, target string, body map[string]any, token, key string) *apitest.Response {
	t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	req := httptest.NewRequest(method, target, bytes.NewReader(raw))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	rec := httptest.NewRecorder()
	w.app.Handler().ServeHTTP(rec, req)
	res := &apitest.Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	apitest.Validate(t, method, target, raw, req.Header, res)
	return res
}

// send sends a template's request naming the company.
func (w *tenantWorld) send(t *testing.T, pattern string, p probe, company int64, token string) (*apitest.Response, string) {
	t.Helper()
	method := strings.Fields(pattern)[0]
	query := url.Values{}
	for k, v := range p.query {
		query[k] = v
	}
	var body map[string]any
	if p.body != nil {
		body = map[string]any{"idCompany": company}
		for k, v := range p.body {
			body[k] = v
		}
	} else {
		param := p.companyParam
		if param == "" {
			param = "idCompany"
		}
		query.Set(param, strconv.FormatInt(company, 10))
	}
	target := p.path + "?" + query.Encode()
	desc := target
	if body != nil {
		raw, _ := json.Marshal(body)
		desc += " " + string(raw)
	}
	return w.doWith(t, method, target, body, token, p.key), desc
}

var requestIDField = regexp.MustCompile(`"requestId":"[^"]*"`)

// content is what a response says: a spreadsheet's sheets and strings (not its zip bytes, which carry
// creation times), or the body without the request id.
func content(res *apitest.Response) string {
	if zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body))); err == nil {
		var names []string
		files := map[string]*zip.File{}
		for _, f := range zr.File {
			if strings.HasPrefix(f.Name, "xl/worksheets/") || f.Name == "xl/sharedStrings.xml" {
				names = append(names, f.Name)
				files[f.Name] = f
			}
		}
		sort.Strings(names)
		var b strings.Builder
		for _, n := range names {
			rc, err := files[n].Open()
			if err != nil {
				return "unreadable spreadsheet: " + err.Error()
			}
			data, _ := io.ReadAll(rc)
			rc.Close()
			b.Write(data)
		}
		return b.String()
	}
	return requestIDField.ReplaceAllString(string(res.Body), "")
}

// leak reports whether a response shows a row of the company with the mark. An error answer may
// echo what the request itself sent (e.g. the identifier it could not find); a success may not.
func leak(res *apitest.Response, mark, request string) bool {
	text := strings.ToLower(content(res))
	if res.Status >= 300 {
		for _, f := range regexp.MustCompile(`[^\s"&=?/{},:]*`+mark+`[^\s"&=?/{},:]*`).FindAllString(strings.ToLower(request), -1) {
			text = strings.ReplaceAll(text, f, "")
		}
	}
	return strings.Contains(text, mark)
}

// TestStaffRoutesKeepCompaniesApart walks the staff route table itself: for every route, a user of
// company A (a) naming company B is refused, (b) naming company A but reaching for B's booking,
// member, cart, sales and sessions gets 403, 404, 422 or a success that shows none of B's rows, and
// adding more B data changes nothing in A's answers, (c) naming company A with A's own data gets
// past the middleware. B's rows are unchanged at the end.
func TestStaffRoutesKeepCompaniesApart(t *testing.T) {
	t.Parallel()
	for _, engine := range storetest.Engines {
		t.Run(string(engine), func(t *testing.T) {
			t.Parallel()
			w := newTenantWorld(t, engine)
			templates := staffTemplates()
			routes := w.app.Staff().Routes()
			inTable := map[string]bool{}
			for _, rt := range routes {
				inTable[rt.Pattern] = true
				if templates[rt.Pattern] == nil {
					t.Errorf("route %q has no template in staffTemplates (cmd/pitlane/tenant_test.go): add one that reaches for company B's data", rt.Pattern)
				}
			}
			for p := range templates {
				if !inTable[p] {
					t.Errorf("template %q names no route of the table; remove it", p)
				}
			}
			bookedB := count(t, w.db, `SELECT SUM(booked) FROM slots WHERE circuit_id = ?`, w.b.circuit)

			// (a) Company B named, with B's data, and without a session.
			forEach(t, "a", routes, func(t *testing.T, rt routeRow) {
				for _, p := range templates[rt.Pattern](w.b) {
					res, req := w.send(t, rt.Pattern, p, w.b.company, w.token)
					if res.Status != http.StatusForbidden || leak(res, "bravo", "") {
						t.Errorf("company B named: %s %s → %d %s; want 403 showing nothing of B", rt.Pattern, req, res.Status, res.Body)
					}
					if res, req := w.send(t, rt.Pattern, p, w.a.company, ""); res.Status != http.StatusUnauthorized {
						t.Errorf("no session: %s %s → %d", rt.Pattern, req, res.Status)
					}
				}
			})

			// (b) Company A named, B's data asked for; twice, with more B data in between.
			first := map[string]string{}
			pass := func(phase string, record bool) {
				forEach(t, phase, routes, func(t *testing.T, rt routeRow) {
					for i, p := range templates[rt.Pattern](w.b) {
						res, req := w.send(t, rt.Pattern, p, w.a.company, w.token)
						ok := res.Status == http.StatusForbidden || res.Status == http.StatusNotFound ||
							res.Status == http.StatusUnprocessableEntity || res.Status/100 == 2
						if !ok || leak(res, "bravo", req) {
							t.Errorf("company A named, B's data: %s %s → %d %.600s; want 403, 404, 422 or a success showing nothing of B",
								rt.Pattern, req, res.Status, res.Body)
						}
						key := rt.Pattern + "#" + strconv.Itoa(i)
						got := strconv.Itoa(res.Status) + " " + content(res)
						if record {
							first[key] = got
						} else if first[key] != got {
							t.Errorf("%s %s: A's answer changed when B got more data:\nbefore %.600s\nafter  %.600s", rt.Pattern, req, first[key], got)
						}
					}
				})
			}
			pass("b", true)
			w.b.addBooking(t, w.db)
			bookedB += 2
			pass("b-again", false)

			// B's rows are as they were (the second booking added above included).
			if n := count(t, w.db, `SELECT COUNT(*) FROM bookings WHERE company_id = ? AND status <> 'pagada'`, w.b.company); n != 0 {
				t.Errorf("%d of B's bookings changed status", n)
			}
			if n := count(t, w.db, `SELECT COUNT(*) FROM payment_entries e JOIN payments p ON p.id = e.payment_id
				WHERE p.company_id = ? AND e.kind <> 'charge'`, w.b.company); n != 0 {
				t.Errorf("%d refund entries on B's payments", n)
			}
			if n := count(t, w.db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ?`, w.b.company); n != 1 {
				t.Errorf("B's audit log has %d entries, want its 1", n)
			}
			if n := count(t, w.db, `SELECT settings_version * 1000 + interval_minutes FROM companies c JOIN installations i
				ON i.company_id = c.id WHERE c.id = ?`, w.b.company); n != 1015 {
				t.Errorf("B's settings changed: version*1000+interval = %d, want 1015", n)
			}
			if n := count(t, w.db, `SELECT SUM(booked) FROM slots WHERE circuit_id = ?`, w.b.circuit); n != bookedB {
				t.Errorf("B's booked places %d, want %d", n, bookedB)
			}

			// (c) Company A with its own data gets past the middleware to a real answer.
			forEach(t, "c", routes, func(t *testing.T, rt routeRow) {
				for _, p := range templates[rt.Pattern](w.a) {
					res, req := w.send(t, rt.Pattern, p, w.a.company, w.token)
					if res.Status/100 != 2 && res.Status != http.StatusNotFound && res.Status != http.StatusConflict &&
						res.Status != http.StatusUnprocessableEntity {
						t.Errorf("company A, its own data: %s %s → %d %.400s; want a success (or 404, 409, 422)", rt.Pattern, req, res.Status, res.Body)
					}
					if leak(res, "bravo", "") {
						t.Errorf("company A, its own data: %s %s shows B's rows: %.600s", rt.Pattern, req, res.Body)
					}
				}
			})
		})
	}
}

// routeRow is a row of the staff route table.
type routeRow = adminapi.Route

// forEach runs fn as a subtest per route under a subtest for the phase, named so that -run can pick
// routes: TestStaffRoutesKeepCompaniesApart/sqlite/b/GET_api_admin_company.
func forEach(t *testing.T, phase string, routes []routeRow, fn func(t *testing.T, rt routeRow)) {
	t.Run(phase, func(t *testing.T) {
		for _, rt := range routes {
			name := strings.NewReplacer(" /", "_", "/", "_", "{", "", "}", "").Replace(rt.Pattern)
			t.Run(name, func(t *testing.T) { fn(t, rt) })
		}
	})
}

func count(t *testing.T, db *store.DB, q string, args ...any) int64 {
	t.Helper()
	var n int64
	ctx := t.Context()
	if err := db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, args...).Scan(&n) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}
