// Package testwait holds the one rule for how long a test waits for something that must happen (a
// server's readiness line, a notification, a delivery, a goroutine's end): until shortly before the
// test's own deadline (go test -timeout), ten minutes without one. A busy machine slows things down; it
// does not make them wrong, so no wait is shorter than that, and a wait that gives up says what it
// waited for instead of leaving the test binary to panic at its timeout.
package testwait

import (
	"fmt"
	"time"
)

// deadliner is *testing.T (testing.TB has no Deadline).
type deadliner interface {
	Deadline() (time.Time, bool)
	Helper()
	Fatalf(format string, args ...any)
}

// Patience is how long t may wait: until a tenth of the time left (at most a minute) before its
// deadline, or ten minutes when it has none.
func Patience(t deadliner) time.Duration {
	d, ok := t.Deadline()
	if !ok {
		return 10 * time.Minute
	}
	left := time.Until(d)
	return left - min(left/10, time.Minute)
}

// Until polls done every interval until it reports true, and fails t naming what after Patience(t).
func Until(t deadliner, interval time.Duration, what string, done func() bool) {
	t.Helper()
	within := Patience(t)
	deadline := time.Now().Add(within)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not so after %v", what, within.Round(time.Second))
			return
		}
		time.Sleep(interval)
	}
}

// Receive waits for a value on ch and fails t naming what after Patience(t).
func Receive[V any](t deadliner, ch <-chan V, what string) V {
	t.Helper()
	within := Patience(t)
	select {
	case v := <-ch:
		return v
	case <-time.After(within):
		t.Fatalf("%s", fmt.Sprintf("%s: nothing after %v", what, within.Round(time.Second)))
	}
	var zero V
	return zero
}
