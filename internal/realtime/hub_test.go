package realtime_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"pitlane/internal/realtime"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// patience is how long a test waits for a notification that must come: until shortly before the test's
// deadline (go test -timeout), ten minutes without one. A busy machine delays it; a hub that loses it
// never sends it, and the test fails all the same.
func patience(t *testing.T) time.Duration { return testwait.Patience(t) }

func mustReceive(t *testing.T, ch <-chan struct{}, who string) {
	t.Helper()
	select {
	case _, ok := <-ch:
		if !ok {
			t.Fatalf("%s: channel closed, want a notification", who)
		}
	case <-time.After(patience(t)):
		t.Fatalf("%s was not told that someone else views the page", who)
	}
}

func mustBeQuiet(t *testing.T, ch <-chan struct{}, who string) {
	t.Helper()
	select {
	case <-ch:
		t.Fatalf("%s was told about a viewer of another page (or itself)", who)
	default:
	}
}

func TestHubInProcess(t *testing.T) {
	h := realtime.New(context.Background(), realtime.Options{DatabaseURL: storetest.SQLiteURL(t)})
	defer h.Close()

	alone, leaveAlone := h.Join("bookingnorte", "u-1")
	mustBeQuiet(t, alone, "the first viewer, alone")

	// The same user in a second tab is not "someone else".
	_, leaveTab := h.Join("bookingnorte", "u-1")
	mustBeQuiet(t, alone, "the first viewer, after its own second tab")
	leaveTab()

	other, leaveOther := h.Join("eventnorte", "u-2")
	mustBeQuiet(t, alone, "the booking viewer, after an event viewer joined")
	mustBeQuiet(t, other, "the event viewer")

	second, leaveSecond := h.Join("bookingnorte", "u-3")
	mustReceive(t, alone, "the first viewer")
	mustReceive(t, second, "the second viewer")
	mustBeQuiet(t, other, "the event viewer")

	leaveSecond()
	leaveSecond() // harmless twice
	leaveAlone()
	if n := h.Viewers("bookingnorte"); n != 0 {
		t.Fatalf("%d viewers of the booking page after both left, want 0", n)
	}
	// A viewer who left is not told any more.
	_, leaveLate := h.Join("bookingnorte", "u-4")
	mustBeQuiet(t, alone, "the first viewer after leaving")
	leaveLate()
	leaveOther()
}

func TestHubCloseEndsViewers(t *testing.T) {
	h := realtime.New(context.Background(), realtime.Options{})
	ch, leave := h.Join("bookingnorte", "u-1")
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if _, ok := <-ch; ok {
		t.Fatal("a viewer's channel is still open after Close")
	}
	leave() // harmless after Close
	late, _ := h.Join("bookingnorte", "u-2")
	if _, ok := <-late; ok {
		t.Fatal("a join after Close got an open channel")
	}
}

// Two instances on one PostgreSQL database see each other's viewers, and only on the same key.
func TestHubsShareViewersThroughPostgres(t *testing.T) {
	url := storetest.PostgresURL(t)
	ctx := context.Background()
	one := realtime.New(ctx, realtime.Options{DatabaseURL: url})
	defer one.Close()
	two := realtime.New(ctx, realtime.Options{DatabaseURL: url})
	defer two.Close()

	// Viewers of two different pages, one on each instance.
	booking, leaveBooking := one.Join("bookingnorte", "u-1")
	defer leaveBooking()
	event, leaveEvent := two.Join("eventnorte", "u-2")
	defer leaveEvent()

	// Two viewers of the same page, one on each instance, both hear of the other.
	first, leaveFirst := one.Join("bookingsur", "u-3")
	defer leaveFirst()
	second, leaveSecond := two.Join("bookingsur", "u-4")
	defer leaveSecond()
	mustReceive(t, first, "the viewer on instance one")
	mustReceive(t, second, "the viewer on instance two")

	// Each instance publishes in order, and whatever told the bookingsur viewers was published after the
	// joins above: so by now both instances have handled them, and the viewers of different pages must
	// not have been told anything.
	mustBeQuiet(t, booking, "the bookingnorte viewer on instance one")
	mustBeQuiet(t, event, "the eventnorte viewer on instance two")
}

// When the listening connection is killed, the hub reconnects and viewers on two instances see each
// other again.
func TestHubReconnectsAfterListenerLoss(t *testing.T) {
	url := storetest.PostgresURL(t)
	ctx := context.Background()
	one := realtime.New(ctx, realtime.Options{DatabaseURL: url})
	defer one.Close()
	two := realtime.New(ctx, realtime.Options{DatabaseURL: url})
	defer two.Close()

	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var killed int
	err = admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query = 'LISTEN `+realtime.Channel+`'`).Scan(&killed)
	if err != nil || killed != 2 {
		t.Fatalf("terminated %d listening connections (err %v), want 2", killed, err)
	}

	// Joins made while an instance is reconnecting may be missed; a fresh pair is tried until one works.
	deadline := time.Now().Add(patience(t))
	for i := 0; ; i++ {
		key := fmt.Sprintf("bookingnorte-%d", i)
		first, leaveFirst := one.Join(key, "u-1")
		second, leaveSecond := two.Join(key, "u-2")
		ok := received(first, time.Second) && received(second, time.Second)
		leaveFirst()
		leaveSecond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the instances did not see each other's viewers again after the connection loss")
		}
	}
}

func received(ch <-chan struct{}, within time.Duration) bool {
	select {
	case _, ok := <-ch:
		return ok
	case <-time.After(within):
		return false
	}
}
