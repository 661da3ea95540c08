package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// The back office is its own page: /login, /admin and /admin/* get admin.html, never cached; every other
// page path still gets the customer's index.html, and assets are served as they are.
func TestBackOfficePagesServeAdminHTML(t *testing.T) {
	t.Parallel()
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
	for _, target := range []string{"/login", "/login/", "/admin", "/admin/", "/admin/settings", "/admin/a/b?x=1", "/admin.html", "/invite/abc-DEF_123", "/forgot-password", "/reset-password/abc-DEF_123"} {
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
	for _, target := range []string{"/", "/norte-key-1", "/administration", "/norte-key-1/landing", "/terms", "/event/ev-1"} {
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
	t.Parallel()
	h := newSPA(fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/admin", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("GET /admin without admin.html: %d, want 503", rec.Code)
	}
}

// The customer app's page is served with 200 only for the app's routes: every other path answers 404
// with the same page (its router shows 'Page not found'), and so does a company page whose key no
// company has; a read that cannot decide serves the page.
func TestUnknownPagesAnswer404(t *testing.T) {
	t.Parallel()
	const index = "<!doctype html><title>customer</title>"
	h := newSPA(fstest.MapFS{"index.html": {Data: []byte(index)}, "admin.html": {Data: []byte("admin")}})
	h.company = func(_ context.Context, key string) ([]string, bool) {
		return []string{"</api/config/" + key + ">"}, key != "nobody-key-1"
	}
	h.known = func(_ context.Context, kind pageKind, key string) bool {
		return map[pageKind]string{pageEvent: "ev-1", pageCancel: "0123abcd", pageUnsubscribe: "k-1"}[kind] == key
	}
	get := func(method, target string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
		return rec
	}
	known := []string{"/", "/norte-key-1", "/norte-key-1/", "/norte-key-1/landing", "/norte-key-1/landingEvents",
		"/event/ev-1", "/event/ev-1/register", "/events/norte-key-1", "/cancelBooking/0123abcd", "/member/unsubscribe/k-1",
		"/terms", "/success?x=1", "/kiosk/norte-key-1", "/login", "/admin/bookings"}
	for _, target := range known {
		if rec := get(http.MethodGet, target); rec.Code != http.StatusOK {
			t.Errorf("GET %s: %d, want 200", target, rec.Code)
		}
	}
	unknown := []string{"/nowhere", "/no/such/page", "/nobody-key-1", "/nobody-key-1/landing", "/norte-key-1/other",
		"/event", "/event/ev-1/pay", "/member/unsubscribe", "/terms/x", "/cancelBooking/a/b", "/<script>x</script>", "/loginx",
		"/event/ev-2", "/event/ev-2/register", "/events/nobody-key-1", "/events/short", "/kiosk/nobody-key-1", "/cancelBooking/4567efgh",
		"/member/unsubscribe/k-2"}
	for _, target := range unknown {
		rec := get(http.MethodGet, target)
		if rec.Code != http.StatusNotFound || rec.Body.String() != index {
			t.Errorf("GET %s: %d %q, want 404 with the app's page", target, rec.Code, rec.Body.String())
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", target, ct)
		}
		if links := rec.Header().Values("Link"); len(links) != 0 {
			t.Errorf("GET %s: Link %q on a 404", target, links)
		}
	}
	if rec := get(http.MethodHead, "/no/such/page"); rec.Code != http.StatusNotFound || rec.Body.Len() != 0 {
		t.Errorf("HEAD unknown: %d with %d bytes", rec.Code, rec.Body.Len())
	}
	if rec := get(http.MethodGet, "/norte-key-1/landing"); len(rec.Header().Values("Link")) != 0 {
		t.Errorf("a landing page got the booking page's hints: %q", rec.Header().Values("Link"))
	}
}
