package main

import (
	"context"
	"fmt"
	"io"

	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/config"
	"pitlane/internal/demo"
	"pitlane/internal/store"
)

// withDB loads a subcommand's configuration, opens and migrates the database, and runs fn with both.
func withDB(ctx context.Context, name string, args []string, env map[string]string, stderr io.Writer,
	fn func(cfg *config.Config, db *store.DB) error) error {
	cfg, _, err := loadConfig(name, args, env, stderr)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(cfg, db)
}

// cmdMigrate applies the migrations and reports the schema version.
func cmdMigrate(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	return withDB(ctx, "migrate", args, env, stderr, func(_ *config.Config, db *store.DB) error {
		v, err := db.MigrationVersion(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "database migrated to version %d (%s)\n", v, db.Engine())
		return nil
	})
}

// cmdDemo seeds the demo data (with the history o asks for, runWith) into the configured database and
// prints its URLs and logins.
func cmdDemo(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer, o demo.Options) error {
	return withDB(ctx, "demo", args, env, stderr, func(cfg *config.Config, db *store.DB) error {
		r, err := demo.SeedWith(ctx, db, clock.System{}, o)
		if err != nil {
			return err
		}
		printDemo(stdout, baseURL(cfg, nil), r)
		return nil
	})
}

// cmdCompanies prints one tab-separated line per company: id, name, public key, booking URL.
func cmdCompanies(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	return withDB(ctx, "companies", args, env, stderr, func(cfg *config.Config, db *store.DB) error {
		list, err := company.NewService(db.Companies()).List(ctx)
		if err != nil {
			return err
		}
		base := baseURL(cfg, nil)
		for _, c := range list {
			fmt.Fprintf(stdout, "%d\t%s\t%s\t%s\n", c.ID, c.Name, c.PublicKey, bookingURL(base, c.PublicKey))
		}
		return nil
	})
}
