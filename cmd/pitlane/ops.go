package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"pitlane/internal/account"
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

// cmdDemo seeds the demo data into the configured database and prints its URLs and logins.
func cmdDemo(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	return withDB(ctx, "demo", args, env, stderr, func(cfg *config.Config, db *store.DB) error {
		r, err := demo.SeedWith(ctx, db, clock.System{}, demo.Options{History: true})
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

// cmdAdmin runs "admin create": an admin user with a role in a company.
func cmdAdmin(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, "usage: pitlane admin create --email E --company ID [--role ADMIN|SUPERADMIN] [--name N] [--password P]")
		return errUsage
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "e-mail address the admin logs in with (required)")
	companyID := fs.Int64("company", 0, "id of the company (see `pitlane companies`) (required)")
	role := fs.String("role", "ADMIN", "ADMIN or SUPERADMIN")
	name := fs.String("name", "", "display name (default: the e-mail's local part)")
	password := fs.String("password", "", "password (default: a generated one, printed once)")
	// The database comes from PITLANE_DATABASE_URL or --database-url, as for every subcommand.
	cfg, _, err := loadConfig("admin create", nil, env, stderr)
	if err != nil {
		return err
	}
	fs.StringVar(&cfg.DatabaseURL, "database-url", cfg.DatabaseURL, "sqlite:PATH or postgres://… [$PITLANE_DATABASE_URL]")
	if err := fs.Parse(args[1:]); err != nil {
		return errUsage
	}
	if *email == "" || *companyID < 1 {
		fmt.Fprintln(stderr, "admin create: --email and --company are required")
		fs.PrintDefaults()
		return errUsage
	}
	generated := *password == ""
	if generated {
		*password = account.GeneratePassword()
	}
	if *name == "" {
		*name = *email
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := account.NewService(db.Admins(), clock.System{}).CreateAdmin(ctx, *email, *name, *password, *companyID, *role); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "admin %s is %s of company %d\n", *email, *role, *companyID)
	if generated {
		fmt.Fprintf(stdout, "password: %s\n", *password)
	}
	return nil
}
