package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

var teamNow = time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)

// teamUser creates a user with the role in the company and returns its id.
func teamUser(t *testing.T, db *store.DB, company int64, email string, role account.Role) int64 {
	t.Helper()
	a, _, err := db.Admins().UpsertAdmin(context.Background(), account.NewAdmin{Email: email, Name: "N " + email,
		PasswordHash: "x", CompanyID: company, Role: role}, teamNow)
	if err != nil {
		t.Fatal(err)
	}
	return a.ID
}

func allow(account.TeamMember, int) error { return nil }

// Disabling keeps the member in the list but takes the role away and ends the sessions; enabling
// gives it back; every change is in the audit log.
func TestTeamDisableEnableAndRemove(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		boss := teamUser(t, db, f.CompanyID, "boss@example.com", account.RoleAdmin)
		desk := teamUser(t, db, f.CompanyID, "desk@example.com", account.RoleDesk)
		sid, err := db.Staff().StartSession(ctx, account.NewSession{UserID: desk, TokenHash: "h1", Now: teamNow, ExpiresAt: teamNow.Add(time.Hour)})
		if err != nil {
			t.Fatal(err)
		}
		actor := account.TeamActor{UserID: boss, Email: "boss@example.com", CompanyID: f.CompanyID, Role: account.RoleAdmin}
		var seenOthers int
		m, err := db.Team().ChangeMember(ctx, account.MemberChange{CompanyID: f.CompanyID, UserID: desk, Op: account.OpDisable,
			Actor: actor, Now: teamNow}, func(cur account.TeamMember, others int) error { seenOthers = others; return nil })
		if err != nil || m.State != account.MemberDisabled || m.LastSignInAt == nil {
			t.Fatalf("disable: %+v %v", m, err)
		}
		if seenOthers != 1 {
			t.Errorf("the check saw %d other admins, want 1", seenOthers)
		}
		if _, err := db.Staff().Role(ctx, desk, f.CompanyID); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("a disabled member still has a role: %v", err)
		}
		if _, err := db.Staff().Session(ctx, "h1"); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("session %d of the disabled member still live: %v", sid, err)
		}
		team, err := db.Team().Team(ctx, f.CompanyID, teamNow)
		if err != nil || len(team.Members) != 2 {
			t.Fatalf("team %+v %v", team, err)
		}
		if _, err := db.Team().ChangeMember(ctx, account.MemberChange{CompanyID: f.CompanyID, UserID: desk, Op: account.OpEnable,
			Actor: actor, Now: teamNow}, allow); err != nil {
			t.Fatal(err)
		}
		if r, err := db.Staff().Role(ctx, desk, f.CompanyID); err != nil || r != account.RoleDesk {
			t.Errorf("enabled member's role %q %v", r, err)
		}
		// A refusing check changes nothing.
		refused := apperr.New(apperr.Unprocessable, "no")
		if _, err := db.Team().ChangeMember(ctx, account.MemberChange{CompanyID: f.CompanyID, UserID: desk, Op: account.OpRemove,
			Actor: actor, Now: teamNow}, func(account.TeamMember, int) error { return refused }); err != refused {
			t.Fatalf("refused remove: %v", err)
		}
		if r, _ := db.Staff().Role(ctx, desk, f.CompanyID); r != account.RoleDesk {
			t.Errorf("a refused remove removed: %q", r)
		}
		if _, err := db.Team().ChangeMember(ctx, account.MemberChange{CompanyID: f.CompanyID, UserID: desk, Op: account.OpRemove,
			Actor: actor, Now: teamNow}, allow); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Team().ChangeMember(ctx, account.MemberChange{CompanyID: f.CompanyID, UserID: desk, Op: account.OpEnable,
			Actor: actor, Now: teamNow}, allow); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("changing a removed member: %v, want not found", err)
		}
		log, err := db.Staff().AuditLog(ctx, f.CompanyID, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for _, e := range log {
			if strings.HasPrefix(e.Action, "team.") {
				actions = append(actions, e.Action+" by "+e.UserEmail)
			}
		}
		if got := strings.Join(actions, ", "); got != "team.remove by boss@example.com, team.enable by boss@example.com, team.disable by boss@example.com" {
			t.Errorf("audit: %s", got)
		}
	})
}

// An invitation is found by its token's hash, accepted once, and creates the account and membership.
func TestInvitationAcceptedOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		boss := teamUser(t, db, f.CompanyID, "boss@example.com", account.RoleAdmin)
		actor := account.TeamActor{UserID: boss, Email: "boss@example.com", CompanyID: f.CompanyID, Role: account.RoleAdmin}
		in := account.NewInvitation{CompanyID: f.CompanyID, Email: "new@example.com", Role: account.RoleDesk, TokenHash: "th",
			Link: "/invite/tok", Culture: "es-ES", Actor: actor, Now: teamNow, ExpiresAt: teamNow.Add(account.InvitationTTL)}
		inv, err := db.Team().CreateInvitation(ctx, in)
		if err != nil || inv.State != account.InvitationInvited {
			t.Fatalf("invite: %+v %v", inv, err)
		}
		if _, err := db.Team().CreateInvitation(ctx, in); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("second invitation to the same address: %v, want conflict", err)
		}
		mails, err := db.Outbox().RecentEmails(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(mails) != 1 {
			t.Fatalf("outbox: %+v", mails)
		}
		mail, err := db.Outbox().OutboxEmail(ctx, mails[0].ID)
		if err != nil || mail.Message.To != "new@example.com" || mail.Message.Culture != "es-ES" ||
			!strings.Contains(mail.Message.Text, "/invite/tok") {
			t.Fatalf("invitation mail: %+v %v", mail, err)
		}
		r, err := db.Team().InvitationByToken(ctx, "th")
		if err != nil || r.Email != "new@example.com" || r.ExistingUserID != 0 {
			t.Fatalf("by token: %+v %v", r, err)
		}
		a := account.Acceptance{InvitationID: r.ID, NewUser: true, Name: "Nuevo", PasswordHash: "hash", Now: teamNow.Add(time.Hour)}
		if err := db.Team().AcceptInvitation(ctx, a); err != nil {
			t.Fatal(err)
		}
		if err := db.Team().AcceptInvitation(ctx, a); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("second accept: %v, want not found", err)
		}
		if _, err := db.Team().InvitationByToken(ctx, "th"); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("used token still found: %v", err)
		}
		team, err := db.Team().Team(ctx, f.CompanyID, teamNow)
		if err != nil || len(team.Members) != 2 || len(team.Invitations) != 0 {
			t.Fatalf("team after accept: %+v %v", team, err)
		}
		if _, err := db.Team().CreateInvitation(ctx, in); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("inviting a member: %v, want conflict", err)
		}
	})
}

// Past expires_at the invitation cannot be accepted; a resend gives it a new token and time.
func TestInvitationExpiryAndResend(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		boss := teamUser(t, db, f.CompanyID, "boss@example.com", account.RoleAdmin)
		actor := account.TeamActor{UserID: boss, Email: "boss@example.com", CompanyID: f.CompanyID, Role: account.RoleAdmin}
		in := account.NewInvitation{CompanyID: f.CompanyID, Email: "late@example.com", Role: account.RoleAdmin, TokenHash: "old",
			Link: "/invite/old", Actor: actor, Now: teamNow, ExpiresAt: teamNow.Add(account.InvitationTTL)}
		inv, err := db.Team().CreateInvitation(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		later := teamNow.Add(account.InvitationTTL)
		if team, _ := db.Team().Team(ctx, f.CompanyID, later); len(team.Invitations) != 1 || team.Invitations[0].State != account.InvitationExpired {
			t.Errorf("expired invitation listed as %+v", team.Invitations)
		}
		if err := db.Team().AcceptInvitation(ctx, account.Acceptance{InvitationID: inv.ID, NewUser: true, Name: "L", PasswordHash: "h", Now: later}); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("accepting an expired invitation: %v", err)
		}
		in.TokenHash, in.Link, in.Now, in.ExpiresAt = "new", "/invite/new", later, later.Add(account.InvitationTTL)
		if _, err := db.Team().ResendInvitation(ctx, inv.ID, in); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Team().InvitationByToken(ctx, "old"); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("the old token still works after a resend: %v", err)
		}
		if _, err := db.Team().InvitationByToken(ctx, "new"); err != nil {
			t.Errorf("the new token: %v", err)
		}
		if err := db.Team().RevokeInvitation(ctx, f.CompanyID, inv.ID, actor, later); err != nil {
			t.Fatal(err)
		}
		if err := db.Team().RevokeInvitation(ctx, f.CompanyID, inv.ID, actor, later); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("second revoke: %v", err)
		}
		if _, err := db.Team().InvitationByToken(ctx, "new"); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("a revoked token still works: %v", err)
		}
	})
}
