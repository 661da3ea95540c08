package main

import (
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
)

// staffPrefixes are the paths of the staff API; every call under them but sign-in, sign-out and
// who-am-I must be a row of the route table, so it goes through the scope middleware.
var staffPrefixes = []string{"/api/admin/", "/api/kpi/", "/api/private/", "/api/users/", "/api/booking/master-data/", "/api/payment/execute-refund",
	"/api/group", "/api/product/", "/api/event/createFullEvent", "/api/event/previewTemplate",
	"/api/event/fullEvent", "/api/event/updateFullEvent", "/api/publi/photo", "/api/company/updatePubli"}

var staffPublic = map[string]bool{"/api/users/adminLogin": true, "/api/users/logout": true, "/api/users/me": true, "/api/users/changePassword": true,
	"/api/product/image/{name}":  true, // product images: public, content-addressed, no company data
	"/api/users/forgot-password": true, // asked by someone who cannot sign in; names no company (issue 24)
	// My account's own sessions: the user's, in no company (issue 24)
	"/api/users/me/sessions": true, "/api/users/me/sessions/{sessionId}": true,
	// The sign-in's second step (its challenge is the credential) and the user's own second factor in My
	// account (resolved from the session like changePassword; names no company) (issue 24).
	"/api/users/adminLogin/second-factor": true, "/api/users/me/second-factor": true, "/api/users/me/second-factor/setup": true,
	"/api/users/me/second-factor/confirm": true, "/api/users/me/second-factor/disable": true}

// http.ServeMux cannot list its patterns, so the test asks the server for every staff call the
// contract documents (and a few it does not): each must match a pattern of the route table, and the
// server as server.New wires it must answer it 401 without a session (the middleware's answer), so no
// staff call is registered around the middleware.
func TestEveryStaffCallIsInTheRouteTable(t *testing.T) {
	t.Parallel()
	w := newTenantWorld(t, store.SQLite)
	table := http.NewServeMux()
	inTable := map[string]bool{}
	for _, rt := range w.app.Staff().Routes() {
		table.HandleFunc(rt.Pattern, func(http.ResponseWriter, *http.Request) {})
		inTable[rt.Pattern] = true
	}
	specPath, err := apitest.SpecPath()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := openapi3.NewLoader().LoadFromFile(specPath)
	if err != nil {
		t.Fatal(err)
	}
	var calls []string
	for path, item := range doc.Paths.Map() {
		if staffPublic[path] || !hasStaffPrefix(path) {
			continue
		}
		for method, op := range item.Operations() {
			calls = append(calls, method+" "+concrete(path, append(item.Parameters, op.Parameters...)))
		}
	}
	sort.Strings(calls)
	if len(calls) < len(inTable) {
		t.Fatalf("only %d staff calls documented for %d routes", len(calls), len(inTable))
	}
	// Undocumented neighbours must not be served either: they fall through to the API's 404.
	calls = append(calls, "GET /api/admin/undocumented", "POST /api/kpi/undocumented", "GET /api/private/undocumented/1",
		"GET /api/users/undocumented")
	for _, call := range calls {
		method, path, _ := strings.Cut(call, " ")
		req := httptest.NewRequest(method, path, nil)
		_, pattern := table.Handler(req)
		documented := !strings.Contains(path, "undocumented")
		if documented && !inTable[pattern] {
			t.Errorf("%s is documented as a staff call but matches no row of the staff route table", call)
		}
		rec := httptest.NewRecorder()
		w.app.Handler().ServeHTTP(rec, req)
		want := http.StatusUnauthorized
		if !documented {
			want = http.StatusNotFound
		}
		if rec.Code != want {
			t.Errorf("%s without a session: %d, want %d (%s)", call, rec.Code, want, rec.Body)
		}
	}
}

func hasStaffPrefix(path string) bool {
	for _, p := range staffPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// concrete fills a path's parameters with a value its schema accepts (the first of an enum, else 1).
func concrete(path string, params openapi3.Parameters) string {
	for _, p := range params {
		if p.Value == nil || p.Value.In != "path" {
			continue
		}
		v := "1"
		if s := p.Value.Schema; s != nil && s.Value != nil && len(s.Value.Enum) > 0 {
			if e, ok := s.Value.Enum[0].(string); ok {
				v = e
			}
		}
		path = strings.ReplaceAll(path, "{"+p.Value.Name+"}", v)
	}
	return path
}
