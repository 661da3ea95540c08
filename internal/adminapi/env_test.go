package adminapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/captcha"
	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
)

// t0 is when every test starts: Tuesday 1 December 2026, 09:00 UTC.
var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// proxy is the address requests come from in these tests (httptest's peer): a trusted load balancer,
// so X-Forwarded-For names the client and tests can sign in from several addresses.
const proxy = "192.0.2.1"

// origin is the server's own origin as httptest requests name it (Host example.com).
const origin = "http://example.com"

// staffEnv is the staff API mounted on the customer API's mux as cmd/pitlane does it, over a real
// database, with a manual clock.
type staffEnv struct {
	db      *store.DB
	clk     *clock.Manual
	auth    *account.Auth
	captcha *captcha.Service // the proof of work the sign-in asks for past an account's limit
	h       http.Handler
	api     *apitest.Client
	opts    envOptions
}

// envOptions shapes the environment; zero values take the defaults.
type envOptions struct {
	Secure   bool
	Policy   account.SessionPolicy
	Throttle account.Throttle
	// Services of other areas (nil: their routes answer 503 until they are built).
	Deps adminapi.Deps
	// Customer is the customer API's services besides the staff API (nil: left out).
	Customer func(clk *clock.Manual) httpapi.Deps
}

func newStaffEnv(t testing.TB, db *store.DB, o envOptions) *staffEnv {
	t.Helper()
	e := &staffEnv{db: db, clk: clock.NewManual(t0), opts: o}
	e.restart(t)
	return e
}

// restart builds the services and the handler again over the same database, as a new process would.
func (e *staffEnv) restart(t testing.TB) {
	t.Helper()
	var err error
	e.captcha = captcha.NewService(e.db.Secrets(), e.clk)
	e.auth, err = account.NewAuth(e.db.Staff(), e.clk, account.AuthConfig{Sessions: e.opts.Policy, Throttle: e.opts.Throttle,
		Captcha: e.captcha, SecondFactor: e.db.SecondFactor()})
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	deps := e.opts.Deps
	deps.Logger, deps.Clock, deps.Auth, deps.SecureCookies = logger, e.clk, e.auth, e.opts.Secure
	deps.ClientAddr = httpapi.ClientAddrFunc([]netip.Prefix{netip.MustParsePrefix(proxy + "/32")})
	hd := httpapi.Deps{}
	if e.opts.Customer != nil {
		hd = e.opts.Customer(e.clk)
	}
	hd.Logger, hd.DB, hd.Admin = logger, e.db, adminapi.New(deps)
	if hd.Captcha == nil {
		hd.Captcha = e.captcha // GET /api/captcha/challenge, as cmd/pitlane serves it
	}
	e.h = httpapi.New(hd)
	e.api = apitest.New(t, e.h)
}

// execSQL runs a statement in a write transaction.
func execSQL(t testing.TB, db *store.DB, q string, args ...any) {
	t.Helper()
	ctx := context.Background()
	if err := db.Write(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, q, args...); return err }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// insertID runs an INSERT … RETURNING id.
func insertID(t testing.TB, db *store.DB, q string, args ...any) int64 {
	t.Helper()
	var id int64
	ctx := context.Background()
	if err := db.Write(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return id
}

// count runs a query that returns one integer.
func count(t testing.TB, db *store.DB, q string, args ...any) int64 {
	t.Helper()
	var n int64
	ctx := context.Background()
	if err := db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, args...).Scan(&n) }); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// newCompany inserts a company with the name (its keys derived from it) and returns its id.
func newCompany(t testing.TB, db *store.DB, name string) int64 {
	t.Helper()
	key := strings.ToLower(strings.ReplaceAll(name, " ", "-"))
	return insertID(t, db, `INSERT INTO companies (name, public_key, token, currency, currency_symbol, time_zone, created_at, updated_at)
		VALUES (?, ?, ?, 'EUR', '€', 'Europe/Madrid', 1, 1)`, name, key+"-key", key+"-token")
}

// password is every test user's password.
const password = "correct horse battery staple"

// newAdmin creates a user through account.Service (as `pitlane admin create` does) with a role in each
// company given as id → role.
func newAdmin(t testing.TB, db *store.DB, email string, roles map[int64]account.Role) {
	t.Helper()
	svc := account.NewService(db.Admins(), clock.NewManual(t0))
	for id, role := range roles {
		if err := svc.CreateAdmin(context.Background(), email, "Staff "+email, password, id, string(role)); err != nil {
			t.Fatal(err)
		}
	}
}

// login signs in and returns the token, failing the test unless it answers 200.
func (e *staffEnv) login(t testing.TB, email, pw string, headers ...string) string {
	t.Helper()
	res := e.api.Do("POST", "/api/users/adminLogin", map[string]string{"email": email, "password": pw}, headers...)
	if res.Status != http.StatusOK {
		t.Fatalf("login %s: %d %s", email, res.Status, res.Body)
	}
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == adminapi.CookieName && c.Value != "" {
			return c.Value
		}
	}
	t.Fatalf("login %s set no session cookie: %v", email, res.Header.Values("Set-Cookie"))
	return ""
}

// from is the header that makes a request come from the client address addr (through the proxy).
func from(addr string) []string { return []string{"X-Forwarded-For", addr} }

func bearer(token string) []string { return []string{"Authorization", "Bearer " + token} }

func cookie(token string) []string { return []string{"Cookie", adminapi.CookieName + "=" + token} }

func newRecorder() *httptest.ResponseRecorder { return httptest.NewRecorder() }
