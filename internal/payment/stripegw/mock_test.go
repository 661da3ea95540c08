package stripegw_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/testwait"
)

// stripeMockVersion is the stripe-mock the tests run (a local double of the Stripe API).
const stripeMockVersion = "v0.203.0"

var (
	mockOnce sync.Once
	mockURL  string
	mockErr  error
	mockCmd  *exec.Cmd
)

func TestMain(m *testing.M) {
	code := m.Run()
	if mockCmd != nil && mockCmd.Process != nil {
		_ = mockCmd.Process.Kill()
		_ = mockCmd.Wait()
	}
	os.Exit(code)
}

// stripeMock returns the URL of a stripe-mock started once for the package, bound to loopback.
func stripeMock(t *testing.T) string {
	t.Helper()
	mockOnce.Do(func() {
		// However long a busy machine takes to start it: until shortly before the test's deadline.
		within := testwait.Patience(t)
		mockURL, mockErr = startStripeMock(within)
	})
	if mockErr != nil {
		t.Fatalf("stripe-mock: %v", mockErr)
	}
	return mockURL
}

// stripeMockBinary builds stripe-mock once per machine into the user cache (about 20 s cold).
func stripeMockBinary() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "pitlane", "stripe-mock-"+stripeMockVersion)
	bin := filepath.Join(dir, "stripe-mock")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("go", "install", "github.com/stripe/stripe-mock@"+stripeMockVersion)
	cmd.Dir = tmp // outside any module, so the project's go.mod is left alone
	cmd.Env = append(os.Environ(), "GOBIN="+tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install stripe-mock: %v\n%s", err, out)
	}
	if err := os.Rename(filepath.Join(tmp, "stripe-mock"), bin); err != nil { // atomic: parallel builds race harmlessly
		return "", err
	}
	return bin, nil
}

func startStripeMock(within time.Duration) (string, error) {
	bin, err := stripeMockBinary()
	if err != nil {
		return "", err
	}
	// Both listeners on loopback with ports the system picks; the mock prints the addresses.
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return "", err
	}
	mockCmd = cmd
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if addr, ok := strings.CutPrefix(sc.Text(), "Listening for HTTP at address: "); ok {
				found <- addr
			}
		}
		close(found)
	}()
	select {
	case addr, ok := <-found:
		if !ok {
			return "", fmt.Errorf("stripe-mock exited before listening")
		}
		return "http://" + addr, nil
	case <-time.After(within):
		return "", fmt.Errorf("stripe-mock still running but not listening after %v (its ready line: \"Listening for HTTP at address: …\")",
			within.Round(time.Second))
	}
}

// sent is one request the code under test sent to Stripe.
type sent struct {
	Method, Path string
	Form         url.Values // form body or query
	Header       http.Header
}

// recorder sits between the gateway and stripe-mock and records what the gateway sends.
type recorder struct {
	mu   sync.Mutex
	reqs []sent
}

func (rc *recorder) all() []sent {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]sent(nil), rc.reqs...)
}

// last returns the last request to path (method and path, e.g. "POST /v1/refunds").
func (rc *recorder) last(t *testing.T, call string) sent {
	t.Helper()
	reqs := rc.all()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Method+" "+reqs[i].Path == call {
			return reqs[i]
		}
	}
	t.Fatalf("no %s was sent; sent: %v", call, reqs)
	return sent{}
}

// recordingMock returns a URL that forwards to stripe-mock and records every request.
func recordingMock(t *testing.T) (string, *recorder) {
	t.Helper()
	target, err := url.Parse(stripeMock(t))
	if err != nil {
		t.Fatal(err)
	}
	rc := &recorder{}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		if r.Method == http.MethodGet {
			form = r.URL.Query()
		}
		rc.mu.Lock()
		rc.reqs = append(rc.reqs, sent{Method: r.Method, Path: r.URL.Path, Form: form, Header: r.Header.Clone()})
		rc.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL, rc
}

// answer is a canned Stripe answer to one call ("GET /v1/checkout/sessions/cs_1").
type answer struct {
	call   string
	status int
	body   string
}

// fakeStripe answers calls with canned JSON, to see how the gateway handles answers stripe-mock's
// fixtures never give (a paid session, an expired one, a refusal). Other calls get a 404.
func fakeStripe(t *testing.T, answers ...answer) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		for _, a := range answers {
			if a.call == r.Method+" "+r.URL.Path {
				w.WriteHeader(a.status)
				_, _ = io.WriteString(w, a.body)
				return
			}
		}
		w.WriteHeader(http.StatusNotFound)
		_, _ = io.WriteString(w, `{"error":{"type":"invalid_request_error","message":"Unrecognized request URL"}}`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
