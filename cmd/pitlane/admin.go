package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/company"
)

const adminUsage = `usage: pitlane admin create --email E (--company ID | --new-company NAME [--time-zone Z] [--language L] [--currency C] [--circuit NAME]) [--role DESK|ADMIN|SUPERADMIN] [--name N] [--password P]
       pitlane admin list [--company ID]
       pitlane admin disable|enable|remove --email E --company ID`

// cmdAdmin runs "admin list", "admin disable|enable|remove" (admin_team.go) and "admin create": an admin user with a role in a company, either an existing one
// (--company ID) or one it creates first (--new-company NAME: the company, its installation, one
// circuit and that circuit's variant; opening hours, rules and catalogue are then set on screen).
func cmdAdmin(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "list":
			return cmdAdminList(ctx, args[1:], env, stdout, stderr)
		case account.OpDisable, account.OpEnable, account.OpRemove:
			return cmdAdminChange(ctx, args[0], args[1:], env, stdout, stderr)
		}
	}
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, adminUsage)
		return errUsage
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "e-mail address the admin logs in with (required)")
	companyID := fs.Int64("company", 0, "id of an existing company (see `pitlane companies`)")
	newCompany := fs.String("new-company", "", "create a company of this name (with one installation and circuit) instead")
	timeZone := fs.String("time-zone", "Europe/Madrid", "the new company's IANA time zone")
	language := fs.String("language", "en-GB", "the new company's booking page language: en-GB, es-ES, da-DK, de-DE, nb-NO, sv-SE or ar-SA")
	currency := fs.String("currency", "EUR", "the new company's currency: EUR, DKK, NOK, SEK, GBP, USD or CHF")
	circuit := fs.String("circuit", "Main track", "the name of the new company's circuit")
	role := fs.String("role", "ADMIN", "DESK (the counter), ADMIN or SUPERADMIN")
	name := fs.String("name", "", "display name (default: the e-mail)")
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
	if *email == "" || (*companyID < 1) == (*newCompany == "") {
		fmt.Fprintln(stderr, "admin create: --email and one of --company or --new-company are required")
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
	// The admin's own fields are checked before a new company is written, so a typo creates nothing.
	if err := checkAdminInput(*email, *password, *role); err != nil {
		return err
	}
	var draft company.Company
	if *newCompany != "" {
		if draft, err = company.NewCompany(company.NewCompanyInput{Name: *newCompany, TimeZone: *timeZone,
			Culture: *language, Currency: *currency, Circuit: *circuit}); err != nil {
			return err
		}
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if *newCompany != "" {
		made, err := db.Companies().CreateCompany(ctx, draft, *circuit, time.Now())
		if err != nil {
			return err
		}
		*companyID = made.Company.ID
		fmt.Fprintf(stdout, "company %d %q created (%s, %s), circuit %q\n", made.Company.ID, made.Company.Name,
			made.Company.TimeZone, made.Company.Currency, *circuit)
		fmt.Fprintf(stdout, "booking page: %s\n", bookingURL(baseURL(cfg, nil), made.Company.PublicKey))
	}
	if err := account.NewService(db.Admins(), clock.System{}).CreateAdmin(ctx, *email, *name, *password, *companyID, *role); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "admin %s is %s of company %d\n", *email, *role, *companyID)
	if generated {
		fmt.Fprintf(stdout, "password: %s\n", *password)
	}
	return nil
}

// checkAdminInput is CreateAdmin's check of the e-mail, password and role, run before anything is written.
func checkAdminInput(email, password, role string) error {
	switch {
	case !account.ValidEmail(account.NormaliseEmail(email)):
		return fmt.Errorf("%q is not a valid e-mail address", email)
	case account.CheckNewPassword(password, email, "") != "":
		return fmt.Errorf("%s", account.CheckNewPassword(password, email, ""))
	case !account.Role(role).Valid():
		return fmt.Errorf("the role must be DESK, ADMIN or SUPERADMIN")
	}
	return nil
}
