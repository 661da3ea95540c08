package adminapi_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/captcha"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// solve fetches a challenge as the login page does (GET /api/captcha/challenge) and returns the
// widget's payload for it, computed here.
func (e *staffEnv) solve(t *testing.T) string {
	t.Helper()
	res := e.api.Do("GET", "/api/captcha/challenge", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("challenge: %d %s", res.Status, res.Body)
	}
	var c captcha.Challenge
	res.JSON(t, &c)
	payload, err := captcha.Solve(c)
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

// captchaField is the fields.captcha of an error answer.
func captchaField(t *testing.T, res *apitest.Response) string {
	t.Helper()
	var out struct{ Fields map[string]string }
	res.JSON(t, &out)
	return out.Fields["captcha"]
}

// Guesses at the owner's account from one address close that address to the account, and make the
// account ask for the proof of work everywhere, but never refuse the owner's right password from
// their own address: nobody can lock a staff member out.
func TestGuessesFromElsewhereDoNotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		a := newCompany(t, db, "A")
		newAdmin(t, db, "owner@example.com", map[int64]account.Role{a: account.RoleSuperAdmin})
		right := func(extra ...string) map[string]string {
			m := map[string]string{"email": "Owner@example.com", "password": password}
			if len(extra) > 0 {
				m["captcha"] = extra[0]
			}
			return m
		}
		wrong := map[string]string{"email": "owner@example.com", "password": "wrong password"}
		attacker, owner := from("198.51.100.1"), from("203.0.113.9")

		// Five wrong guesses from the attacker's address, a minute apart: the pair is closed.
		for i := 1; i <= 5; i++ {
			if res := e.api.Do("POST", "/api/users/adminLogin", wrong, attacker...); res.Status != http.StatusUnauthorized {
				t.Fatalf("guess %d: %d %s", i, res.Status, res.Body)
			}
			e.clk.Advance(time.Minute)
		}
		res := e.api.Do("POST", "/api/users/adminLogin", right(), attacker...)
		if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "600" {
			t.Fatalf("the right password from the guessing address: %d, Retry-After %q; want 429 after 600 s",
				res.Status, res.Header.Get("Retry-After"))
		}

		// After a restart, the owner from their own address is asked for the captcha, not refused.
		e.restart(t)
		rows := count(t, db, `SELECT COUNT(*) FROM login_failures`)
		res = e.api.Do("POST", "/api/users/adminLogin", right(), owner...)
		if res.Status != http.StatusUnprocessableEntity || captchaField(t, res) != "required" {
			t.Fatalf("the owner without the captcha: %d %s; want 422 captcha required", res.Status, res.Body)
		}
		if res.Header.Get("Set-Cookie") != "" {
			t.Error("a sign-in without the captcha set a cookie")
		}
		res = e.api.Do("POST", "/api/users/adminLogin", right("bm90IGEgcGF5bG9hZA=="), owner...)
		if res.Status != http.StatusUnprocessableEntity || captchaField(t, res) != "invalid" {
			t.Fatalf("a forged payload: %d %s; want 422 captcha invalid", res.Status, res.Body)
		}
		// A wrong password without the captcha is not checked either: same 422, nothing counted.
		if res := e.api.Do("POST", "/api/users/adminLogin", wrong, owner...); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("a wrong password without the captcha: %d, want 422", res.Status)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM login_failures`); n != rows {
			t.Errorf("attempts refused for the captcha were recorded: %d rows, before %d", n, rows)
		}

		// Solved, the owner gets in; the account's and the owner's pair's failures are cleared, the
		// attacker's pair still holds.
		payload := e.solve(t)
		if res := e.api.Do("POST", "/api/users/adminLogin", right(payload), owner...); res.Status != http.StatusOK {
			t.Fatalf("the owner with the captcha: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM login_failures WHERE scope = 'account'`); n != 0 {
			t.Errorf("%d account failures left after the owner's sign-in", n)
		}
		if res := e.api.Do("POST", "/api/users/adminLogin", right(), attacker...); res.Status != http.StatusTooManyRequests {
			t.Errorf("the guessing address after the owner's sign-in: %d, want 429", res.Status)
		}

		// Five failures spread over five addresses ask for the captcha again; the payload already used
		// does not pass a second time, a new one does.
		for i := 1; i <= 5; i++ {
			if res := e.api.Do("POST", "/api/users/adminLogin", wrong, from("198.51.100."+strconv.Itoa(10+i))...); res.Status != http.StatusUnauthorized {
				t.Fatalf("spread guess %d: %d", i, res.Status)
			}
		}
		res = e.api.Do("POST", "/api/users/adminLogin", right(payload), owner...)
		if res.Status != http.StatusUnprocessableEntity || captchaField(t, res) != "already used" {
			t.Fatalf("a payload used twice: %d %s; want 422 captcha already used", res.Status, res.Body)
		}
		// With a solved captcha a wrong password is checked and counted.
		rows = count(t, db, `SELECT COUNT(*) FROM login_failures WHERE scope = 'account'`)
		if res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "owner@example.com", "password": "still wrong", "captcha": e.solve(t)}, owner...); res.Status != http.StatusUnauthorized {
			t.Fatalf("a wrong password with the captcha: %d, want 401", res.Status)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM login_failures WHERE scope = 'account'`); n != rows+1 {
			t.Errorf("a checked wrong password left %d account failures, want %d", n, rows+1)
		}
		if res := e.api.Do("POST", "/api/users/adminLogin", right(e.solve(t)), owner...); res.Status != http.StatusOK {
			t.Fatalf("the owner with a new captcha: %d %s", res.Status, res.Body)
		}

		// Unknown e-mails are asked alike, so the captcha tells nothing about who exists.
		for i := 1; i <= 5; i++ {
			e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "ghost@example.com", "password": "x"}, from("198.51.100."+strconv.Itoa(20+i))...)
		}
		res = e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "ghost@example.com", "password": "x"}, owner...)
		if res.Status != http.StatusUnprocessableEntity || captchaField(t, res) != "required" {
			t.Errorf("unknown e-mail, sixth attempt: %d %s; want 422 captcha required", res.Status, res.Body)
		}
	})
}

func TestThrottlePerAddress(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{Throttle: account.Throttle{PerAccount: 5, PerAddress: 6, Window: 15 * time.Minute}})
		a := newCompany(t, db, "A")
		newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleAdmin})
		// Six accounts guessed once each from one address.
		for i := 0; i < 6; i++ {
			res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "user" + strconv.Itoa(i) + "@example.com", "password": "guess"}, from("198.51.100.1")...)
			if res.Status != http.StatusUnauthorized {
				t.Fatalf("guess %d: %d", i, res.Status)
			}
		}
		e.clk.Advance(2 * time.Minute)
		res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "a@example.com", "password": password}, from("198.51.100.1")...)
		if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "780" {
			t.Errorf("from the guessing address: %d, Retry-After %q; want 429 after 780 s", res.Status, res.Header.Get("Retry-After"))
		}
		// The same account from another address is fine; a success does not reopen the address.
		e.login(t, "a@example.com", password, from("198.51.100.2")...)
		res = e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "a@example.com", "password": password}, from("198.51.100.1")...)
		if res.Status != http.StatusTooManyRequests {
			t.Errorf("the guessing address after another's success: %d, want 429", res.Status)
		}
		// An IPv6 client is one /64.
		for i := 0; i < 6; i++ {
			e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "v6-" + strconv.Itoa(i) + "@example.com", "password": "guess"}, from("2001:db8:1:2::"+strconv.Itoa(i+1))...)
		}
		if res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "a@example.com", "password": password}, from("2001:db8:1:2::99")...); res.Status != http.StatusTooManyRequests {
			t.Errorf("another address of the same /64: %d, want 429", res.Status)
		}
	})
}

func TestSessionIdleAndAbsoluteExpiry(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{Policy: account.SessionPolicy{Idle: 30 * time.Minute, Max: 2 * time.Hour}})
		a := newCompany(t, db, "A")
		newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleAdmin})
		me := func(token string) int { return e.api.Do("GET", "/api/users/me", nil, bearer(token)...).Status }
		lastSeen := func(token string) int64 {
			return count(t, db, `SELECT last_seen_at FROM admin_sessions WHERE token_hash = ?`, account.HashSessionToken(token))
		}

		// Idle: used every 29 minutes it lives on; left alone for 30 minutes it ends.
		idle := e.login(t, "a@example.com", password)
		for i := 0; i < 3; i++ {
			e.clk.Advance(29 * time.Minute)
			if got := me(idle); got != http.StatusOK {
				t.Fatalf("after %d × 29 min of use: %d", i+1, got)
			}
		}
		e.clk.Advance(30 * time.Minute)
		if got := me(idle); got != http.StatusUnauthorized {
			t.Errorf("after 30 idle minutes: %d, want 401", got)
		}

		// Uses within a minute write last_seen_at once.
		busy := e.login(t, "a@example.com", password)
		start := lastSeen(busy)
		e.clk.Advance(30 * time.Second)
		me(busy)
		if lastSeen(busy) != start {
			t.Error("a use 30 s after the last one was written")
		}
		e.clk.Advance(31 * time.Second)
		me(busy)
		if got := lastSeen(busy); got != e.clk.Now().UnixMilli() {
			t.Errorf("last_seen_at %d after a use 61 s later, want %d", got, e.clk.Now().UnixMilli())
		}

		// Absolute: used every 10 minutes, it still ends 2 hours after sign-in.
		e.clk.Advance(time.Hour)
		abs := e.login(t, "a@example.com", password)
		for elapsed := 10 * time.Minute; elapsed < 2*time.Hour; elapsed += 10 * time.Minute {
			e.clk.Advance(10 * time.Minute)
			if got := me(abs); got != http.StatusOK {
				t.Fatalf("at %v: %d", elapsed, got)
			}
		}
		e.clk.Advance(10 * time.Minute)
		if got := me(abs); got != http.StatusUnauthorized {
			t.Errorf("2 h after sign-in: %d, want 401", got)
		}
		// Expired sessions go at housekeeping a day later.
		e.clk.Advance(25 * time.Hour)
		if _, err := e.auth.Housekeep(t.Context()); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM admin_sessions`); n != 0 {
			t.Errorf("%d ended sessions left after housekeeping", n)
		}
	})
}

func TestLogoutRevokesTheSession(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		a := newCompany(t, db, "A")
		newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleAdmin})

		// With the cookie: refused without this site's Origin, and the session stays.
		token := e.login(t, "a@example.com", password)
		for name, h := range map[string][]string{
			"no Origin":       cookie(token),
			"foreign Origin":  append(cookie(token), "Origin", "https://evil.example"),
			"foreign Referer": append(cookie(token), "Referer", "https://evil.example/page"),
		} {
			if res := e.api.Do("POST", "/api/users/logout", nil, h...); res.Status != http.StatusForbidden {
				t.Errorf("logout with %s: %d, want 403", name, res.Status)
			}
		}
		if got := e.api.Do("GET", "/api/users/me", nil, cookie(token)...).Status; got != http.StatusOK {
			t.Fatalf("a refused logout ended the session: %d", got)
		}
		res := e.api.Do("POST", "/api/users/logout", nil, append(cookie(token), "Origin", origin)...)
		if res.Status != http.StatusNoContent {
			t.Fatalf("logout: %d %s", res.Status, res.Body)
		}
		if c := setCookie(t, res); c.MaxAge >= 0 || c.Value != "" || !c.HttpOnly {
			t.Errorf("logout cookie %+v: want it cleared", c)
		}
		for name, h := range map[string][]string{"cookie": cookie(token), "bearer": bearer(token)} {
			if got := e.api.Do("GET", "/api/users/me", nil, h...).Status; got != http.StatusUnauthorized {
				t.Errorf("after logout, me with the %s: %d", name, got)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM admin_sessions WHERE revoked_at IS NOT NULL`); n != 1 {
			t.Errorf("%d revoked sessions, want 1", n)
		}

		// With the bearer token (API clients): no Origin needed.
		token = e.login(t, "a@example.com", password)
		if res := e.api.Do("POST", "/api/users/logout", nil, bearer(token)...); res.Status != http.StatusNoContent {
			t.Fatalf("bearer logout: %d", res.Status)
		}
		if got := e.api.Do("GET", "/api/users/me", nil, bearer(token)...).Status; got != http.StatusUnauthorized {
			t.Errorf("after bearer logout: %d", got)
		}
		// No session at all, or one already ended: still 204.
		if res := e.api.Do("POST", "/api/users/logout", nil); res.Status != http.StatusNoContent {
			t.Errorf("logout without a session: %d", res.Status)
		}
		if res := e.api.Do("POST", "/api/users/logout", nil, bearer(token)...); res.Status != http.StatusNoContent {
			t.Errorf("second logout: %d", res.Status)
		}
	})
}

// A write with the cookie must come from this site's pages; reads and bearer writes need no Origin.
func TestCookieWritesNeedOwnOrigin(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	e := newStaffEnv(t, db, envOptions{})
	a := newCompany(t, db, "A")
	newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleAdmin})
	token := e.login(t, "a@example.com", password)
	body := `{"idCompany":` + strconv.FormatInt(a, 10) + `,"dateIni":"2026-12-01","dateEnd":"2026-12-02"}`
	// Any company-scoped write of the route table will do; the check runs before the handler.
	write := func(headers ...string) int {
		req, _ := http.NewRequest("POST", "http://example.com/api/admin/retrieve-bookings", strings.NewReader(body))
		req.RemoteAddr = proxy + ":1234"
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		rec := newRecorder()
		e.h.ServeHTTP(rec, req)
		return rec.Code
	}
	cases := []struct {
		name    string
		headers []string
		refused bool
	}{
		{"cookie without Origin", cookie(token), true},
		{"cookie from another site", append(cookie(token), "Origin", "https://evil.example"), true},
		{"cookie with a null Origin", append(cookie(token), "Origin", "null"), true},
		{"cookie with another site's Referer", append(cookie(token), "Referer", "https://evil.example/x"), true},
		{"cookie with this site's Origin", append(cookie(token), "Origin", origin), false},
		{"cookie with this site's Referer", append(cookie(token), "Referer", origin+"/admin"), false},
		{"bearer without Origin", bearer(token), false},
	}
	for _, c := range cases {
		got := write(c.headers...)
		if c.refused && got != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", c.name, got)
		}
		if !c.refused && (got == http.StatusForbidden || got == http.StatusUnauthorized) {
			t.Errorf("%s: %d, want it past the session check", c.name, got)
		}
	}
	// A read with the cookie needs no Origin.
	if res := e.api.Do("GET", "/api/admin/company?idCompany="+strconv.FormatInt(a, 10), nil, cookie(token)...); res.Status != http.StatusOK {
		t.Errorf("cookie read without Origin: %d", res.Status)
	}
}

// Sign-in, sign-out and a failed sign-in of a known user are audit events in each of the user's
// companies, naming the account and the client's address; an unknown account's failure has no company
// and writes no entry (it is in the server's log), and attempts refused before any check write none.
func TestSignInsAreAudited(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		a, b := newCompany(t, db, "A"), newCompany(t, db, "B")
		newAdmin(t, db, "ana@example.com", map[int64]account.Role{a: account.RoleAdmin, b: account.RoleSuperAdmin})
		ana := count(t, db, `SELECT id FROM admin_users WHERE email = 'ana@example.com'`)
		entries := func(company int64, action string) []map[string]any {
			t.Helper()
			ctx := t.Context()
			var out []map[string]any
			err := db.Read(ctx, func(tx *store.Tx) error {
				rows, err := tx.Query(ctx, `SELECT user_id, user_email, entity, entity_id, details FROM audit_log
					WHERE company_id = ? AND action = ? ORDER BY id`, company, action)
				if err != nil {
					return err
				}
				defer rows.Close()
				for rows.Next() {
					var user int64
					var email, entity, id, details string
					if err := rows.Scan(&user, &email, &entity, &id, &details); err != nil {
						return err
					}
					var d map[string]any
					if err := json.Unmarshal([]byte(details), &d); err != nil {
						return err
					}
					d["user"], d["email"], d["entity"], d["id"] = user, email, entity, id
					out = append(out, d)
				}
				return rows.Err()
			})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		wantOne := func(action string, check func(d map[string]any) bool) {
			t.Helper()
			for _, c := range []int64{a, b} {
				got := entries(c, action)
				if len(got) != 1 || got[0]["user"] != ana || got[0]["email"] != "ana@example.com" || got[0]["entity"] != "admin_user" ||
					got[0]["id"] != strconv.FormatInt(ana, 10) || !check(got[0]) {
					t.Errorf("company %d, %s: %v; want one entry naming ana", c, action, got)
				}
			}
		}

		// A wrong password: a failed sign-in in both companies, with the address it came from.
		if res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "Ana@example.com", "password": "wrong"}, from("198.51.100.4")...); res.Status != http.StatusUnauthorized {
			t.Fatalf("wrong password: %d", res.Status)
		}
		wantOne("account.login_failed", func(d map[string]any) bool { return d["address"] == "198.51.100.4" && d["reason"] == "password" })

		// A sign-in and its sign-out, with the session's id.
		token := e.login(t, "ana@example.com", password, from("203.0.113.7")...)
		session := count(t, db, `SELECT id FROM admin_sessions WHERE token_hash = ?`, account.HashSessionToken(token))
		wantOne("account.login", func(d map[string]any) bool {
			return d["address"] == "203.0.113.7" && d["sessionId"] == float64(session)
		})
		// Staff read it in the audit log like any other entry.
		res := e.api.Do("GET", "/api/admin/audit?idCompany="+strconv.FormatInt(a, 10), nil, bearer(token)...)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"action":"account.login"`) || !strings.Contains(string(res.Body), `"action":"account.login_failed"`) {
			t.Errorf("company A's audit log: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/users/logout", nil, append(bearer(token), from("203.0.113.8")...)...); res.Status != http.StatusNoContent {
			t.Fatalf("logout: %d", res.Status)
		}
		wantOne("account.logout", func(d map[string]any) bool {
			return d["address"] == "203.0.113.8" && d["sessionId"] == float64(session)
		})
		// Signing out again (the session is already revoked) records nothing more.
		e.api.Do("POST", "/api/users/logout", nil, bearer(token)...)
		wantOne("account.logout", func(map[string]any) bool { return true })

		// An unknown account's failure has no company: no entry anywhere. Nor do attempts refused by the
		// throttle (429) or for the captcha (422), which check nothing.
		before := count(t, db, `SELECT COUNT(*) FROM audit_log`)
		if res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "ghost@example.com", "password": "x"}, from("198.51.100.5")...); res.Status != http.StatusUnauthorized {
			t.Fatalf("unknown account: %d", res.Status)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log`); n != before {
			t.Errorf("an unknown account's failure wrote %d audit entries", n-before)
		}
		for i := 0; i < 5; i++ {
			e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "ana@example.com", "password": "wrong"}, from("198.51.100.9")...)
		}
		failed := len(entries(a, "account.login_failed"))
		if failed != 6 {
			t.Fatalf("%d failed sign-ins in company A's log, want 6", failed)
		}
		for addr, want := range map[string]int{"198.51.100.9": http.StatusTooManyRequests, "198.51.100.6": http.StatusUnprocessableEntity} {
			if res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "ana@example.com", "password": "wrong"}, from(addr)...); res.Status != want {
				t.Fatalf("from %s: %d, want %d", addr, res.Status, want)
			}
		}
		if n := len(entries(a, "account.login_failed")); n != failed {
			t.Errorf("refused attempts wrote %d failed sign-ins", n-failed)
		}
	})
}

// A sign-in ends the session it was sent with: on a shared desk computer the next person's sign-in
// leaves the last one's session dead, and a token planted in the browser gains nothing.
func TestSignInEndsTheSessionItWasSentWith(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	e := newStaffEnv(t, db, envOptions{})
	a := newCompany(t, db, "A")
	newAdmin(t, db, "first@example.com", map[int64]account.Role{a: account.RoleAdmin})
	newAdmin(t, db, "second@example.com", map[int64]account.Role{a: account.RoleAdmin})
	first := e.login(t, "first@example.com", password)
	other := e.login(t, "first@example.com", password) // the same person elsewhere
	second := e.login(t, "second@example.com", password, append(cookie(first), "Origin", origin)...)
	for _, c := range []struct {
		name, token string
		want        int
	}{
		{"the session the sign-in was sent with", first, http.StatusUnauthorized},
		{"the same person's session elsewhere", other, http.StatusOK},
		{"the new session", second, http.StatusOK},
	} {
		if res := e.api.Do("GET", "/api/users/me", nil, bearer(c.token)...); res.Status != c.want {
			t.Errorf("%s: %d, want %d", c.name, res.Status, c.want)
		}
	}
}
