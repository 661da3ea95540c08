// Package realtime tells a visitor when someone else is looking at the same booking or event page, so
// the page can say "hurry, others are viewing this". Viewers register under a key ("booking{key}" or
// "event{key}") with a random user id; every viewer of a key hears when another user views it.
//
// With SQLite the hub lives in one process. With PostgreSQL several instances share viewers: each join
// is published with pg_notify on the channel pitlane_viewers and every instance LISTENs on a dedicated
// connection, so two visitors on different instances behind a load balancer still see each other.
package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// Channel is the PostgreSQL notification channel that carries viewer joins between instances.
const Channel = "pitlane_viewers"

// Options configures a Hub.
type Options struct {
	// DatabaseURL: with postgres://… (or postgresql://…) the hub shares viewers with every instance on
	// that database; anything else (a SQLite URL, empty) keeps viewers within this process.
	DatabaseURL string
	// Logger receives connection problems; slog.Default() when nil.
	Logger *slog.Logger
	// ListenTimeout bounds how long New waits for the first LISTEN to be in place (default 5 s). When it
	// is not, the hub still works within the process and keeps trying in the background.
	ListenTimeout time.Duration
}

// Hub keeps the viewers of each key. It is safe for concurrent use.
type Hub struct {
	log *slog.Logger
	id  string // this instance's random id: its own notifications are ignored

	mu     sync.Mutex
	keys   map[string]map[*viewer]struct{}
	closed bool

	bus *pgBus // nil without PostgreSQL
}

// viewer is one registered page view.
type viewer struct {
	user string
	ch   chan struct{} // capacity 1: pending notifications collapse into one
}

func (v *viewer) notify() {
	select {
	case v.ch <- struct{}{}:
	default: // one is already pending
	}
}

// New starts a hub. With a PostgreSQL URL it opens its own connections (one LISTENing, a small pool
// publishing), waits up to ListenTimeout for the LISTEN and reconnects with backoff when it drops.
// Call Close on shutdown.
func New(ctx context.Context, o Options) *Hub {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.ListenTimeout <= 0 {
		o.ListenTimeout = 5 * time.Second
	}
	h := &Hub{log: o.Logger, id: randomID(), keys: make(map[string]map[*viewer]struct{})}
	if isPostgresURL(o.DatabaseURL) {
		h.bus = startPGBus(o.DatabaseURL, h.id, o.Logger, h.receive)
		select {
		case <-h.bus.ready:
		case <-time.After(o.ListenTimeout):
			h.log.Warn("realtime: not listening for other instances' viewers yet; retrying in the background")
		case <-ctx.Done():
		}
	}
	return h
}

func isPostgresURL(u string) bool {
	return strings.HasPrefix(u, "postgres://") || strings.HasPrefix(u, "postgresql://")
}

func randomID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Join registers user as a viewer of key. The returned channel receives a value whenever another user
// views the same key, at once when one already does; values arriving before the previous one was taken
// collapse into one. The channel is closed when the hub shuts down. leave unregisters the viewer and
// may be called more than once.
func (h *Hub) Join(key, user string) (notify <-chan struct{}, leave func()) {
	v := &viewer{user: user, ch: make(chan struct{}, 1)}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		close(v.ch)
		return v.ch, func() {}
	}
	if h.notifyOthers(key, user) {
		v.notify()
	}
	set := h.keys[key]
	if set == nil {
		set = make(map[*viewer]struct{})
		h.keys[key] = set
	}
	set[v] = struct{}{}
	h.mu.Unlock()

	if h.bus != nil {
		h.bus.publish(message{Kind: kindJoin, Key: key, User: user, From: h.id})
	}
	return v.ch, sync.OnceFunc(func() { h.leave(key, v) })
}

func (h *Hub) leave(key string, v *viewer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if set := h.keys[key]; set != nil {
		delete(set, v)
		if len(set) == 0 {
			delete(h.keys, key)
		}
	}
}

// notifyOthers tells every local viewer of key who is not user, and reports whether there was one.
// The caller holds h.mu.
func (h *Hub) notifyOthers(key, user string) bool {
	found := false
	for v := range h.keys[key] {
		if v.user != user {
			v.notify()
			found = true
		}
	}
	return found
}

// receive applies a message from another instance. A join tells this instance's viewers of the key and,
// when there are any, answers the joiner's instance that someone here views it too; a presence answer
// addressed to this instance tells the joiner.
func (h *Hub) receive(m message) {
	if m.From == h.id {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	switch m.Kind {
	case kindJoin:
		if h.notifyOthers(m.Key, m.User) && h.bus != nil {
			h.bus.publish(message{Kind: kindPresent, Key: m.Key, User: m.User, From: h.id, To: m.From})
		}
	case kindSignal:
		for v := range h.keys[m.Key] {
			v.notify()
		}
	case kindPresent:
		if m.To != h.id {
			return
		}
		for v := range h.keys[m.Key] {
			if v.user == m.User {
				v.notify()
			}
		}
	}
}

// Publish tells every viewer of key, on this instance and (with PostgreSQL) on the others, that
// something changed under it: the back office's Today view listens on its company's key and reads the
// day again. The notification carries no data, so a viewer learns only that it should look again.
func (h *Hub) Publish(key string) {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	for v := range h.keys[key] {
		v.notify()
	}
	h.mu.Unlock()
	if h.bus != nil {
		h.bus.publish(message{Kind: kindSignal, Key: key, User: "-", From: h.id})
	}
}

// Viewers reports how many viewers of key are registered on this instance.
func (h *Hub) Viewers(key string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.keys[key])
}

// Connections reports how many viewers (websocket connections) are registered on this instance.
func (h *Hub) Connections() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, set := range h.keys {
		n += len(set)
	}
	return n
}

// Close stops the hub: every viewer's channel is closed (so their connections end) and the database
// connections are released. It waits for the background work to finish.
func (h *Hub) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	for _, set := range h.keys {
		for v := range set {
			close(v.ch)
		}
	}
	h.keys = nil
	h.mu.Unlock()
	if h.bus != nil {
		h.bus.close()
	}
	return nil
}
