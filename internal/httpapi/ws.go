package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/coder/websocket"
)

// RealtimeHub tells a visitor of a booking or event page when someone else views the same page.
type RealtimeHub interface {
	// Join registers user as a viewer of key. The channel receives a value whenever another user views
	// the same key (at once when one already does) and is closed when the hub shuts down; leave
	// unregisters the viewer.
	Join(key, user string) (notify <-chan struct{}, leave func())
}

// The socket's limits.
const (
	wsReadLimit     = 1024             // bytes per client message: a setUserEvent is far smaller
	wsPingInterval  = 25 * time.Second // keepalive, below common proxies' idle timeouts
	wsPongTimeout   = 10 * time.Second
	wsWriteTimeout  = 5 * time.Second
	wsJoinTimeout   = 15 * time.Second // a client must say who it is and what it views within this
	wsMaxLifetime   = 2 * time.Hour    // then the page reconnects if it still cares
	wsMaxKeyLength  = 210
	wsMaxUserLength = 64
	wsMaxJoins      = 20 // setUserEvent messages per connection (a page sends one)
)

var (
	wsKeyPattern  = regexp.MustCompile(`^(booking|event)[\x21-\x7e]+$`)
	wsUserPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
)

// wsMessage is every message on the socket, both ways: {type, data}.
type wsMessage struct {
	Type string          `json:"type"`
	Data json.RawMessage `json:"data,omitempty"`
}

// wsUser is the data of the client's setUserEvent.
type wsUser struct {
	User string `json:"user"`
	Key  string `json:"key"`
}

func (u wsUser) valid() bool {
	return len(u.User) <= wsMaxUserLength && wsUserPattern.MatchString(u.User) &&
		len(u.Key) <= wsMaxKeyLength && wsKeyPattern.MatchString(u.Key)
}

// serveWS is the realtime socket, GET /ws. The client sends
// {"type":"setUserEvent","data":{"user":"<random id>","key":"booking<key>"|"event<key>"}} (again to
// change page); the server sends {"type":"showEvent","data":{"key":"…"}} whenever another user views
// the same key. Browsers may connect only from this server's own origin (or the configured public
// one). Connection problems are logged at debug level only: a lost socket is normal.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	log := logger(r.Context())
	if !s.wsOriginAllowed(r) {
		log.Debug("websocket: origin refused", slog.String("origin", r.Header.Get("Origin")))
		http.Error(w, "Forbidden origin", http.StatusForbidden)
		return
	}
	// The origin is checked above (also against the public base URL), so the library's check is off.
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		log.Debug("websocket: upgrade failed", slog.Any("error", err))
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(wsReadLimit)

	// A hijacked connection's request context is not cancelled by the server's shutdown: the hub
	// closing the viewer's channel ends the socket instead.
	ctx, cancel := context.WithTimeout(context.Background(), wsMaxLifetime)
	defer cancel()
	err = s.runWS(ctx, c)
	switch status := websocket.CloseStatus(err); {
	case err == nil, status == websocket.StatusNormalClosure, status == websocket.StatusGoingAway:
	default:
		log.Debug("websocket: closed", slog.Any("error", err))
	}
}

// runWS reads the client's messages on one goroutine and, on this one, joins the hub and writes
// showEvent and pings until either side ends.
func (s *Server) runWS(ctx context.Context, c *websocket.Conn) error {
	joins := make(chan wsUser)
	readErr := make(chan error, 1)
	go func() { readErr <- readWS(ctx, c, joins) }()

	var notify <-chan struct{}
	leave := func() {}
	defer func() { leave() }()
	var key string
	joinDeadline := time.NewTimer(wsJoinTimeout)
	defer joinDeadline.Stop()
	ping := time.NewTicker(wsPingInterval)
	defer ping.Stop()

	for {
		select {
		case <-ctx.Done():
			return c.Close(websocket.StatusGoingAway, "connection too old")
		case err := <-readErr:
			return err
		case <-joinDeadline.C:
			if notify == nil {
				return c.Close(websocket.StatusPolicyViolation, "no setUserEvent")
			}
		case u := <-joins:
			leave()
			key = u.Key
			notify, leave = s.deps.Realtime.Join(u.Key, u.User)
		case _, ok := <-notify:
			if !ok {
				return c.Close(websocket.StatusGoingAway, "server shutting down")
			}
			if err := writeWS(ctx, c, "showEvent", map[string]string{"key": key}); err != nil {
				return err
			}
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, wsPongTimeout)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return err
			}
		}
	}
}

// readWS reads client messages until the connection fails, handing each valid setUserEvent to joins.
// An unreadable or invalid message closes the socket.
func readWS(ctx context.Context, c *websocket.Conn, joins chan<- wsUser) error {
	joined := 0
	for {
		typ, b, err := c.Read(ctx)
		if err != nil {
			return err
		}
		var m wsMessage
		var u wsUser
		if typ != websocket.MessageText || json.Unmarshal(b, &m) != nil {
			return closeWith(c, websocket.StatusUnsupportedData, "messages are JSON {type, data}")
		}
		if m.Type != "setUserEvent" {
			continue // other events are ignored
		}
		if joined++; joined > wsMaxJoins {
			return closeWith(c, websocket.StatusPolicyViolation, "too many setUserEvent messages")
		}
		if json.Unmarshal(m.Data, &u) != nil || !u.valid() {
			return closeWith(c, websocket.StatusPolicyViolation, "setUserEvent needs a user and a booking or event key")
		}
		select {
		case joins <- u:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func closeWith(c *websocket.Conn, code websocket.StatusCode, reason string) error {
	_ = c.Close(code, reason)
	return errors.New("websocket: " + reason)
}

func writeWS(ctx context.Context, c *websocket.Conn, typ string, data any) error {
	d, err := json.Marshal(data)
	if err != nil {
		return err
	}
	b, err := json.Marshal(wsMessage{Type: typ, Data: d})
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
	defer cancel()
	return c.Write(wctx, websocket.MessageText, b)
}

// wsOriginAllowed admits requests without an Origin (not a browser), from the request's own host, and
// from the origins in Deps.PublicOrigins (the configured base URL, behind a proxy that rewrites Host).
func (s *Server) wsOriginAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, o := range s.deps.PublicOrigins {
		if p, err := url.Parse(o); err == nil && strings.EqualFold(p.Scheme, u.Scheme) && strings.EqualFold(p.Host, u.Host) {
			return true
		}
	}
	return false
}

// deskPublisher is the part of the realtime hub that tells the back office's Today views that
// something changed (adminapi.AnyDeskKey).
type deskPublisher interface{ Publish(key string) }

// deskSignal wraps a customer-side write that may change a company's day (a booking saved, a payment
// notified, a cancel): once it has answered with success, every open Today view reads its day again.
// The signal carries nothing but "look again"; each view reads through the staff API's checks.
func (s *Server) deskSignal(next http.HandlerFunc) http.HandlerFunc {
	p, ok := s.deps.Realtime.(deskPublisher)
	if !ok || s.deps.Realtime == nil {
		return next
	}
	return func(w http.ResponseWriter, r *http.Request) {
		sw := &statusRecorder{ResponseWriter: w}
		next(sw, r)
		if sw.status < 400 {
			p.Publish("desk*")
		}
	}
}
