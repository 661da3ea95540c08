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
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"pitlane/internal/config"
)

const builtVersion = "9.9.9-test"

// buildBinary builds the real pitlane command into dir, stamped with builtVersion.
func buildBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "pitlane")
	out, err := exec.Command("go", "build", "-ldflags", "-X main.version="+builtVersion, "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestBinary runs the real, built binary as a subprocess.
func TestBinary(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t, t.TempDir())
	t.Run("graceful shutdown", func(t *testing.T) { t.Parallel(); testGracefulShutdown(t, bin) })
	t.Run("shutdown timeout", func(t *testing.T) { t.Parallel(); testShutdownTimeout(t, bin) })
	t.Run("help and version", func(t *testing.T) { t.Parallel(); testHelpAndVersion(t, bin) })
}

// server is the real binary running `serve`.
type server struct {
	cmd    *exec.Cmd
	base   string
	lines  chan string
	stderr *syncBuffer
	exited chan error
}

// startBinary starts `pitlane serve` with the environment and waits for its ready line.
func startBinary(t *testing.T, bin string, env map[string]string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve"}, args...)...)
	cmd.Env = []string{"PITLANE_ADDR=127.0.0.1:0", "PITLANE_LOG_FORMAT=text"}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	s := &server{cmd: cmd, lines: make(chan string, 100), stderr: &syncBuffer{}, exited: make(chan error, 1)}
	cmd.Stderr = s.stderr
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
			s.lines <- sc.Text()
		}
		close(s.lines)
		s.exited <- cmd.Wait()
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill() }) // harmless once it has exited
	select {
	case l, ok := <-s.lines:
		base, found := strings.CutPrefix(l, "Pitlane is ready at ")
		if !ok || !found {
			t.Fatalf("first line %q; stderr:\n%s", l, s.stderr.String())
		}
		s.base = base
	case <-time.After(30 * time.Second):
		t.Fatalf("not ready after 30 s:\n%s", s.stderr.String())
	}
	return s
}

// waitLog waits until the server's log holds text.
func (s *server) waitLog(t *testing.T, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(s.stderr.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("the log never said %q:\n%s", text, s.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// wait waits for the process to exit and returns its exit code.
func (s *server) wait(t *testing.T, within time.Duration) int {
	t.Helper()
	select {
	case err := <-s.exited:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(within):
		t.Fatalf("the process did not exit within %v:\n%s", within, s.stderr.String())
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

// finish sends the rest of the body and reads the answer.
func (r *slowRequest) finish() (int, string, error) {
	defer r.conn.Close()
	_ = r.conn.SetDeadline(time.Now().Add(10 * time.Second))
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

// testGracefulShutdown: on SIGTERM the real binary stops taking connections, lets every request in
// flight finish with a complete answer, and exits 0 well within the shutdown timeout.
func testGracefulShutdown(t *testing.T, bin string) {
	s := startBinary(t, bin, map[string]string{
		"PITLANE_DATABASE_URL":     "sqlite:" + filepath.Join(t.TempDir(), "pitlane.db"),
		"PITLANE_SHUTDOWN_TIMEOUT": "15s",
	}, "--demo")
	addr := strings.TrimPrefix(s.base, "http://")
	var key string
	for l := range s.lines {
		if k, ok := strings.CutPrefix(l, "Booking page (Circuito Norte): "+s.base+"/"); ok {
			key = k
			break
		}
	}
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

	select {
	case <-warm:
	case <-time.After(10 * time.Second):
		t.Fatal("the burst got no answer")
	}
	sent := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	s.waitLog(t, "shutting down")
	// New connections are refused from now on.
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the server still accepts connections 5 s after SIGTERM")
		}
		time.Sleep(10 * time.Millisecond)
	}
	close(stopBurst)
	burst.Wait()

	// Every request in flight gets its whole answer, and a cart was made for each.
	for i, r := range slow {
		code, b, err := r.finish()
		var out struct{ Token string }
		if err != nil || code != http.StatusCreated || json.Unmarshal([]byte(b), &out) != nil || len(out.Token) != 32 {
			t.Errorf("request %d in flight: %d %q %v", i, code, b, err)
		}
	}
	if code := s.wait(t, 15*time.Second); code != 0 {
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
	code := s.wait(t, 10*time.Second)
	if took := time.Since(sent); took < time.Second || took > 5*time.Second {
		t.Errorf("exited %v after SIGTERM, want just after the 1 s timeout", took)
	}
	if code != 1 || !strings.Contains(s.stderr.String(), "shutdown: context deadline exceeded") {
		t.Errorf("exit %d; log:\n%s", code, s.stderr.String())
	}
}

// testHelpAndVersion: `serve --help` lists every PITLANE_ variable; the version is stamped at
// build time.
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
	if err != nil || string(out) != "pitlane "+builtVersion+"\n" {
		t.Errorf("version: %q %v", out, err)
	}
}
