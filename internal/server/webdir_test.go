package server_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pitlane/internal/clock"
	"pitlane/internal/config"
	"pitlane/internal/server"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestWebDirServesThatBuild: PITLANE_WEB_DIR serves the build in that directory instead of the one built
// into the binary (the release test serves a second build at the same address), its pages and its
// assets; a directory that is not a build stops the server at start instead of answering 503 on every page.
func TestWebDirServesThatBuild(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	start := func(dir string) (*server.App, error) {
		cfg, _, err := config.Load("serve", nil, map[string]string{"PITLANE_DATABASE_URL": "sqlite:unused.db", "PITLANE_WEB_DIR": dir}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		return server.New(cfg, db, clock.System{}, slog.New(slog.NewTextHandler(io.Discard, nil)), "http://example.com")
	}

	build := t.TempDir()
	files := map[string]string{
		"index.html":               "<!doctype html><title>customer build-b</title>",
		"admin.html":               "<!doctype html><title>back office build-b</title>",
		"assets/admin-B2B2B2B2.js": "console.log('build-b')",
	}
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(build, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(build, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	app, err := start(build)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(app.Close)
	for target, want := range map[string]string{
		"/admin":                    files["admin.html"],
		"/login":                    files["admin.html"],
		"/":                         files["index.html"],
		"/assets/admin-B2B2B2B2.js": files["assets/admin-B2B2B2B2.js"],
	} {
		rec := httptest.NewRecorder()
		app.Handler().ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if rec.Code != 200 || rec.Body.String() != want {
			t.Errorf("GET %s = %d %q, want 200 %q", target, rec.Code, rec.Body.String(), want)
		}
	}

	if _, err := start(t.TempDir()); err == nil || !strings.Contains(err.Error(), "not a built web app") {
		t.Errorf("an empty web dir started a server (err %v)", err)
	}
}
