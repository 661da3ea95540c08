package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"

	"modernc.org/sqlite"
)

// sqliteDriver is modernc.org/sqlite with a cache of prepared statements per connection.
//
// modernc.org/sqlite parses a query afresh on every ExecContext/QueryContext call, and parsing was about
// a third of the CPU of a hold (make bench, CPU profile of the direct hold runs: sqlite3RunParser 31 %).
// The store's queries are constant texts run over and over, so each connection keeps the statements it
// has prepared, by text, and runs them again with new arguments. database/sql cannot do this itself: its
// prepared statements belong to the pool and preparing one takes a connection, which the single writer
// connection never has free inside a transaction. PostgreSQL needs none of this: pgx keeps its own
// statement cache per connection.
type sqliteDriver struct{ inner sqlite.Driver }

// sqliteDriverName is the name the store opens SQLite databases with.
const sqliteDriverName = "pitlane-sqlite"

func init() { sql.Register(sqliteDriverName, &sqliteDriver{}) }

// stmtCacheMax bounds the statements a connection keeps. The queries are constants, but a few are built
// (IN lists, filters); past the bound a new text runs unprepared, as without the cache.
const stmtCacheMax = 512

func (d *sqliteDriver) Open(dsn string) (driver.Conn, error) {
	c, err := d.inner.Open(dsn)
	if err != nil {
		return nil, err
	}
	inner, ok := c.(sqliteInnerConn)
	if !ok {
		_ = c.Close()
		return nil, errors.New("sqlite: driver connection lacks the context interfaces")
	}
	return &cachingConn{sqliteInnerConn: inner, stmts: map[string]*cachedStmt{}}, nil
}

// sqliteInnerConn is what the cache needs of a modernc.org/sqlite connection.
type sqliteInnerConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// cachingConn is one SQLite connection and the statements prepared on it. database/sql uses a
// connection from one goroutine at a time, so the map needs no lock.
type cachingConn struct {
	sqliteInnerConn
	stmts map[string]*cachedStmt
}

type cachedStmt struct {
	stmt interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	}
	busy bool // rows of this statement are open: a second run of the same text goes unprepared
}

// cached returns the connection's prepared statement for query, preparing it on first use; nil when it
// is in use by open rows, when the bound is reached, or when the text is not one statement (a script).
func (c *cachingConn) cached(ctx context.Context, query string) *cachedStmt {
	if s, ok := c.stmts[query]; ok {
		if s.busy {
			return nil
		}
		return s
	}
	if len(c.stmts) >= stmtCacheMax {
		return nil
	}
	st, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil // run unprepared, which reports the error
	}
	s, ok := st.(interface {
		driver.Stmt
		driver.StmtExecContext
		driver.StmtQueryContext
	})
	if !ok {
		_ = st.Close()
		return nil
	}
	cs := &cachedStmt{stmt: s}
	c.stmts[query] = cs
	return cs
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if s := c.cached(ctx, query); s != nil {
		return s.stmt.ExecContext(ctx, args)
	}
	return c.sqliteInnerConn.ExecContext(ctx, query, args)
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s := c.cached(ctx, query)
	if s == nil {
		return c.sqliteInnerConn.QueryContext(ctx, query, args)
	}
	rows, err := s.stmt.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	s.busy = true
	return &cachedRows{Rows: rows, stmt: s}, nil
}

// Close finalises the cached statements, then closes the connection.
func (c *cachingConn) Close() error {
	var errs []error
	for q, s := range c.stmts {
		errs = append(errs, s.stmt.Close())
		delete(c.stmts, q)
	}
	return errors.Join(append(errs, c.sqliteInnerConn.Close())...)
}

// cachedRows frees its statement for the next run when closed (modernc.org/sqlite resets a prepared
// statement's cursor when its rows close).
type cachedRows struct {
	driver.Rows
	stmt *cachedStmt
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	r.stmt.busy = false
	return err
}
