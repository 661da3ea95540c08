package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/store"
)

// `admin create --new-company` turns an empty database into a company its admin can set up on screen:
// the company with its installation, circuit and variant, and the admin in it.
func TestAdminCreateNewCompany(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	env["PITLANE_BASE_URL"] = "https://book.example"
	code, out, errs := pitlane(t, env, "admin", "create", "--email", "Boss@Circuit.example", "--new-company", "Kart Ring",
		"--time-zone", "Europe/Copenhagen", "--language", "da-DK", "--currency", "dkk", "--circuit", "North loop")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := regexp.MustCompile(`(?m)^booking page: https://book\.example/([A-Za-z0-9_-]{22})$`).FindStringSubmatch(out)
	if m == nil || !strings.Contains(out, `company 1 "Kart Ring" created (Europe/Copenhagen, DKK), circuit "North loop"`) ||
		!strings.Contains(out, "admin Boss@Circuit.example is ADMIN of company 1\n") || !strings.Contains(out, "\npassword: ") {
		t.Fatalf("output %q", out)
	}
	ctx := context.Background()
	db := openStore(t, env)
	c, err := db.Companies().CompanyByKey(ctx, m[1])
	if err != nil {
		t.Fatalf("the printed booking page's company: %v", err)
	}
	if c.Name != "Kart Ring" || c.TimeZone != "Europe/Copenhagen" || c.DefaultCulture != "da-DK" || c.Country != "DK" ||
		c.Currency != "DKK" || c.CurrencySymbol != "kr." || c.PaymentsActive {
		t.Errorf("company %+v", c)
	}
	vc, err := db.Settings().VariantsAndCircuits(ctx, c.ID)
	if err != nil || len(vc.Circuits) != 1 || len(vc.Variants) != 1 || vc.Circuits[0].Name != "North loop" ||
		vc.Variants[0].CircuitID != vc.Circuits[0].ID || vc.Variants[0].IDLocal != "1" {
		t.Errorf("variants and circuits %+v (%v)", vc, err)
	}
	ms, err := db.Admins().AdminMemberships(ctx, "boss@circuit.example")
	if err != nil || len(ms) != 1 || ms[0].CompanyID != c.ID || ms[0].Role != account.RoleAdmin {
		t.Errorf("memberships %+v (%v)", ms, err)
	}
	code, out, _ = pitlane(t, env, "companies")
	if code != 0 || !strings.HasPrefix(out, "1\tKart Ring\t"+m[1]+"\thttps://book.example/"+m[1]+"\n") {
		t.Errorf("companies: exit %d, %q", code, out)
	}
}

// A mistake in the new company's or the admin's details creates nothing.
func TestAdminCreateNewCompanyRefused(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown time zone", []string{"--time-zone", "Mars/Olympus"}, 1, "IANA time zone"},
		{"unknown language", []string{"--language", "fr-FR"}, 1, "en-GB, es-ES"},
		{"unknown currency", []string{"--currency", "XYZ"}, 1, "EUR, DKK"},
		{"blank name", []string{"--new-company", "  "}, 1, "company name"},
		{"short password", []string{"--password", "short"}, 1, "at least 12 characters"},
		{"common password", []string{"--password", "password1234"}, 1, "too easy to guess"},
		{"digits only", []string{"--password", "123456789012"}, 1, "too easy to guess"},
		{"bad e-mail", []string{"--email", "not-an-address"}, 1, "not a valid e-mail"},
		{"both company flags", []string{"--company", "1"}, 2, "one of --company or --new-company"},
	}
	for _, c := range cases {
		args := append([]string{"admin", "create", "--email", "a@b.example", "--new-company", "Ring"}, c.args...)
		code, _, errs := pitlane(t, env, args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, %q; want %d, %q", c.name, code, errs, c.code, c.want)
		}
	}
	if code, out, errs := pitlane(t, env, "companies"); code != 0 || out != "" {
		t.Errorf("companies after refusals: exit %d, %q %q", code, out, errs)
	}
}

// The operator lists the team, disables a member (whose session ends at once), enables them again and
// removes them; the company's last ADMIN can be neither disabled nor removed, and every change is in
// the company's audit log.
func TestAdminTeamCommands(t *testing.T) {
	t.Parallel()
	env := sqliteEnv(t)
	if code, _, errs := pitlane(t, env, "admin", "create", "--email", "owner@ring.example", "--new-company", "Ring",
		"--password", "a-long-enough-password"); code != 0 {
		t.Fatalf("create: %s", errs)
	}
	if code, _, errs := pitlane(t, env, "admin", "create", "--email", "desk@ring.example", "--company", "1", "--role", "DESK",
		"--name", "Desk One", "--password", "another-long-password"); code != 0 {
		t.Fatalf("create desk: %s", errs)
	}
	code, out, errs := pitlane(t, env, "admin", "list")
	if code != 0 || !regexp.MustCompile(`(?m)^1 Ring +desk@ring\.example +Desk One +DESK +active +never$`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^1 Ring +owner@ring\.example +owner@ring\.example +ADMIN +active +never$`).MatchString(out) {
		t.Fatalf("list: exit %d %q %s", code, out, errs)
	}

	ctx := context.Background()
	db := openStore(t, env)
	auth, err := account.NewAuth(db.Staff(), clock.System{}, account.AuthConfig{})
	if err != nil {
		t.Fatal(err)
	}
	session, err := auth.Login(ctx, account.LoginInput{Email: "desk@ring.example", Password: "another-long-password", Address: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errs = pitlane(t, env, "admin", "disable", "--email", "Desk@Ring.example", "--company", "1"); code != 0 ||
		!strings.Contains(out, "desk@ring.example is disabled in company 1") {
		t.Fatalf("disable: exit %d %q %s", code, out, errs)
	}
	if _, err := auth.Resolve(ctx, session.Token); err == nil {
		t.Error("the disabled member's session still works")
	}
	if _, out, _ = pitlane(t, env, "admin", "list", "--company", "1"); !regexp.MustCompile(`desk@ring\.example .* DESK +disabled`).MatchString(out) {
		t.Errorf("list after disable: %q", out)
	}
	if code, _, errs = pitlane(t, env, "admin", "enable", "--email", "desk@ring.example", "--company", "1"); code != 0 {
		t.Fatalf("enable: %s", errs)
	}
	if res, err := auth.Login(ctx, account.LoginInput{Email: "desk@ring.example", Password: "another-long-password",
		Address: "127.0.0.1"}); err != nil || len(res.Companies) != 1 {
		t.Errorf("enabled again, the member cannot sign in: %v", err)
	}

	for _, op := range []string{"disable", "remove"} {
		code, _, errs = pitlane(t, env, "admin", op, "--email", "owner@ring.example", "--company", "1")
		if code != 1 || !strings.Contains(errs, "at least one active ADMIN") || !strings.Contains(errs, "Nothing was changed") {
			t.Errorf("%s the last ADMIN: exit %d %q", op, code, errs)
		}
	}
	if code, _, errs = pitlane(t, env, "admin", "remove", "--email", "nobody@ring.example", "--company", "1"); code != 1 ||
		!strings.Contains(errs, "no member of company 1") {
		t.Errorf("remove a stranger: exit %d %q", code, errs)
	}
	if code, _, errs = pitlane(t, env, "admin", "remove", "--email", "desk@ring.example"); code != 2 {
		t.Errorf("remove without --company: exit %d %q", code, errs)
	}
	if code, out, errs = pitlane(t, env, "admin", "remove", "--email", "desk@ring.example", "--company", "1"); code != 0 ||
		!strings.Contains(out, "no longer a member of company 1") {
		t.Fatalf("remove: exit %d %q %s", code, out, errs)
	}
	if _, out, _ = pitlane(t, env, "admin", "list"); strings.Contains(out, "desk@ring.example") {
		t.Errorf("the removed member is still listed: %q", out)
	}
	var n int
	if err := db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM audit_log WHERE company_id = 1 AND user_id IS NULL AND user_email = ?`,
			"operator (command line)").Scan(&n)
	}); err != nil || n != 3 {
		t.Errorf("%d audit entries by the operator (err %v), want 3: disable, enable, remove", n, err)
	}
}
