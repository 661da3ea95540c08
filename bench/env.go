package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	neturl "net/url"
	"strings"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/config"
	appserver "pitlane/internal/server"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
)

// holdTTL is how long the bench's holds last (the production default).
const holdTTL = 10 * time.Minute

// env is one engine under test: the database with the bench fixture, the server built by server.New
// (the constructor `pitlane serve` uses), and a real HTTP server on a loopback port with a keep-alive
// client.
type env struct {
	name     string
	version  string // engine version and durability settings, for the footnote
	dbName   string // PostgreSQL: the database's name, to find its backends' CPU time
	db       *store.DB
	fx       fixture
	clk      *clock.Manual
	app      *appserver.App    // the server as `pitlane serve` builds it
	svc      *sessions.Service // the app's sessions engine (availability answers and offers reused for ReuseTTL)
	svcFresh *sessions.Service // the same with the reuse off: every availability call computed afresh
	srv      *http.Server
	base     string
	client   *http.Client
	carts    []string // benchCarts shopping carts, created before any timed run (cart)
	offers   []sessions.Offer
	loc      *time.Location
	stopped  chan error
	insert   func(context.Context, sessions.NewHold) error // the hold transaction (d) calls
}

// newEnv opens and migrates the database at url, writes the fixture, makes the availability day busy,
// creates the carts and starts the HTTP server.
func newEnv(ctx context.Context, name, url string, workers int, sqliteSync string) (*env, error) {
	db, err := store.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	e := &env{name: name, db: db, insert: db.Holds().InsertHold}
	if db.Engine() == store.Postgres {
		if u, err := neturl.Parse(url); err == nil {
			e.dbName = strings.TrimPrefix(u.Path, "/")
		}
	}
	if err := e.setup(ctx, workers, sqliteSync); err != nil {
		e.close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return e, nil
}

func (e *env) setup(ctx context.Context, workers int, sqliteSync string) error {
	db := e.db
	if err := db.Migrate(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if sqliteSync != "" && db.Engine() == store.SQLite {
		// Bench-only experiment: the writer pool holds exactly one connection, so the pragma sticks.
		if _, err := db.SQL().ExecContext(ctx, "PRAGMA synchronous = "+sqliteSync); err != nil {
			return err
		}
	}
	var err error
	if e.version, err = engineVersion(ctx, db); err != nil {
		return err
	}
	if e.loc, err = time.LoadLocation(benchTZ); err != nil {
		return err
	}
	if e.fx, err = newFixture(ctx, db); err != nil {
		return fmt.Errorf("fixture: %w", err)
	}
	e.clk = clock.NewManual(benchDay.At(9, 0, e.loc))
	// The server as `pitlane serve` builds it, with its access log formatted as in production (JSON,
	// level info) and written to io.Discard. Production limits each client address; the load comes from
	// one address standing for 100 clients, so the bench turns the limits off.
	cfg, _, err := config.Load("serve", nil, map[string]string{"PITLANE_HOLD_TTL": holdTTL.String()}, io.Discard)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if e.app, err = appserver.New(cfg, db, e.clk, log, "http://127.0.0.1", appserver.WithoutRateLimits()); err != nil {
		return err
	}
	e.svc = e.app.Sessions()
	e.svcFresh = sessions.NewService(db.Holds(), e.clk, holdTTL)
	if err := seedBusyDay(ctx, db, e.fx, benchDay, e.clk.Now()); err != nil {
		return fmt.Errorf("busy day: %w", err)
	}
	for _, p := range e.fx.Products {
		o, err := db.Holds().Offer(ctx, benchToken, sessions.KindProduct, p)
		if err != nil {
			return err
		}
		e.offers = append(e.offers, o)
	}
	for i := 0; i < max(workers, benchCarts); i++ {
		tok, err := e.svc.NewCart(ctx, e.fx.CompanyID)
		if err != nil {
			return err
		}
		e.carts = append(e.carts, tok)
	}
	return e.serve(workers, log)
}

// benchCarts is how many shopping carts the hold runs spread their holds over. A visitor's cart holds a
// few sessions; the server checks maxSlotsBooking by counting the cart's live holds in each hold's
// transaction, so one cart per worker, holding thousands of sessions by the end of a run, made every
// hold cost a count of thousands of rows (what the direct holds measured from 25 November on).
const benchCarts = 4096

// cart is the shopping cart of a worker's seq-th hold: the holds go round the carts, a few per cart.
func (e *env) cart(worker, seq int) string {
	return e.carts[(worker*7919+seq)%len(e.carts)]
}

// serve starts the app's handler (server.New's, as `pitlane serve` runs it) on 127.0.0.1:0.
func (e *env) serve(conns int, log *slog.Logger) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	e.srv = &http.Server{
		Handler:           e.app.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	e.stopped = make(chan error, 1)
	go func() { e.stopped <- e.srv.Serve(ln) }()
	e.base = "http://" + ln.Addr().String()
	e.client = &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{
			Proxy:               nil,
			DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
			MaxIdleConns:        conns,
			MaxIdleConnsPerHost: conns,
			MaxConnsPerHost:     conns,
			IdleConnTimeout:     time.Minute,
		},
	}
	return nil
}

// close stops the server and closes the database.
func (e *env) close() {
	e.closeServer()
	if e.app != nil {
		e.app.Close()
	}
	if e.db != nil {
		_ = e.db.Close()
	}
}

// closeServer stops the HTTP server and drops the client's connections.
func (e *env) closeServer() {
	if e.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = e.srv.Shutdown(ctx)
		cancel()
		if err := <-e.stopped; err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "bench: %s server: %v\n", e.name, err)
		}
		e.client.CloseIdleConnections()
		e.srv = nil
	}
}

// engineVersion names the engine version and its durability settings as the bench runs them.
func engineVersion(ctx context.Context, db *store.DB) (string, error) {
	q := func(query string) (string, error) {
		var v string
		err := db.SQL().QueryRowContext(ctx, query).Scan(&v)
		return v, err
	}
	if db.Engine() == store.SQLite {
		v, err := q("SELECT sqlite_version()")
		if err != nil {
			return "", err
		}
		mode, err := q("PRAGMA journal_mode")
		if err != nil {
			return "", err
		}
		sync, err := q("PRAGMA synchronous")
		if err != nil {
			return "", err
		}
		names := map[string]string{"0": "OFF", "1": "NORMAL", "2": "FULL", "3": "EXTRA"}
		return fmt.Sprintf("SQLite %s (modernc.org/sqlite), journal_mode=%s, synchronous=%s, 1 writer connection",
			v, strings.ToUpper(mode), names[sync]), nil
	}
	var parts []string
	for _, s := range []string{"server_version", "fsync", "synchronous_commit", "full_page_writes"} {
		v, err := q("SHOW " + s)
		if err != nil {
			return "", err
		}
		parts = append(parts, s+"="+v)
	}
	return "PostgreSQL " + strings.Join(parts, ", ") + ", pool of 20 connections", nil
}
