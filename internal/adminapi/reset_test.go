package adminapi_test

import (
	"context"
	"net/http"
	"regexp"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

var resetLink = regexp.MustCompile(`/reset-password/([A-Za-z0-9_-]{43})`)

// lastResetToken is the token of the newest reset mail to the address, from the outbox.
func lastResetToken(t *testing.T, db *store.DB, to string) string {
	t.Helper()
	var text string
	ctx := context.Background()
	if err := db.Read(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT body_text FROM outbox_emails WHERE to_addr = ? AND kind = 'password_reset' ORDER BY id DESC LIMIT 1`, to).Scan(&text)
	}); err != nil {
		t.Fatalf("no reset mail to %s: %v", to, err)
	}
	m := resetLink.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no reset link in the mail:\n%s", text)
	}
	return m[1]
}

func newResetEnv(t *testing.T, db *store.DB) (*staffEnv, int64) {
	t.Helper()
	e := newStaffEnv(t, db, envOptions{})
	e.opts.Deps.Resets = account.NewResets(db.Resets(), e.clk)
	e.restart(t)
	a := newCompany(t, db, "Alfa Karting")
	newAdmin(t, db, "owner@example.com", map[int64]account.Role{a: account.RoleSuperAdmin})
	return e, a
}

// The whole way of an owner who forgot the password: the same answer for every address, a mail in the
// page's language, a link that sets the password once, every session signed out, the failed sign-ins
// that had locked the owner out forgotten, older links dead, and the audit log told.
func TestPasswordResetLifecycle(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, a := newResetEnv(t, db)
		old := e.login(t, "owner@example.com", password)

		for _, email := range []string{"nobody@example.com", "owner@example.com "} {
			if res := e.api.Do("POST", "/api/users/forgot-password", map[string]string{"email": email, "culture": "es-ES"}); res.Status != http.StatusAccepted {
				t.Fatalf("forgot %q: %d %s", email, res.Status, res.Body)
			}
		}
		if res := e.api.Do("POST", "/api/users/forgot-password", map[string]string{"email": "not an address"}); res.Status != http.StatusUnprocessableEntity {
			t.Errorf("forgot with no address: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'password_reset'`); n != 1 {
			t.Fatalf("%d reset mails, want 1 (none for the unknown address)", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'password_reset' AND to_addr = 'owner@example.com' AND culture = 'es-ES'`); n != 1 {
			t.Error("the reset mail is not in the page's language")
		}
		first := lastResetToken(t, db, "owner@example.com")
		if n := count(t, db, `SELECT COUNT(*) FROM password_resets WHERE token_hash = ?`, first); n != 0 {
			t.Error("the token is stored in clear")
		}
		var info account.ResetInfo
		res := e.api.Do("GET", "/api/password-resets/"+first, nil)
		res.JSON(t, &info)
		if res.Status != http.StatusOK || info.Email != "owner@example.com" || !info.ExpiresAt.Equal(t0.Add(time.Hour)) {
			t.Fatalf("read: %d %s", res.Status, res.Body)
		}

		// Someone else's guesses lock the owner out of this address, until the reset.
		for range 5 {
			e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "owner@example.com", "password": "a wrong guess"}, from("198.51.100.7")...)
		}
		if got := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "owner@example.com", "password": password}, from("198.51.100.7")...).Status; got != http.StatusTooManyRequests {
			t.Fatalf("sign-in after five failures from the address: %d, want 429", got)
		}

		e.clk.Advance(10 * time.Minute)
		e.api.Do("POST", "/api/users/forgot-password", map[string]string{"email": "owner@example.com"})
		second := lastResetToken(t, db, "owner@example.com")
		if second == first {
			t.Fatal("a second request mailed the same link")
		}
		if res := e.api.Do("POST", "/api/password-resets/"+second, map[string]string{"password": "short"}); res.Status != http.StatusUnprocessableEntity || fieldOf(t, res, "password") == "" {
			t.Errorf("short password: %d %s", res.Status, res.Body)
		}
		if got := e.api.Do("GET", "/api/users/me", nil, bearer(old)...).Status; got != http.StatusOK {
			t.Fatalf("a refused reset signed the owner out: %d", got)
		}
		if res := e.api.Do("POST", "/api/password-resets/"+second, map[string]string{"password": "a brand new password"}); res.Status != http.StatusNoContent {
			t.Fatalf("reset: %d %s", res.Status, res.Body)
		}
		if got := e.api.Do("GET", "/api/users/me", nil, bearer(old)...).Status; got != http.StatusUnauthorized {
			t.Errorf("the session from before the reset: %d, want 401", got)
		}
		for _, tok := range []string{second, first} {
			if got := e.api.Do("POST", "/api/password-resets/"+tok, map[string]string{"password": "yet another password"}).Status; got != http.StatusNotFound {
				t.Errorf("a link after the reset: %d, want 404", got)
			}
		}
		if got := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "owner@example.com", "password": password}).Status; got == http.StatusOK {
			t.Error("the old password still signs in")
		}
		e.login(t, "owner@example.com", "a brand new password", from("198.51.100.7")...)
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'account.password_reset'`, a); n != 1 {
			t.Errorf("%d audit entries of the reset", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'account.reset_request'`, a); n != 2 {
			t.Errorf("%d audit entries of reset requests, want 2", n)
		}
	})
}

// A link works for an hour; an account gets at most three mails an hour, however often it is asked.
func TestPasswordResetExpiryAndMailLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, _ := newResetEnv(t, db)
		for range 5 {
			if got := e.api.Do("POST", "/api/users/forgot-password", map[string]string{"email": "owner@example.com"}).Status; got != http.StatusAccepted {
				t.Fatalf("forgot: %d", got)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'password_reset'`); n != account.ResetMailsPerHour {
			t.Errorf("%d mails for five requests, want %d", n, account.ResetMailsPerHour)
		}
		tok := lastResetToken(t, db, "owner@example.com")
		e.clk.Advance(time.Hour)
		if got := e.api.Do("GET", "/api/password-resets/"+tok, nil).Status; got != http.StatusGone {
			t.Errorf("read after an hour: %d, want 410", got)
		}
		if got := e.api.Do("POST", "/api/password-resets/"+tok, map[string]string{"password": "a brand new password"}).Status; got != http.StatusGone {
			t.Errorf("reset after an hour: %d, want 410", got)
		}
		e.login(t, "owner@example.com", password)
		e.api.Do("POST", "/api/users/forgot-password", map[string]string{"email": "owner@example.com"})
		if n := count(t, db, `SELECT COUNT(*) FROM outbox_emails WHERE kind = 'password_reset'`); n != account.ResetMailsPerHour+1 {
			t.Errorf("an hour later a request sent %d mails in all, want %d", n, account.ResetMailsPerHour+1)
		}
		if got := e.api.Do("GET", "/api/password-resets/not-a-token", nil).Status; got != http.StatusNotFound {
			t.Errorf("unknown token: %d, want 404", got)
		}
	})
}
