package sessions

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// 100 visitors asking for the same day at once cause one computation; the answer is reused until the
// TTL passes or a hold or release on this instance makes it stale; a failed computation is never kept.
func TestAvailabilityCache(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := newAvailCache(time.Second)
	k := availKey{token: "tok", kind: KindProduct, date: "2026-12-01", id: 1}
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	var calls atomic.Int32
	release := make(chan struct{})
	compute := func() (Availability, error) {
		n := calls.Add(1)
		<-release
		return Availability{MaxDaysBooking: int(n)}, nil
	}

	var wg sync.WaitGroup
	answers := make([]int, 100)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := c.get(ctx, k, t0, compute)
			if err != nil {
				t.Error(err)
			}
			answers[i] = a.MaxDaysBooking
		}()
	}
	close(release)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("100 simultaneous callers made %d computations, want 1", n)
	}
	for i, a := range answers {
		if a != 1 {
			t.Fatalf("caller %d got answer %d, want the one computed", i, a)
		}
	}

	get := func(now time.Time, k availKey) int {
		t.Helper()
		a, err := c.get(ctx, k, now, compute)
		if err != nil {
			t.Fatal(err)
		}
		return a.MaxDaysBooking
	}
	if got := get(t0.Add(999*time.Millisecond), k); got != 1 {
		t.Errorf("within the TTL: answer %d, want the cached 1", got)
	}
	if got := get(t0.Add(time.Second), k); got != 2 {
		t.Errorf("at the TTL: answer %d, want a new computation (2)", got)
	}
	other := k
	other.date = "2026-12-02"
	if got := get(t0.Add(time.Second), other); got != 3 {
		t.Errorf("another date: answer %d, want its own computation (3)", got)
	}
	c.invalidate("tok") // a hold of the company
	if got := get(t0.Add(time.Second), k); got != 4 {
		t.Errorf("after a hold: answer %d, want a new computation (4)", got)
	}
	c.invalidate("another-company")
	if got := get(t0.Add(time.Second), k); got != 4 {
		t.Errorf("after another company's hold: answer %d, want the cached 4", got)
	}
	c.invalidate("") // a release
	if got := get(t0.Add(time.Second), k); got != 5 {
		t.Errorf("after a release: answer %d, want a new computation (5)", got)
	}
	if got := get(t0, k); got != 6 {
		t.Errorf("clock set back: answer %d, want a new computation (6)", got)
	}

	failing := errors.New("database down")
	if _, err := c.get(ctx, other, t0.Add(5*time.Second), func() (Availability, error) { return Availability{}, failing }); !errors.Is(err, failing) {
		t.Fatalf("error: %v, want %v", err, failing)
	}
	if got := get(t0.Add(5*time.Second), other); got != 7 {
		t.Errorf("after a failure: answer %d, want a new computation (7): errors are never cached", got)
	}
}

// A reused answer's ready-made body is byte for byte what the server would encode afresh, so visitors
// get the same JSON whether or not their answer was reused; a fresh answer has none.
func TestReusedAnswerBody(t *testing.T) {
	t.Parallel()
	date := "2026-12-31"
	pack := int64(7)
	fresh := Availability{
		Slots: []SlotInfo{
			{StartTime: "10:00:00", UsersAvailable: 3, MaxParticipants: 12, IDProduct: 1, Price: 25.5, Available: true},
			{StartTime: "10:15:00", MaxParticipants: 12, IDPack: &pack, IDProduct: 1, Price: 30, Reason: "full"},
		},
		DisableHoursBooking: 1, DateLimitBooking: DateLimit{Date: &date, Enabled: true}, MaxDaysBooking: 30,
		TimeZone: "Europe/Madrid",
	}
	if fresh.ResponseJSON() != nil {
		t.Fatal("an answer computed afresh has a ready-made body")
	}
	var want bytes.Buffer
	if err := json.NewEncoder(&want).Encode(AvailabilityResponse{Data: fresh}); err != nil {
		t.Fatal(err)
	}
	c := newAvailCache(time.Second)
	got, err := c.get(context.Background(), availKey{token: "tok", kind: KindProduct, date: "2026-12-01", id: 1},
		time.Now(), func() (Availability, error) { return fresh, nil })
	if err != nil {
		t.Fatal(err)
	}
	if string(got.ResponseJSON()) != want.String() {
		t.Fatalf("reused body\n%s\nwant\n%s", got.ResponseJSON(), want.String())
	}
	var again bytes.Buffer
	if err := json.NewEncoder(&again).Encode(AvailabilityResponse{Data: got}); err != nil || again.String() != want.String() {
		t.Fatalf("re-encoding a reused answer gives\n%s (%v)\nwant\n%s", again.String(), err, want.String())
	}
}
