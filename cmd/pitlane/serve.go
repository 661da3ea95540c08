package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"pitlane/internal/clock"
	"pitlane/internal/config"
	"pitlane/internal/demo"
	appserver "pitlane/internal/server"
)

// cmdServe runs the server until SIGINT or SIGTERM, then lets in-flight requests finish. With --demo it
// first seeds the demo (with the history demoOpts asks for, runWith).
func cmdServe(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer, demoOpts demo.Options) error {
	started := time.Now()
	cfg, _, err := loadConfig("serve", args, env, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	log.Info("starting pitlane", "version", version, "config", cfg)

	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	clk := clock.System{}

	var seeded *demo.Result
	if cfg.Demo {
		r, err := demo.SeedWith(ctx, db, clk, demoOpts)
		if err != nil {
			return fmt.Errorf("seed demo data: %w", err)
		}
		seeded = &r
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	public := baseURL(cfg, ln.Addr())
	a, err := appserver.New(cfg, db, clk, log, public)
	if err != nil {
		_ = ln.Close()
		return err
	}
	defer a.Close()
	srv := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	serveErr := make(chan error, 2)
	go func() { serveErr <- srv.Serve(ln) }()
	if cfg.MetricsAddr != "" { // Prometheus on an address of its own (an internal network or loopback)
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			_ = srv.Close()
			return fmt.Errorf("metrics listener: %w", err)
		}
		msrv := &http.Server{Handler: a.Metrics().Handler(), ReadHeaderTimeout: 10 * time.Second}
		go func() {
			if err := msrv.Serve(mln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				serveErr <- err
			}
		}()
		defer msrv.Close()
		log.Info("metrics listening", "addr", mln.Addr().String())
	}
	jobCtx, stopJobs := context.WithCancel(ctx)
	defer stopJobs()
	jobs := a.StartJobs(jobCtx)

	listenURL := baseURL(cfgWithoutBase(cfg), ln.Addr())
	log.Info("ready", "listen", listenURL, "base_url", public, "startup", time.Since(started).Round(time.Millisecond))
	fmt.Fprintf(stdout, "Pitlane is ready at %s\n", listenURL)
	if seeded != nil {
		printDemo(stdout, public, *seeded)
	} else {
		// Without the demo, a newcomer's next step is signing in: name where.
		fmt.Fprintf(stdout, "Back office: %s/login\n", public)
	}

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing in-flight requests", "timeout", cfg.ShutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	stopJobs()
	jobs.Wait()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// printDemo prints the demo booking pages and admin logins.
func printDemo(w io.Writer, base string, r demo.Result) {
	for _, c := range r.Companies {
		fmt.Fprintf(w, "Booking page (%s): %s\n", c.Name, bookingURL(base, c.PublicKey))
	}
	fmt.Fprintf(w, "Admin login: %s/login\n", base)
	for _, a := range r.Admins {
		fmt.Fprintf(w, "  %-28s password: %s  (%s of %s)\n", a.Email, a.Password, a.Role, joinNames(a.CompanyNames))
	}
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// cfgWithoutBase is cfg with no public base URL, to name the address the server really listens on.
func cfgWithoutBase(cfg *config.Config) *config.Config {
	c := *cfg
	c.BaseURL = ""
	return &c
}
