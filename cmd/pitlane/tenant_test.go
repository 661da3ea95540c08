package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
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
	if res.Status != http.StatusOK {
		t.Fatalf("sign-in: %d %s", res.Status, res.Body)
	}
	w.token = sessionCookie(t, res)
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

// sessionCookie is the session token a sign-in set as its cookie (the answer's body never carries it).
func sessionCookie(t *testing.T, res *apitest.Response) string {
	t.Helper()
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == adminapi.CookieName && c.Value != "" {
			return c.Value
		}
	}
	t.Fatalf("the sign-in set no session cookie: %v", res.Header.Values("Set-Cookie"))
	return ""
}
