package adminapi_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/httpx"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// setCookie parses the response's staff cookie (by its name over http or behind https).
func setCookie(t *testing.T, res *apitest.Response) *http.Cookie {
	t.Helper()
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == adminapi.CookieName || c.Name == httpx.StaffCookieName(true) {
			return c
		}
	}
	t.Fatalf("no %s cookie in %v", adminapi.CookieName, res.Header.Values("Set-Cookie"))
	return nil
}

func TestLoginSetsSessionCookieAndListsCompaniesByName(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		beta, alpha, other := newCompany(t, db, "beta Raceway"), newCompany(t, db, "Alpha Karts"), newCompany(t, db, "Other")
		newAdmin(t, db, "Boss@Example.com", map[int64]account.Role{beta: account.RoleSuperAdmin, alpha: account.RoleAdmin})
		newAdmin(t, db, "someone@example.com", map[int64]account.Role{other: account.RoleAdmin})

		res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "  boss@EXAMPLE.com ", "password": password})
		if res.Status != http.StatusOK {
			t.Fatalf("login: %d %s", res.Status, res.Body)
		}
		var out struct {
			Token     *string
			ExpiresAt time.Time
			User      struct {
				ID          int64
				Email, Name string
			}
			Companies []struct {
				IDCompany   int64
				CompanyName string
				Role        string
			}
		}
		res.JSON(t, &out)
		if len(out.Companies) != 2 || out.Companies[0].IDCompany != alpha || out.Companies[0].Role != "ADMIN" ||
			out.Companies[1].IDCompany != beta || out.Companies[1].Role != "SUPERADMIN" {
			t.Errorf("companies %+v; want Alpha Karts (ADMIN) then beta Raceway (SUPERADMIN) only", out.Companies)
		}
		if out.User.Email != "boss@example.com" || out.User.ID == 0 {
			t.Errorf("user %+v", out.User)
		}
		if !out.ExpiresAt.Equal(t0.Add(account.DefaultSessionMax)) {
			t.Errorf("expiresAt %v, want sign-in + 12h", out.ExpiresAt)
		}
		// The token lives only in the HttpOnly cookie: no page script can read it from the answer.
		if out.Token != nil || strings.Contains(string(res.Body), "token") {
			t.Errorf("the sign-in answer carries a token: %s", res.Body)
		}
		c := setCookie(t, res)
		token := c.Value
		// At least 128 random bits, and only its hash is stored.
		if len(token) < 22 {
			t.Errorf("token %q is too short", token)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM admin_sessions WHERE token_hash = ?`, account.HashSessionToken(token)); n != 1 {
			t.Errorf("%d sessions stored under the token's hash", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM admin_sessions WHERE token_hash = ?`, token); n != 0 {
			t.Error("the token is stored in clear")
		}
		if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" || c.Secure {
			t.Errorf("cookie %+v: want the token, HttpOnly, SameSite=Strict, Path=/, not Secure over http", c)
		}
		if !c.Expires.Equal(out.ExpiresAt) {
			t.Errorf("cookie expires %v, want %v", c.Expires, out.ExpiresAt)
		}

		// The cookie and the bearer token both open the session.
		for name, h := range map[string][]string{"cookie": cookie(token), "bearer": bearer(token)} {
			me := e.api.Do("GET", "/api/users/me", nil, h...)
			if me.Status != http.StatusOK || !strings.Contains(string(me.Body), `"companyName":"Alpha Karts"`) {
				t.Errorf("me with the %s: %d %s", name, me.Status, me.Body)
			}
		}
		if me := e.api.Do("GET", "/api/users/me", nil); me.Status != http.StatusUnauthorized {
			t.Errorf("me without a session: %d", me.Status)
		}
		if me := e.api.Do("GET", "/api/users/me", nil, bearer(token+"x")...); me.Status != http.StatusUnauthorized {
			t.Errorf("me with a wrong token: %d", me.Status)
		}
	})
}

func TestSecureCookieWhenConfigured(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	e := newStaffEnv(t, db, envOptions{Secure: true})
	newAdmin(t, db, "a@example.com", map[int64]account.Role{newCompany(t, db, "A"): account.RoleAdmin})
	res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": "a@example.com", "password": password})
	c := setCookie(t, res)
	if !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
		t.Errorf("cookie %+v: want Secure, HttpOnly, SameSite=Strict behind https", c)
	}
	// The __Host- prefix: browsers take the cookie only Secure, for the whole host, without a Domain.
	if c.Name != "__Host-pitlane_staff" || c.Path != "/" || c.Domain != "" {
		t.Errorf("cookie %q path %q domain %q: want __Host-pitlane_staff for / and no Domain", c.Name, c.Path, c.Domain)
	}
	write := func(name, origin string) int {
		req, _ := http.NewRequest("POST", "https://example.com/api/users/logout", nil)
		req.AddCookie(&http.Cookie{Name: name, Value: c.Value})
		req.Header.Set("Origin", origin)
		rec := newRecorder()
		e.h.ServeHTTP(rec, req)
		return rec.Code
	}
	// Behind https a page served over plain http on the same host is another origin.
	if got := write(c.Name, "http://example.com"); got != http.StatusForbidden {
		t.Errorf("cookie write from http://example.com behind https: %d, want 403", got)
	}
	me := func(name string) int {
		req, _ := http.NewRequest("GET", "https://example.com/api/users/me", nil)
		req.AddCookie(&http.Cookie{Name: name, Value: c.Value})
		rec := newRecorder()
		e.h.ServeHTTP(rec, req)
		return rec.Code
	}
	if got := me("pitlane_staff"); got != http.StatusUnauthorized {
		t.Errorf("the session under the plain name behind https: %d, want 401 (only the __Host- cookie counts)", got)
	}
	if got := me(c.Name); got != http.StatusOK {
		t.Errorf("the session under its __Host- name: %d, want 200", got)
	}
	if got := write(c.Name, "https://example.com"); got != http.StatusNoContent {
		t.Errorf("sign-out from https://example.com: %d, want 204", got)
	}
}

// Unknown e-mail, wrong password and a user without a company get one answer; malformed is 400.
func TestFailedLoginsLookTheSame(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		a := newCompany(t, db, "A")
		newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleAdmin})
		newAdmin(t, db, "gone@example.com", map[int64]account.Role{a: account.RoleAdmin})
		execSQL(t, db, `DELETE FROM memberships WHERE user_id = (SELECT id FROM admin_users WHERE email = 'gone@example.com')`)

		bodies := map[string]string{}
		for name, creds := range map[string][2]string{
			"wrong password":  {"a@example.com", password + "!"},
			"unknown e-mail":  {"nobody@example.com", password},
			"no company left": {"gone@example.com", password},
		} {
			res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": creds[0], "password": creds[1]}, from("198.51.100."+strconv.Itoa(len(bodies)+1))...)
			if res.Status != http.StatusUnauthorized || res.Header.Get("Set-Cookie") != "" {
				t.Errorf("%s: %d %s (cookie %q)", name, res.Status, res.Body, res.Header.Get("Set-Cookie"))
			}
			var body struct{ Code, Message string }
			res.JSON(t, &body)
			bodies[name] = body.Code + "|" + body.Message
		}
		if bodies["wrong password"] != bodies["unknown e-mail"] || bodies["wrong password"] != bodies["no company left"] {
			t.Errorf("answers differ: %v", bodies)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM admin_sessions`); n != 0 {
			t.Errorf("failed sign-ins made %d sessions", n)
		}
		for _, body := range []any{`{"email":"a@example.com"}`, `{"email":"","password":"x"}`, `{"email":"a@example.com","password":"x","extra":1}`, `not json`} {
			if res := e.api.Do("POST", "/api/users/adminLogin", body); res.Status != http.StatusBadRequest {
				t.Errorf("%s: %d, want 400", body, res.Status)
			}
		}
	})
}

// `pitlane admin create` makes users through account.Service: such a user can sign in.
func TestCreatedAdminSignsIn(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	e := newStaffEnv(t, db, envOptions{})
	id := newCompany(t, db, "Circuit")
	svc := account.NewService(db.Admins(), e.clk)
	pw := account.GeneratePassword()
	if err := svc.CreateAdmin(t.Context(), "New.Admin@Example.com", "New Admin", pw, id, "SUPERADMIN"); err != nil {
		t.Fatal(err)
	}
	token := e.login(t, "new.admin@example.com", pw)
	res := e.api.Do("GET", "/api/admin/company?idCompany="+strconv.FormatInt(id, 10), nil, bearer(token)...)
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"role":"SUPERADMIN"`) {
		t.Errorf("company header: %d %s", res.Status, res.Body)
	}
}
