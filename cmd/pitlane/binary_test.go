package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"pitlane/internal/config"
	"pitlane/internal/testwait"
)

// TestBinary runs the real, built binary as a subprocess.
func TestBinary(t *testing.T) {
	t.Parallel()
	bin := pitlaneBinary(t)
	t.Run("graceful shutdown", func(t *testing.T) { t.Parallel(); testGracefulShutdown(t, bin) })
	t.Run("shutdown timeout", func(t *testing.T) { t.Parallel(); testShutdownTimeout(t, bin) })
	t.Run("help and version", func(t *testing.T) { t.Parallel(); testHelpAndVersion(t, bin) })
}

// server is the real binary running `serve`.
type server struct {
	cmd     *exec.Cmd
	base    string
	lines   chan string // stdout after the ready line; closed at its end
	stdout  *syncBuffer // all of stdout, for messages
	stderr  *syncBuffer
	done    chan struct{} // closed when the process has exited
	exitErr error         // what Wait returned, once done is closed
}

// startBinary starts `pitlane serve` with the environment and waits for its ready line, however long
// the server takes to get there (seeding the demo, say) while it runs: until patience(t) runs out.
func startBinary(t *testing.T, bin string, env map[string]string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve"}, args...)...)
	cmd.Env = []string{"PITLANE_ADDR=127.0.0.1:0", "PITLANE_LOG_FORMAT=text"}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	s := &server{cmd: cmd, lines: make(chan string, 100), stdout: &syncBuffer{}, stderr: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = s.stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	started := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			_, _ = s.stdout.Write([]byte(sc.Text() + "\n"))
			s.lines <- sc.Text()
		}
		close(s.lines)
		s.exitErr = cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() }) // harmless once it has exited
	limit := time.NewTimer(patience(t))
	defer limit.Stop()
	select {
	case l, ok := <-s.lines:
		base, found := strings.CutPrefix(l, "Pitlane is ready at ")
		if !ok || !found {
			t.Fatalf("pitlane serve %s: first line %q, want its ready line (exited: %v); stderr:\n%s", strings.Join(args, " "), l, s.exited(), s.stderr.String())
		}
		s.base = base
	case <-limit.C:
		t.Fatalf("pitlane serve %s still running but not ready after %v: waited for its ready line (\"Pitlane is ready at …\") until the test's deadline came near; stdout:\n%s\nstderr:\n%s",
			strings.Join(args, " "), time.Since(started).Round(time.Second), s.stdout.String(), s.stderr.String())
	}
	return s
}

// exited tells whether the process has exited, and how.
func (s *server) exited() string {
	select {
	case <-s.done:
		return fmt.Sprintf("yes, %v", s.exitErr)
	default:
		return "no"
	}
}

// waitLog waits until the server's log holds text, while the server runs.
func (s *server) waitLog(t *testing.T, text string) {
	t.Helper()
	limit := time.Now().Add(patience(t))
	for !strings.Contains(s.stderr.String(), text) {
		if time.Now().After(limit) {
			t.Fatalf("the log never said %q (waited until the test's deadline came near):\n%s", text, s.stderr.String())
		}
		select {
		case <-s.done:
			if !strings.Contains(s.stderr.String(), text) {
				t.Fatalf("the server exited (%v) and its log never said %q:\n%s", s.exitErr, text, s.stderr.String())
			}
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// wait waits for the process to exit and returns its exit code. What a test asserts of how long the
// exit took, it measures itself; the wait lasts until patience(t) runs out.
func (s *server) wait(t *testing.T) int {
	t.Helper()
	limit := time.NewTimer(patience(t))
	defer limit.Stop()
	select {
	case <-s.done:
		var exit *exec.ExitError
		if errors.As(s.exitErr, &exit) {
			return exit.ExitCode()
		}
		if s.exitErr != nil {
			t.Fatal(s.exitErr)
		}
		return 0
	case <-limit.C:
		t.Fatalf("the process did not exit (waited until the test's deadline came near):\n%s", s.stderr.String())
		return -1
	}
}

// slowRequest is a request whose headers are sent and whose body is not finished yet.
type slowRequest struct {
	conn net.Conn
	rest string
}

func startSlowRequest(t *testing.T, addr string, body string) *slowRequest {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	half := len(body) / 2
	_, err = fmt.Fprintf(c, "POST /api/payment/shopping-cart HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		addr, len(body), body[:half])
	if err != nil {
		t.Fatal(err)
	}
	return &slowRequest{conn: c, rest: body[half:]}
}

// finish sends the rest of the body and reads the answer, waiting at most within.
func (r *slowRequest) finish(within time.Duration) (int, string, error) {
	defer r.conn.Close()
	_ = r.conn.SetDeadline(time.Now().Add(within))
	if _, err := io.WriteString(r.conn, r.rest); err != nil {
		return 0, "", err
	}
	res, err := http.ReadResponse(bufio.NewReader(r.conn), nil)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, string(b), err
}

var newCompanyPage = regexp.MustCompile(`(?m)^booking page: http://book\.example/([A-Za-z0-9_-]{22})$`)

// newCompany makes a company in the database with the binary's `admin create --new-company`, as an
// operator starts, and returns its public key.
func newCompany(t *testing.T, bin, dbURL string) string {
	t.Helper()
	cmd := exec.Command(bin, "admin", "create", "--email", "boss@ring.example", "--new-company", "Shutdown Ring",
		"--password", "a long enough secret")
	cmd.Env = []string{"PITLANE_DATABASE_URL=" + dbURL, "PITLANE_BASE_URL=http://book.example"}
	out, err := cmd.CombinedOutput()
	m := newCompanyPage.FindSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("admin create --new-company: %v\n%s", err, out)
	}
	return string(m[1])
}

// testGracefulShutdown: on SIGTERM the real binary stops taking connections, lets every request in
// flight finish with a complete answer, and exits 0 well within the shutdown timeout.
func testGracefulShutdown(t *testing.T, bin string) {
	// A company to make carts in; the demo's year of history (TestServeDemo*) would only slow the start.
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "pitlane.db")
	key := newCompany(t, bin, dbURL)
	s := startBinary(t, bin, map[string]string{"PITLANE_DATABASE_URL": dbURL, "PITLANE_SHUTDOWN_TIMEOUT": "15s"})
	// Without --demo the next line names the back office's sign-in page.
	if l := testwait.Receive(t, s.lines, "the line after the ready line"); l != "Back office: "+s.base+"/login" {
		t.Errorf("the line after the ready line is %q, want %q", l, "Back office: "+s.base+"/login")
	}
	addr := strings.TrimPrefix(s.base, "http://")
	res, err := http.Get(s.base + "/api/config/" + key)
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		IDCompany int64 `json:"idCompany"`
	}
	_ = json.NewDecoder(res.Body).Decode(&cfg)
	res.Body.Close()
	if res.StatusCode != 200 || cfg.IDCompany == 0 {
		t.Fatalf("config: %d %+v", res.StatusCode, cfg)
	}

	// 20 requests in flight: headers sent, bodies half written.
	body := fmt.Sprintf(`{"idCompany": %d}`, cfg.IDCompany)
	slow := make([]*slowRequest, 20)
	for i := range slow {
		slow[i] = startSlowRequest(t, addr, body)
	}
	// A request answered on a connection opened after them means the server accepted all 20
	// (connections are accepted in order).
	if res, err := http.Get(s.base + "/healthz"); err != nil || res.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", res, err)
	}

	// Meanwhile a burst of complete requests on fresh connections.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
	var burst sync.WaitGroup
	var mu sync.Mutex
	answered, incomplete := 0, []string{}
	stopBurst := make(chan struct{})
	warm := make(chan struct{}) // closed at the burst's first complete answer
	var warmOnce sync.Once
	for g := 0; g < 8; g++ {
		burst.Add(1)
		go func() {
			defer burst.Done()
			for {
				select {
				case <-stopBurst:
					return
				default:
				}
				res, err := client.Get(s.base + "/api/config/" + key)
				if err != nil {
					continue // refused or reset once the listener is closed: never started
				}
				b, err := io.ReadAll(res.Body)
				res.Body.Close()
				mu.Lock()
				if err != nil || res.StatusCode != 200 || !json.Valid(b) {
					incomplete = append(incomplete, fmt.Sprintf("%d %v %q", res.StatusCode, err, b))
				} else {
					answered++
					warmOnce.Do(func() { close(warm) })
				}
				mu.Unlock()
			}
		}()
	}

	limit := time.NewTimer(patience(t))
	select {
	case <-warm:
		limit.Stop()
	case <-limit.C:
		t.Fatalf("the burst got no answer (waited until the test's deadline came near):\n%s", s.stderr.String())
	}
	sent := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	s.waitLog(t, "shutting down")
	// New connections are refused from now on, while the requests in flight still hold the process.
	refusing := time.Now().Add(patience(t))
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(refusing) {
			t.Fatalf("the server still accepts connections %v after SIGTERM", time.Since(sent).Round(time.Second))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if e := s.exited(); e != "no" {
		t.Fatalf("the server exited (%s) with 20 requests in flight:\n%s", e, s.stderr.String())
	}
	close(stopBurst)
	burst.Wait()

	// Every request in flight gets its whole answer, and a cart was made for each.
	for i, r := range slow {
		code, b, err := r.finish(patience(t))
		var out struct{ Token string }
		if err != nil || code != http.StatusCreated || json.Unmarshal([]byte(b), &out) != nil || len(out.Token) != 32 {
			t.Errorf("request %d in flight: %d %q %v", i, code, b, err)
		}
	}
	if code := s.wait(t); code != 0 {
		t.Errorf("exit code %d, want 0:\n%s", code, s.stderr.String())
	}
	if took := time.Since(sent); took > 10*time.Second {
		t.Errorf("shutdown took %v", took)
	}
	if len(incomplete) > 0 || answered == 0 {
		t.Errorf("burst: %d complete answers, incomplete: %v", answered, incomplete)
	}
	if !strings.Contains(s.stderr.String(), "msg=stopped") {
		t.Errorf("no 'stopped' in the log:\n%s", s.stderr.String())
	}
}

// testShutdownTimeout: a request that never finishes does not keep the process alive past the
// shutdown timeout.
func testShutdownTimeout(t *testing.T, bin string) {
	s := startBinary(t, bin, map[string]string{
		"PITLANE_DATABASE_URL":     "sqlite:" + filepath.Join(t.TempDir(), "pitlane.db"),
		"PITLANE_SHUTDOWN_TIMEOUT": "1s",
	})
	stuck := startSlowRequest(t, strings.TrimPrefix(s.base, "http://"), `{"idCompany": 1}`)
	defer stuck.conn.Close()
	if res, err := http.Get(s.base + "/healthz"); err != nil || res.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", res, err)
	}
	sent := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code := s.wait(t)
	if took := time.Since(sent); took < time.Second || took > 5*time.Second {
		t.Errorf("exited %v after SIGTERM, want just after the 1 s timeout", took)
	}
	if code != 1 || !strings.Contains(s.stderr.String(), "shutdown: context deadline exceeded") {
		t.Errorf("exit %d; log:\n%s", code, s.stderr.String())
	}
}

// testHelpAndVersion: `serve --help` lists every PITLANE_ variable; `version` prints the version
// stamped at build time: builtVersion when the tests built the binary; the Makefile's stamp (git
// describe) on bin/pitlane, which the tests cannot know but which is not the unstamped "dev" — when it is
// (no git), a binary built here stamped builtVersion shows the stamp reaches the command.
func testHelpAndVersion(t *testing.T, bin string) {
	cmd := exec.Command(bin, "serve", "--help")
	cmd.Env = []string{}
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Errorf("serve --help: %v, want exit code 2", err)
	}
	typ := reflect.TypeOf(config.Config{})
	for i := 0; i < typ.NumField(); i++ {
		v := typ.Field(i).Tag.Get("env")
		if v == "" {
			continue
		}
		if !strings.Contains(string(out), "[$"+v+"]") {
			t.Errorf("serve --help does not list %s:\n%s", v, out)
		}
	}
	out, err = exec.Command(bin, "version").Output()
	stamp, ok := strings.CutPrefix(strings.TrimSuffix(string(out), "\n"), "pitlane ")
	switch {
	case err != nil || !ok || stamp == "":
		t.Errorf("version: %q %v", out, err)
	case binDir != "" && bin == binPath && stamp != builtVersion:
		t.Errorf("version: %q, want the stamped %q", out, builtVersion)
	case stamp == "dev":
		own, err := buildPitlane(builtVersion)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(own, "version").Output(); err != nil || string(out) != "pitlane "+builtVersion+"\n" {
			t.Errorf("version of a binary stamped %q: %q %v", builtVersion, out, err)
		}
	}
}
