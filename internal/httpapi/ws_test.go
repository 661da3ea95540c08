package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"pitlane/internal/httpapi"
	"pitlane/internal/realtime"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

// wsServer runs the HTTP layer with a realtime hub on the database URL (SQLite: one process).
func wsServer(t *testing.T, databaseURL string, origins ...string) (*httptest.Server, *realtime.Hub) {
	t.Helper()
	hub := realtime.New(context.Background(), realtime.Options{DatabaseURL: databaseURL})
	srv := httptest.NewServer(httpapi.New(httpapi.Deps{Realtime: hub, PublicOrigins: origins}))
	t.Cleanup(func() {
		_ = hub.Close()
		srv.Close()
	})
	return srv, hub
}

type wsMsg struct {
	Type string            `json:"type"`
	Data map[string]string `json:"data"`
}

// viewPage opens the socket as the web app does and says which page this user views.
func viewPage(t *testing.T, srv *httptest.Server, user, key string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience(t))
	defer cancel()
	h := http.Header{"Origin": {srv.URL}}
	c, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial /ws: %v", err)
	}
	if res.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d, want 101", res.StatusCode)
	}
	t.Cleanup(func() { _ = c.CloseNow() })
	send(t, c, `{"type":"setUserEvent","data":{"user":"`+user+`","key":"`+key+`"}}`)
	return c
}

func send(t *testing.T, c *websocket.Conn, msg string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience(t))
	defer cancel()
	if err := c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// read waits up to within for the next message.
func read(c *websocket.Conn, within time.Duration) (wsMsg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	_, b, err := c.Read(ctx)
	if err != nil {
		return wsMsg{}, err
	}
	var m wsMsg
	err = json.Unmarshal(b, &m)
	return m, err
}

func mustShowEvent(t *testing.T, c *websocket.Conn, key, who string) {
	t.Helper()
	m, err := read(c, testwait.Patience(t))
	if err != nil {
		t.Fatalf("%s: no showEvent: %v", who, err)
	}
	if m.Type != "showEvent" || m.Data["key"] != key {
		t.Fatalf("%s got %+v, want showEvent for %s", who, m, key)
	}
}

// A read that times out closes a coder/websocket connection, so this is the last read on c.
func mustHearNothing(t *testing.T, c *websocket.Conn, who string) {
	t.Helper()
	if m, err := read(c, 300*time.Millisecond); err == nil {
		t.Fatalf("%s got %+v, want nothing", who, m)
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%s: %v, want a quiet open socket", who, err)
	}
}

// Two visitors of one booking page both hear of the other; a visitor of another page hears nothing.
func TestWSViewersOfOnePage(t *testing.T) {
	srv, _ := wsServer(t, storetest.SQLiteURL(t))
	event := viewPage(t, srv, "u-0", "eventnight")
	first := viewPage(t, srv, "u-1", "bookingnorte")
	second := viewPage(t, srv, "u-2", "bookingnorte")
	mustShowEvent(t, first, "bookingnorte", "the first visitor")
	mustShowEvent(t, second, "bookingnorte", "the second visitor")
	mustHearNothing(t, event, "the visitor of the event page")

	// The same socket can move to another page.
	send(t, first, `{"type":"setUserEvent","data":{"user":"u-1","key":"eventnight2"}}`)
	third := viewPage(t, srv, "u-3", "eventnight2")
	mustShowEvent(t, third, "eventnight2", "the visitor joining the moved one")
	mustShowEvent(t, first, "eventnight2", "the visitor who moved")
}

// With PostgreSQL two instances share their viewers: a visitor on each sees the other.
func TestWSViewersAcrossInstances(t *testing.T) {
	url := storetest.PostgresURL(t)
	one, _ := wsServer(t, url)
	two, _ := wsServer(t, url)
	first := viewPage(t, one, "u-1", "bookingnorte")
	second := viewPage(t, two, "u-2", "bookingnorte")
	mustShowEvent(t, first, "bookingnorte", "the visitor on instance one")
	mustShowEvent(t, second, "bookingnorte", "the visitor on instance two")
}

func TestWSOrigin(t *testing.T) {
	srv, _ := wsServer(t, "", "https://book.example.com")
	ws := "ws" + strings.TrimPrefix(srv.URL, "http") + "/ws"
	for _, tc := range []struct {
		origin string
		ok     bool
	}{
		{srv.URL, true},
		{"https://book.example.com", true}, // the public base URL, behind a proxy
		{"", true},                         // not a browser
		{"https://evil.example", false},
		{"http://book.example.com", false}, // scheme differs
		{"null", false},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), testwait.Patience(t))
		h := http.Header{}
		if tc.origin != "" {
			h.Set("Origin", tc.origin)
		}
		c, res, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: h})
		cancel()
		if tc.ok {
			if err != nil {
				t.Errorf("origin %q refused: %v", tc.origin, err)
				continue
			}
			_ = c.CloseNow()
		} else if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
			t.Errorf("origin %q: err %v, want 403", tc.origin, err)
		}
	}
}

// Messages the server cannot use close the socket with a policy or data status.
func TestWSRejectsBadMessages(t *testing.T) {
	srv, hub := wsServer(t, "")
	for _, tc := range []struct {
		name, msg string
		status    websocket.StatusCode
	}{
		{"not JSON", "hello", websocket.StatusUnsupportedData},
		{"no key", `{"type":"setUserEvent","data":{"user":"u-1"}}`, websocket.StatusPolicyViolation},
		{"not a page key", `{"type":"setUserEvent","data":{"user":"u-1","key":"admin"}}`, websocket.StatusPolicyViolation},
		{"user with spaces", `{"type":"setUserEvent","data":{"user":"u 1","key":"bookingx"}}`, websocket.StatusPolicyViolation},
		{"too long", `{"type":"setUserEvent","data":{"user":"u-1","key":"booking` + strings.Repeat("x", 2000) + `"}}`, websocket.StatusMessageTooBig},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := viewPage(t, srv, "u-9", "bookingfine")
			send(t, c, tc.msg)
			_, err := read(c, testwait.Patience(t))
			if got := websocket.CloseStatus(err); got != tc.status {
				t.Fatalf("closed with %v (%v), want %v", got, err, tc.status)
			}
		})
	}
	// The server unregisters a viewer just after the close handshake: allow it a moment.
	testwait.Until(t, 10*time.Millisecond, "every viewer unregistered after its socket closed", func() bool {
		return hub.Viewers("bookingfine") == 0
	})
}

// Shutting the hub down ends every socket with 'going away', so the server can stop.
func TestWSHubCloseEndsSockets(t *testing.T) {
	srv, hub := wsServer(t, "")
	c := viewPage(t, srv, "u-1", "bookingnorte")
	// A second socket proves the first one's join was handled before the hub closes.
	other := viewPage(t, srv, "u-2", "bookingnorte")
	mustShowEvent(t, other, "bookingnorte", "the second visitor")
	mustShowEvent(t, c, "bookingnorte", "the first visitor")
	_ = hub.Close()
	_, err := read(c, testwait.Patience(t))
	if got := websocket.CloseStatus(err); got != websocket.StatusGoingAway {
		t.Fatalf("closed with %v (%v), want going away", got, err)
	}
}
