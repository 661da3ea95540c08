package httpapi_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"pitlane/internal/httpapi"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestSecurityHeaders: every answer, API or app, carries the security headers.
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newFixtureWorld(t, db)
		for _, path := range []string{"/api/config/fixture-key", "/api/nope", "/healthz", "/", "/event/x/register",
			"/assets/app-1a2b3c.js", "/assets/missing.js"} {
			res := w.api.Do("GET", path, nil)
			h := res.Header
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self'") || !strings.Contains(csp, "default-src 'self'") {
				t.Errorf("%s: CSP %q", path, csp)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("%s: X-Content-Type-Options %q", path, h.Get("X-Content-Type-Options"))
			}
			if h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
				t.Errorf("%s: Referrer-Policy %q", path, h.Get("Referrer-Policy"))
			}
			// No page may set a <base> that sends relative links and forms elsewhere.
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "base-uri 'none'") {
				t.Errorf("%s: CSP %q without base-uri 'none'", path, csp)
			}
			// Over plain http (this world's base URL) no HSTS: it would pin a dev machine to https.
			if hsts := h.Get("Strict-Transport-Security"); hsts != "" {
				t.Errorf("%s: Strict-Transport-Security %q over http", path, hsts)
			}
		}
	})
}

// Behind an https base URL every answer tells the browser to use https only, for a year.
func TestStrictTransportSecurityBehindHTTPS(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	h := httpapi.New(httpapi.Deps{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), DB: db, Web: webFS(), SecureCookies: true})
	for _, path := range []string{"/healthz", "/", "/api/nope"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "https://book.example"+path, nil))
		if got := rec.Header().Get("Strict-Transport-Security"); got != "max-age=31536000" {
			t.Errorf("%s: Strict-Transport-Security %q, want max-age=31536000", path, got)
		}
	}
}

// The camera is this site's on the back office's check-in page alone (it scans the bookings' QR codes);
// every other document and answer keeps it off, with the microphone and the location.
func TestCameraOnlyOnTheCheckInPage(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	h := httpapi.New(httpapi.Deps{Logger: slog.New(slog.NewJSONHandler(io.Discard, nil)), DB: db, Web: webFS()})
	for path, want := range map[string]string{
		"/admin/check-in":            "camera=(self), microphone=(), geolocation=()",
		"/admin":                     "camera=(), microphone=(), geolocation=()",
		"/admin/check-in/x":          "camera=(), microphone=(), geolocation=()",
		"/":                          "camera=(), microphone=(), geolocation=()",
		"/api/admin/check-in":        "camera=(), microphone=(), geolocation=()",
		"/api/admin/check-in-lookup": "camera=(), microphone=(), geolocation=()",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://book.example"+path, nil))
		if got := rec.Header().Get("Permissions-Policy"); got != want {
			t.Errorf("%s: Permissions-Policy %q, want %q", path, got, want)
		}
	}
}
