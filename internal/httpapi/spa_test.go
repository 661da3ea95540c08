package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// The back office is its own page: /login, /admin and /admin/* get admin.html, never cached; every other
// page path still gets the customer's index.html, and assets are served as they are.
func TestBackOfficePagesServeAdminHTML(t *testing.T) {
	const index = "<!doctype html><title>customer</title>"
	const admin = "<!doctype html><title>back office</title>"
	h := newSPA(fstest.MapFS{
		"index.html":      {Data: []byte(index)},
		"admin.html":      {Data: []byte(admin)},
		"assets/app-1.js": {Data: []byte("console.log(1)")},
	})
	get := func(method, target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
		return rec
	}
	for _, target := range []string{"/login", "/login/", "/admin", "/admin/", "/admin/settings", "/admin/a/b?x=1", "/admin.html"} {
		rec := get(http.MethodGet, target)
		if rec.Code != http.StatusOK || rec.Body.String() != admin {
			t.Errorf("GET %s: %d %q, want admin.html", target, rec.Code, rec.Body.String())
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", target, got)
		}
		if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", target, got)
		}
	}
	if rec := get(http.MethodHead, "/admin"); rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("HEAD /admin: %d with %d bytes", rec.Code, rec.Body.Len())
	}
	for _, target := range []string{"/", "/norte", "/loginx", "/administration", "/norte/landing", "/some/unknown"} {
		rec := get(http.MethodGet, target)
		if rec.Code != http.StatusOK || rec.Body.String() != index || rec.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: %d %q, want index.html (no-cache)", target, rec.Code, rec.Body.String())
		}
	}
	if rec := get(http.MethodGet, "/assets/app-1.js"); rec.Body.String() != "console.log(1)" {
		t.Errorf("asset: %q", rec.Body.String())
	}
	if rec := get(http.MethodPost, "/admin"); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /admin: %d, want 405", rec.Code)
	}
}

// A binary built without the web app says so on the back-office pages too.
func TestBackOfficePageWithoutBuild(t *testing.T) {
	h := newSPA(fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/admin", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("GET /admin without admin.html: %d, want 503", rec.Code)
	}
}
