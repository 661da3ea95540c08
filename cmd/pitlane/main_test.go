package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// syncBuffer is a bytes.Buffer safe to write from the server's goroutines while a test reads it.
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

// sqliteEnv is a configuration naming a new SQLite file; nothing comes from the process environment.
func sqliteEnv(t *testing.T) map[string]string {
	t.Helper()
	return map[string]string{"PITLANE_DATABASE_URL": "sqlite:" + filepath.Join(t.TempDir(), "pitlane.db")}
}

// pitlane runs a subcommand in-process to completion, as the binary would (but the demo commands seed
// as testDemo says).
func pitlane(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb syncBuffer
	code = runWith(context.Background(), args, env, &out, &errb, testDemo)
	return code, out.String(), errb.String()
}

// openStore opens the database a configuration names, closed when the test ends.
func openStore(t *testing.T, env map[string]string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), env["PITLANE_DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// latestMigration is the highest migration number shipped for SQLite.
func latestMigration(t *testing.T) int64 {
	t.Helper()
	files, err := filepath.Glob("../../internal/store/migrations/sqlite/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found: %v", err)
	}
	var latest int64
	for _, f := range files {
		n, err := strconv.ParseInt(strings.SplitN(filepath.Base(f), "_", 2)[0], 10, 64)
		if err == nil && n > latest {
			latest = n
		}
	}
	return latest
}

func TestMigratePrintsTheVersion(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	want := "database migrated to version " + strconv.FormatInt(latestMigration(t), 10) + " (sqlite)\n"
	for i := 0; i < 2; i++ {
		code, out, errs := pitlane(t, env, "migrate")
		if code != 0 || out != want {
			t.Fatalf("run %d: exit %d, stdout %q (want %q), stderr %q", i+1, code, out, want, errs)
		}
	}
	v, err := openStore(t, env).MigrationVersion(context.Background())
	if err != nil || v != latestMigration(t) {
		t.Errorf("database at version %d (%v)", v, err)
	}
}

// credentials reads "  email  password: P  (ROLE of A, B)" lines.
var credential = regexp.MustCompile(`(?m)^  (\S+@\S+)\s+password: (\S+)  \((ADMIN|SUPERADMIN) of ([^)]+)\)$`)

// TestDemoAndCompanies: `demo` twice adds nothing the second time and hands out new passwords;
// `companies` then lists the two demo companies.
func TestDemoAndCompanies(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	passwords := make([]map[string]string, 2)
	for i := range passwords {
		code, out, errs := pitlane(t, env, "demo")
		if code != 0 {
			t.Fatalf("demo run %d: exit %d: %s", i+1, code, errs)
		}
		for _, want := range []string{"Booking page (Circuito Norte): http://localhost:8080/", "Booking page (Fjord Karting): http://localhost:8080/",
			"Booking page (Vättern Karting): http://localhost:8080/",
			"Admin login: http://localhost:8080/login\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("demo run %d does not print %q:\n%s", i+1, want, out)
			}
		}
		passwords[i] = map[string]string{}
		for _, m := range credential.FindAllStringSubmatch(out, -1) {
			passwords[i][m[1]] = m[2]
		}
		if len(passwords[i]) != 4 {
			t.Fatalf("demo run %d prints %d logins:\n%s", i+1, len(passwords[i]), out)
		}
	}
	db := openStore(t, env)
	list, err := company.NewService(db.Companies()).List(context.Background())
	if err != nil || len(list) != 3 {
		t.Fatalf("%d companies after two runs (%v), want 3", len(list), err)
	}
	for email, second := range passwords[1] {
		first := passwords[0][email]
		if first == "" || first == second || len(second) < account.MinPasswordLength {
			t.Errorf("%s: password %q then %q, want a new one each run", email, first, second)
		}
		hash, err := db.Admins().AdminPasswordHash(context.Background(), email)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := account.CheckPassword(hash, second); !ok {
			t.Errorf("%s: the printed password does not log in", email)
		}
		if email == "super@pitlane.example" {
			if ok, _ := account.CheckPassword(hash, first); ok {
				t.Errorf("%s: the first run's password still logs in", email)
			}
		}
	}

	env["PITLANE_BASE_URL"] = "https://book.example.com/"
	code, out, errs := pitlane(t, env, "companies")
	if code != 0 {
		t.Fatalf("companies: exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("companies prints %d lines, want 3:\n%s", len(lines), out)
	}
	var names []string
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if len(f) != 4 {
			t.Fatalf("%d fields in %q, want id, name, public key, booking URL", len(f), l)
		}
		if _, err := strconv.ParseInt(f[0], 10, 64); err != nil || !company.ValidKey(f[2]) || f[3] != "https://book.example.com/"+f[2] {
			t.Errorf("line %q", l)
		}
		names = append(names, f[1])
	}
	sort.Strings(names)
	if len(names) != 3 || names[0] != "Circuito Norte" || names[1] != "Fjord Karting" || names[2] != "Vättern Karting" {
		t.Errorf("companies %q", names)
	}
}

func TestAdminCreate(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	if code, _, errs := pitlane(t, env, "migrate"); code != 0 {
		t.Fatalf("migrate: %s", errs)
	}
	// Two companies, 1 and 2.
	db := openStore(t, env)
	storetest.NewFixture(t, db, storetest.FixtureOptions{})
	storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "second-token", PublicKey: "second-key"})
	code, out, errs := pitlane(t, env, "admin", "create", "--email", "x@y.example", "--company", "1", "--role", "SUPERADMIN")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := regexp.MustCompile(`(?m)^password: (\S+)$`).FindStringSubmatch(out)
	if !strings.Contains(out, "admin x@y.example is SUPERADMIN of company 1\n") || m == nil {
		t.Fatalf("output %q", out)
	}
	ctx := context.Background()
	hash, err := db.Admins().AdminPasswordHash(ctx, "x@y.example")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := account.CheckPassword(hash, m[1]); !ok || err != nil {
		t.Errorf("the printed password %q does not match the stored hash (%v)", m[1], err)
	}
	ms, err := db.Admins().AdminMemberships(ctx, "x@y.example")
	if err != nil || len(ms) != 1 || ms[0].CompanyID != 1 || ms[0].Role != account.RoleSuperAdmin {
		t.Errorf("memberships %+v (%v)", ms, err)
	}

	// A chosen password is not printed; an unknown company is refused.
	code, out, _ = pitlane(t, env, "admin", "create", "--email", "z@y.example", "--company", "2", "--password", "a long enough secret")
	if code != 0 || strings.Contains(out, "password") || !strings.Contains(out, "is ADMIN of company 2") {
		t.Errorf("chosen password: exit %d, %q", code, out)
	}
	code, _, errs = pitlane(t, env, "admin", "create", "--email", "w@y.example", "--company", "999")
	if code != 1 || !strings.Contains(errs, "No company with that id.") {
		t.Errorf("unknown company: exit %d, %q", code, errs)
	}
	code, _, errs = pitlane(t, env, "admin", "create", "--email", "w@y.example", "--company", "1", "--password", "short")
	if code != 1 || !strings.Contains(errs, "at least 12 characters") {
		t.Errorf("short password: exit %d, %q", code, errs)
	}
}

// Usage mistakes exit with 2, everything else that fails with 1 and a message naming the problem.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	cases := []struct {
		name   string
		env    map[string]string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"no command", env, nil, 2, "", "Usage:"},
		{"unknown command", env, []string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{"version", env, []string{"version"}, 0, "pitlane " + version + "\n", ""},
		{"--version", env, []string{"--version"}, 0, "pitlane " + version + "\n", ""},
		{"help", env, []string{"help"}, 0, "pitlane serve [--demo]", ""},
		{"unknown serve flag", env, []string{"serve", "--bogus"}, 2, "", ""},
		{"unknown migrate flag", env, []string{"migrate", "--bogus"}, 2, "", ""},
		{"a flag without its value", env, []string{"serve", "--addr"}, 2, "", ""},
		{"admin without create", env, []string{"admin"}, 2, "", "usage: pitlane admin create"},
		{"admin create without an e-mail", env, []string{"admin", "create", "--company", "1"}, 2, "", "--email and one of --company or --new-company are required"},
		{"admin create with a bad flag", env, []string{"admin", "create", "--bogus"}, 2, "", ""},
		{"invalid configuration", map[string]string{"PITLANE_HOLD_TTL": "10ms"}, []string{"migrate"}, 1, "", "PITLANE_HOLD_TTL must be at least 1s"},
		{"unparsable configuration", map[string]string{"PITLANE_HOLD_TTL": "ten minutes"}, []string{"migrate"}, 1, "", `invalid duration "ten minutes"`},
		{"unsupported database URL", map[string]string{"PITLANE_DATABASE_URL": "mysql://root@localhost/pitlane"}, []string{"serve"}, 1, "",
			"database URL must start with sqlite: or postgres://"},
		{"unreachable PostgreSQL", map[string]string{"PITLANE_DATABASE_URL": "postgres://pit:s3cret-pw@127.0.0.1:1/pitlane?connect_timeout=5"}, []string{"migrate"}, 1, "",
			"connect to postgres"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := pitlane(t, c.env, c.args...)
			if code != c.code || !strings.Contains(out, c.stdout) || !strings.Contains(errs, c.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", code, out, errs, c.code, c.stdout, c.stderr)
			}
			if strings.Contains(errs, "s3cret-pw") {
				t.Errorf("the database password is printed: %q", errs)
			}
		})
	}
}
