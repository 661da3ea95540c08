package storetest

import (
	"context"
	"fmt"
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
)

// Main runs a package's tests and stops the PostgreSQL cluster if one was started. Call it from TestMain:
//
//	func TestMain(m *testing.M) { storetest.Main(m) }
func Main(m *testing.M) {
	code := m.Run()
	if cluster != nil {
		cluster.Stop()
	}
	os.Exit(code)
}

// PostgresURL returns the URL of a new empty database on the shared throwaway cluster, starting the
// cluster on first use. The test fails if PostgreSQL cannot be started: `make test` installs it.
func PostgresURL(t testing.TB) string {
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
	u, err := cluster.NewDatabase()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// SQLiteURL returns the URL of a new SQLite file in the test's temp dir.
func SQLiteURL(t testing.TB) string {
	t.Helper()
	return "sqlite:" + filepath.Join(t.TempDir(), "pitlane.db")
}

// Open opens and migrates a fresh database on the engine, closed when the test ends.
func Open(t testing.TB, engine store.Engine) *store.DB {
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
