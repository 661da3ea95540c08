package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/sessions"
)

// Tx is a transaction. Its methods take SQL with `?` placeholders; on PostgreSQL they are rebound to $n.
type Tx struct {
	db *DB
	tx *sql.Tx
	// freed lists the sessions whose counters gave places back in this transaction, with the instant
	// (Unix ms) they did: before the commit their free places go to the waiting list (waitlist_offer.go).
	freed map[sessions.SlotKey]int64
	// freedEvents lists the events (by id) whose places were given back in this transaction, likewise.
	freedEvents map[int64]int64
	// readOnly: opened by Read (no statement may write).
	readOnly bool
}

// Engine tells which engine the transaction runs on, for the rare statement that differs.
func (t *Tx) Engine() Engine { return t.db.engine }

// Exec runs a statement that returns no rows.
func (t *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := t.tx.ExecContext(ctx, t.db.rebind(query), args...)
	return res, translate(err)
}

// Query runs a statement that returns rows.
func (t *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	rows, err := t.tx.QueryContext(ctx, t.db.rebind(query), args...)
	return rows, translate(err)
}

// QueryRow runs a statement that returns at most one row; Scan errors pass through Translate.
func (t *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.db.rebind(query), args...)
}

// Write runs fn in a write transaction and commits it when fn returns nil. On SQLite the transaction
// begins IMMEDIATE (it takes the write lock at once), so a read-then-write inside fn cannot fail with a
// stale snapshot. On PostgreSQL a serialization failure or deadlock is retried a few times; fn must
// therefore have no effects outside the transaction.
func (db *DB) Write(ctx context.Context, fn func(*Tx) error) error {
	const attempts = 5
	var err error
	for i := 0; i < attempts; i++ {
		err = db.run(ctx, db.write, false, fn)
		if !retryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * 5 * time.Millisecond):
		}
	}
	return err
}

// Read runs fn in a read-only transaction (a consistent snapshot on both engines).
func (db *DB) Read(ctx context.Context, fn func(*Tx) error) error {
	return db.run(ctx, db.read, true, fn)
}

func (db *DB) run(ctx context.Context, pool *sql.DB, readOnly bool, fn func(*Tx) error) (err error) {
	opts := &sql.TxOptions{}
	if readOnly && db.engine == Postgres {
		opts = &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
	}
	sqlTx, err := pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin: %w", translate(err))
	}
	tx := &Tx{db: db, tx: sqlTx, readOnly: readOnly}
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqlTx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	// Places freed in this transaction are given in it: to the waiting list's offers, or back on sale.
	if err = giveFreed(ctx, tx); err != nil {
		return err
	}
	if err = sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", translate(err))
	}
	return nil
}

// rebind turns `?` placeholders into PostgreSQL's `$n`. Queries are constants, so results are cached.
func (db *DB) rebind(query string) string {
	if db.engine != Postgres || !strings.Contains(query, "?") {
		return query
	}
	if v, ok := db.rebound.Load(query); ok {
		return v.(string)
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	out := b.String()
	db.rebound.Store(query, out)
	return out
}

// Rebind exposes placeholder rebinding for code that runs SQL outside a Tx (benchmarks).
func (db *DB) Rebind(query string) string { return db.rebind(query) }

// Placeholders returns "?, ?, …" with n marks, for IN lists.
func Placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?, ", n-1) + "?"
}

// IsNoRows reports whether err says a query found no row.
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
