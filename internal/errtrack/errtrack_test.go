package errtrack_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"pitlane/internal/errtrack"
	"pitlane/internal/errtrack/sentrytest"
)

// TestForwarding: a client report, a server 5xx and a panic each reach Sentry's envelope endpoint as
// one error event with the tags an operator filters on, signed with the DSN's key, and nothing else.
func TestForwarding(t *testing.T) {
	double := sentrytest.New(t)
	tr, err := errtrack.New(errtrack.Options{DSN: double.DSN(), Environment: "test", Release: "r1"})
	if err != nil || tr == nil {
		t.Fatalf("New: %v %v", tr, err)
	}
	tr.ClientError(errtrack.ClientError{
		App: "admin", Kind: "api", Message: "HTTP 500", Page: "/admin",
		Call: "GET /api/admin/retrieve-bookings", Status: 500, CallRequestID: "req-abcdef12",
	})
	tr.ServerError("POST /api/prebooking", "req-00000001", 500, "store: database is locked")
	tr.Panic("GET /api/product", "req-00000002", "index out of range")
	if !tr.Flush(10 * time.Second) {
		t.Fatal("events did not leave within 10 s")
	}
	events := double.WaitEvents(t, 3)
	if len(events) != 3 {
		t.Fatalf("%d events, want 3", len(events))
	}
	byMessage := map[string]map[string]any{}
	for _, ev := range events {
		msg, _ := ev["message"].(string)
		byMessage[msg] = ev
	}
	client := byMessage["HTTP 500"]
	if client == nil {
		t.Fatalf("no client event among %v", keys(byMessage))
	}
	wantTags(t, client, map[string]string{"source": "browser", "app": "admin", "kind": "api", "call": "GET /api/admin/retrieve-bookings", "status": "500", "request_id": "req-abcdef12"})
	if client["transaction"] != "/admin" || client["environment"] != "test" || client["release"] != "r1" {
		t.Errorf("client event: transaction %v environment %v release %v", client["transaction"], client["environment"], client["release"])
	}
	server := byMessage["HTTP 500 POST /api/prebooking: store: database is locked"]
	if server == nil {
		t.Fatalf("no server event among %v", keys(byMessage))
	}
	wantTags(t, server, map[string]string{"source": "server", "status": "500", "request_id": "req-00000001"})
	panicEv := byMessage["panic: index out of range"]
	if panicEv == nil {
		t.Fatalf("no panic event among %v", keys(byMessage))
	}
	wantTags(t, panicEv, map[string]string{"source": "server", "route": "GET /api/product", "request_id": "req-00000002"})
	if exc, _ := panicEv["exception"].([]any); len(exc) != 1 || !strings.Contains(fmtJSON(exc[0]), "TestForwarding") {
		t.Errorf("the panic event lacks the stack that recovered it: %v", exc)
	}

	for _, p := range double.Paths() {
		if p != "POST /api/42/envelope/" {
			t.Errorf("request to %q, want Sentry's envelope endpoint of project 42", p)
		}
	}
	for _, a := range double.Auths() {
		if !strings.Contains(a, "sentry_key=publickey") {
			t.Errorf("auth header %q does not carry the DSN's key", a)
		}
	}
	if raw := double.Raw(); strings.Contains(raw, `"user":{"`) || strings.Contains(raw, "ip_address") {
		t.Errorf("an event carries user data:\n%s", raw)
	}
}

// TestOff: without a DSN there is no tracker, and a nil tracker's methods do nothing; a malformed DSN
// fails the start-up.
func TestOff(t *testing.T) {
	tr, err := errtrack.New(errtrack.Options{})
	if err != nil || tr != nil {
		t.Fatalf("New without DSN: %v %v", tr, err)
	}
	tr.ClientError(errtrack.ClientError{App: "customer"})
	tr.ServerError("GET /", "x", 500, "")
	tr.Panic("GET /", "x", "boom")
	if !tr.Flush(time.Millisecond) {
		t.Error("a nil tracker's flush reports unsent events")
	}
	if _, err := errtrack.New(errtrack.Options{DSN: "not a dsn"}); err == nil || !strings.Contains(err.Error(), "PITLANE_SENTRY_DSN") {
		t.Errorf("malformed DSN: %v", err)
	}
}

func wantTags(t *testing.T, ev map[string]any, want map[string]string) {
	t.Helper()
	tags, _ := ev["tags"].(map[string]any)
	for k, v := range want {
		if tags[k] != v {
			t.Errorf("tag %s = %v, want %q (tags %v)", k, tags[k], v, tags)
		}
	}
}

func fmtJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func keys(m map[string]map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
