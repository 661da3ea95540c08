package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// rollups reads both KPI rollups as text rows, in order, leaving out sessions with no places.
func rollups(t *testing.T, db *store.DB) []string {
	t.Helper()
	var out []string
	ctx := context.Background()
	err := db.Read(ctx, func(tx *store.Tx) error {
		for _, q := range []string{
			`SELECT company_id, bucket, charge_cents, refund_cents, tickets FROM kpi_ledger ORDER BY company_id, bucket`,
			`SELECT company_id, starts_at, circuit_id, places, 0 FROM kpi_sessions WHERE places <> 0 ORDER BY company_id, starts_at, circuit_id`,
		} {
			rows, err := tx.Query(ctx, q)
			if err != nil {
				return err
			}
			for rows.Next() {
				var a, b, c, d, e int64
				if err := rows.Scan(&a, &b, &c, &d, &e); err != nil {
					rows.Close()
					return err
				}
				out = append(out, fmt.Sprint(a, b, c, d, e))
			}
			rows.Close()
			out = append(out, "--")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKPIRollupBackfill checks that the rollups the triggers kept while the KPI world was written equal
// what migration 00010's backfill computes from the base tables, so a database that had bookings before
// the migration starts with the same figures as one that had them after.
func TestKPIRollupBackfill(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		seedKPIWorld(t, db)
		kept := rollups(t, db)
		if len(kept) < 10 {
			t.Fatalf("the triggers kept almost nothing: %v", kept)
		}
		raw, err := os.ReadFile(filepath.Join("migrations", string(db.Engine()), "00010_kpi_rollups.sql"))
		if err != nil {
			t.Fatal(err)
		}
		// The backfill comes before the triggers (their bodies hold INSERTs too).
		head, _, _ := strings.Cut(string(raw), "-- +goose StatementBegin")
		var backfill []string
		for _, stmt := range strings.Split(head, ";\n") {
			stmt = strings.TrimSpace(stmt)
			if i := strings.Index(stmt, "INSERT INTO kpi_"); i == 0 {
				backfill = append(backfill, stmt)
			}
		}
		if len(backfill) != 2 {
			t.Fatalf("found %d backfill statements in the migration, want 2", len(backfill))
		}
		ctx := context.Background()
		err = db.Write(ctx, func(tx *store.Tx) error {
			for _, q := range append([]string{`DELETE FROM kpi_ledger`, `DELETE FROM kpi_sessions`}, backfill...) {
				if _, err := tx.Exec(ctx, q); err != nil {
					return fmt.Errorf("%s: %w", q, err)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if again := rollups(t, db); strings.Join(again, "\n") != strings.Join(kept, "\n") {
			t.Errorf("backfill differs from the triggers:\nkept     %v\nbackfill %v", kept, again)
		}
	})
}
