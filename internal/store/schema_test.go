package store_test

import (
	"context"
	"errors"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// columns lists "table.column" for every application table and view of the database.
func columns(t *testing.T, db *store.DB) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	err := db.Read(ctx, func(tx *store.Tx) error {
		q := `SELECT m.name || '.' || p.name FROM sqlite_master m, pragma_table_xinfo(m.name) p
		      WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite_%' AND m.name <> 'goose_db_version'`
		if tx.Engine() == store.Postgres {
			q = `SELECT table_name || '.' || column_name FROM information_schema.columns
			     WHERE table_schema = 'public' AND table_name <> 'goose_db_version'`
		}
		rows, err := tx.Query(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				return err
			}
			out = append(out, s)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// Both engines must end with the same tables and columns, so code written against one runs on the other.
// The databases are migrated from scratch here, not copied from storetest's templates.
func TestEnginesHaveSameSchema(t *testing.T) {
	t.Parallel()
	lite := columns(t, storetest.OpenFresh(t, store.SQLite))
	pg := columns(t, storetest.OpenFresh(t, store.Postgres))
	if len(lite) < 200 {
		t.Fatalf("sqlite schema has only %d columns; migrations did not run?", len(lite))
	}
	if strings.Join(lite, "\n") != strings.Join(pg, "\n") {
		onlyLite, onlyPG := diff(lite, pg), diff(pg, lite)
		t.Fatalf("schemas differ\nonly in sqlite: %v\nonly in postgres: %v", onlyLite, onlyPG)
	}
	t.Logf("%d columns identical on sqlite and postgres", len(lite))
}

func diff(a, b []string) []string {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	var out []string
	for _, s := range a {
		if !in[s] {
			out = append(out, s)
		}
	}
	return out
}

// Migrating twice is harmless (every instance migrates on start).
func TestMigrateIsIdempotent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		v, err := db.MigrationVersion(ctx)
		if err != nil || v < 1 {
			t.Fatalf("version %d, %v", v, err)
		}
	})
}

// The store translates both engines' driver errors into the project's codes.
func TestDriverErrorsAreTranslated(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		insert := func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO companies (name, public_key, token, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
				"A", "same-key", "tok-"+string(tx.Engine()), 1, 1)
			return err
		}
		if err := db.Write(ctx, insert); err != nil {
			t.Fatal(err)
		}
		err := db.Write(ctx, insert)
		if !apperr.Is(err, apperr.Conflict) {
			t.Fatalf("duplicate key: got %v, want conflict", err)
		}
		err = db.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO categories (company_id, name, created_at) VALUES (?, ?, ?)`, 999999, "x", 1)
			return err
		})
		if !apperr.Is(err, apperr.Unprocessable) {
			t.Fatalf("foreign key: got %v, want unprocessable", err)
		}
		err = db.Read(ctx, func(tx *store.Tx) error {
			var n string
			return store.Translate(tx.QueryRow(ctx, `SELECT name FROM companies WHERE id = ?`, -1).Scan(&n))
		})
		if !apperr.Is(err, apperr.NotFound) {
			t.Fatalf("no rows: got %v, want not found", err)
		}
		// A failed write transaction leaves nothing behind.
		sentinel := errors.New("boom")
		err = db.Write(ctx, func(tx *store.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO categories (company_id, name, created_at) SELECT id, 'rolled back', 1 FROM companies`); err != nil {
				return err
			}
			return sentinel
		})
		if !errors.Is(err, sentinel) {
			t.Fatalf("got %v", err)
		}
		var n int
		_ = db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM categories`).Scan(&n)
		})
		if n != 0 {
			t.Fatalf("rolled-back insert left %d rows", n)
		}
	})
}

// The SQLite schema stays readable by the sqlite3 tool of the machine (Debian 12's is 3.40, older than the
// SQLite built into the server): a view or trigger written with newer syntax (group_concat(... ORDER BY),
// 3.44) makes the whole file unreadable to it — backups and inspection as the operations guide shows them,
// and the browser tests' own queries.
func TestSQLiteSchemaReadableBySystemSqlite3(t *testing.T) {
	t.Parallel()
	tool, err := exec.LookPath("sqlite3")
	if err != nil {
		t.Skip("skipped: no sqlite3 tool on this machine (make test installs it)")
	}
	url := storetest.SQLiteURL(t)
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	_ = db.Close()
	// Every view is prepared by the tool (a view's body is only parsed when it is used).
	out, err := exec.Command(tool, "-readonly", strings.TrimPrefix(url, "sqlite:"),
		`SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name`).CombinedOutput()
	if err != nil {
		t.Fatalf("%s cannot read the schema: %v\n%s", tool, err, out)
	}
	for _, view := range strings.Fields(string(out)) {
		if msg, err := exec.Command(tool, "-readonly", strings.TrimPrefix(url, "sqlite:"),
			"SELECT COUNT(*) FROM "+view).CombinedOutput(); err != nil {
			t.Errorf("%s cannot read view %s: %v\n%s", tool, view, err, msg)
		}
	}
}
