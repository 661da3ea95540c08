package store_test

import (
	"strings"
	"testing"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// PostgreSQL's JIT compiled the year-long KPI queries for seconds before running them for a fraction of
// that (docs/performance.md): Pitlane's connections run with JIT off, and a URL may still turn it on.
func TestPostgresConnectionsRunWithoutJIT(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.Postgres)
	var jit string
	if err := db.SQL().QueryRowContext(t.Context(), "SHOW jit").Scan(&jit); err != nil {
		t.Fatal(err)
	}
	if jit != "off" {
		t.Errorf("jit = %q on the store's connections, want off", jit)
	}

	url := storetest.PostgresURL(t)
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	on, err := store.Open(t.Context(), url+sep+"jit=on")
	if err != nil {
		t.Fatal(err)
	}
	defer on.Close()
	if err := on.SQL().QueryRowContext(t.Context(), "SHOW jit").Scan(&jit); err != nil {
		t.Fatal(err)
	}
	if jit != "on" {
		t.Errorf("jit = %q with ?jit=on in the URL, want on", jit)
	}
}
