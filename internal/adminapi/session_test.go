package adminapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestThrottlePerAccountSurvivesRestart(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		a := newCompany(t, db, "A")
		newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleAdmin})
		wrong := map[string]string{"email": "A@example.com", "password": "wrong password"}

		// Five failures from five addresses, a minute apart.
		for i := 1; i <= 5; i++ {
			if res := e.api.Do("POST", "/api/users/adminLogin", wrong, from("198.51.100."+strconv.Itoa(i))...); res.Status != http.StatusUnauthorized {
				t.Fatalf("failure %d: %d %s", i, res.Status, res.Body)
			}
			e.clk.Advance(time.Minute)
		}
		// The account is closed now, even to the right password from a new address, and after a restart.
		e.restart(t)
		rows := count(t, db, `SELECT COUNT(*) FROM login_failures`)
		res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "a@example.com", "password": password}, from("203.0.113.9")...)
		if res.Status != http.StatusTooManyRequests {
			t.Fatalf("sixth attempt: %d %s, want 429", res.Status, res.Body)
		}
		// The first failure (at t0) leaves the 15-minute window at t0+15m; it is t0+5m now.
		if got := res.Header.Get("Retry-After"); got != "600" {
			t.Errorf("Retry-After %q, want 600", got)
		}
		if res.Header.Get("Set-Cookie") != "" {
			t.Error("a throttled sign-in set a cookie")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM login_failures`); n != rows {
			t.Errorf("a refused attempt was recorded: %d rows, before %d", n, rows)
		}

		// When the first failure leaves the window, one attempt is let through: the right password
		// signs in and clears the account's failures.
		e.clk.Advance(10 * time.Minute)
		e.login(t, "a@example.com", password, from("203.0.113.9")...)
		if n := count(t, db, `SELECT COUNT(*) FROM login_failures WHERE scope = 'account'`); n != 0 {
			t.Errorf("%d account failures left after a successful sign-in", n)
		}
		for i := 1; i <= 5; i++ {
			if res := e.api.Do("POST", "/api/users/adminLogin", wrong, from("198.51.100.7")...); res.Status != http.StatusUnauthorized {
				t.Fatalf("failure %d after the reset: %d", i, res.Status)
			}
		}
		if res := e.api.Do("POST", "/api/users/adminLogin", wrong, from("198.51.100.7")...); res.Status != http.StatusTooManyRequests {
			t.Errorf("sixth failure after the reset: %d, want 429", res.Status)
		}
		// Unknown e-mails are throttled alike, so the throttle tells nothing about who exists.
		for i := 1; i <= 5; i++ {
			e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "ghost@example.com", "password": "x"}, from("198.51.100.8")...)
		}
		if res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "ghost@example.com", "password": "x"}, from("198.51.100.8")...); res.Status != http.StatusTooManyRequests {
			t.Errorf("unknown e-mail, sixth attempt: %d, want 429", res.Status)
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
