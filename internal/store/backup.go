package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of a SQLite database to path while the server keeps serving: VACUUM
// INTO reads one snapshot (a read transaction in WAL mode, so writers carry on) and writes it as a new,
// compact database file, which is then checked with PRAGMA integrity_check. path must not exist (a
// backup never overwrites one). PostgreSQL is backed up with its own tools (docs/operations.md).
func (db *DB) Backup(ctx context.Context, path string) error {
	if db.engine != SQLite {
		return errors.New("backup: PostgreSQL is backed up with pg_dump or base backups (docs/operations.md)")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if _, err := os.Stat(abs); err == nil {
		return fmt.Errorf("backup: %s exists; choose a new file name", abs)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	tmp := abs + ".partial"
	_ = os.Remove(tmp)
	if _, err := db.read.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("backup: %w", err)
	}
	if err := CheckSQLiteFile(ctx, tmp); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	// The copy appears under its name only once it is whole and checked.
	return os.Rename(tmp, abs)
}

// CheckSQLiteFile opens the SQLite file at path read-only and runs PRAGMA integrity_check.
func CheckSQLiteFile(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var result string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&result); err != nil {
		return fmt.Errorf("check %s: %w", path, err)
	}
	if result != "ok" {
		return fmt.Errorf("check %s: integrity check failed: %s", path, result)
	}
	return nil
}

// RestoreSQLite puts the backup file from in place of the SQLite database at path, for a server that is
// stopped: the backup is checked first; an existing database is kept beside it as
// path.before-restore-<unix time> (with its WAL files), never deleted. It reports where the old file went.
func RestoreSQLite(ctx context.Context, from, path string, unix int64) (kept string, err error) {
	if err := CheckSQLiteFile(ctx, from); err != nil {
		return "", err
	}
	raw, err := os.ReadFile(from)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return "", err
	}
	tmp := path + ".restoring"
	if err := writeSynced(tmp, raw); err != nil {
		return "", err
	}
	if _, err := os.Stat(path); err == nil {
		kept = fmt.Sprintf("%s.before-restore-%d", path, unix)
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if err := os.Rename(path+suffix, kept+suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
				_ = os.Remove(tmp)
				return "", fmt.Errorf("restore: keep the old database: %w", err)
			}
		}
	}
	return kept, os.Rename(tmp, path)
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o640)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
