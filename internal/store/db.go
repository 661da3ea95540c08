// Package store is Pitlane's database access for both engines: the embedded SQLite file (default) and
// PostgreSQL. It opens the database, applies the embedded migrations, runs transactions, and translates
// driver errors into apperr codes. SQL is hand-written with `?` placeholders, rebound for PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// Engine names a database engine.
type Engine string

// The supported engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is an open Pitlane database. With SQLite it keeps one writer connection (SQLite admits one writer
// at a time; queuing in Go is cheaper than busy retries) and a pool of readers.
type DB struct {
	engine Engine
	url    string
	write  *sql.DB
	read   *sql.DB

	rebound sync.Map // query text -> rebound text for PostgreSQL

	// webURL is the web app's public URL (SetWebURL), for the links the store writes into mails.
	webURL atomic.Pointer[string]
}

// SetWebURL tells the store the web app's public URL ("https://book.example"), from which the mails it
// queues link to a booking's page (the calendar entries' URL). Wiring calls it once, before serving.
func (db *DB) SetWebURL(u string) {
	u = strings.TrimRight(u, "/")
	db.webURL.Store(&u)
}

// webBase is the URL SetWebURL gave, or "" when none was given.
func (db *DB) webBase() string {
	if p := db.webURL.Load(); p != nil {
		return *p
	}
	return ""
}

// Open opens the database named by rawURL: "sqlite:PATH" (or "sqlite://PATH", "file:PATH") for the
// embedded engine, "postgres://…" or "postgresql://…" for PostgreSQL. It does not migrate.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		return openPostgres(ctx, rawURL)
	case strings.HasPrefix(rawURL, "sqlite:"), strings.HasPrefix(rawURL, "file:"):
		return openSQLite(ctx, rawURL)
	default:
		return nil, fmt.Errorf("database URL must start with sqlite: or postgres:// (got %q)", redact(rawURL))
	}
}

func openPostgres(ctx context.Context, rawURL string) (*DB, error) {
	cfg, err := pgx.ParseConfig(rawURL)
	if err != nil {
		return nil, fmt.Errorf("open postgres %s: %w", redact(rawURL), err)
	}
	// PostgreSQL's JIT compiles a query whose estimated cost passes jit_above_cost: over a year of
	// 200,000 bookings the KPI queries pass it, and compiling took 2.2 s of a 4.0 s age query; kpi/series
	// went from 1.2 s to 48 ms without it (docs/performance.md). Pitlane's queries are short: JIT is off
	// on its connections unless the URL asks for it (…?jit=on).
	if _, set := cfg.RuntimeParams["jit"]; !set {
		cfg.RuntimeParams["jit"] = "off"
	}
	pool := stdlib.OpenDB(*cfg)
	pool.SetMaxOpenConns(20)
	pool.SetMaxIdleConns(20)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	db := &DB{engine: Postgres, url: rawURL, write: pool, read: pool}
	if err := db.Ping(ctx); err != nil {
		_ = pool.Close()
		return nil, fmt.Errorf("connect to postgres %s: %w", redact(rawURL), err)
	}
	return db, nil
}

// SQLitePath is the file path of a sqlite: database URL.
func SQLitePath(rawURL string) (string, error) { return sqlitePath(rawURL) }

// sqlitePath extracts the file path from a sqlite: URL.
func sqlitePath(rawURL string) (string, error) {
	p := rawURL
	for _, prefix := range []string{"sqlite://", "sqlite:", "file:"} {
		if strings.HasPrefix(p, prefix) {
			p = strings.TrimPrefix(p, prefix)
			break
		}
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	if p == "" {
		return "", errors.New("sqlite URL has no file path")
	}
	return p, nil
}

func openSQLite(ctx context.Context, rawURL string) (*DB, error) {
	path, err := sqlitePath(rawURL)
	if err != nil {
		return nil, err
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create database directory: %w", err)
		}
	}
	// Acknowledged bookings must survive a power cut: WAL with synchronous=FULL.
	pragmas := url.Values{}
	for _, p := range []string{"foreign_keys(1)", "journal_mode(WAL)", "busy_timeout(10000)", "synchronous(FULL)"} {
		pragmas.Add("_pragma", p)
	}
	writeDSN := "file:" + path + "?" + pragmas.Encode() + "&_txlock=immediate"
	readDSN := "file:" + path + "?" + pragmas.Encode() + "&_txlock=deferred"

	w, err := sql.Open(sqliteDriverName, writeDSN)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	// Create the file and switch it to WAL through the writer before any reader opens it.
	if err := w.PingContext(ctx); err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	r, err := sql.Open(sqliteDriverName, readDSN)
	if err != nil {
		_ = w.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	r.SetMaxOpenConns(8)
	r.SetMaxIdleConns(8)
	r.SetConnMaxLifetime(0)
	return &DB{engine: SQLite, url: rawURL, write: w, read: r}, nil
}

// Engine tells which engine the database runs on.
func (db *DB) Engine() Engine { return db.engine }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.read.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return err
	}
	return nil
}

// Close closes every connection.
func (db *DB) Close() error {
	err := db.write.Close()
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// SQL exposes the writer pool for tools that need database/sql directly (migrations, benchmarks).
func (db *DB) SQL() *sql.DB { return db.write }

// redact hides a password in a database URL.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// Redact hides the password of a database URL, for logs.
func Redact(raw string) string { return redact(raw) }
