package adminapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// newAccessEnv is the Team environment with the sessions and API tokens service wired.
func newAccessEnv(t *testing.T, db *store.DB) *teamEnv {
	t.Helper()
	te := newTeamEnv(t, db)
	te.opts.Deps.Access = account.NewAccess(db.Access(), te.clk, account.SessionPolicy{})
	te.restart(t)
	return te
}

type sessionsBody struct {
	Data []account.SessionInfo
}

// The Team tab lists a member's live sessions with their browser and address, ends one (its next
// request is a 401, the member's other session goes on) and then all; an ADMIN cannot reach a
// SUPERADMIN's sessions; each end is in the audit log.
func TestTeamEndsAMembersSessions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		te := newAccessEnv(t, db)
		second := te.login(t, "desk@example.com", password, "User-Agent", "Counter tablet", "X-Forwarded-For", "203.0.113.9")
		adm := bearer(te.adminTok)

		res := te.api.Do("GET", te.member(te.desk)+"/sessions"+te.q(), nil, adm...)
		var list sessionsBody
		res.JSON(t, &list)
		if res.Status != http.StatusOK || len(list.Data) != 2 {
			t.Fatalf("sessions: %d %s; want the member's 2", res.Status, res.Body)
		}
		tablet := list.Data[0] // newest first
		if tablet.UserAgent != "Counter tablet" || tablet.Address != "203.0.113.9" || tablet.Current {
			t.Errorf("newest session %+v: want the tablet's browser and address, not the caller's own", tablet)
		}

		// One ended: that session's next request is a 401, the other still works.
		if res := te.api.Do("DELETE", fmt.Sprintf("%s/sessions/%d%s", te.member(te.desk), tablet.ID, te.q()), nil, adm...); res.Status != http.StatusNoContent {
			t.Fatalf("end one: %d %s", res.Status, res.Body)
		}
		if res := te.api.Do("GET", "/api/users/me", nil, bearer(second)...); res.Status != http.StatusUnauthorized {
			t.Errorf("the ended session's next request: %d, want 401", res.Status)
		}
		if res := te.api.Do("GET", "/api/users/me", nil, bearer(te.dTk)...); res.Status != http.StatusOK {
			t.Errorf("the member's other session: %d, want 200", res.Status)
		}
		if res := te.api.Do("DELETE", fmt.Sprintf("%s/sessions/%d%s", te.member(te.desk), tablet.ID, te.q()), nil, adm...); res.Status != http.StatusNotFound {
			t.Errorf("ending it again: %d, want 404", res.Status)
		}

		// An ADMIN does not reach a SUPERADMIN's sessions; a DESK does not reach the call at all.
		if res := te.api.Do("GET", te.member(te.super)+"/sessions"+te.q(), nil, adm...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN listing a SUPERADMIN's sessions: %d, want 403", res.Status)
		}
		if res := te.api.Do("DELETE", te.member(te.super)+"/sessions"+te.q(), nil, adm...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN ending a SUPERADMIN's sessions: %d, want 403", res.Status)
		}
		if res := te.api.Do("GET", te.member(te.admin1)+"/sessions"+te.q(), nil, bearer(te.dTk)...); res.Status != http.StatusForbidden {
			t.Errorf("DESK listing sessions: %d, want 403", res.Status)
		}

		// All ended.
		res = te.api.Do("DELETE", te.member(te.desk)+"/sessions"+te.q(), nil, adm...)
		var ended struct{ Ended int64 }
		res.JSON(t, &ended)
		if res.Status != http.StatusOK || ended.Ended != 1 {
			t.Errorf("end all: %d %s; want 1 ended", res.Status, res.Body)
		}
		if res := te.api.Do("GET", "/api/users/me", nil, bearer(te.dTk)...); res.Status != http.StatusUnauthorized {
			t.Errorf("after end all: %d, want 401", res.Status)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action IN ('team.end_session', 'team.end_sessions')
			AND entity_id = ?`, te.a, fmt.Sprint(te.desk)); n != 2 {
			t.Errorf("%d audit entries of ended sessions, want 2", n)
		}
	})
}

// My account lists the user's own sessions with the current one marked, ends the others and ends the
// current one (which signs out); an API token is refused there.
func TestMySessions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		te := newAccessEnv(t, db)
		other := te.login(t, "admin1@example.com", password, "User-Agent", "Phone")
		mine := bearer(te.adminTok)
		res := te.api.Do("GET", "/api/users/me/sessions", nil, mine...)
		var list sessionsBody
		res.JSON(t, &list)
		if res.Status != http.StatusOK || len(list.Data) != 2 {
			t.Fatalf("my sessions: %d %s", res.Status, res.Body)
		}
		current := 0
		for _, s := range list.Data {
			if s.Current {
				current++
			}
		}
		if current != 1 || list.Data[0].Current {
			t.Errorf("sessions %+v: want the older one (this request's) marked current, once", list.Data)
		}
		// A cookie write needs this site's Origin, as every cookie write.
		if res := te.api.Do("DELETE", "/api/users/me/sessions", nil, cookie(te.adminTok)...); res.Status != http.StatusForbidden {
			t.Errorf("cookie DELETE without Origin: %d, want 403", res.Status)
		}
		res = te.api.Do("DELETE", "/api/users/me/sessions", nil, append(cookie(te.adminTok), "Origin", origin)...)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"ended":1`) {
			t.Fatalf("end my others: %d %s", res.Status, res.Body)
		}
		if res := te.api.Do("GET", "/api/users/me", nil, bearer(other)...); res.Status != http.StatusUnauthorized {
			t.Errorf("the other session: %d, want 401", res.Status)
		}
		res = te.api.Do("DELETE", fmt.Sprintf("/api/users/me/sessions/%d", list.Data[1].ID), nil, append(cookie(te.adminTok), "Origin", origin)...)
		if res.Status != http.StatusNoContent || setCookie(t, res).MaxAge >= 0 {
			t.Errorf("end my current session: %d, cookie %v; want 204 clearing the cookie", res.Status, res.Header.Values("Set-Cookie"))
		}
		if res := te.api.Do("GET", "/api/users/me", nil, mine...); res.Status != http.StatusUnauthorized {
			t.Errorf("after ending my current session: %d, want 401", res.Status)
		}
	})
}

// A personal API token: created by an ADMIN (shown once, stored hashed, no role above the creator's),
// used as a bearer token with no Origin on its company's calls only and within its role, its last use
// shown, capped by the creator's role today, refused on My account, and revoked: its next call is a 401.
func TestAPITokens(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		te := newAccessEnv(t, db)
		other := newCompany(t, db, "Other Karting")
		adm := bearer(te.adminTok)
		create := func(name, role string) (int, string, int64) {
			res := te.api.Do("POST", "/api/admin/api-tokens"+te.q(), map[string]any{"idCompany": te.a, "name": name, "role": role}, adm...)
			var out struct {
				Token  account.APIToken
				Secret string
			}
			if res.Status == http.StatusCreated {
				res.JSON(t, &out)
			}
			return res.Status, out.Secret, out.Token.ID
		}
		if st, _, _ := create("Too high", "SUPERADMIN"); st != http.StatusUnprocessableEntity {
			t.Errorf("ADMIN creating a SUPERADMIN token: %d, want 422", st)
		}
		if st, _, _ := create("  ", "DESK"); st != http.StatusUnprocessableEntity {
			t.Errorf("token without a name: %d, want 422", st)
		}
		st, secret, id := create("Accounting export", "ADMIN")
		if st != http.StatusCreated || !strings.HasPrefix(secret, account.APITokenPrefix) || len(secret) < 40 {
			t.Fatalf("create: %d %q", st, secret)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM api_tokens WHERE token_hash = ?`, account.HashSessionToken(secret)); n != 1 {
			t.Errorf("%d tokens stored under the secret's hash", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM api_tokens WHERE token_hash = ?`, secret); n != 0 {
			t.Error("the secret is stored in clear")
		}
		tok := bearer(secret)

		// Used without any Origin (a program), on its company; a write too.
		if res := te.api.Do("GET", "/api/admin/team"+te.q(), nil, tok...); res.Status != http.StatusOK {
			t.Errorf("token read: %d %s", res.Status, res.Body)
		}
		if res := te.api.Do("POST", "/api/admin/team/invitations"+te.q(), map[string]any{"email": "", "role": "DESK"}, tok...); res.Status != http.StatusUnprocessableEntity {
			t.Errorf("token write without Origin: %d, want past the checks to the form's 422", res.Status)
		}
		// Another company and My account: refused.
		if res := te.api.Do("GET", fmt.Sprintf("/api/admin/company?idCompany=%d", other), nil, tok...); res.Status != http.StatusForbidden {
			t.Errorf("token on another company: %d, want 403", res.Status)
		}
		if res := te.api.Do("GET", "/api/users/me", nil, tok...); res.Status != http.StatusUnauthorized {
			t.Errorf("token on My account: %d, want 401", res.Status)
		}
		// Above its role (SUPERADMIN's event creation): 403.
		if res := te.api.Do("POST", "/api/event/previewTemplate"+te.q(), map[string]any{"idCompany": te.a}, tok...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN token on a SUPERADMIN call: %d, want 403", res.Status)
		}

		// Listed with its last use; the creator's demotion caps it at once.
		te.clk.Advance(2 * time.Minute)
		_ = te.api.Do("GET", "/api/admin/team"+te.q(), nil, tok...)
		res := te.api.Do("GET", "/api/admin/api-tokens"+te.q(), nil, bearer(te.superTok)...)
		var list struct{ Data []account.APIToken }
		res.JSON(t, &list)
		if len(list.Data) != 1 || list.Data[0].Name != "Accounting export" || list.Data[0].LastUsedAt == nil ||
			!list.Data[0].LastUsedAt.Equal(t0.Add(2*time.Minute)) || list.Data[0].CreatedBy != "admin1@example.com" || strings.Contains(string(res.Body), secret) {
			t.Errorf("tokens %s: want the one, its creator, its last use, no secret", res.Body)
		}
		if res := te.api.Do("PUT", te.member(te.admin1)+"/role"+te.q(), map[string]any{"role": "DESK"}, bearer(te.superTok)...); res.Status != http.StatusOK {
			t.Fatalf("demote: %d %s", res.Status, res.Body)
		}
		if res := te.api.Do("GET", "/api/admin/team"+te.q(), nil, tok...); res.Status != http.StatusForbidden {
			t.Errorf("token of a creator demoted to DESK on an ADMIN call: %d, want 403", res.Status)
		}

		// Revoked: its next call is a 401; audited twice.
		if res := te.api.Do("DELETE", fmt.Sprintf("/api/admin/api-tokens/%d%s", id, te.q()), nil, bearer(te.superTok)...); res.Status != http.StatusNoContent {
			t.Fatalf("revoke: %d %s", res.Status, res.Body)
		}
		if res := te.api.Do("GET", "/api/admin/company"+te.q(), nil, tok...); res.Status != http.StatusUnauthorized {
			t.Errorf("revoked token: %d, want 401", res.Status)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action IN ('api_token.create', 'api_token.revoke')`, te.a); n != 2 {
			t.Errorf("%d audit entries of the token, want 2", n)
		}
		if res := te.api.Do("DELETE", fmt.Sprintf("/api/admin/api-tokens/%d?idCompany=%d", id, other), nil, bearer(te.superTok)...); res.Status != http.StatusForbidden {
			t.Errorf("revoke naming another company: %d, want 403", res.Status)
		}
	})
}
