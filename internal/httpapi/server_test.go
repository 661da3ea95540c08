package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/demo"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

var madrid, _ = time.LoadLocation("Europe/Madrid")

// now is Tuesday 1 December 2026, 12:07 at the circuits: the demo is seeded and every request made at
// this instant unless a test moves the clock.
var now = time.Date(2026, 12, 1, 12, 7, 0, 0, madrid)

// indexHTML is the web app's page in the test file system.
const indexHTML = "<!doctype html><title>Pitlane</title><div id=root></div>"

// adminHTML is the back office's page (admin.html) in the test file system.
const adminHTML = "<!doctype html><title>Pitlane back office</title><div id=root></div>"

// webFS stands in for the built React app.
func webFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":           {Data: []byte(indexHTML)},
		"admin.html":           {Data: []byte(adminHTML)},
		"assets/app-1a2b3c.js": {Data: []byte("console.log('app')")},
		"favicon.svg":          {Data: []byte("<svg/>")},
	}
}

// world is a server over a real database holding the demo companies and the storetest fixture.
type world struct {
	db           *store.DB
	clk          *clock.Manual
	norte, fjord demo.CompanyResult
	fix          storetest.Fixture
	sessions     *sessions.Service
	handler      http.Handler
	api          *apitest.Client
	logs         *syncBuffer
}

// newWorld builds a world with the demo companies and the fixture.
func newWorld(t *testing.T, db *store.DB) *world { return build(t, db, true) }

// newFixtureWorld builds a world with only the fixture (seeding the demo hashes passwords: slow).
func newFixtureWorld(t *testing.T, db *store.DB) *world { return build(t, db, false) }

func build(t *testing.T, db *store.DB, withDemo bool) *world {
	t.Helper()
	w := &world{db: db, clk: clock.NewManual(now), logs: &syncBuffer{}}
	if withDemo {
		r, err := demo.Seed(context.Background(), db, w.clk)
		if err != nil {
			t.Fatalf("seed demo: %v", err)
		}
		for _, c := range r.Companies {
			switch c.Name {
			case "Circuito Norte":
				w.norte = c
			case "Fjord Karting":
				w.fjord = c
			}
		}
	}
	w.fix = storetest.NewFixture(t, db, storetest.FixtureOptions{})
	w.sessions = sessions.NewService(db.Holds(), w.clk, 10*time.Minute)
	w.handler = httpapi.New(httpapi.Deps{
		Logger:       slog.New(slog.NewJSONHandler(w.logs, nil)),
		DB:           db,
		Web:          webFS(),
		MaxBodyBytes: 4096,
		Companies:    company.NewService(db.Companies()),
		Catalog:      catalog.NewService(db.Catalog(), w.clk),
		Sessions:     w.sessions,
	})
	w.api = apitest.New(t, w.handler)
	return w
}

// syncBuffer is a bytes.Buffer safe for the logger's concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// errorBody is the Error schema.
type errorBody struct {
	Code      apperr.Code       `json:"code"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields"`
	RequestID string            `json:"requestId"`
}

// row is one request of a route's table and what the answer must be. Error rows name the code, and
// optionally a field the answer's fields must name and text its message (or that field's) must hold.
type row struct {
	name    string
	method  string
	path    string
	body    any
	headers []string
	status  int
	code    apperr.Code
	field   string
	text    string
	check   func(t *testing.T, res *apitest.Response)
}

// run sends the rows in order (later rows may depend on earlier ones) and checks each answer.
func (w *world) run(t *testing.T, rows []row) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			res := w.api.Do(r.method, r.path, r.body, r.headers...)
			if res.Status != r.status {
				t.Fatalf("%s %s → %d, want %d: %s", r.method, r.path, res.Status, r.status, res.Body)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q, want JSON", ct)
			}
			if r.code != "" {
				checkError(t, res, r.code, r.field, r.text)
			}
			if r.check != nil {
				r.check(t, res)
			}
		})
	}
}

// checkError checks an error answer: its code, the request id, and optionally a field and a text.
func checkError(t *testing.T, res *apitest.Response, code apperr.Code, field, text string) errorBody {
	t.Helper()
	var e errorBody
	res.JSON(t, &e)
	if e.Code != code {
		t.Errorf("code %q, want %q (%s)", e.Code, code, res.Body)
	}
	if e.RequestID == "" || e.RequestID != res.Header.Get("X-Request-Id") {
		t.Errorf("requestId %q, X-Request-Id header %q", e.RequestID, res.Header.Get("X-Request-Id"))
	}
	where := e.Message
	if field != "" {
		msg, ok := e.Fields[field]
		if !ok {
			t.Errorf("fields %v do not name %q", e.Fields, field)
		}
		where = msg
	}
	if text != "" && !strings.Contains(where, text) {
		t.Errorf("%q does not say %q (%s)", where, text, res.Body)
	}
	return e
}

// bearer is the header pair of a company token.
func bearer(token string) []string { return []string{"Authorization", "Bearer " + token} }

// TestUnknownAPICallsAnswerJSON404: a mistyped API call is a JSON 404, never the web app's HTML; a
// known path asked with a method it does not take is a JSON 405 naming the methods it takes (Allow).
func TestUnknownAPICallsAnswerJSON404(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		for _, c := range []struct{ method, path string }{
			{"GET", "/api/nope"}, {"POST", "/api/nope"}, {"GET", "/api"}, {"GET", "/api/"},
			{"GET", "/api/product/1/extra"},
		} {
			res := w.api.Do(c.method, c.path, nil)
			if res.Status != http.StatusNotFound {
				t.Errorf("%s %s → %d, want 404", c.method, c.path, res.Status)
			}
			if strings.Contains(string(res.Body), "<") || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s answered %q %s, want JSON", c.method, c.path, res.Header.Get("Content-Type"), res.Body)
			}
			checkError(t, res, apperr.NotFound, "", "")
		}
		for _, c := range []struct{ method, path, allow string }{
			{"DELETE", "/api/config/fixture-key", "GET, HEAD"}, {"GET", "/api/prebooking", "POST"},
			{"PUT", "/api/prebooking/some-hold", "DELETE"}, {"GET", "/api/payment/shopping-cart", "POST"},
		} {
			res := w.api.Do(c.method, c.path, nil)
			if res.Status != http.StatusMethodNotAllowed || res.Header.Get("Allow") != c.allow {
				t.Errorf("%s %s → %d Allow %q, want 405 Allow %q", c.method, c.path, res.Status, res.Header.Get("Allow"), c.allow)
			}
			checkError(t, res, apperr.MethodNotAllowed, "", "")
		}
	})
}

// panickyCompanies is a company service that panics, standing in for a bug in any handler.
type panickyCompanies struct{}

func (panickyCompanies) Config(context.Context, string) (company.Config, error) {
	panic("secret detail: connection string postgres://admin:hunter2@db")
}

// TestPanicIsAJSON500WithoutDetails: a bug answers "Internal error." with the request id; the panic's
// text goes to the log with the same id and never to the client.
func TestPanicIsAJSON500WithoutDetails(t *testing.T) {
	t.Parallel()
	logs := &syncBuffer{}
	h := httpapi.New(httpapi.Deps{Logger: slog.New(slog.NewJSONHandler(logs, nil)), Companies: panickyCompanies{}, Web: webFS()})
	req := httptest.NewRequest("GET", "/api/config/some-key", nil)
	req.Header.Set("X-Request-Id", "trace-0123456789")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500: %s", rec.Code, rec.Body)
	}
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Errorf("Content-Type %q", rec.Header().Get("Content-Type"))
	}
	var e errorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil {
		t.Fatalf("not JSON: %s", rec.Body)
	}
	if e.Code != apperr.Internal || e.Message != "Internal error." || e.RequestID != "trace-0123456789" {
		t.Errorf("answer %+v", e)
	}
	if strings.Contains(rec.Body.String(), "hunter2") || strings.Contains(rec.Body.String(), "secret") {
		t.Errorf("the panic leaked to the client: %s", rec.Body)
	}
	if l := logs.String(); !strings.Contains(l, "hunter2") || !strings.Contains(l, `"request_id":"trace-0123456789"`) {
		t.Errorf("the panic is not logged with the request id: %s", l)
	}
	// The server keeps serving after a panic.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusOK {
		t.Errorf("after a panic / answered %d", rec.Code)
	}
}

// TestBodyOverTheLimitIs400: bodies over MaxBodyBytes are refused whether or not they announce
// their length.
func TestBodyOverTheLimitIs400(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		big := `{"bookingDates":["` + strings.Repeat("x", 5000) + `"],"numDrivers":1,"idType":1,"type":"PRODUCT","token":"t"}`
		res := w.api.Do("POST", "/api/prebooking", big, bearer(w.fix.Token)...)
		if res.Status != http.StatusBadRequest {
			t.Fatalf("announced length: status %d: %s", res.Status, res.Body)
		}
		checkError(t, res, apperr.Invalid, "", "larger than 4096 bytes")

		// A chunked body (no Content-Length) is cut off while it is read.
		req := httptest.NewRequest("POST", "/api/payment/shopping-cart", io.MultiReader(strings.NewReader(`{"idCompany":1`),
			strings.NewReader(strings.Repeat(" ", 5000)+"}")))
		req.ContentLength = -1
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		w.handler.ServeHTTP(rec, req)
		got := &apitest.Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
		apitest.Validate(t, "POST", "/api/payment/shopping-cart", nil, req.Header, got)
		if got.Status != http.StatusBadRequest {
			t.Fatalf("chunked: status %d: %s", got.Status, got.Body)
		}
		checkError(t, got, apperr.Invalid, "", "larger than 4096 bytes")
	})
}

var generatedID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// TestRequestIDEchoedWhenSane: a sane X-Request-Id comes back (and in error bodies); anything else
// is replaced by a fresh id.
func TestRequestIDEchoedWhenSane(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		res := w.api.Do("GET", "/api/config/unknown-key", nil, "X-Request-Id", "lb-trace_42.abc")
		if got := res.Header.Get("X-Request-Id"); got != "lb-trace_42.abc" {
			t.Errorf("sane id answered as %q", got)
		}
		if e := checkError(t, res, apperr.NotFound, "", ""); e.RequestID != "lb-trace_42.abc" {
			t.Errorf("error body requestId %q", e.RequestID)
		}
		seen := map[string]bool{}
		for _, bad := range []string{"", "short", "has spaces in it", "<script>alert(1)</script>", strings.Repeat("a", 65), "new\nline-header"} {
			req := httptest.NewRequest("GET", "/healthz", nil)
			req.Header["X-Request-Id"] = []string{bad}
			rec := httptest.NewRecorder()
			w.handler.ServeHTTP(rec, req)
			got := rec.Header().Get("X-Request-Id")
			if !generatedID.MatchString(got) || seen[got] {
				t.Errorf("X-Request-Id %q answered as %q, want a fresh id", bad, got)
			}
			seen[got] = true
		}
	})
}

// TestWebAppRoutes: pages are the app's index.html (unknown pages with status 404), the back office's
// pages its admin.html, a missing asset is a plain 404 and never the page.
func TestWebAppRoutes(t *testing.T) {
	t.Parallel()
	h := httpapi.New(httpapi.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Web: webFS()})
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec
	}
	for _, path := range []string{"/login", "/admin", "/admin/bookings/42"} {
		rec := get(path)
		if rec.Code != http.StatusOK || rec.Body.String() != adminHTML || rec.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("%s → %d %q %q, want admin.html (no-cache)", path, rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
		}
	}
	if rec := get("/nowhere"); rec.Code != http.StatusNotFound || rec.Body.String() != indexHTML {
		t.Errorf("/nowhere → %d %q, want 404 with index.html (its router shows 'Page not found')", rec.Code, rec.Body)
	}
	if rec := get("/index.html"); rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != "/" {
		t.Errorf("/index.html → %d Location %q, want a redirect to / (it is not a page)", rec.Code, rec.Header().Get("Location"))
	}
	for _, path := range []string{"/", "/event/x/register", "/fixture-key"} {
		rec := get(path)
		if rec.Code != http.StatusOK || rec.Body.String() != indexHTML || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%s → %d %q %q, want index.html", path, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
		}
		if rec.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: index.html Cache-Control %q", path, rec.Header().Get("Cache-Control"))
		}
	}
	// A booking page asks for its company's configuration with the page (a preload hint); other pages do not.
	links := map[string]string{
		"/fixture-key":            "</api/config/fixture-key>; rel=preload; as=fetch; crossorigin=anonymous",
		"/s_seW0lIUkf-rmxTHVq-gw": "</api/config/s_seW0lIUkf-rmxTHVq-gw>; rel=preload; as=fetch; crossorigin=anonymous",
		"/terms":                  "", "/success": "", "/login": "", "/admin": "", "/": "", "/event/x/register": "",
		"/short": "", "/a%3Cb%3E-not-a-key": "", "/fixture-key/landing": "",
	}
	for path, want := range links {
		if got := get(path).Header().Get("Link"); got != want {
			t.Errorf("%s: Link %q, want %q", path, got, want)
		}
	}
	rec := get("/assets/app-1a2b3c.js")
	if rec.Code != http.StatusOK || rec.Body.String() != "console.log('app')" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("asset → %d %q cache %q", rec.Code, rec.Body, rec.Header().Get("Cache-Control"))
	}
	for _, path := range []string{"/assets/missing.js", "/assets/app-0000.css", "/missing.png"} {
		rec := get(path)
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "<") {
			t.Errorf("%s → %d %q, want a 404 that is not HTML", path, rec.Code, rec.Body)
		}
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/event/x/register", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST to a page → %d, want 405", rec.Code)
	}

	// A binary built without the web app says so instead of serving nothing.
	bare := httpapi.New(httpapi.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Web: fstest.MapFS{}})
	rec = httptest.NewRecorder()
	bare.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "not built") {
		t.Errorf("no web app: %d %q", rec.Code, rec.Body)
	}
}

// TestHealthz: 200 while the database answers, 503 once it is gone.
func TestHealthz(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		api := apitest.New(t, httpapi.New(httpapi.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: db, Web: webFS()}))
		var body map[string]string
		res := api.Do("GET", "/healthz", nil)
		res.JSON(t, &body)
		if res.Status != http.StatusOK || body["status"] != "ok" || len(body) != 1 {
			t.Fatalf("healthy: %d %s", res.Status, res.Body)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		res = api.Do("GET", "/healthz", nil)
		res.JSON(t, &body)
		if res.Status != http.StatusServiceUnavailable || body["status"] != "unavailable" {
			t.Fatalf("database closed: %d %s", res.Status, res.Body)
		}
	})
}

// TestReadyz: 200 when the database answers with every migration applied; 503 naming the reason when the
// schema is behind this binary (an instance started before the migration ran) or the database is gone.
func TestReadyz(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		api := apitest.New(t, httpapi.New(httpapi.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: db, Web: webFS()}))
		var body map[string]string
		res := api.Do("GET", "/readyz", nil)
		res.JSON(t, &body)
		if res.Status != http.StatusOK || body["status"] != "ok" {
			t.Fatalf("migrated: %d %s", res.Status, res.Body)
		}
		_, latest, err := db.MigrationVersions(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		// Forget the last migration, as a database not yet upgraded looks to a newer binary.
		if err := db.Write(context.Background(), func(tx *store.Tx) error {
			_, err := tx.Exec(context.Background(), `DELETE FROM goose_db_version WHERE version_id = ?`, latest)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		body = nil
		res = api.Do("GET", "/readyz", nil)
		res.JSON(t, &body)
		if res.Status != http.StatusServiceUnavailable || body["reason"] != "migrations" {
			t.Fatalf("schema behind: %d %s", res.Status, res.Body)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		body = nil
		res = api.Do("GET", "/readyz", nil)
		res.JSON(t, &body)
		if res.Status != http.StatusServiceUnavailable || body["reason"] != "database" {
			t.Fatalf("database closed: %d %s", res.Status, res.Body)
		}
	})
}
