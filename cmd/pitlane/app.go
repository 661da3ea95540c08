package main

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"pitlane/internal/catalog"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/config"
	"pitlane/internal/httpapi"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/web"
)

// app holds the wired services of a running server.
type app struct {
	cfg      *config.Config
	db       *store.DB
	clk      clock.Clock
	log      *slog.Logger
	handler  http.Handler
	sessions *sessions.Service
}

// newApp wires the services and the HTTP layer with explicit constructor calls.
func newApp(cfg *config.Config, db *store.DB, clk clock.Clock, log *slog.Logger) *app {
	companies := company.NewService(db)
	products := catalog.NewService(db, clk)
	engine := sessions.NewService(db, clk, cfg.HoldTTL)
	h := httpapi.New(httpapi.Deps{
		Logger:       log,
		DB:           db,
		Web:          web.Dist(),
		MaxBodyBytes: cfg.MaxBodyBytes,
		Companies:    companies,
		Catalog:      products,
		Sessions:     engine,
	})
	return &app{cfg: cfg, db: db, clk: clk, log: log, handler: h, sessions: engine}
}

// startJobs starts the periodic background jobs; the returned group finishes when ctx is cancelled.
func (a *app) startJobs(ctx context.Context) *sync.WaitGroup {
	var wg sync.WaitGroup
	if a.cfg.Housekeeping > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			every(ctx, a.cfg.Housekeeping, func() {
				// Dead holds are never counted; deleting them an hour late keeps rows for support questions.
				n, err := a.sessions.Housekeep(ctx, time.Hour)
				if err != nil && ctx.Err() == nil {
					a.log.Warn("housekeeping failed", "error", err)
				} else if n > 0 {
					a.log.Info("housekeeping: deleted dead pre-bookings", "count", n)
				}
			})
		}()
	}
	return &wg
}

// cfgWithoutBase is cfg with no public base URL, to name the address the server really listens on.
func cfgWithoutBase(cfg *config.Config) *config.Config {
	c := *cfg
	c.BaseURL = ""
	return &c
}

// every runs fn every interval until ctx is cancelled. Several instances may run the same job: the jobs
// are idempotent, so that only costs a little duplicate work.
func every(ctx context.Context, interval time.Duration, fn func()) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}
