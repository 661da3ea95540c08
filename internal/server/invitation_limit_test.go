package server_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"pitlane/internal/clock"
	"pitlane/internal/config"
	"pitlane/internal/server"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// The invitation page's calls carry the invitation's secret in their path: one client may try only a
// few tokens a minute (as with cancel links), then 429 with Retry-After; another client is not held up.
func TestInvitationCallsLimitGuesses(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	cfg, _, err := config.Load("serve", nil, map[string]string{"PITLANE_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "unused.db")}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app, err := server.New(cfg, db, clock.NewManual(getNow), slog.New(slog.NewTextHandler(io.Discard, nil)), "http://example.com")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	try := func(method, target, client string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, target, strings.NewReader(`{"name":"A","password":"a-long-enough-password"}`))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = client + ":1234"
		rec := httptest.NewRecorder()
		app.Handler().ServeHTTP(rec, req)
		return rec
	}
	guesses := 0
	for ; guesses < 100; guesses++ {
		target := "/api/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" + string(rune('a'+guesses%26))
		method := "GET"
		if guesses%2 == 1 {
			method, target = "POST", target+"/accept"
		}
		rec := try(method, target, "198.51.100.7")
		if rec.Code == 429 {
			if rec.Header().Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
			break
		}
		if rec.Code != 404 {
			t.Fatalf("guess %d (%s %s): %d %s, want 404 for an unknown invitation", guesses+1, method, target, rec.Code, rec.Body)
		}
	}
	if guesses == 0 || guesses > 20 {
		t.Fatalf("%d unknown tokens answered before 429, want a handful (the guess limit)", guesses)
	}
	if rec := try("GET", "/api/invitations/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB", "203.0.113.9"); rec.Code != 404 {
		t.Errorf("another client: %d, want 404 (not held up by the first one's guesses)", rec.Code)
	}
}
