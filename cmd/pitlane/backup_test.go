package main

import (
	"path/filepath"
	"strings"
	"testing"

	"pitlane/internal/store"
)

// TestBackupAndRestoreCommands: `pitlane backup` copies the seeded demo database (seeded as testDemo
// says), refuses to overwrite a copy, and `pitlane restore` brings it back over a database that lost its
// companies.
func TestBackupAndRestoreCommands(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	if code, _, errs := pitlane(t, env, "demo"); code != 0 {
		t.Fatalf("demo: exit %d: %s", code, errs)
	}
	to := filepath.Join(t.TempDir(), "copy.db")
	code, out, errs := pitlane(t, env, "backup", "--to", to)
	if code != 0 || !strings.Contains(out, "integrity check ok") {
		t.Fatalf("backup: exit %d, %q %q", code, out, errs)
	}
	if code, _, _ := pitlane(t, env, "backup", "--to", to); code == 0 {
		t.Fatal("a second backup to the same file succeeded")
	}
	if code, _, _ := pitlane(t, env, "backup"); code != 2 {
		t.Fatalf("backup without --to: exit %d, want 2 (usage)", code)
	}

	// Lose the data, then restore it.
	path, err := store.SQLitePath(env["PITLANE_DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	if code, _, errs := pitlane(t, map[string]string{"PITLANE_DATABASE_URL": "sqlite:" + path + ".empty"}, "migrate"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs = pitlane(t, map[string]string{"PITLANE_DATABASE_URL": "sqlite:" + path + ".empty"}, "restore", "--from", to)
	if code != 0 || !strings.Contains(out, "kept as") {
		t.Fatalf("restore: exit %d, %q %q", code, out, errs)
	}
	_, companies, _ := pitlane(t, map[string]string{"PITLANE_DATABASE_URL": "sqlite:" + path + ".empty"}, "companies")
	if n := strings.Count(companies, "\n"); n < 3 {
		t.Fatalf("restored database lists %d companies:\n%s", n, companies)
	}
}
