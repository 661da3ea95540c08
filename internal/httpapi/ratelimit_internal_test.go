package httpapi

import (
	"fmt"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"pitlane/internal/clock"
)

func testLimiter(clk *clock.Manual, max int) *rateLimiter {
	return newRateLimiter(RateLimits{
		Classes:    map[RateClass]Rate{RateGuess: {PerMinute: 10, Burst: 3}},
		MaxClients: max,
		Idle:       10 * time.Minute,
	}, clk.Now)
}

// The (burst+1)th request inside the window is refused with the time until a token is back; other
// clients and unlimited classes are unaffected; the bucket refills with time.
func TestLimiterBucket(t *testing.T) {
	t.Parallel()
	clk := clock.NewManual(time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC))
	l := testLimiter(clk, 100)
	for i := 0; i < 3; i++ {
		if ok, _ := l.allow(RateGuess, "198.51.100.7"); !ok {
			t.Fatalf("request %d refused inside the burst", i+1)
		}
	}
	ok, wait := l.allow(RateGuess, "198.51.100.7")
	if ok || wait <= 0 || wait > 6*time.Second {
		t.Fatalf("4th request: ok=%v wait=%v, want refused with about 6s to wait (10 a minute)", ok, wait)
	}
	if ok, _ := l.allow(RateGuess, "198.51.100.8"); !ok {
		t.Error("another client was refused")
	}
	if ok, _ := l.allow(RateWrite, "198.51.100.7"); !ok {
		t.Error("a class without a limit was refused")
	}
	clk.Advance(wait)
	if ok, _ := l.allow(RateGuess, "198.51.100.7"); !ok {
		t.Error("refused after waiting the announced time")
	}
	if ok, _ := l.allow(RateGuess, "198.51.100.7"); ok {
		t.Error("a refused request must not leave a token behind")
	}
}

// However many clients come, the limiter keeps at most MaxClients buckets, and forgets idle ones.
func TestLimiterMemoryIsBounded(t *testing.T) {
	t.Parallel()
	clk := clock.NewManual(time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC))
	l := testLimiter(clk, 50)
	for i := 0; i < 5000; i++ {
		l.allow(RateGuess, fmt.Sprintf("10.0.%d.%d", i/256, i%256))
		if n := l.size(); n > 50 {
			t.Fatalf("%d buckets after %d clients, want at most 50", n, i+1)
		}
	}
	clk.Advance(11 * time.Minute)
	l.allow(RateGuess, "192.0.2.99")
	if n := l.size(); n != 1 {
		t.Errorf("%d buckets after everyone went idle, want 1", n)
	}
}

func TestLimiterDisabled(t *testing.T) {
	t.Parallel()
	clk := clock.NewManual(time.Now())
	l := newRateLimiter(RateLimits{Disabled: true, Classes: DefaultRateLimits().Classes}, clk.Now)
	for i := 0; i < 100; i++ {
		if ok, _ := l.allow(RateGuess, "192.0.2.1"); !ok {
			t.Fatal("a disabled limiter refused a request")
		}
	}
}

func TestClientKey(t *testing.T) {
	t.Parallel()
	cases := []struct{ remote, xff, want string }{
		{"203.0.113.5:4711", "", "203.0.113.5"},
		{"203.0.113.5:4711", "198.51.100.1", "203.0.113.5"}, // X-Forwarded-For is not trusted
		{"[2001:db8:1:2:3:4:5:6]:443", "", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:443", "", "2001:db8:1:2::/64"},
		{"[::ffff:203.0.113.5]:80", "", "203.0.113.5"},
		{"unix-socket", "", "unix-socket"},
		// Behind a trusted load balancer (10.0.0.0/8), the nearest untrusted hop is the client; what
		// the client itself put further left is ignored.
		{"10.0.0.7:5000", "198.51.100.1", "198.51.100.1"},
		{"10.0.0.7:5000", "6.6.6.6, 198.51.100.1, 10.0.0.9", "198.51.100.1"},
		{"10.0.0.7:5000", "", "10.0.0.7"},
		{"10.0.0.7:5000", "garbage", "10.0.0.7"},
	}
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if got := clientKey(r, trusted); got != c.want {
			t.Errorf("clientKey(%s) = %q, want %q", c.remote, got, c.want)
		}
	}
}
