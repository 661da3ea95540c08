package storetest

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"pitlane/internal/store"
)

var (
	clusterOnce sync.Once
	cluster     *Cluster
	clusterErr  error

	// Migrating takes seconds per database (1.7–2.4 s on SQLite under -race, about 1 s on PostgreSQL);
	// copying a migrated one takes tens of milliseconds. Each test binary migrates one template per
	// engine, on first use, and every Open gets a copy of it.
	sqliteTemplateOnce sync.Once
	sqliteTemplateDir  string // removed by Main
	sqliteTemplate     string // the migrated file
	sqliteTemplateErr  error

	postgresTemplateOnce sync.Once
	postgresTemplateErr  error
)

// postgresTemplate is the name of the migrated template database on the package's cluster.
const postgresTemplate = "pitlane_template"

// Main runs a package's tests, then stops the PostgreSQL cluster if one was started and removes the
// SQLite template. Call it from TestMain:
//
//	func TestMain(m *testing.M) { storetest.Main(m) }
func Main(m *testing.M) {
	code := m.Run()
	if cluster != nil {
		cluster.Stop()
	}
	if sqliteTemplateDir != "" {
		_ = os.RemoveAll(sqliteTemplateDir)
	}
	os.Exit(code)
}

// startCluster starts the package's shared cluster on first use.
func startCluster(t testing.TB) *Cluster {
	t.Helper()
	clusterOnce.Do(func() {
		cluster, clusterErr = StartCluster()
		if clusterErr == nil {
			fmt.Fprintf(os.Stderr, "storetest: PostgreSQL %s started for this package's tests\n", cluster.Version())
		}
	})
	if clusterErr != nil {
		t.Fatalf("start PostgreSQL: %v", clusterErr)
	}
	return cluster
}

// PostgresURL returns the URL of a new EMPTY database (not migrated) on the shared throwaway cluster,
// starting the cluster on first use, for tests that migrate themselves. The test fails if PostgreSQL
// cannot be started: `make test` installs it.
func PostgresURL(t testing.TB) string {
	t.Helper()
	u, err := startCluster(t).NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// MigratedPostgresURL returns the URL of a new database on the shared throwaway cluster with every
// migration applied: a copy of a template migrated once per test binary.
func MigratedPostgresURL(t testing.TB) string {
	t.Helper()
	c := startCluster(t)
	postgresTemplateOnce.Do(func() {
		postgresTemplateErr = c.NewTemplate(postgresTemplate, func(u string) error { return migrateAt(u) })
	})
	if postgresTemplateErr != nil {
		t.Fatalf("migrate the PostgreSQL template: %v", postgresTemplateErr)
	}
	u, err := c.CopyDatabase(postgresTemplate)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// SQLiteURL returns the URL of a new (not yet created) SQLite file in the test's temp dir.
func SQLiteURL(t testing.TB) string {
	t.Helper()
	return "sqlite:" + filepath.Join(t.TempDir(), "pitlane.db")
}

// MigratedSQLiteURL returns the URL of a new SQLite file in the test's temp dir with every migration
// applied: a copy of a template file migrated once per test binary.
func MigratedSQLiteURL(t testing.TB) string {
	t.Helper()
	sqliteTemplateOnce.Do(func() {
		sqliteTemplateDir, sqliteTemplateErr = os.MkdirTemp("", "pitlane-sqlite-template-")
		if sqliteTemplateErr != nil {
			return
		}
		sqliteTemplate = filepath.Join(sqliteTemplateDir, "template.db")
		sqliteTemplateErr = migrateAt("sqlite:" + sqliteTemplate)
		if sqliteTemplateErr == nil {
			sqliteTemplateErr = checkpointed(sqliteTemplate)
		}
	})
	if sqliteTemplateErr != nil {
		t.Fatalf("migrate the SQLite template: %v", sqliteTemplateErr)
	}
	path := filepath.Join(t.TempDir(), "pitlane.db")
	if err := copyFile(sqliteTemplate, path); err != nil {
		t.Fatalf("copy the SQLite template: %v", err)
	}
	return "sqlite:" + path
}

// migrateAt opens the database at u, migrates it and closes it. On SQLite, closing the last connection
// checkpoints the write-ahead log into the main file and deletes the log; the explicit checkpoint
// first makes sure of it.
func migrateAt(u string) error {
	ctx := context.Background()
	db, err := store.Open(ctx, u)
	if err != nil {
		return err
	}
	err = db.Migrate(ctx)
	if err == nil && db.Engine() == store.SQLite {
		var busy, frames, done int
		err = db.SQL().QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &frames, &done)
		if err == nil && busy != 0 {
			err = fmt.Errorf("wal checkpoint blocked (%d of %d frames checkpointed)", done, frames)
		}
	}
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	return err
}

// checkpointed fails unless every page of the SQLite database at path is in the main file, so that a
// copy of that one file is the whole database.
func checkpointed(path string) error {
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return fmt.Errorf("%s-wal still holds %d bytes after closing", path, fi.Size())
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}

// Open opens a fresh database on the engine with every migration applied, closed when the test ends.
// It is a copy of a template migrated once per test binary, the same as migrating a new database.
func Open(t testing.TB, engine store.Engine) *store.DB {
	t.Helper()
	var u string
	if engine == store.Postgres {
		u = MigratedPostgresURL(t)
	} else {
		u = MigratedSQLiteURL(t)
	}
	db, err := store.Open(context.Background(), u)
	if err != nil {
		t.Fatalf("open %s: %v", engine, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// OpenFresh opens a new database on the engine and migrates it from scratch, closed when the test
// ends: for the tests of the migrations themselves, which must not see a copy of a template.
func OpenFresh(t testing.TB, engine store.Engine) *store.DB {
	t.Helper()
	var u string
	if engine == store.Postgres {
		u = PostgresURL(t)
	} else {
		u = SQLiteURL(t)
	}
	ctx := context.Background()
	db, err := store.Open(ctx, u)
	if err != nil {
		t.Fatalf("open %s: %v", engine, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", engine, err)
	}
	return db
}

// Engines lists the engines every store and service test runs on.
var Engines = []store.Engine{store.SQLite, store.Postgres}

// Each runs fn as a subtest on a fresh, migrated database of each engine: "sqlite" and "postgres".
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, e := range Engines {
		t.Run(string(e), func(t *testing.T) {
			fn(t, Open(t, e))
		})
	}
}
