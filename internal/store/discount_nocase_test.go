package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Migration 00032 makes a company's discount codes unique whatever their case. On a database that
// already holds codes differing only in case it keeps the oldest as it is and renames the others to
// CODE-<id>, keeping their rows; afterwards a code differing only in case is refused by the schema.
func TestDiscountCodesUniqueWhateverTheCase(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 10, 0, 0, 0, time.UTC)
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		other := storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "other-token", PublicKey: "other-key"})
		up := migrationUp(t, db.Engine(), "00032_discount_code_nocase.sql")
		exec := func(q string, args ...any) error {
			return db.Write(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, q, args...); return err })
		}
		// A database as it was before 00032: the index is not there yet.
		if err := exec(`DROP INDEX discount_codes_company_code_nocase`); err != nil {
			t.Fatal(err)
		}
		type key struct {
			company int64
			code    string
		}
		ids := map[key]int64{}
		for _, c := range []key{{f.CompanyID, "NIGHT10"}, {f.CompanyID, "night10"}, {f.CompanyID, "Night10"}, {f.CompanyID, "SUMMER"},
			{other.CompanyID, "night10"}} {
			err := db.Write(ctx, func(tx *store.Tx) error {
				id, err := tx.InsertDiscountCode(ctx, store.SeedDiscountCode{CompanyID: c.company, Code: c.code, Kind: "PERCENT", Value: 10}, now)
				ids[c] = id
				return err
			})
			if err != nil {
				t.Fatalf("seed %s: %v", c.code, err)
			}
		}
		for _, stmt := range up {
			if err := exec(stmt); err != nil {
				t.Fatalf("migration: %v\n%s", err, stmt)
			}
		}
		got := map[int64]string{}
		err := db.Read(ctx, func(tx *store.Tx) error {
			rows, err := tx.Query(ctx, `SELECT id, code FROM discount_codes`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				var code string
				if err := rows.Scan(&id, &code); err != nil {
					return err
				}
				got[id] = code
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		a := f.CompanyID
		want := map[int64]string{
			ids[key{a, "NIGHT10"}]:               "NIGHT10",
			ids[key{a, "night10"}]:               "night10-" + strconv.FormatInt(ids[key{a, "night10"}], 10),
			ids[key{a, "Night10"}]:               "Night10-" + strconv.FormatInt(ids[key{a, "Night10"}], 10),
			ids[key{a, "SUMMER"}]:                "SUMMER",
			ids[key{other.CompanyID, "night10"}]: "night10",
		}
		if len(got) != len(want) {
			t.Fatalf("codes after the migration %v, want %v", got, want)
		}
		for id, code := range want {
			if got[id] != code {
				t.Errorf("code %d is %q after the migration, want %q", id, got[id], code)
			}
		}
		// From now on the schema refuses a code that differs only in case, in the same company only.
		err = db.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.InsertDiscountCode(ctx, store.SeedDiscountCode{CompanyID: f.CompanyID, Code: "summer", Kind: "PERCENT", Value: 5}, now)
			return err
		})
		if !apperr.Is(err, apperr.Conflict) {
			t.Errorf("a second code differing in case: %v, want a conflict", err)
		}
		err = db.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.InsertDiscountCode(ctx, store.SeedDiscountCode{CompanyID: other.CompanyID, Code: "Summer", Kind: "PERCENT", Value: 5}, now)
			return err
		})
		if err != nil {
			t.Errorf("the same code in another company: %v", err)
		}
	})
}

// migrationUp returns the statements of a migration's Up section on the engine.
func migrationUp(t *testing.T, engine store.Engine, name string) []string {
	t.Helper()
	dir := "sqlite"
	if engine == store.Postgres {
		dir = "postgres"
	}
	raw, err := os.ReadFile(filepath.Join("migrations", dir, name))
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	s = s[strings.Index(s, "-- +goose Up"):strings.Index(s, "-- +goose Down")]
	var out []string
	for _, stmt := range strings.Split(s, ";\n") {
		var lines []string
		for _, l := range strings.Split(stmt, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "--") {
				lines = append(lines, l)
			}
		}
		if q := strings.TrimSpace(strings.Join(lines, "\n")); q != "" {
			out = append(out, q)
		}
	}
	return out
}
