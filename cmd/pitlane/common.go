package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"

	"pitlane/internal/config"
	"pitlane/internal/store"
)

// errUsage means the flags were wrong and the flag package already said so.
var errUsage = errors.New("usage")

// loadConfig parses the configuration for a subcommand; --help prints every setting with its variable.
func loadConfig(name string, args []string, env map[string]string, stderr io.Writer) (*config.Config, *flag.FlagSet, error) {
	cfg, fs, err := config.Load(name, args, env, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil, nil, errUsage
	}
	if err != nil {
		if fs != nil && strings.Contains(err.Error(), "flag") {
			return nil, nil, errUsage
		}
		return nil, nil, err
	}
	return cfg, fs, nil
}

// newLogger builds the structured logger the configuration asks for.
func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.SlogLevel()}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDB opens and migrates the configured database.
func openDB(ctx context.Context, cfg *config.Config) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// baseURL is the public URL of the server: PITLANE_BASE_URL, or one derived from the listen address.
func baseURL(cfg *config.Config, listenAddr net.Addr) string {
	if cfg.BaseURL != "" {
		return strings.TrimRight(cfg.BaseURL, "/")
	}
	addr := cfg.Addr
	if listenAddr != nil {
		addr = listenAddr.String()
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://localhost:8080"
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return (&url.URL{Scheme: "http", Host: net.JoinHostPort(host, port)}).String()
}

// bookingURL is the public booking page of a company.
func bookingURL(base, publicKey string) string {
	return fmt.Sprintf("%s/%s", base, url.PathEscape(publicKey))
}
