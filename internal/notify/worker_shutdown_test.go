package notify_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/testwait"
)

// stoppingSender delivers the first `deliver` messages, then, on the next one, cancels the worker's
// context (the server is told to stop) and either accepts that message (acceptLast) or gives up on it
// with the context's error, as an SMTP client cut off mid-dialogue does.
type stoppingSender struct {
	mu         sync.Mutex
	deliver    int
	acceptLast bool
	stop       context.CancelFunc
	sent       []string
}

func (s *stoppingSender) Send(ctx context.Context, m notify.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.sent) < s.deliver {
		s.sent = append(s.sent, m.To)
		return nil
	}
	s.stop()
	if s.acceptLast {
		s.sent = append(s.sent, m.To)
		return nil
	}
	<-ctx.Done()
	return ctx.Err()
}

// outboxRow is one message's delivery state.
type outboxRow struct {
	status   string
	attempts int
	locked   bool
}

func outboxRows(t *testing.T, db *store.DB) []outboxRow {
	t.Helper()
	ctx := context.Background()
	var out []outboxRow
	err := db.Read(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT status, attempts, locked_until IS NOT NULL FROM outbox_emails ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r outboxRow
			if err := rows.Scan(&r.status, &r.attempts, &r.locked); err != nil {
				return err
			}
			out = append(out, r)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A worker stopped in the middle of a batch (SIGTERM) leaves nothing claimed: the messages it sent are
// recorded sent, the one cut off mid-delivery and the ones it had not reached are pending again with no
// lease and no attempt counted, so a worker in another instance (or after the restart) sends them at
// once instead of five minutes later.
func TestWorkerReleasesClaimedMailWhenStopped(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for range 5 {
			enqueueConfirmation(t, db)
		}
		ctx, stop := context.WithCancel(context.Background())
		defer stop()
		clk := clock.NewManual(start)
		snd := &stoppingSender{deliver: 2, stop: stop}
		w := notify.NewWorker(db.Outbox(), snd, clk, slog.New(slog.DiscardHandler))
		sent, err := w.RunOnce(ctx)
		if sent != 2 || err != context.Canceled {
			t.Fatalf("RunOnce = %d, %v; want 2 sent and context.Canceled", sent, err)
		}
		got := outboxRows(t, db)
		want := []outboxRow{{"sent", 1, false}, {"sent", 1, false}, {"pending", 0, false}, {"pending", 0, false}, {"pending", 0, false}}
		if len(got) != len(want) {
			t.Fatalf("outbox %+v", got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("message %d: %+v, want %+v", i+1, got[i], want[i])
			}
		}
		// Another worker, at the same instant (no lease has run out), takes the three at once.
		other := &stoppingSender{deliver: 100}
		sent, err = notify.NewWorker(db.Outbox(), other, clk, slog.New(slog.DiscardHandler)).RunOnce(context.Background())
		if sent != 3 || err != nil {
			t.Errorf("the other worker sent %d, %v; want the 3 released", sent, err)
		}
		if n := len(snd.sent) + len(other.sent); n != 5 {
			t.Errorf("%d deliveries in all, want each of the 5 messages once", n)
		}
	})
}

// A message the SMTP server accepted just as the worker was stopped is recorded sent, not released:
// releasing it would send it twice.
func TestWorkerRecordsMailAcceptedWhileStopping(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for range 3 {
			enqueueConfirmation(t, db)
		}
		ctx, stop := context.WithCancel(context.Background())
		defer stop()
		clk := clock.NewManual(start)
		snd := &stoppingSender{deliver: 0, acceptLast: true, stop: stop}
		sent, err := notify.NewWorker(db.Outbox(), snd, clk, slog.New(slog.DiscardHandler)).RunOnce(ctx)
		if sent != 1 || err != context.Canceled {
			t.Fatalf("RunOnce = %d, %v; want 1 sent and context.Canceled", sent, err)
		}
		got := outboxRows(t, db)
		want := []outboxRow{{"sent", 1, false}, {"pending", 0, false}, {"pending", 0, false}}
		for i := range want {
			if i >= len(got) || got[i] != want[i] {
				t.Errorf("message %d: %+v, want %+v", i+1, got, want)
				break
			}
		}
		clk.Advance(time.Second)
		if n, _ := notify.NewWorker(db.Outbox(), &stoppingSender{deliver: 100}, clk, slog.New(slog.DiscardHandler)).RunOnce(context.Background()); n != 2 {
			t.Errorf("after the restart %d sent, want the 2 released", n)
		}
	})
}

// hungSender never returns until released, whatever its context says: an SMTP client waiting for
// the reply of a mail server that hangs.
type hungSender struct {
	started chan struct{}
	release chan struct{}
}

func (h *hungSender) Send(context.Context, notify.Message) error {
	close(h.started)
	<-h.release
	return nil
}

// A sender that ignores its context does not keep a stopping worker: within a couple of seconds of
// the cancellation the worker gives up on it and releases the message.
func TestWorkerDoesNotWaitForAHungSender(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		enqueueConfirmation(t, db)
		ctx, stop := context.WithCancel(context.Background())
		h := &hungSender{started: make(chan struct{}), release: make(chan struct{})}
		defer close(h.release)
		w := notify.NewWorker(db.Outbox(), h, clock.NewManual(start), slog.New(slog.DiscardHandler))
		done := make(chan error, 1)
		go func() { _, err := w.RunOnce(ctx); done <- err }()
		<-h.started
		stop()
		// However long a busy machine takes; a worker that waits for the hung sender never returns.
		if err := testwait.Receive(t, done, "RunOnce returning after it was stopped while its sender hung"); err != context.Canceled {
			t.Errorf("RunOnce: %v, want context.Canceled", err)
		}
		if got := outboxRows(t, db); len(got) != 1 || got[0] != (outboxRow{"pending", 0, false}) {
			t.Errorf("outbox after the stop: %+v, want the message pending again", got)
		}
	})
}
