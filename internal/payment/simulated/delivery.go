package simulated

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"
)

// firstAttemptTimeout bounds the delivery a visitor waits for before being sent back to the shop.
const firstAttemptTimeout = 5 * time.Second

// maxAttempts is how many times one notification is tried in all.
func (p *Provider) maxAttempts() int { return len(p.delays) + 1 }

// lease is how long a claimed delivery is reserved for its sender: longer than one HTTP attempt, so
// that two senders do not overlap, and short enough that a sender that died is soon replaced.
func (p *Provider) lease() time.Duration {
	if d := 2 * p.client.Timeout; d > 30*time.Second {
		return d
	}
	return 30 * time.Second
}

// attempt claims one event and sends it once. It tells whether this attempt delivered it, and when to
// try again: the zero time when the event is settled (delivered, out of attempts, or claimed by another
// sender).
func (p *Provider) attempt(ctx context.Context, id string) (delivered bool, next time.Time, err error) {
	now := p.clk.Now()
	ev, ok, err := p.store.SimClaimEvent(ctx, id, now, now.Add(p.lease()), p.maxAttempts())
	if err != nil || !ok {
		return false, time.Time{}, err
	}
	book := context.WithoutCancel(ctx) // record the outcome even when the caller gave up waiting
	sendErr := p.send(ctx, ev)
	if sendErr == nil {
		return true, time.Time{}, p.store.SimEventDelivered(book, id, p.clk.Now())
	}
	p.log.Warn("simulated payments: notification not delivered", slog.String("event", id),
		slog.Int("attempt", ev.Attempts), slog.String("error", sendErr.Error()))
	if ev.Attempts >= p.maxAttempts() {
		return false, time.Time{}, p.store.SimEventFailed(book, id, sendErr.Error(), now.Add(p.lease()))
	}
	next = p.clk.Now().Add(p.delays[ev.Attempts-1])
	return false, next, p.store.SimEventFailed(book, id, sendErr.Error(), next)
}

// send POSTs an event's signed notification; any answer but 2xx is a failure.
func (p *Provider) send(ctx context.Context, ev Event) error {
	secret, err := p.signingSecret(ctx)
	if err != nil {
		return err
	}
	body := bodyOf(ev)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ev.NotifyURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Pitlane-Simulated-Payments/1")
	req.Header.Set(SignatureHeader, Sign(secret, p.clk.Now(), body))
	res, err := p.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return fmt.Errorf("notify URL answered %d", res.StatusCode)
	}
	return nil
}

// deliverNow tries an event once while the caller waits, then keeps retrying in the background.
func (p *Provider) deliverNow(ctx context.Context, id string) {
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), firstAttemptTimeout)
	_, next, err := p.attempt(actx, id)
	cancel()
	if err != nil {
		p.log.Error("simulated payments: delivery bookkeeping failed", slog.String("event", id), slog.String("error", err.Error()))
	}
	if !next.IsZero() {
		p.background(func() { p.retry(id, next) })
	}
}

// deliverLater tries an event in the background, retrying as deliverNow does.
func (p *Provider) deliverLater(id string) {
	p.background(func() { p.retry(id, p.clk.Now()) })
}

// retry attempts an event at next and again after each failure until it is settled or Close is called.
func (p *Provider) retry(id string, next time.Time) {
	for !next.IsZero() {
		t := time.NewTimer(max(next.Sub(p.clk.Now()), 0))
		select {
		case <-p.bg.Done():
			t.Stop()
			return
		case <-t.C:
		}
		var err error
		if _, next, err = p.attempt(p.bg, id); err != nil && p.bg.Err() == nil {
			p.log.Error("simulated payments: delivery bookkeeping failed", slog.String("event", id), slog.String("error", err.Error()))
			return // DeliverPending picks the event up again
		}
	}
}

// background runs fn in a goroutine that Close waits for; after Close it does nothing.
func (p *Provider) background(fn func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		fn()
	}()
}

// DeliverPending sends the notifications that are due and undelivered, once each: those whose
// background retries were cut short by a restart, or were claimed by an instance that went away. A
// periodic job calls it; several instances may. It returns how many were delivered.
func (p *Provider) DeliverPending(ctx context.Context) (int, error) {
	ids, err := p.store.SimDueEvents(ctx, p.clk.Now(), p.maxAttempts(), 100)
	if err != nil {
		return 0, err
	}
	delivered := 0
	for _, id := range ids {
		ok, _, err := p.attempt(ctx, id)
		if err != nil {
			return delivered, err
		}
		if ok {
			delivered++
		}
	}
	return delivered, nil
}
