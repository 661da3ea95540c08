package realtime

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	backoffMin = 250 * time.Millisecond
	backoffMax = 15 * time.Second
	// outboxSize bounds the joins waiting to be published; beyond it they are dropped (and logged): a
	// missed "someone else is viewing" is harmless, an unbounded queue is not.
	outboxSize     = 1024
	publishTimeout = 5 * time.Second
)

// pgBus carries messages between instances through PostgreSQL's LISTEN/NOTIFY: one dedicated connection
// listens, a small pool publishes.
type pgBus struct {
	url     string
	log     *slog.Logger
	deliver func(message)

	out    chan message
	ready  chan struct{} // closed once the first LISTEN is in place
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

func startPGBus(url, instance string, log *slog.Logger, deliver func(message)) *pgBus {
	ctx, cancel := context.WithCancel(context.Background())
	b := &pgBus{
		url: url, log: log.With(slog.String("component", "realtime"), slog.String("instance", instance)),
		deliver: deliver, out: make(chan message, outboxSize), ready: make(chan struct{}), cancel: cancel,
	}
	b.wg.Add(2)
	go func() { defer b.wg.Done(); b.listen(ctx) }()
	go func() { defer b.wg.Done(); b.publishLoop(ctx) }()
	return b
}

// publish queues a message for the other instances without blocking.
func (b *pgBus) publish(m message) {
	select {
	case b.out <- m:
	default:
		b.log.Warn("realtime: outgoing queue full, dropping a viewer event")
	}
}

func (b *pgBus) close() {
	b.cancel()
	b.wg.Wait()
}

// listen keeps a LISTEN connection open, reconnecting with exponential backoff, and delivers every
// well-formed notification.
func (b *pgBus) listen(ctx context.Context) {
	var once sync.Once
	delay := backoffMin
	for ctx.Err() == nil {
		err := b.listenOnce(ctx, func() {
			once.Do(func() { close(b.ready) })
			delay = backoffMin
		})
		if ctx.Err() != nil {
			return
		}
		b.log.Warn("realtime: listening connection lost; reconnecting", slog.Any("error", err), slog.Duration("in", delay))
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		delay = min(delay*2, backoffMax)
	}
}

func (b *pgBus) listenOnce(ctx context.Context, listening func()) error {
	conn, err := pgx.Connect(ctx, b.url)
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		m, err := decodeMessage(n.Payload)
		if err != nil {
			b.log.Debug("realtime: ignoring a notification", slog.Any("error", err))
			continue
		}
		b.deliver(m)
	}
}

// publishLoop sends queued messages with pg_notify, in order, until ctx is cancelled.
func (b *pgBus) publishLoop(ctx context.Context) {
	cfg, err := pgxpool.ParseConfig(b.url)
	if err != nil {
		b.log.Error("realtime: bad database URL; viewers are not shared between instances", slog.Any("error", err))
		return
	}
	cfg.MaxConns = 2
	pool, err := pgxpool.NewWithConfig(ctx, cfg) // connects lazily, reconnects by itself
	if err != nil {
		b.log.Error("realtime: cannot publish viewer events", slog.Any("error", err))
		return
	}
	defer pool.Close()
	for {
		select {
		case <-ctx.Done():
			return
		case m := <-b.out:
			payload, err := m.encode()
			if err != nil {
				b.log.Warn("realtime: not publishing a viewer event", slog.Any("error", err))
				continue
			}
			pctx, cancel := context.WithTimeout(ctx, publishTimeout)
			_, err = pool.Exec(pctx, "SELECT pg_notify($1, $2)", Channel, payload)
			cancel()
			if err != nil && !errors.Is(err, context.Canceled) {
				b.log.Warn("realtime: publishing a viewer event failed", slog.Any("error", err))
			}
		}
	}
}
