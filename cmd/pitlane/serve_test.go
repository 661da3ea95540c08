package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"pitlane/internal/company"
	"pitlane/internal/store"
)

// TestServeDemoSQLite: `pitlane serve --demo` on a new SQLite file prints where it listens, the demo
// booking pages and logins, serves the printed company's config, and stops cleanly when told to.
func TestServeDemoSQLite(t *testing.T) {
	t.Parallel()
	serveDemo(t, sqliteEnv(t))
}

// TestServeDemoPostgres: the same on an empty PostgreSQL database, migrated and seeded at start.
func TestServeDemoPostgres(t *testing.T) {
	t.Parallel()
	serveDemo(t, map[string]string{"PITLANE_DATABASE_URL": postgresURL(t)})
}

var (
	readyLine   = regexp.MustCompile(`(?m)^Pitlane is ready at (http://127\.0\.0\.1:(\d+))$`)
	bookingLine = regexp.MustCompile(`(?m)^Booking page \((Circuito Norte|Fjord Karting|Vättern Karting)\): (\S+)$`)
	adminLine   = regexp.MustCompile(`(?m)^Admin login: (\S+)$`)
)

func serveDemo(t *testing.T, env map[string]string) {
	// The built binary, as a newcomer runs it: seeding the demo's own year of history (≈ 9,000 bookings)
	// in-process under the race detector took minutes on a loaded machine; the shipped binary takes
	// seconds. These two tests are the ones that seed that whole year (the others seed fewer bookings).
	srv := startBinary(t, pitlaneBinary(t), env, "--demo")
	out := "Pitlane is ready at " + srv.base + "\n"
	limit := time.NewTimer(patience(t))
	defer limit.Stop()
	for len(credential.FindAllString(out, -1)) < 4 {
		select {
		case l, ok := <-srv.lines:
			if !ok {
				t.Fatalf("serve exited (%s) before it printed the demo's four logins:\n%s\n%s", srv.exited(), out, srv.stderr.String())
			}
			out += l + "\n"
		case <-limit.C:
			t.Fatalf("serve printed its ready line but not the demo's four logins (waited until the test's deadline came near):\n%s\n%s",
				out, srv.stderr.String())
		}
	}
	ready := readyLine.FindStringSubmatch(out)
	if ready == nil {
		t.Fatalf("no ready line first:\n%s", out)
	}
	base := ready[1]
	pages := map[string]string{}
	for _, m := range bookingLine.FindAllStringSubmatch(out, -1) {
		pages[m[1]] = m[2]
	}
	if len(pages) != 3 || !strings.HasPrefix(pages["Circuito Norte"], base+"/") {
		t.Fatalf("booking pages %v, want the three demo companies under %s:\n%s", pages, base, out)
	}
	if m := adminLine.FindStringSubmatch(out); m == nil || m[1] != base+"/login" {
		t.Errorf("admin login line %v, want %s/login:\n%s", m, base, out)
	}
	roles := map[string]string{}
	for _, m := range credential.FindAllStringSubmatch(out, -1) {
		roles[m[1]] = m[3] + " of " + m[4]
	}
	if roles["admin@circuitonorte.example"] != "ADMIN of Circuito Norte" || roles["admin@fjordkarting.example"] != "ADMIN of Fjord Karting" ||
		roles["admin@vatternkarting.example"] != "ADMIN of Vättern Karting" ||
		roles["super@pitlane.example"] != "SUPERADMIN of Circuito Norte, Fjord Karting, Vättern Karting" {
		t.Errorf("logins %v", roles)
	}

	// The printed booking page's key gives that company's configuration.
	key := strings.TrimPrefix(pages["Circuito Norte"], base+"/")
	res, err := http.Get(base + "/api/config/" + key)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var cfg struct {
		CompanyName string `json:"companyName"`
		Token       string `json:"token"`
	}
	if res.StatusCode != http.StatusOK || json.Unmarshal(body, &cfg) != nil || cfg.CompanyName != "Circuito Norte" || cfg.Token == "" {
		t.Fatalf("GET /api/config/%s → %d %s", key, res.StatusCode, body)
	}
	if res, err := http.Get(base + "/healthz"); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", res, err)
	}

	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := srv.wait(t); code != 0 {
		t.Fatalf("serve exited with %d after SIGTERM:\n%s", code, srv.stderr.String())
	}
	if c, err := net.DialTimeout("tcp", strings.TrimPrefix(base, "http://"), time.Second); err == nil {
		c.Close()
		t.Errorf("%s still accepts connections after serve returned", base)
	}
	if !strings.Contains(srv.stderr.String(), "msg=stopped") {
		t.Errorf("no 'stopped' in the log:\n%s", srv.stderr.String())
	}

	// The demo's own year: thousands of bookings a company (internal/demo checks the rest of it at a
	// smaller volume, and these figures on the generated history).
	db := openStore(t, env)
	for name, id := range companyIDs(t, db) {
		if n := count(t, db, `SELECT COUNT(*) FROM bookings WHERE company_id = ?`, id); n < 2000 {
			t.Errorf("%s: %d bookings, want the demo's thousands", name, n)
		}
	}
}

// companyIDs maps each company's name to its id.
func companyIDs(t *testing.T, db *store.DB) map[string]int64 {
	t.Helper()
	list, err := company.NewService(db.Companies()).List(context.Background())
	if err != nil || len(list) != 3 {
		t.Fatalf("%d companies (%v), want the demo's three", len(list), err)
	}
	ids := map[string]int64{}
	for _, c := range list {
		ids[c.Name] = c.ID
	}
	return ids
}
