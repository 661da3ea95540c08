package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/store"
)

// The operator's side of the Team tab (issue 24): `admin list` shows who may sign in where, `admin
// disable`, `enable` and `remove` change one membership when nobody who could do it on screen is at hand
// (an owner who left, a stolen laptop at night). They keep the Team tab's rules — a company keeps an
// active ADMIN, disabling or removing ends the member's sessions at once — and every change is written
// to the company's audit log as made by "operator (command line)".

// operatorActor is who the audit log names for the operator's changes: no user of the app.
var operatorActor = account.TeamActor{Email: "operator (command line)", Role: account.RoleSuperAdmin}

// teamFlags parses the flags of an `admin` team subcommand: --company, --email (unless listing) and
// --database-url. It returns the opened database.
func teamFlags(ctx context.Context, sub string, args []string, env map[string]string, stderr io.Writer, needEmail bool) (*store.DB, int64, string, error) {
	fs := flag.NewFlagSet("admin "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	companyID := fs.Int64("company", 0, "id of the company (see `pitlane companies`)")
	email := fs.String("email", "", "e-mail address of the member")
	cfg, _, err := loadConfig("admin "+sub, nil, env, stderr)
	if err != nil {
		return nil, 0, "", err
	}
	fs.StringVar(&cfg.DatabaseURL, "database-url", cfg.DatabaseURL, "sqlite:PATH or postgres://… [$PITLANE_DATABASE_URL]")
	if err := fs.Parse(args); err != nil {
		return nil, 0, "", errUsage
	}
	if needEmail && (*email == "" || *companyID < 1) {
		fmt.Fprintf(stderr, "admin %s: --email and --company are required\n", sub)
		fs.PrintDefaults()
		return nil, 0, "", errUsage
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return nil, 0, "", err
	}
	return db, *companyID, account.NormaliseEmail(*email), nil
}

// cmdAdminList prints every company's members (or one company's, --company): company, e-mail, name,
// role, state and last sign-in, then the open invitations.
func cmdAdminList(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	db, companyID, _, err := teamFlags(ctx, "list", args, env, stderr, false)
	if err != nil {
		return err
	}
	defer db.Close()
	companies, err := company.NewService(db.Companies()).List(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "COMPANY\tE-MAIL\tNAME\tROLE\tSTATE\tLAST SIGN-IN")
	found := false
	for _, c := range companies {
		if companyID > 0 && c.ID != companyID {
			continue
		}
		found = true
		team, err := db.Team().Team(ctx, c.ID, time.Now())
		if err != nil {
			return err
		}
		for _, m := range team.Members {
			last := "never"
			if m.LastSignInAt != nil {
				last = m.LastSignInAt.UTC().Format("2006-01-02 15:04 UTC")
			}
			fmt.Fprintf(tw, "%d %s\t%s\t%s\t%s\t%s\t%s\n", c.ID, c.Name, m.Email, m.Name, m.Role, m.State, last)
		}
		for _, inv := range team.Invitations {
			fmt.Fprintf(tw, "%d %s\t%s\t\t%s\tinvited (%s) until %s\t\n", c.ID, c.Name, inv.Email, inv.Role, inv.State,
				inv.ExpiresAt.UTC().Format("2006-01-02 15:04 UTC"))
		}
	}
	if !found {
		return fmt.Errorf("there is no company %d (see `pitlane companies`)", companyID)
	}
	return tw.Flush()
}

// cmdAdminChange runs `admin disable`, `admin enable` and `admin remove` on the member with the e-mail
// in the company.
func cmdAdminChange(ctx context.Context, op string, args []string, env map[string]string, stdout, stderr io.Writer) error {
	db, companyID, email, err := teamFlags(ctx, op, args, env, stderr, true)
	if err != nil {
		return err
	}
	defer db.Close()
	team, err := db.Team().Team(ctx, companyID, time.Now())
	if err != nil {
		return err
	}
	var userID int64
	for _, m := range team.Members {
		if strings.EqualFold(m.Email, email) {
			userID = m.UserID
		}
	}
	if userID == 0 {
		return fmt.Errorf("%s is no member of company %d (see `pitlane admin list --company %d`)", email, companyID, companyID)
	}
	actor := operatorActor
	actor.CompanyID = companyID
	if _, err := account.NewTeamService(db.Team(), clock.System{}).ChangeMember(ctx, actor, userID, op, ""); err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			return fmt.Errorf("%s: %s Nothing was changed", email, strings.TrimSuffix(ae.Message, ".")+".")
		}
		return err
	}
	switch op {
	case account.OpDisable:
		fmt.Fprintf(stdout, "%s is disabled in company %d; their sessions there have ended\n", email, companyID)
	case account.OpEnable:
		fmt.Fprintf(stdout, "%s may sign in to company %d again\n", email, companyID)
	case account.OpRemove:
		fmt.Fprintf(stdout, "%s is no longer a member of company %d; their sessions there have ended\n", email, companyID)
	}
	return nil
}
