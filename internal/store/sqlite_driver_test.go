package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
)

// openCachedSQLite opens a bare SQLite database through the store's driver, on one connection.
func openCachedSQLite(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open(sqliteDriverName, "file:"+filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// cacheOf returns the statement cache of the pool's one connection.
func cacheOf(t *testing.T, db *sql.DB) map[string]*cachedStmt {
	t.Helper()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var stmts map[string]*cachedStmt
	if err := conn.Raw(func(dc any) error {
		stmts = dc.(*cachingConn).stmts
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return stmts
}

// A statement is prepared once per connection and run again with new arguments; the answers are those
// of each run's arguments.
func TestSQLiteStatementsPreparedOnce(t *testing.T) {
	db := openCachedSQLite(t)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (a INTEGER)`); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 5; i++ {
		if _, err := db.ExecContext(ctx, `INSERT INTO t (a) VALUES (?)`, i); err != nil {
			t.Fatal(err)
		}
		var sum int
		if err := db.QueryRowContext(ctx, `SELECT SUM(a) FROM t WHERE a <= ?`, i).Scan(&sum); err != nil {
			t.Fatal(err)
		}
		if want := i * (i + 1) / 2; sum != want {
			t.Fatalf("run %d: sum %d, want %d", i, sum, want)
		}
	}
	stmts := cacheOf(t, db)
	for _, q := range []string{`INSERT INTO t (a) VALUES (?)`, `SELECT SUM(a) FROM t WHERE a <= ?`} {
		if stmts[q] == nil {
			t.Errorf("%q is not kept prepared", q)
		}
	}
	if len(stmts) != 3 {
		t.Errorf("%d statements kept, want 3 (create, insert, select)", len(stmts))
	}
}

// The same text run again while the rows of its first run are still open (a loop that asks the same
// question for each row) gets its own statement: both answers are complete and right.
func TestSQLiteSameQueryNestedInItsOwnRows(t *testing.T) {
	db := openCachedSQLite(t)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2), (3)`); err != nil {
		t.Fatal(err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	const q = `SELECT a FROM t WHERE a >= ? ORDER BY a`
	rows, err := tx.QueryContext(ctx, q, 1)
	if err != nil {
		t.Fatal(err)
	}
	var outer, inner []int
	for rows.Next() {
		var a int
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		outer = append(outer, a)
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM (`+q+`)`, a).Scan(&n); err != nil {
			t.Fatal(err)
		}
		in, err := tx.QueryContext(ctx, q, a)
		if err != nil {
			t.Fatal(err)
		}
		for in.Next() {
			var b int
			if err := in.Scan(&b); err != nil {
				t.Fatal(err)
			}
			inner = append(inner, b)
		}
		if err := in.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(outer) != "[1 2 3]" || fmt.Sprint(inner) != "[1 2 3 2 3 3]" {
		t.Fatalf("outer %v inner %v, want [1 2 3] and [1 2 3 2 3 3]", outer, inner)
	}
}

// Past the bound a connection keeps no more statements, and the queries still answer.
func TestSQLiteStatementCacheBounded(t *testing.T) {
	db := openCachedSQLite(t)
	ctx := context.Background()
	for i := 0; i < stmtCacheMax+20; i++ {
		var n int
		if err := db.QueryRowContext(ctx, fmt.Sprintf(`SELECT %d`, i)).Scan(&n); err != nil || n != i {
			t.Fatalf("SELECT %d: %d, %v", i, n, err)
		}
	}
	if n := len(cacheOf(t, db)); n != stmtCacheMax {
		t.Fatalf("%d statements kept, want the bound %d", n, stmtCacheMax)
	}
}

// A script (several statements in one text) runs whole, every time.
func TestSQLiteScriptRunsWhole(t *testing.T) {
	db := openCachedSQLite(t)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (a INTEGER)`); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if _, err := db.ExecContext(ctx, `INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)`); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM t`).Scan(&n); err != nil || n != 6 {
		t.Fatalf("%d rows (%v), want 6", n, err)
	}
}
