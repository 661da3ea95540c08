package adminapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Wrong current passwords are throttled per user: after five in 15 minutes the check is refused with
// 429 and Retry-After without looking at the password (not even a right one), on both calls that need it;
// a right one before that clears the count.
func TestCurrentPasswordIsThrottled(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newSettingsEnv(t, db)
		h := append(bearer(s.token), "Origin", origin)
		change := func(current string) *apitest.Response {
			return s.api.Do("POST", "/api/users/changePassword", map[string]string{"currentPassword": current, "newPassword": "a brand new password"}, h...)
		}
		email := func(current string) *apitest.Response {
			return s.api.Do("PUT", "/api/users/me", map[string]string{"name": "Ana", "email": "ana@example.com", "currentPassword": current}, h...)
		}
		// Four wrong, then the right one with a too short new password: the count is cleared.
		for i := 0; i < 4; i++ {
			if res := change("wrong guess " + strconv.Itoa(i)); res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("wrong %d: %d %s", i, res.Status, res.Body)
			}
		}
		if res := s.api.Do("POST", "/api/users/changePassword", map[string]string{"currentPassword": password, "newPassword": "short"}, h...); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "newPassword") {
			t.Fatalf("right current, short new: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM login_failures WHERE scope = 'reauth'`); n != 0 {
			t.Errorf("%d wrong current passwords left after a right one", n)
		}
		// Five wrong ones, a minute apart, across both calls: the sixth check is refused, even the right password.
		for i := 0; i < 5; i++ {
			call := change
			if i%2 == 1 {
				call = email
			}
			if res := call("wrong guess " + strconv.Itoa(i)); res.Status != http.StatusUnprocessableEntity {
				t.Fatalf("wrong %d: %d %s", i, res.Status, res.Body)
			}
			s.clk.Advance(time.Minute)
		}
		for name, call := range map[string]func(string) *apitest.Response{"password change": change, "e-mail change": email} {
			res := call(password)
			if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "600" {
				t.Errorf("%s with the right password after five wrong: %d, Retry-After %q; want 429 after 600 s", name, res.Status, res.Header.Get("Retry-After"))
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM login_failures WHERE scope = 'reauth'`); n != 5 {
			t.Errorf("%d wrong current passwords recorded, want 5 (refused checks count nothing)", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM admin_users WHERE email = 'ana@example.com'`); n != 0 {
			t.Error("a refused e-mail change was saved")
		}
		// When the first wrong one leaves the window, the right password works again.
		s.clk.Advance(10 * time.Minute)
		if res := change(password); res.Status != http.StatusOK {
			t.Fatalf("after the window: %d %s", res.Status, res.Body)
		}
	})
}

func TestMyAccount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newSettingsEnv(t, db)
		other := s.login(t, "staff@example.com", password) // a second device
		h := append(bearer(s.token), "Origin", origin)
		for _, path := range []string{"/api/users/changePassword", "/api/users/me"} {
			method := map[string]string{"/api/users/me": "PUT"}[path]
			if method == "" {
				method = "POST"
			}
			if res := s.api.Do(method, path, map[string]string{"name": "X", "email": "x@example.com"}); res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s without a session: %d, want 401", method, path, res.Status)
			}
		}

		res := s.api.Do("POST", "/api/users/changePassword", map[string]string{"currentPassword": "wrong password!", "newPassword": "a brand new password"}, h...)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "currentPassword") {
			t.Fatalf("wrong current: %d %s", res.Status, res.Body)
		}
		res = s.api.Do("POST", "/api/users/changePassword", map[string]string{"currentPassword": password, "newPassword": "short"}, h...)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "newPassword") {
			t.Fatalf("short new: %d %s", res.Status, res.Body)
		}
		if got := s.api.Do("GET", "/api/users/me", nil, bearer(other)...).Status; got != http.StatusOK {
			t.Fatalf("refused changes signed the other device out: %d", got)
		}
		res = s.api.Do("POST", "/api/users/changePassword", map[string]string{"currentPassword": password, "newPassword": "a brand new password"}, h...)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"otherSessionsSignedOut":1`) {
			t.Fatalf("change: %d %s", res.Status, res.Body)
		}
		if got := s.api.Do("GET", "/api/users/me", nil, bearer(other)...).Status; got != http.StatusUnauthorized {
			t.Errorf("the other device after the change: %d, want 401", got)
		}
		if got := s.api.Do("GET", "/api/users/me", nil, bearer(s.token)...).Status; got != http.StatusOK {
			t.Errorf("this device after the change: %d, want 200", got)
		}
		s.login(t, "staff@example.com", "a brand new password")

		// Name and e-mail: a new e-mail needs the current password; a taken one is a conflict.
		newAdmin(t, db, "taken@example.com", map[int64]account.Role{s.other.CompanyID: account.RoleAdmin})
		res = s.api.Do("PUT", "/api/users/me", map[string]string{"name": "Ana Staff", "email": "ana@example.com"}, h...)
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("new e-mail without the password: %d", res.Status)
		}
		res = s.api.Do("PUT", "/api/users/me", map[string]string{"name": "Ana", "email": "taken@example.com", "currentPassword": "a brand new password"}, h...)
		if res.Status != http.StatusConflict {
			t.Errorf("taken e-mail: %d %s", res.Status, res.Body)
		}
		res = s.api.Do("PUT", "/api/users/me", map[string]string{"name": "Ana Staff", "email": "Ana@Example.com", "currentPassword": "a brand new password"}, h...)
		if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"email":"ana@example.com"`) || !strings.Contains(string(res.Body), "Ana Staff") {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		s.login(t, "ana@example.com", "a brand new password")
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action IN ('account.update', 'account.password')`, s.fix.CompanyID); n != 2 {
			t.Errorf("%d account audit entries, want 2", n)
		}
	})
}
