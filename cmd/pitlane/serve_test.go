package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"pitlane/internal/store/storetest"
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
	serveDemo(t, map[string]string{"PITLANE_DATABASE_URL": storetest.PostgresURL(t)})
}

var (
	readyLine   = regexp.MustCompile(`(?m)^Pitlane is ready at (http://127\.0\.0\.1:(\d+))$`)
	bookingLine = regexp.MustCompile(`(?m)^Booking page \((Circuito Norte|Fjord Karting|Vättern Karting)\): (\S+)$`)
	adminLine   = regexp.MustCompile(`(?m)^Admin login: (\S+)$`)
)

func serveDemo(t *testing.T, env map[string]string) {
	env["PITLANE_ADDR"] = "127.0.0.1:0"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"serve", "--demo"}, env, &stdout, &stderr) }()

	// The server prints its address and then the demo; wait for the last login line. Seeding the demo's
	// year of history (≈ 9,000 bookings) runs in-process here, under the race detector when `make test`
	// runs it, which makes the pure-Go SQLite many times slower than the shipped binary (≈ 1 s).
	deadline := time.After(4 * time.Minute)
	for len(credential.FindAllString(stdout.String(), -1)) < 4 {
		select {
		case code := <-done:
			t.Fatalf("serve exited with %d before it was ready:\n%s\n%s", code, stdout.String(), stderr.String())
		case <-deadline:
			t.Fatalf("serve not ready after 4 minutes:\n%s\n%s", stdout.String(), stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	out := stdout.String()
	ready := readyLine.FindStringSubmatch(out)
	if ready == nil || !strings.HasPrefix(out, ready[0]+"\n") {
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

	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("serve returned %d after cancel:\n%s", code, stderr.String())
		}
	case <-time.After(25 * time.Second):
		t.Fatal("serve did not stop within 25 s of cancel")
	}
	if c, err := net.DialTimeout("tcp", strings.TrimPrefix(base, "http://"), time.Second); err == nil {
		c.Close()
		t.Errorf("%s still accepts connections after serve returned", base)
	}
	if !strings.Contains(stderr.String(), "msg=stopped") {
		t.Errorf("no 'stopped' in the log:\n%s", stderr.String())
	}
}
