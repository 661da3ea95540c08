package adminapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// challenge is the password step's answer when a second step is needed.
type challenge struct {
	SecondFactor string
	Challenge    string
	TotpSecret   string
	OtpauthUri   string
	Token        string
}

func newSecondFactorEnv(t *testing.T, db *store.DB) (*staffEnv, int64) {
	t.Helper()
	e := newStaffEnv(t, db, envOptions{})
	e.opts.Deps.SecondFactors = account.NewSecondFactors(db.SecondFactor(), account.NewProfiles(db.Profiles(), e.clk), e.clk)
	e.opts.Deps.Account = account.NewProfiles(db.Profiles(), e.clk)
	e.restart(t)
	a := newCompany(t, db, "Alfa Karting")
	newAdmin(t, db, "owner@example.com", map[int64]account.Role{a: account.RoleSuperAdmin})
	return e, a
}

// passwordStep signs in with the password and returns the answer, which must be a challenge.
func (e *staffEnv) passwordStep(t *testing.T, email, kind string, headers ...string) challenge {
	t.Helper()
	res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": email, "password": password}, headers...)
	var c challenge
	res.JSON(t, &c)
	if res.Status != http.StatusOK || c.SecondFactor != kind || c.Challenge == "" || c.Token != "" {
		t.Fatalf("password step of %s: %d %s; want a %q challenge and no session", email, res.Status, res.Body, kind)
	}
	if ck := res.Header.Get("Set-Cookie"); ck != "" {
		t.Fatalf("the password alone set a cookie: %s", ck)
	}
	return c
}

// code is the authenticator's code of secret now.
func (e *staffEnv) code(t *testing.T, secret string) string {
	t.Helper()
	c, err := account.TOTPCode(secret, e.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// wrongCode is six digits that are not the code of secret now or of the steps beside it.
func (e *staffEnv) wrongCode(t *testing.T, secret string) string {
	t.Helper()
	bad := map[string]bool{}
	for _, d := range []time.Duration{-30 * time.Second, 0, 30 * time.Second} {
		c, _ := account.TOTPCode(secret, e.clk.Now().Add(d))
		bad[c] = true
	}
	for _, c := range []string{"000000", "111111", "222222", "333333"} {
		if !bad[c] {
			return c
		}
	}
	t.Fatal("no wrong code")
	return ""
}

func (e *staffEnv) secondStep(c challenge, code string, headers ...string) (int, string, []string) {
	res := e.api.Do("POST", "/api/users/adminLogin/second-factor", map[string]string{"challenge": c.Challenge, "code": code}, headers...)
	var out struct {
		Token         string
		RecoveryCodes []string
	}
	_ = json.Unmarshal(res.Body, &out)
	if out.Token != "" {
		return 0, "", nil // the session token is the HttpOnly cookie's alone: an answer carrying it fails the caller
	}
	// The session is the cookie the answer sets (the token is never in the JSON).
	token := ""
	for _, ck := range (&http.Response{Header: res.Header}).Cookies() {
		if ck.Name == adminapi.CookieName && ck.Value != "" {
			token = ck.Value
		}
	}
	return res.Status, token, out.RecoveryCodes
}

// An owner enrols a TOTP authenticator in My account with a code computed here, then signs in: the
// password alone gives no session, a wrong code is refused, the right one signs in once (a code is
// not used twice), a recovery code works once, and disabling needs the password and a code. The
// audit log tells each step.
func TestSecondFactorEnrolSignInRecoveryDisable(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, a := newSecondFactorEnv(t, db)
		tok := e.login(t, "owner@example.com", password)
		res := e.api.Do("GET", "/api/users/me/second-factor", nil, bearer(tok)...)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"enabled":false`) {
			t.Fatalf("status before: %d %s", res.Status, res.Body)
		}
		res = e.api.Do("POST", "/api/users/me/second-factor/setup", nil, bearer(tok)...)
		var setup struct{ Secret, OtpauthUri string }
		res.JSON(t, &setup)
		if res.Status != http.StatusOK || len(setup.Secret) < 32 || !strings.HasPrefix(setup.OtpauthUri, "otpauth://totp/Pitlane:owner@example.com?") ||
			!strings.Contains(setup.OtpauthUri, "secret="+setup.Secret) {
			t.Fatalf("setup: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/users/me/second-factor/confirm", map[string]string{"code": e.wrongCode(t, setup.Secret)}, bearer(tok)...); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("confirm with a wrong code: %d %s", res.Status, res.Body)
		}
		// Until confirmed, nothing changed: the password alone still signs in.
		_ = e.login(t, "owner@example.com", password)
		res = e.api.Do("POST", "/api/users/me/second-factor/confirm", map[string]string{"code": e.code(t, setup.Secret)}, bearer(tok)...)
		var conf struct{ RecoveryCodes []string }
		res.JSON(t, &conf)
		if res.Status != http.StatusOK || len(conf.RecoveryCodes) != 10 {
			t.Fatalf("confirm: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM totp_recovery_codes WHERE code_hash = ?`, conf.RecoveryCodes[0]); n != 0 {
			t.Error("a recovery code is stored in clear")
		}
		if res := e.api.Do("POST", "/api/users/me/second-factor/setup", nil, bearer(tok)...); res.Status != http.StatusConflict {
			t.Errorf("a second setup: %d", res.Status)
		}

		// Sign-in: the password gives a challenge, not a session.
		e.clk.Advance(time.Minute)
		c := e.passwordStep(t, "owner@example.com", account.ChallengeTOTP)
		if st, tk, _ := e.secondStep(c, e.wrongCode(t, setup.Secret)); st != http.StatusUnprocessableEntity || tk != "" {
			t.Fatalf("wrong code: %d", st)
		}
		good := e.code(t, setup.Secret)
		st, signed, _ := e.secondStep(c, good)
		if st != http.StatusOK || signed == "" {
			t.Fatalf("right code: %d", st)
		}
		if res := e.api.Do("GET", "/api/users/me", nil, bearer(signed)...); res.Status != http.StatusOK {
			t.Fatalf("the session of the second step: %d", res.Status)
		}
		if st, _, _ := e.secondStep(c, good); st != http.StatusUnauthorized {
			t.Errorf("a used challenge: %d, want 401", st)
		}
		// The same code in a new sign-in within its 30 seconds: used already.
		c = e.passwordStep(t, "owner@example.com", account.ChallengeTOTP)
		if st, _, _ := e.secondStep(c, good); st != http.StatusUnprocessableEntity {
			t.Errorf("a replayed code: %d, want 422", st)
		}
		e.clk.Advance(30 * time.Second)
		if st, _, _ := e.secondStep(c, e.code(t, setup.Secret)); st != http.StatusOK {
			t.Errorf("the next step's code: %d", st)
		}
		// A challenge lasts five minutes.
		c = e.passwordStep(t, "owner@example.com", account.ChallengeTOTP)
		e.clk.Advance(account.ChallengeTTL + time.Second)
		if st, _, _ := e.secondStep(c, e.code(t, setup.Secret)); st != http.StatusUnauthorized {
			t.Errorf("an expired challenge: %d, want 401", st)
		}

		// A recovery code, typed with spaces and in capitals, works once.
		c = e.passwordStep(t, "owner@example.com", account.ChallengeTOTP)
		typed := strings.ToUpper(strings.ReplaceAll(conf.RecoveryCodes[3], "-", " "))
		if st, tk, _ := e.secondStep(c, typed); st != http.StatusOK || tk == "" {
			t.Fatalf("recovery code: %d", st)
		}
		c = e.passwordStep(t, "owner@example.com", account.ChallengeTOTP)
		if st, _, _ := e.secondStep(c, conf.RecoveryCodes[3]); st != http.StatusUnprocessableEntity {
			t.Errorf("a used recovery code: %d, want 422", st)
		}
		res = e.api.Do("GET", "/api/users/me/second-factor", nil, bearer(tok)...)
		if !strings.Contains(string(res.Body), `"recoveryCodesLeft":9`) || !strings.Contains(string(res.Body), `"enabled":true`) {
			t.Errorf("status after a recovery code: %s", res.Body)
		}

		// Disable: the password and a code.
		e.clk.Advance(time.Minute)
		if res := e.api.Do("POST", "/api/users/me/second-factor/disable", map[string]string{"currentPassword": "not the password", "code": e.code(t, setup.Secret)}, bearer(tok)...); res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "currentPassword") == "" {
			t.Errorf("disable with a wrong password: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/users/me/second-factor/disable", map[string]string{"currentPassword": password, "code": e.wrongCode(t, setup.Secret)}, bearer(tok)...); res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "code") == "" {
			t.Errorf("disable with a wrong code: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/users/me/second-factor/disable", map[string]string{"currentPassword": password, "code": e.code(t, setup.Secret)}, bearer(tok)...); res.Status != http.StatusNoContent {
			t.Fatalf("disable: %d %s", res.Status, res.Body)
		}
		_ = e.login(t, "owner@example.com", password) // the password alone again

		for _, action := range []string{"account.second_factor_enabled", "account.recovery_code_used", "account.second_factor_disabled"} {
			if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = ?`, a, action); n != 1 {
				t.Errorf("%d audit entries %s, want 1", n, action)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'account.login_failed' AND details LIKE '%second_factor%'`, a); n < 2 {
			t.Errorf("%d failed second steps in the audit log", n)
		}
	})
}

// Wrong codes are throttled like wrong passwords: from one address, the password step and four wrong
// codes reach the pair's limit and the right code then waits (429).
func TestSecondFactorCodesAreThrottled(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newSecondFactorEnv(t, db)
		tok := e.login(t, "owner@example.com", password, from("203.0.113.9")...)
		res := e.api.Do("POST", "/api/users/me/second-factor/setup", nil, bearer(tok)...)
		var setup struct{ Secret string }
		res.JSON(t, &setup)
		if res := e.api.Do("POST", "/api/users/me/second-factor/confirm", map[string]string{"code": e.code(t, setup.Secret)}, bearer(tok)...); res.Status != http.StatusOK {
			t.Fatalf("confirm: %d", res.Status)
		}
		c := e.passwordStep(t, "owner@example.com", account.ChallengeTOTP, from("198.51.100.4")...)
		for i := 0; i < 4; i++ {
			if st, _, _ := e.secondStep(c, e.wrongCode(t, setup.Secret), from("198.51.100.4")...); st != http.StatusUnprocessableEntity {
				t.Fatalf("wrong code %d: %d", i+1, st)
			}
		}
		if st, _, _ := e.secondStep(c, e.code(t, setup.Secret), from("198.51.100.4")...); st != http.StatusTooManyRequests {
			t.Errorf("after four wrong codes: %d, want 429", st)
		}
	})
}

// The company switch: only a SUPERADMIN turns it on; then a member without a second factor is sent to
// enrol after the password (no session until a code confirms it) and gets recovery codes; the next
// sign-in asks for the code.
func TestSecondFactorRequiredByTheCompany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, a := newSecondFactorEnv(t, db)
		newAdmin(t, db, "admin@example.com", map[int64]account.Role{a: account.RoleAdmin})
		newAdmin(t, db, "desk@example.com", map[int64]account.Role{a: account.RoleDesk})
		q := "?idCompany=" + itoa(a)
		owner, admin := e.login(t, "owner@example.com", password), e.login(t, "admin@example.com", password)
		if res := e.api.Do("PUT", "/api/admin/team/second-factor"+q, map[string]bool{"required": true}, bearer(admin)...); res.Status != http.StatusForbidden {
			t.Fatalf("an ADMIN turns the switch on: %d", res.Status)
		}
		if res := e.api.Do("PUT", "/api/admin/team/second-factor"+q, map[string]bool{"required": true}, bearer(owner)...); res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"required":true`) {
			t.Fatalf("the SUPERADMIN turns it on: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("GET", "/api/admin/team/second-factor"+q, nil, bearer(admin)...); !strings.Contains(string(res.Body), `"required":true`) {
			t.Errorf("the switch as an ADMIN reads it: %s", res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'company.second_factor_required'`, a); n != 1 {
			t.Errorf("%d audit entries of the switch", n)
		}

		c := e.passwordStep(t, "desk@example.com", account.ChallengeEnrol)
		if len(c.TotpSecret) < 32 || !strings.Contains(c.OtpauthUri, c.TotpSecret) {
			t.Fatalf("the enrolment shows no secret: %+v", c)
		}
		if st, _, _ := e.secondStep(c, e.wrongCode(t, c.TotpSecret)); st != http.StatusUnprocessableEntity {
			t.Errorf("enrol with a wrong code: %d", st)
		}
		st, tk, codes := e.secondStep(c, e.code(t, c.TotpSecret))
		if st != http.StatusOK || tk == "" || len(codes) != 10 {
			t.Fatalf("enrol: %d, %d recovery codes", st, len(codes))
		}
		e.clk.Advance(30 * time.Second)
		c2 := e.passwordStep(t, "desk@example.com", account.ChallengeTOTP)
		if st, _, _ := e.secondStep(c2, e.code(t, c.TotpSecret)); st != http.StatusOK {
			t.Errorf("the next sign-in with the code: %d", st)
		}
		// Off again: the others sign in with their password alone.
		if res := e.api.Do("PUT", "/api/admin/team/second-factor"+q, map[string]bool{"required": false}, bearer(owner)...); res.Status != http.StatusOK {
			t.Fatalf("off: %d", res.Status)
		}
		_ = e.login(t, "admin@example.com", password)
	})
}

// A weak password is refused on every path that sets one, with a field error the web app shows; a
// long passphrase is accepted.
func TestWeakPasswordsRefusedOnEveryPath(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, a := newSecondFactorEnv(t, db)
		e.opts.Deps.Resets = account.NewResets(db.Resets(), e.clk)
		e.opts.Deps.Team = account.NewTeamService(db.Team(), e.clk)
		e.restart(t)
		weak := []string{"password1234", "123456789012"}

		svc := account.NewService(db.Admins(), clock.NewManual(t0))
		for _, pw := range append(weak, "new@example.com") { // the user's own e-mail counts against it
			err := svc.CreateAdmin(t.Context(), "new@example.com", "New", pw, a, "ADMIN")
			var ae *apperr.Error
			if !asErr(err, &ae) || ae.Code != apperr.Unprocessable || ae.Fields["password"] == "" {
				t.Errorf("admin create with %q: %v", pw, err)
			}
		}

		tok := e.login(t, "owner@example.com", password)
		for _, pw := range append(weak, "owner@example.com") {
			res := e.api.Do("POST", "/api/users/changePassword", map[string]string{"currentPassword": password, "newPassword": pw}, bearer(tok)...)
			if res.Status != http.StatusUnprocessableEntity || !strings.Contains(fieldOf(t, res, "newPassword"), "too easy to guess") {
				t.Errorf("change to %q: %d %s", pw, res.Status, res.Body)
			}
		}

		if res := e.api.Do("POST", "/api/users/forgot-password", map[string]string{"email": "owner@example.com"}); res.Status != http.StatusAccepted {
			t.Fatalf("forgot: %d", res.Status)
		}
		reset := lastResetToken(t, db, "owner@example.com")
		for _, pw := range append(weak, "owner@example.com") {
			if res := e.api.Do("POST", "/api/password-resets/"+reset, map[string]string{"password": pw}); res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "password") == "" {
				t.Errorf("reset to %q: %d %s", pw, res.Status, res.Body)
			}
		}
		const passphrase = "lanterns over the wet chicane"
		if res := e.api.Do("POST", "/api/password-resets/"+reset, map[string]string{"password": passphrase}); res.Status != http.StatusNoContent {
			t.Errorf("reset to a passphrase: %d %s", res.Status, res.Body)
		}

		tok = e.login(t, "owner@example.com", passphrase)
		if res := e.api.Do("POST", "/api/admin/team/invitations?idCompany="+itoa(a), map[string]string{"email": "ana@example.com", "role": "DESK"}, bearer(tok)...); res.Status != http.StatusCreated {
			t.Fatalf("invite: %d %s", res.Status, res.Body)
		}
		inv := lastInviteToken(t, db, "ana@example.com")
		for _, pw := range append(weak, "ana@example.com") {
			if res := e.api.Do("POST", "/api/invitations/"+inv+"/accept", map[string]string{"name": "Ana", "password": pw}); res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "password") == "" {
				t.Errorf("accept with %q: %d %s", pw, res.Status, res.Body)
			}
		}
		if res := e.api.Do("POST", "/api/invitations/"+inv+"/accept", map[string]string{"name": "Ana", "password": passphrase}); res.Status != http.StatusNoContent {
			t.Errorf("accept with a passphrase: %d %s", res.Status, res.Body)
		}
	})
}
