package opstest

import (
	"bufio"
	"context"
	"errors"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/demo"
	"pitlane/internal/store"
)

// paymentSecret signs the simulated provider's notifications in every instance the tests start, so a
// test can sign one the way the provider does.
const paymentSecret = "opstest-simulated-provider-secret"

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
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

// instance is the built binary running `serve` on 127.0.0.1.
type instance struct {
	cmd    *exec.Cmd
	base   string
	log    *syncBuffer
	exited chan error
	code   int // exit code once exited
	ready  chan string
}

// baseEnv is the environment every instance gets: loopback only, quiet housekeeping, the tests'
// payment secret, and 127.0.0.1 trusted as a proxy so each simulated visitor can have its own address
// (X-Forwarded-For) and its own rate-limit buckets, as behind a load balancer.
func baseEnv(dbURL string) map[string]string {
	return map[string]string{
		"PITLANE_ADDR":             "127.0.0.1:0",
		"PITLANE_DATABASE_URL":     dbURL,
		"PITLANE_LOG_FORMAT":       "text",
		"PITLANE_PAYMENT_SECRET":   paymentSecret,
		"PITLANE_TRUSTED_PROXIES":  "127.0.0.1/32",
		"PITLANE_SHUTDOWN_TIMEOUT": "10s",
	}
}

func envList(env map[string]string) []string {
	out := []string{"PATH=/usr/bin:/bin"}
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	return out
}

// startInstance starts `pitlane serve` and waits for its ready line.
func startInstance(t *testing.T, env map[string]string) *instance {
	t.Helper()
	in := launchInstance(t, env)
	in.waitReady(t)
	return in
}

// launchInstance starts `pitlane serve` without waiting for it to be ready (waitReady does), so that
// several instances can start at the same moment.
func launchInstance(t *testing.T, env map[string]string) *instance {
	t.Helper()
	cmd := exec.Command(pitlaneBin(t), "serve")
	cmd.Env = envList(env)
	in := &instance{cmd: cmd, log: &syncBuffer{}, exited: make(chan error, 1), code: -1, ready: make(chan string, 1)}
	cmd.Stderr = in.log
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if b, ok := strings.CutPrefix(sc.Text(), "Pitlane is ready at "); ok {
				in.ready <- b
			}
		}
		in.exited <- cmd.Wait()
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() }) // harmless once it has exited
	return in
}

// waitReady waits for the instance's ready line while it runs, however long it takes to get there
// (migrating, say): until patience(t) runs out.
func (in *instance) waitReady(t *testing.T) {
	t.Helper()
	started := time.Now()
	limit := time.NewTimer(patience(t))
	defer limit.Stop()
	select {
	case in.base = <-in.ready:
	case err := <-in.exited:
		t.Fatalf("the server exited before it was ready: %v\n%s", err, in.log.String())
	case <-limit.C:
		t.Fatalf("pitlane serve still running but not ready after %v: waited for its ready line (\"Pitlane is ready at …\") until the test's deadline came near; log:\n%s",
			time.Since(started).Round(time.Second), in.log.String())
	}
}

// kill ends the process with SIGKILL, as a crash or the OOM killer does, and waits for it.
func (in *instance) kill(t *testing.T) {
	t.Helper()
	if err := in.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	in.wait(t)
}

// wait waits for the process to exit (until patience(t) runs out) and records its exit code. What a
// test asserts of how long the exit took, it measures itself.
func (in *instance) wait(t *testing.T) int {
	t.Helper()
	limit := time.NewTimer(patience(t))
	defer limit.Stop()
	select {
	case err := <-in.exited:
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			in.code = exit.ExitCode()
		case err != nil:
			t.Fatal(err)
		default:
			in.code = 0
		}
		return in.code
	case <-limit.C:
		t.Fatalf("the process did not exit (waited until the test's deadline came near):\n%s", in.log.String())
		return -1
	}
}

// demoData is the demo companies' public keys and their admins' logins.
type demoData struct {
	keys   map[string]string    // company name → public key
	admins map[string][2]string // company name → {e-mail, password} of its ADMIN
}

// seedDemo gives the database the demo's companies and admin users: migrated by the binary (`pitlane
// migrate`), then seeded in-process by demo.Seed as `pitlane demo` seeds them but without the demo's
// year of history (≈ 9,000 bookings, most of a `pitlane demo`'s time), which no test here reads: they
// make their own bookings. The binary seeds the whole year in cmd/pitlane's TestServeDemo*.
func seedDemo(t *testing.T, dbURL string) demoData {
	t.Helper()
	cmd := exec.Command(pitlaneBin(t), "migrate")
	cmd.Env = envList(map[string]string{"PITLANE_DATABASE_URL": dbURL})
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pitlane migrate: %v\n%s", err, out)
	}
	ctx := context.Background()
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	r, err := demo.Seed(ctx, db, clock.System{})
	if err != nil {
		t.Fatalf("seed the demo: %v", err)
	}
	d := demoData{keys: map[string]string{}, admins: map[string][2]string{}}
	for _, c := range r.Companies {
		d.keys[c.Name] = c.PublicKey
	}
	for _, a := range r.Admins {
		if a.Role == account.RoleAdmin {
			for _, name := range a.CompanyNames {
				d.admins[name] = [2]string{a.Email, a.Password}
			}
		}
	}
	for _, name := range []string{"Fjord Karting", "Circuito Norte"} {
		if d.keys[name] == "" || d.admins[name][0] == "" {
			t.Fatalf("the demo has no company or admin %s: %+v", name, r)
		}
	}
	return d
}
