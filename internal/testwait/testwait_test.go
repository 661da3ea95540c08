package testwait

import (
	"fmt"
	"testing"
	"time"
)

// fakeT records a failure instead of stopping the test.
type fakeT struct {
	deadline time.Time
	failed   string
}

func (f *fakeT) Deadline() (time.Time, bool) { return f.deadline, !f.deadline.IsZero() }
func (f *fakeT) Helper()                     {}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.failed = fmt.Sprintf(format, args...)
}

func TestPatienceFollowsTheDeadline(t *testing.T) {
	t.Parallel()
	if got := Patience(&fakeT{}); got != 10*time.Minute {
		t.Errorf("no deadline: %v, want 10m", got)
	}
	got := Patience(&fakeT{deadline: time.Now().Add(45 * time.Minute)})
	if got < 43*time.Minute || got > 44*time.Minute {
		t.Errorf("45 minutes left: %v, want a minute less", got)
	}
	got = Patience(&fakeT{deadline: time.Now().Add(5 * time.Second)})
	if got < 4*time.Second || got > 4600*time.Millisecond {
		t.Errorf("5 s left: %v, want a tenth less", got)
	}
}

func TestUntilAndReceiveNameWhatTheyWaitedFor(t *testing.T) {
	t.Parallel()
	f := &fakeT{deadline: time.Now().Add(200 * time.Millisecond)}
	Until(f, time.Millisecond, "the outbox empty", func() bool { return false })
	if f.failed == "" || f.failed[:16] != "the outbox empty" {
		t.Errorf("Until's failure %q, want it to name what it waited for", f.failed)
	}
	f = &fakeT{deadline: time.Now().Add(200 * time.Millisecond)}
	Receive(f, make(chan int), "a notification")
	if f.failed == "" || f.failed[:14] != "a notification" {
		t.Errorf("Receive's failure %q, want it to name what it waited for", f.failed)
	}
	ch := make(chan int, 1)
	ch <- 7
	if v := Receive(t, ch, "seven"); v != 7 {
		t.Errorf("Receive = %d, want 7", v)
	}
	n := 0
	Until(t, time.Millisecond, "three polls", func() bool { n++; return n == 3 })
}
