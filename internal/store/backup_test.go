package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestBackupDuringWrites takes a SQLite backup while writers keep committing rows (the server keeps
// serving) and opens the copy: the integrity check passes and every row acknowledged before the backup
// started is in it. PostgreSQL is backed up with pg_dump (docs/operations.md), so this is SQLite only.
func TestBackupDuringWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.Open(t, store.SQLite)
	insert := func(n int64) error {
		return db.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO problem_reports (subject, text, created_at) VALUES (?, ?, ?)`,
				fmt.Sprintf("report %d", n), "text", time.Now().UnixMilli())
			return err
		})
	}
	var next, acked atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				n := next.Add(1)
				if err := insert(n); err != nil {
					t.Error(err)
					return
				}
				acked.Add(1)
			}
		}()
	}
	for acked.Load() < 200 { // a burst under way
		time.Sleep(time.Millisecond)
	}
	var before int64
	if err := db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM problem_reports`).Scan(&before)
	}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "backup.db")
	if err := db.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()

	if err := store.CheckSQLiteFile(ctx, path); err != nil {
		t.Fatal(err)
	}
	cp, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	var inCopy, missing int64
	if err := cp.QueryRow(`SELECT COUNT(*) FROM problem_reports`).Scan(&inCopy); err != nil {
		t.Fatal(err)
	}
	// Every row committed before the backup began is in it (ids are assigned in commit order).
	if err := cp.QueryRow(`SELECT ? - COUNT(*) FROM problem_reports WHERE id <= ?`, before, before).Scan(&missing); err != nil {
		t.Fatal(err)
	}
	if inCopy < before || missing != 0 {
		t.Fatalf("backup holds %d rows (%d missing of the %d acknowledged before it began)", inCopy, missing, before)
	}
	if err := db.Backup(ctx, path); err == nil {
		t.Fatal("a second backup overwrote the first")
	}
	t.Logf("backup of %d rows taken while %d more were written", inCopy, acked.Load()-before)
}

// TestRestoreKeepsTheReplacedDatabase restores a backup over a database and finds the backup's rows in
// place and the replaced file kept beside it; a file that is not a database is refused.
func TestRestoreKeepsTheReplacedDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	db, err := store.Open(ctx, "sqlite:"+live)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "backup.db")
	if err := db.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	if err := db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO problem_reports (subject, text, created_at) VALUES ('after', 'x', 1)`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	_ = db.Close()
	kept, err := store.RestoreSQLite(ctx, backup, live, 42)
	if err != nil {
		t.Fatal(err)
	}
	if kept != live+".before-restore-42" {
		t.Fatalf("kept %q", kept)
	}
	count := func(path string) int {
		c, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		var n int
		if err := c.QueryRow(`SELECT COUNT(*) FROM problem_reports`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if got := count(live); got != 0 {
		t.Errorf("restored database has %d reports, want the backup's 0", got)
	}
	if got := count(kept); got != 1 {
		t.Errorf("kept database has %d reports, want 1", got)
	}
	if _, err := store.RestoreSQLite(ctx, filepath.Join(dir, "nope.db"), live, 43); err == nil {
		t.Error("restoring from a missing file succeeded")
	}
}
