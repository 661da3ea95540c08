package adminapi_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// teamEnv is a staff environment with the Team tab wired, and company A with a SUPERADMIN, two ADMINs
// and a DESK member.
type teamEnv struct {
	*staffEnv
	a                       int64
	super, admin1, admin2   int64
	desk                    int64
	superTok, adminTok, dTk string
}

func newTeamEnv(t *testing.T, db *store.DB) *teamEnv {
	t.Helper()
	e := newStaffEnv(t, db, envOptions{})
	e.opts.Deps.Team = account.NewTeamService(db.Team(), e.clk)
	e.restart(t)
	te := &teamEnv{staffEnv: e, a: newCompany(t, db, "Alfa Karting")}
	newAdmin(t, db, "super@example.com", map[int64]account.Role{te.a: account.RoleSuperAdmin})
	newAdmin(t, db, "admin1@example.com", map[int64]account.Role{te.a: account.RoleAdmin})
	newAdmin(t, db, "admin2@example.com", map[int64]account.Role{te.a: account.RoleAdmin})
	newAdmin(t, db, "desk@example.com", map[int64]account.Role{te.a: account.RoleDesk})
	id := func(email string) int64 {
		return count(t, db, `SELECT id FROM admin_users WHERE email = ?`, email)
	}
	te.super, te.admin1, te.admin2, te.desk = id("super@example.com"), id("admin1@example.com"), id("admin2@example.com"), id("desk@example.com")
	te.superTok = e.login(t, "super@example.com", password)
	te.adminTok = e.login(t, "admin1@example.com", password)
	te.dTk = e.login(t, "desk@example.com", password)
	return te
}

func (te *teamEnv) q() string { return fmt.Sprintf("?idCompany=%d", te.a) }

func (te *teamEnv) member(userID int64) string {
	return fmt.Sprintf("/api/admin/team/members/%d", userID)
}

func roleOf(t *testing.T, db *store.DB, user, company int64) string {
	t.Helper()
	var role string
	ctx := context.Background()
	_ = db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT role FROM memberships WHERE user_id = ? AND company_id = ?`, user, company).Scan(&role)
	})
	return role
}

func fieldOf(t *testing.T, res interface{ JSON(testing.TB, any) }, name string) string {
	t.Helper()
	var body struct{ Fields map[string]string }
	res.JSON(t, &body)
	return body.Fields[name]
}

// Nobody changes themselves; an ADMIN neither touches a SUPERADMIN nor grants SUPERADMIN; bad input is a
// 422 naming the field; DESK does not reach the tab; and nothing changes on a refusal.
func TestTeamRules(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		te := newTeamEnv(t, db)
		adm := bearer(te.adminTok)

		res := te.api.Do("GET", "/api/admin/team"+te.q(), nil, adm...)
		var team account.Team
		res.JSON(t, &team)
		if res.Status != http.StatusOK || len(team.Members) != 4 {
			t.Fatalf("team: %d %s", res.Status, res.Body)
		}
		for _, m := range team.Members { // admin2 never signed in
			if m.IsMe != (m.UserID == te.admin1) || m.State != account.MemberActive || (m.LastSignInAt == nil) != (m.UserID == te.admin2) {
				t.Errorf("member %+v", m)
			}
		}
		if got := te.api.Do("GET", "/api/admin/team"+te.q(), nil, bearer(te.dTk)...).Status; got != http.StatusForbidden {
			t.Errorf("DESK lists the team: %d, want 403", got)
		}

		// Oneself: refused whatever the change.
		for _, c := range []struct{ method, path string }{{"PUT", "/role"}, {"POST", "/disable"}, {"DELETE", ""}} {
			res := te.api.Do(c.method, te.member(te.admin1)+c.path+te.q(), map[string]string{"role": "DESK"}, adm...)
			if res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "userId") == "" {
				t.Errorf("%s self%s: %d %s, want 422 naming userId", c.method, c.path, res.Status, res.Body)
			}
		}
		if r := roleOf(t, db, te.admin1, te.a); r != "ADMIN" {
			t.Errorf("after refused self-changes admin1 is %q", r)
		}
		// An ADMIN and a SUPERADMIN.
		for _, c := range []struct{ method, path string }{{"PUT", "/role"}, {"POST", "/disable"}, {"DELETE", ""}} {
			if got := te.api.Do(c.method, te.member(te.super)+c.path+te.q(), map[string]string{"role": "DESK"}, adm...).Status; got != http.StatusForbidden {
				t.Errorf("ADMIN %s SUPERADMIN%s: %d, want 403", c.method, c.path, got)
			}
		}
		res = te.api.Do("PUT", te.member(te.desk)+"/role"+te.q(), map[string]string{"role": "SUPERADMIN"}, adm...)
		if res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "role") == "" {
			t.Errorf("ADMIN grants SUPERADMIN: %d %s", res.Status, res.Body)
		}
		res = te.api.Do("PUT", te.member(te.desk)+"/role"+te.q(), map[string]string{"role": "OWNER"}, adm...)
		if res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "role") == "" {
			t.Errorf("unknown role: %d %s", res.Status, res.Body)
		}
		if r := roleOf(t, db, te.super, te.a); r != "SUPERADMIN" {
			t.Errorf("the SUPERADMIN is now %q", r)
		}
		if r := roleOf(t, db, te.desk, te.a); r != "DESK" {
			t.Errorf("the desk member is now %q", r)
		}
		// A SUPERADMIN may.
		res = te.api.Do("PUT", te.member(te.desk)+"/role"+te.q(), map[string]string{"role": "SUPERADMIN"}, bearer(te.superTok)...)
		if res.Status != http.StatusOK || roleOf(t, db, te.desk, te.a) != "SUPERADMIN" {
			t.Errorf("SUPERADMIN grants SUPERADMIN: %d %s", res.Status, res.Body)
		}
		// Another ADMIN demotes fine, and it is in the audit log.
		res = te.api.Do("PUT", te.member(te.admin2)+"/role"+te.q(), map[string]string{"role": "DESK"}, adm...)
		if res.Status != http.StatusOK || roleOf(t, db, te.admin2, te.a) != "DESK" {
			t.Errorf("demote admin2: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'team.role' AND user_email = 'admin1@example.com'
			AND entity_id = ?`, te.a, fmt.Sprint(te.admin2)); n != 1 {
			t.Errorf("%d audit entries of the demotion, want 1", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action LIKE 'team.%' AND user_email = 'admin1@example.com'`); n != 1 {
			t.Errorf("%d team audit entries by admin1, want only the demotion (refusals change nothing)", n)
		}
		if got := te.api.Do("POST", "/api/admin/team/members/999999/disable"+te.q(), nil, adm...).Status; got != http.StatusNotFound {
			t.Errorf("unknown member: %d", got)
		}
	})
}

// The company's last active ADMIN-or-above cannot be disabled, removed or demoted, even by someone who
// is not a member (an operator's tool): the check runs inside the change's transaction.
func TestTeamLastAdminGuard(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		te := newTeamEnv(t, db)
		svc := account.NewTeamService(db.Team(), te.clk)
		ctx := context.Background()
		operator := account.TeamActor{UserID: 0, Email: "ops@example.com", CompanyID: te.a, Role: account.RoleSuperAdmin}
		for _, u := range []int64{te.admin1, te.admin2} {
			if _, err := svc.ChangeMember(ctx, operator, u, account.OpDisable, ""); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			op    string
			role  account.Role
			field string
		}{{account.OpRole, account.RoleDesk, "role"}, {account.OpDisable, "", "userId"}, {account.OpRemove, "", "userId"}} {
			_, err := svc.ChangeMember(ctx, operator, te.super, c.op, c.role)
			var ae *apperr.Error
			if !apperr.Is(err, apperr.Unprocessable) || !asErr(err, &ae) || ae.Fields[c.field] == "" {
				t.Errorf("%s of the last admin: %v, want 422 naming %s", c.op, err, c.field)
			}
		}
		if r := roleOf(t, db, te.super, te.a); r != "SUPERADMIN" {
			t.Errorf("the last admin is now %q", r)
		}
		// Once another admin is back, the change goes.
		if _, err := svc.ChangeMember(ctx, operator, te.admin1, account.OpEnable, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.ChangeMember(ctx, operator, te.super, account.OpRole, account.RoleAdmin); err != nil {
			t.Errorf("demote with another admin: %v", err)
		}
	})
}

func asErr(err error, target **apperr.Error) bool {
	e, ok := err.(*apperr.Error)
	if ok {
		*target = e
	}
	return ok
}

// Disabling or removing ends the member's sessions at once: their next request is a 401, and they
// cannot sign in to the company again until enabled.
func TestTeamDisabledMemberIsSignedOut(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		te := newTeamEnv(t, db)
		adm := bearer(te.adminTok)
		if got := te.api.Do("GET", "/api/admin/company"+te.q(), nil, bearer(te.dTk)...).Status; got != http.StatusOK {
			t.Fatalf("desk before: %d", got)
		}
		res := te.api.Do("POST", te.member(te.desk)+"/disable"+te.q(), nil, adm...)
		var m account.TeamMember
		res.JSON(t, &m)
		if res.Status != http.StatusOK || m.State != account.MemberDisabled {
			t.Fatalf("disable: %d %s", res.Status, res.Body)
		}
		if got := te.api.Do("GET", "/api/admin/company"+te.q(), nil, bearer(te.dTk)...).Status; got != http.StatusUnauthorized {
			t.Errorf("disabled member's next request: %d, want 401", got)
		}
		if got := te.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "desk@example.com", "password": password}).Status; got != http.StatusUnauthorized {
			t.Errorf("disabled member signs in: %d, want 401", got)
		}
		if res := te.api.Do("POST", te.member(te.desk)+"/enable"+te.q(), nil, adm...); res.Status != http.StatusOK {
			t.Fatalf("enable: %d %s", res.Status, res.Body)
		}
		tok := te.login(t, "desk@example.com", password)
		if res := te.api.Do("DELETE", te.member(te.desk)+te.q(), nil, adm...); res.Status != http.StatusNoContent {
			t.Fatalf("remove: %d %s", res.Status, res.Body)
		}
		if got := te.api.Do("GET", "/api/users/me", nil, bearer(tok)...).Status; got != http.StatusUnauthorized {
			t.Errorf("removed member's next request: %d, want 401", got)
		}
		if got := te.api.Do("GET", "/api/admin/team"+te.q(), nil, adm...).Status; got != http.StatusOK {
			t.Errorf("the admin's own session was hurt: %d", got)
		}
		var actions []string
		entries, err := db.Staff().AuditLog(context.Background(), te.a, 50, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Action, "team.") {
				actions = append(actions, e.Action+":"+e.EntityID)
			}
		}
		want := fmt.Sprintf("team.remove:%d team.enable:%d team.disable:%d", te.desk, te.desk, te.desk)
		if got := strings.Join(actions, " "); got != want {
			t.Errorf("audit %q, want %q", got, want)
		}
	})
}

var inviteLink = regexp.MustCompile(`/invite/([A-Za-z0-9_-]{43})`)

// lastInviteToken reads the token of the newest invitation mail to the address.
func lastInviteToken(t *testing.T, db *store.DB, to string) string {
	t.Helper()
	var text string
	ctx := context.Background()
	if err := db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT body_text FROM outbox_emails WHERE to_addr = ? AND kind = 'team_invitation' ORDER BY id DESC LIMIT 1`, to).Scan(&text)
	}); err != nil {
		t.Fatalf("no invitation mail to %s: %v", to, err)
	}
	m := inviteLink.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no link in the mail: %s", text)
	}
	return m[1]
}

// An invitation is mailed with a link that works once, for 72 hours; a resend gives a new link and
// kills the old one; an existing account accepts with its own password.
func TestInvitationLifecycle(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		te := newTeamEnv(t, db)
		adm := bearer(te.adminTok)

		for _, c := range []struct {
			body  map[string]string
			field string
		}{
			{map[string]string{"email": "not-an-email", "role": "DESK"}, "email"},
			{map[string]string{"email": "x@example.com", "role": "SUPERADMIN"}, "role"},
		} {
			res := te.api.Do("POST", "/api/admin/team/invitations"+te.q(), c.body, adm...)
			if res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, c.field) == "" {
				t.Errorf("invite %v: %d %s", c.body, res.Status, res.Body)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM staff_invitations`); n != 0 {
			t.Fatalf("%d invitations after refusals", n)
		}
		if res := te.api.Do("POST", "/api/admin/team/invitations"+te.q(), map[string]string{"email": "desk@example.com", "role": "DESK"}, adm...); res.Status != http.StatusConflict {
			t.Errorf("inviting a member: %d", res.Status)
		}

		res := te.api.Do("POST", "/api/admin/team/invitations"+te.q(), map[string]string{"email": " New@Example.com ", "role": "DESK", "culture": "es-ES"}, adm...)
		if res.Status != http.StatusCreated {
			t.Fatalf("invite: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox_emails WHERE to_addr = 'new@example.com' AND culture = 'es-ES'`); n != 1 {
			t.Errorf("%d Spanish invitation mails", n)
		}
		token := lastInviteToken(t, db, "new@example.com")
		if n := count(t, db, `SELECT COUNT(*) FROM staff_invitations WHERE token_hash = ?`, token); n != 0 {
			t.Error("the token is stored in clear")
		}
		res = te.api.Do("GET", "/api/invitations/"+token, nil)
		var info account.InvitationInfo
		res.JSON(t, &info)
		if res.Status != http.StatusOK || info.CompanyName != "Alfa Karting" || info.Email != "new@example.com" || info.ExistingAccount {
			t.Fatalf("read: %d %s", res.Status, res.Body)
		}
		res = te.api.Do("POST", "/api/invitations/"+token+"/accept", map[string]string{"name": "Nuevo", "password": "short"})
		if res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "password") == "" {
			t.Errorf("short password: %d %s", res.Status, res.Body)
		}
		if res := te.api.Do("POST", "/api/invitations/"+token+"/accept", map[string]string{"name": "Nuevo", "password": "a long new password"}); res.Status != http.StatusNoContent {
			t.Fatalf("accept: %d %s", res.Status, res.Body)
		}
		if got := te.api.Do("POST", "/api/invitations/"+token+"/accept", map[string]string{"name": "Other", "password": "another long password"}).Status; got != http.StatusNotFound {
			t.Errorf("second accept: %d, want 404", got)
		}
		if got := te.api.Do("GET", "/api/invitations/"+token, nil).Status; got != http.StatusNotFound {
			t.Errorf("read after use: %d, want 404", got)
		}
		newTok := te.login(t, "new@example.com", "a long new password")
		res = te.api.Do("GET", "/api/admin/company"+te.q(), nil, bearer(newTok)...)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"role":"DESK"`) {
			t.Errorf("the new member's company: %d %s", res.Status, res.Body)
		}

		// Expiry: 72 hours, then 410; a resend brings a new link and kills the old one.
		res = te.api.Do("POST", "/api/admin/team/invitations"+te.q(), map[string]string{"email": "late@example.com", "role": "ADMIN"}, adm...)
		var inv account.Invitation
		res.JSON(t, &inv)
		old := lastInviteToken(t, db, "late@example.com")
		te.clk.Advance(account.InvitationTTL)
		if got := te.api.Do("GET", "/api/invitations/"+old, nil).Status; got != http.StatusGone {
			t.Errorf("read expired: %d, want 410", got)
		}
		if got := te.api.Do("POST", "/api/invitations/"+old+"/accept", map[string]string{"name": "L", "password": "a long new password"}).Status; got != http.StatusGone {
			t.Errorf("accept expired: %d, want 410", got)
		}
		adm = bearer(te.login(t, "admin1@example.com", password)) // the first session idled out meanwhile
		if res := te.api.Do("POST", fmt.Sprintf("/api/admin/team/invitations/%d/resend%s", inv.ID, te.q()), nil, adm...); res.Status != http.StatusOK {
			t.Fatalf("resend: %d %s", res.Status, res.Body)
		}
		fresh := lastInviteToken(t, db, "late@example.com")
		if got := te.api.Do("GET", "/api/invitations/"+old, nil).Status; got != http.StatusNotFound {
			t.Errorf("old link after resend: %d, want 404", got)
		}
		if got := te.api.Do("GET", "/api/invitations/"+fresh, nil).Status; got != http.StatusOK {
			t.Errorf("new link: %d", got)
		}
		if res := te.api.Do("DELETE", fmt.Sprintf("/api/admin/team/invitations/%d%s", inv.ID, te.q()), nil, adm...); res.Status != http.StatusNoContent {
			t.Fatalf("revoke: %d %s", res.Status, res.Body)
		}
		if got := te.api.Do("GET", "/api/invitations/"+fresh, nil).Status; got != http.StatusNotFound {
			t.Errorf("revoked link: %d, want 404", got)
		}

		// An existing account (a member of another company) accepts with its own password.
		b := newCompany(t, db, "Bravo")
		newAdmin(t, db, "bravo@example.com", map[int64]account.Role{b: account.RoleAdmin})
		te.api.Do("POST", "/api/admin/team/invitations"+te.q(), map[string]string{"email": "bravo@example.com", "role": "ADMIN"}, adm...)
		tok := lastInviteToken(t, db, "bravo@example.com")
		res = te.api.Do("GET", "/api/invitations/"+tok, nil)
		res.JSON(t, &info)
		if !info.ExistingAccount {
			t.Errorf("existing account not told: %s", res.Body)
		}
		res = te.api.Do("POST", "/api/invitations/"+tok+"/accept", map[string]string{"password": "wrong password here"})
		if res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "password") == "" {
			t.Errorf("wrong password: %d %s", res.Status, res.Body)
		}
		if res := te.api.Do("POST", "/api/invitations/"+tok+"/accept", map[string]string{"password": password}); res.Status != http.StatusNoContent {
			t.Fatalf("existing accept: %d %s", res.Status, res.Body)
		}
		if r := roleOf(t, db, count(t, db, `SELECT id FROM admin_users WHERE email = 'bravo@example.com'`), te.a); r != "ADMIN" {
			t.Errorf("existing account's role in A: %q", r)
		}
		for _, action := range []string{"team.invite", "team.join", "team.invitation_resend", "team.invitation_revoke"} {
			if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = ?`, te.a, action); n == 0 {
				t.Errorf("no %s in the audit log", action)
			}
		}
	})
}

// Five wrong passwords use an invitation of an existing account up.
func TestInvitationUsedUpByWrongPasswords(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	te := newTeamEnv(t, db)
	b := newCompany(t, db, "Bravo")
	newAdmin(t, db, "bravo@example.com", map[int64]account.Role{b: account.RoleAdmin})
	te.api.Do("POST", "/api/admin/team/invitations"+te.q(), map[string]string{"email": "bravo@example.com", "role": "DESK"}, bearer(te.adminTok)...)
	tok := lastInviteToken(t, db, "bravo@example.com")
	for i := 0; i < account.MaxInvitationFailures; i++ {
		te.api.Do("POST", "/api/invitations/"+tok+"/accept", map[string]string{"password": "wrong password here"})
	}
	if got := te.api.Do("POST", "/api/invitations/"+tok+"/accept", map[string]string{"password": password}).Status; got != http.StatusNotFound {
		t.Errorf("accept after %d wrong passwords: %d, want 404", account.MaxInvitationFailures, got)
	}
}
