package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"pitlane/internal/store"
)

// cmdBackup runs "backup --to FILE": a consistent copy of the SQLite database taken while the server
// keeps serving (store.DB.Backup). It neither migrates nor writes the live database.
func cmdBackup(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	to := fs.String("to", "", "file to write the backup to; must not exist (required)")
	cfg, _, err := loadConfig("backup", nil, env, stderr)
	if err != nil {
		return err
	}
	fs.StringVar(&cfg.DatabaseURL, "database-url", cfg.DatabaseURL, "sqlite:PATH [$PITLANE_DATABASE_URL]")
	if err := fs.Parse(args); err != nil || *to == "" {
		fmt.Fprintln(stderr, "usage: pitlane backup --to FILE [--database-url sqlite:PATH]")
		return errUsage
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	if err := db.Backup(ctx, *to); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup written to %s (integrity check ok, %s)\n", *to, time.Since(start).Round(time.Millisecond))
	return nil
}

// cmdRestore runs "restore --from FILE": puts a checked backup in place of the SQLite database of a
// STOPPED server, keeping the database it replaces beside it.
func cmdRestore(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "backup file written by `pitlane backup` (required)")
	cfg, _, err := loadConfig("restore", nil, env, stderr)
	if err != nil {
		return err
	}
	fs.StringVar(&cfg.DatabaseURL, "database-url", cfg.DatabaseURL, "sqlite:PATH [$PITLANE_DATABASE_URL]")
	if err := fs.Parse(args); err != nil || *from == "" {
		fmt.Fprintln(stderr, "usage: pitlane restore --from FILE [--database-url sqlite:PATH]   (stop the server first)")
		return errUsage
	}
	if !strings.HasPrefix(cfg.DatabaseURL, "sqlite:") && !strings.HasPrefix(cfg.DatabaseURL, "file:") {
		return fmt.Errorf("restore: only SQLite databases are restored this way; PostgreSQL: pg_restore (docs/operations.md)")
	}
	path, err := store.SQLitePath(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	kept, err := store.RestoreSQLite(ctx, *from, path, time.Now().Unix())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored %s from %s\n", path, *from)
	if kept != "" {
		fmt.Fprintf(stdout, "the database it replaced is kept as %s\n", kept)
	}
	return nil
}
