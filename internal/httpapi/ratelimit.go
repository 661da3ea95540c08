package httpapi

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"pitlane/internal/apperr"
)

// RateClass names a group of routes that share one limit per client.
type RateClass string

// The rate classes.
const (
	// RateWrite is for public calls that write: pre-bookings, carts, bookings, discounts, reports.
	RateWrite RateClass = "write"
	// RateLookup is for the member lookup by e-mail, which could be used to probe who is a member.
	RateLookup RateClass = "lookup"
	// RateGuess is for calls whose path carries a secret (cancel tokens, unsubscribe keys): strict, so
	// guessing is hopeless.
	RateGuess RateClass = "guess"
	// RateReport is for the web apps' error reports: enough for a page whose calls all fail, not a flood.
	RateReport RateClass = "report"
)

// Rate is a token bucket: PerMinute requests a minute on average, up to Burst at once. A zero
// PerMinute means no limit.
type Rate struct {
	PerMinute float64
	Burst     int
}

// RateLimits configures the per-client limits of the public routes. The zero value limits nothing
// (tests, benchmarks); a server facing the internet uses DefaultRateLimits.
type RateLimits struct {
	Disabled   bool // turns every limit off (load benchmarks from one address)
	Classes    map[RateClass]Rate
	MaxClients int           // buckets kept at most (default 20,000); beyond, an arbitrary one is dropped
	Idle       time.Duration // a bucket unused this long is forgotten (default 10 minutes)
}

// DefaultRateLimits are the limits of a production server: generous for people behind one address (a
// family, a venue's kiosk, a company network), hopeless for scripts.
func DefaultRateLimits() RateLimits {
	return RateLimits{Classes: map[RateClass]Rate{
		RateWrite:  {PerMinute: 120, Burst: 60},
		RateLookup: {PerMinute: 30, Burst: 20},
		RateGuess:  {PerMinute: 10, Burst: 10},
		RateReport: {PerMinute: 30, Burst: 20},
	}}
}

// rateLimiter keeps one token bucket per class and client in a bounded map.
type rateLimiter struct {
	cfg RateLimits
	now func() time.Time

	mu        sync.Mutex
	buckets   map[bucketKey]*bucket
	lastSweep time.Time
}

type bucketKey struct {
	class  RateClass
	client string
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newRateLimiter(cfg RateLimits, now func() time.Time) *rateLimiter {
	if cfg.MaxClients <= 0 {
		cfg.MaxClients = 20_000
	}
	if cfg.Idle <= 0 {
		cfg.Idle = 10 * time.Minute
	}
	return &rateLimiter{cfg: cfg, now: now, buckets: map[bucketKey]*bucket{}, lastSweep: now()}
}

// allow takes a token for the client in the class; when none is left it reports how long until one is.
func (l *rateLimiter) allow(class RateClass, client string) (ok bool, retryAfter time.Duration) {
	r, limited := l.cfg.Classes[class]
	if l.cfg.Disabled || !limited || r.PerMinute <= 0 {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) >= l.cfg.Idle/2 {
		l.sweep(now)
	}
	k := bucketKey{class, client}
	b := l.buckets[k]
	if b == nil {
		if len(l.buckets) >= l.cfg.MaxClients {
			l.sweep(now)
		}
		for len(l.buckets) >= l.cfg.MaxClients {
			for victim := range l.buckets { // map order is unpredictable: an arbitrary bucket goes
				delete(l.buckets, victim)
				break
			}
		}
		burst := max(r.Burst, 1)
		b = &bucket{lim: rate.NewLimiter(rate.Limit(r.PerMinute/60), burst)}
		l.buckets[k] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if !res.OK() {
		return false, time.Minute
	}
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

// sweep forgets buckets idle for longer than cfg.Idle (a forgotten bucket would be full again anyway,
// as long as Idle is at least the time a bucket takes to refill). Callers hold mu.
func (l *rateLimiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		if now.Sub(b.seen) > l.cfg.Idle {
			delete(l.buckets, k)
		}
	}
	l.lastSweep = now
}

// size is the number of buckets kept.
func (l *rateLimiter) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// clientKey identifies the client of a request: the peer address, or, when the peer is one of the
// trusted proxies, the nearest address in X-Forwarded-For that is not a trusted proxy (addresses
// further left are the client's own claim and cannot be trusted). An IPv6 client is keyed by its /64,
// which one household or device usually holds whole.
func clientKey(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if isTrusted(addr, trusted) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break
			}
			addr = hop.Unmap()
			if !isTrusted(addr, trusted) {
				break
			}
		}
	}
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// ClientAddrFunc returns the function that names a request's client as the rate limits do (see
// clientKey): the peer, or the nearest address a trusted proxy put in X-Forwarded-For; an IPv6 client
// as its /64. The staff sign-in throttle keys its per-address failures with it.
func ClientAddrFunc(trusted []netip.Prefix) func(*http.Request) string {
	return func(r *http.Request) string { return clientKey(r, trusted) }
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// limited wraps a handler with the per-client limit of its class: over the limit the answer is 429
// with Retry-After (whole seconds) and the JSON error too_many_requests.
func (s *Server) limited(class RateClass, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ok, wait := s.limiter.allow(class, clientKey(r, s.deps.TrustedProxies))
		if !ok {
			secs := int(math.Ceil(wait.Seconds()))
			w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
			writeError(w, r, apperr.New(apperr.TooManyRequests, "Too many requests; please wait a moment and try again."))
			return
		}
		h(w, r)
	}
}
