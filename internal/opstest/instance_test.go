package opstest

import (
	"bufio"
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
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

// waitReady waits for the instance's ready line.
func (in *instance) waitReady(t *testing.T) {
	t.Helper()
	select {
	case in.base = <-in.ready:
	case err := <-in.exited:
		t.Fatalf("the server exited before it was ready: %v\n%s", err, in.log.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("not ready after 60 s:\n%s", in.log.String())
	}
}

// kill ends the process with SIGKILL, as a crash or the OOM killer does, and waits for it.
func (in *instance) kill(t *testing.T) {
	t.Helper()
	if err := in.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	in.wait(t, 10*time.Second)
}

// wait waits for the process to exit and records its exit code.
func (in *instance) wait(t *testing.T, within time.Duration) int {
	t.Helper()
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
	case <-time.After(within):
		t.Fatalf("the process did not exit within %v:\n%s", within, in.log.String())
		return -1
	}
}

var (
	bookingPage = regexp.MustCompile(`(?m)^Booking page \(([^)]+)\): \S+/([^/\s]+)$`)
	adminLine   = regexp.MustCompile(`(?m)^\s+(\S+@\S+)\s+password: (\S+)\s+\((\S+) of ([^,)]+)\)$`)
)

// demoData is what `pitlane demo` printed: each company's public key and its admin's login.
type demoData struct {
	keys   map[string]string    // company name → public key
	admins map[string][2]string // company name → {e-mail, password} of its ADMIN
}

// seedDemo runs `pitlane demo` on the database and returns the demo companies' keys and admins.
func seedDemo(t *testing.T, dbURL string) demoData {
	t.Helper()
	cmd := exec.Command(pitlaneBin(t), "demo")
	cmd.Env = envList(map[string]string{"PITLANE_DATABASE_URL": dbURL, "PITLANE_BASE_URL": "http://127.0.0.1"})
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("pitlane demo: %v\n%s", err, exit.Stderr)
		}
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, m := range bookingPage.FindAllStringSubmatch(string(out), -1) {
		keys[m[1]] = m[2]
	}
	admins := map[string][2]string{}
	for _, m := range adminLine.FindAllStringSubmatch(string(out), -1) {
		if m[3] == "ADMIN" {
			admins[m[4]] = [2]string{m[1], m[2]}
		}
	}
	for _, name := range []string{"Fjord Karting", "Circuito Norte"} {
		if keys[name] == "" || admins[name][0] == "" {
			t.Fatalf("pitlane demo printed no booking page or admin for %s:\n%s", name, out)
		}
	}
	return demoData{keys: keys, admins: admins}
}
