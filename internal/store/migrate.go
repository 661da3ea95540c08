package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// Migrate applies every embedded migration not yet applied. On PostgreSQL a session advisory lock makes
// concurrent instances starting at once migrate one after another.
func (db *DB) Migrate(ctx context.Context) error {
	p, err := db.provider()
	if err != nil {
		return err
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	_, err = db.BackfillReferences(ctx)
	return err
}

// MigrationVersion returns the highest applied migration version.
func (db *DB) MigrationVersion(ctx context.Context) (int64, error) {
	p, err := db.provider()
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

// MigrationVersions returns the highest applied migration version and the highest this binary knows.
// It takes no migration lock, so a readiness probe never waits behind an instance that is migrating.
func (db *DB) MigrationVersions(ctx context.Context) (current, latest int64, err error) {
	p, err := db.newProvider(false)
	if err != nil {
		return 0, 0, err
	}
	return p.GetVersions(ctx)
}

func (db *DB) provider() (*goose.Provider, error) { return db.newProvider(true) }

func (db *DB) newProvider(locked bool) (*goose.Provider, error) {
	dir, dialect := "migrations/sqlite", goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.engine == Postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
		if locked {
			locker, err := lock.NewPostgresSessionLocker()
			if err != nil {
				return nil, err
			}
			opts = append(opts, goose.WithSessionLocker(locker))
		}
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, err
	}
	return goose.NewProvider(dialect, db.write, sub, opts...)
}
