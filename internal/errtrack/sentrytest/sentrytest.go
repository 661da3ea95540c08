// Package sentrytest is a local stand-in for Sentry's envelope endpoint, for tests of the forwarding
// (internal/errtrack) without a Sentry account: point a DSN at it and read back the events it received.
package sentrytest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Double is a local stand-in for Sentry's envelope endpoint (POST /api/{project}/envelope/):
// it keeps the event items of every envelope it receives, with the request's path and auth header.
type Double struct {
	srv    *httptest.Server
	mu     sync.Mutex
	events []map[string]any
	paths  []string
	auths  []string
	raw    []string
}

// New starts a double on 127.0.0.1, closed when the test ends.
func New(t testing.TB) *Double {
	t.Helper()
	d := &Double{}
	d.srv = httptest.NewServer(http.HandlerFunc(d.serve)) // httptest listens on 127.0.0.1
	t.Cleanup(d.srv.Close)
	return d
}

// DSN points the SDK at the double, project 42.
func (d *Double) DSN() string {
	return strings.Replace(d.srv.URL, "http://", "http://publickey@", 1) + "/42"
}

// Count is how many events the double holds.
func (d *Double) Count() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.events)
}

// Paths are the method and path of every request the double received.
func (d *Double) Paths() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.paths...)
}

// Auths are the X-Sentry-Auth headers of every request the double received.
func (d *Double) Auths() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.auths...)
}

func (d *Double) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.paths = append(d.paths, r.Method+" "+r.URL.Path)
	d.auths = append(d.auths, r.Header.Get("X-Sentry-Auth"))
	d.raw = append(d.raw, string(body))
	// lines[0] is the envelope header; then item header and item payload pairs.
	for i := 1; i+1 < len(lines); i += 2 {
		var item struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal([]byte(lines[i]), &item)
		if item.Type != "event" {
			continue
		}
		var ev map[string]any
		if err := json.Unmarshal([]byte(lines[i+1]), &ev); err == nil {
			d.events = append(d.events, ev)
		}
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(`{}`))
}

// WaitEvents waits until the double holds n events (or fails the test after 10 s) and returns them.
func (d *Double) WaitEvents(t testing.TB, n int) []map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		d.mu.Lock()
		got := append([]map[string]any(nil), d.events...)
		d.mu.Unlock()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("Sentry double received %d events, want %d", len(got), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Raw is everything the double received, for leak checks.
func (d *Double) Raw() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return strings.Join(d.raw, "\n")
}
