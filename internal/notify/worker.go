package notify

import (
	"context"
	"log/slog"
	"time"

	"pitlane/internal/clock"
)

// Sender delivers one message, to an SMTP server say. An error means it was not delivered.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// WorkerStore is the outbox as the delivery worker sees it; *store.DB implements it.
type WorkerStore interface {
	// ClaimEmails leases up to limit due messages until now+lease, so that no other worker (in this or
	// another instance) takes them meanwhile, and counts an attempt on each.
	ClaimEmails(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Outgoing, error)
	// MarkEmailSent records that the message was delivered.
	MarkEmailSent(ctx context.Context, id int64, now time.Time) error
	// MarkEmailFailed records a failed attempt: the message is due again at retryAt, or, when giveUp,
	// failed for good.
	MarkEmailFailed(ctx context.Context, id int64, reason string, retryAt time.Time, giveUp bool) error
	// ReleaseEmails gives claimed messages back unsent (the worker is stopping): pending and due as
	// before, their lease and the attempt the claim counted undone, so another worker takes them at once.
	ReleaseEmails(ctx context.Context, ids []int64) error
}

// Worker delivers the outbox: it claims due messages, sends them, and records the outcome with
// retries and backoff (RetryAfter). Several workers, in one instance or several, may run at once.
type Worker struct {
	store  WorkerStore
	sender Sender
	clk    clock.Clock
	log    *slog.Logger

	batch       int           // messages claimed at a time
	lease       time.Duration // how long a claimed message is reserved for this worker
	sendTimeout time.Duration // longest a single delivery may take; well under lease
}

// NewWorker returns a worker that delivers the store's outbox through sender.
func NewWorker(store WorkerStore, sender Sender, clk clock.Clock, log *slog.Logger) *Worker {
	if log == nil {
		log = slog.Default()
	}
	return &Worker{store: store, sender: sender, clk: clk, log: log,
		batch: 10, lease: 5 * time.Minute, sendTimeout: time.Minute}
}

// RunOnce delivers every message due now, batch after batch, and returns how many were sent. A
// delivery failure is recorded on the message (it is retried later) and is not an error; the error is
// the store's, or the context's. When ctx is cancelled (shutdown), the messages claimed and not sent
// are released, so they do not wait for their lease to run out.
func (w *Worker) RunOnce(ctx context.Context) (sent int, err error) {
	for {
		batch, err := w.store.ClaimEmails(ctx, w.clk.Now(), w.lease, w.batch)
		if err != nil {
			return sent, err
		}
		for i, o := range batch {
			if ctx.Err() != nil {
				w.release(ctx, batch[i:])
				return sent, ctx.Err()
			}
			ok, err := w.deliver(ctx, o)
			if ok {
				sent++
			}
			if err != nil {
				w.release(ctx, batch[i+1:])
				return sent, err
			}
		}
		if len(batch) < w.batch {
			return sent, nil
		}
	}
}

// settleTimeout bounds the store writes a stopping worker still makes (recording a message sent just
// as it stopped, releasing the rest); shutdown waits for them.
const settleTimeout = 5 * time.Second

// release gives the claimed messages back to the outbox, on a context that outlives ctx's
// cancellation. A failure is logged: the lease still runs out and the messages are retried then.
func (w *Worker) release(ctx context.Context, msgs []Outgoing) {
	if len(msgs) == 0 {
		return
	}
	ids := make([]int64, len(msgs))
	for i, o := range msgs {
		ids[i] = o.ID
	}
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	if err := w.store.ReleaseEmails(rctx, ids); err != nil {
		w.log.Warn("claimed e-mails not released; retried when their lease runs out", "ids", ids, "error", err)
		return
	}
	w.log.Info("claimed e-mails released for another worker", "count", len(ids))
}

// deliver sends one claimed message and records the outcome; ok tells whether it was sent. If ctx is
// cancelled meanwhile, a message the server accepted is still recorded sent (so it is not sent twice)
// and one it did not is released; the error is then ctx's.
func (w *Worker) deliver(ctx context.Context, o Outgoing) (ok bool, err error) {
	sendErr := w.send(ctx, o.Message)
	now := w.clk.Now()
	log := w.log.With("email_id", o.ID, "kind", o.Message.Kind, "attempt", o.Attempts)
	if ctx.Err() != nil {
		if sendErr != nil {
			w.release(ctx, []Outgoing{o})
			return false, ctx.Err()
		}
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
		defer cancel()
		if err := w.store.MarkEmailSent(sctx, o.ID, now); err != nil {
			return false, err
		}
		log.Info("e-mail sent")
		return true, ctx.Err()
	}
	if sendErr == nil {
		if err := w.store.MarkEmailSent(ctx, o.ID, now); err != nil {
			return false, err
		}
		log.Info("e-mail sent")
		return true, nil
	}
	wait, giveUp := RetryAfter(o.Attempts)
	if err := w.store.MarkEmailFailed(ctx, o.ID, sendErr.Error(), now.Add(wait), giveUp); err != nil {
		return false, err
	}
	if giveUp {
		log.Error("e-mail failed for good", "error", sendErr)
	} else {
		log.Warn("e-mail not sent; will retry", "error", sendErr, "retry_in", wait)
	}
	return false, nil
}

// sendGrace is how long a delivery may still finish once its context is done, so that a message
// accepted just as the worker stops is recorded sent rather than released and sent again.
const sendGrace = 2 * time.Second

// send delivers m within sendTimeout. Once ctx is cancelled it waits at most sendGrace for the sender,
// even one that does not watch its context (an SMTP client waiting for a hung server's reply), so a
// stopping worker is not held up: the abandoned attempt ends with its own timeout or with the process.
// A server that accepted the message after that receives it again later (mail is at least once).
func (w *Worker) send(ctx context.Context, m Message) error {
	sendCtx, cancel := context.WithTimeout(ctx, w.sendTimeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- w.sender.Send(sendCtx, m) }()
	select {
	case err := <-done:
		return err
	case <-sendCtx.Done():
	}
	select {
	case err := <-done:
		return err
	case <-time.After(sendGrace):
		return sendCtx.Err()
	}
}

// Run calls RunOnce at once and then every interval until ctx is cancelled, logging store errors.
func (w *Worker) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := w.RunOnce(ctx); err != nil && ctx.Err() == nil {
			w.log.Warn("outbox delivery failed", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
