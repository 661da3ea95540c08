package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/captcha"
	"pitlane/internal/clock"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/member"
	"pitlane/internal/problem"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
	"pitlane/internal/terms"
)

// clubEnv is a server with the member, terms, captcha and problem-report calls over a real database
// holding the storetest fixture.
type clubEnv struct {
	db      *store.DB
	fix     storetest.Fixture
	clk     *clock.Manual
	captcha *captcha.Service
	api     *apitest.Client
}

// withClient lets a test pick the client address of a request with the X-Test-Client header.
func withClient(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c := r.Header.Get("X-Test-Client"); c != "" {
			r.RemoteAddr = c
		}
		h.ServeHTTP(w, r)
	})
}

func newClubEnv(t *testing.T, db *store.DB, limits httpapi.RateLimits) *clubEnv {
	t.Helper()
	e := &clubEnv{db: db, fix: storetest.NewFixture(t, db, storetest.FixtureOptions{}), clk: clock.NewManual(now)}
	e.captcha = captcha.NewService(db.Secrets(), e.clk)
	h := httpapi.New(httpapi.Deps{
		Logger:     slog.New(slog.NewTextHandler(io.Discard, nil)),
		DB:         db,
		Members:    member.NewService(db.Members(), e.clk),
		Terms:      terms.NewService(db.Companies()),
		Captcha:    e.captcha,
		Problems:   problem.NewService(db.ProblemDesk(), e.captcha, e.clk),
		RateLimits: limits,
	})
	e.api = apitest.New(t, withClient(h))
	return e
}

// run sends the rows in order and checks each answer.
func (e *clubEnv) run(t *testing.T, rows []row) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			res := e.api.Do(r.method, r.path, r.body, r.headers...)
			if res.Status != r.status {
				t.Fatalf("%s %s → %d, want %d: %s", r.method, r.path, res.Status, r.status, res.Body)
			}
			if r.code != "" {
				checkError(t, res, r.code, r.field, r.text)
			}
			if r.check != nil {
				r.check(t, res)
			}
		})
	}
}

// member creates a member as a booking would and returns their unsubscribe key.
func (e *clubEnv) member(t *testing.T, m member.NewMember) string {
	t.Helper()
	var key string
	err := e.db.Write(context.Background(), func(tx *store.Tx) error {
		var err error
		_, key, err = tx.UpsertMember(context.Background(), m, now)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// TestMemberCalls: the member lookup answers a member and a non-member alike with 200 (found true with
// the member's fields, or found false), and the unsubscribe link's calls; on both engines.
func TestMemberCalls(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newClubEnv(t, db, httpapi.RateLimits{})
		key := e.member(t, member.NewMember{CompanyID: e.fix.CompanyID, Email: "Lucia@Example.com", Name: "Lucía",
			Surname: "Gómez", Nick: "Lu", Phone: "+34600111222", Birthday: "1991-04-05", AcceptSendPromo: true})
		search := func(email string, company any) map[string]any {
			return map[string]any{"email": email, "idCompany": company}
		}
		found := func(t *testing.T, res *apitest.Response) {
			var m map[string]any
			res.JSON(t, &m)
			if m["nick"] != "Lu" || m["name"] != "Lucía" || m["surname"] != "Gómez" || m["phone"] != "+34600111222" ||
				m["birthday"] != "1991-04-05" || m["email"] != "lucia@example.com" || m["found"] != true {
				t.Errorf("member %v", m)
			}
			if _, leaks := m["id"]; leaks {
				t.Errorf("the lookup shows the internal id: %v", m)
			}
		}
		// Not a member is an answer (200, found false), not an error: a 404 made the browser log a failed
		// request while a new customer typed their address. Nothing of anyone leaks with it.
		notMember := func(t *testing.T, res *apitest.Response) {
			if strings.TrimSpace(string(res.Body)) != `{"found":false}` {
				t.Errorf("body %s, want {\"found\":false}", res.Body)
			}
		}
		const path = "/api/member/search-email"
		e.run(t, []row{
			{name: "found whatever the case", method: "POST", path: path, body: search("LUCIA@example.COM", e.fix.CompanyID), status: 200, check: found},
			{name: "not a member", method: "POST", path: path, body: search("nobody@example.com", e.fix.CompanyID), status: 200, check: notMember},
			{name: "member of another company only", method: "POST", path: path, body: search("lucia@example.com", e.fix.CompanyID+99), status: 200, check: notMember},
			{name: "malformed e-mail", method: "POST", path: path, body: search("lucia@", e.fix.CompanyID), status: 422, code: apperr.Unprocessable, field: "email"},
			{name: "no company", method: "POST", path: path, body: map[string]any{"email": "lucia@example.com"}, status: 422, code: apperr.Unprocessable, field: "idCompany"},
			{name: "company id as text", method: "POST", path: path, body: search("lucia@example.com", "one"), status: 400, code: apperr.Invalid},
			{name: "unsubscribe", method: "POST", path: "/api/member/unsubscribe/" + key, status: 200, check: func(t *testing.T, res *apitest.Response) {
				if !strings.Contains(string(res.Body), `"subscribed":false`) {
					t.Errorf("body %s", res.Body)
				}
			}},
			{name: "unsubscribe again", method: "POST", path: "/api/member/unsubscribe/" + key, status: 200},
			{name: "still a member after unsubscribing", method: "POST", path: path, body: search("lucia@example.com", e.fix.CompanyID), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					if !strings.Contains(string(res.Body), `"acceptSendPromo":false`) {
						t.Errorf("promotions still accepted: %s", res.Body)
					}
				}},
			{name: "unknown key", method: "GET", path: "/api/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA", status: 404, code: apperr.NotFound},
			{name: "malformed key", method: "GET", path: "/api/member/unsubscribe/x", status: 404, code: apperr.NotFound},
			{name: "unsubscribe an unknown key", method: "POST", path: "/api/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA", status: 404, code: apperr.NotFound},
		})
	})
}

// TestUnsubscribeLink: the link's GET shows whose it is and changes nothing, however often it is opened
// (mail scanners and link previews open it); the page's POST, or a mail client's RFC 8058 one-click
// POST, unsubscribes, and repeating it is harmless. On both engines.
func TestUnsubscribeLink(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newClubEnv(t, db, httpapi.RateLimits{})
		key := e.member(t, member.NewMember{CompanyID: e.fix.CompanyID, Email: "Lucia@Example.com", Name: "Lucía", AcceptSendPromo: true})
		other := e.member(t, member.NewMember{CompanyID: e.fix.CompanyID, Email: "bo@example.com", Name: "Bo", AcceptSendPromo: true})
		var company string
		if err := db.Read(context.Background(), func(tx *store.Tx) error {
			return tx.QueryRow(context.Background(), `SELECT name FROM companies WHERE id = ?`, e.fix.CompanyID).Scan(&company)
		}); err != nil {
			t.Fatal(err)
		}
		state := func(t *testing.T, res *apitest.Response, subscribed bool) {
			t.Helper()
			var st struct {
				Email      string `json:"email"`
				Company    string `json:"company"`
				Subscribed bool   `json:"subscribed"`
			}
			res.JSON(t, &st)
			if st.Email != "l•••a@example.com" || st.Company != company || st.Subscribed != subscribed {
				t.Errorf("state %+v, want l•••a@example.com of %q, subscribed %v", st, company, subscribed)
			}
			if strings.Contains(string(res.Body), "lucia@") {
				t.Errorf("the link's answer spells the address out: %s", res.Body)
			}
		}
		promo := func(t *testing.T, email string) bool {
			t.Helper()
			var on int
			if err := db.Read(context.Background(), func(tx *store.Tx) error {
				return tx.QueryRow(context.Background(), `SELECT accept_send_promo FROM members WHERE email = ?`, email).Scan(&on)
			}); err != nil {
				t.Fatal(err)
			}
			return on == 1
		}
		link := "/api/member/unsubscribe/" + key
		for range 3 {
			res := e.api.Do("GET", link, nil)
			if res.Status != 200 {
				t.Fatalf("GET → %d %s", res.Status, res.Body)
			}
			state(t, res, true)
		}
		if !promo(t, "lucia@example.com") {
			t.Fatal("opening the link unsubscribed the member")
		}
		res := e.api.Do("POST", link, nil)
		if res.Status != 200 {
			t.Fatalf("POST → %d %s", res.Status, res.Body)
		}
		state(t, res, false)
		if promo(t, "lucia@example.com") || !promo(t, "bo@example.com") {
			t.Error("the POST did not unsubscribe exactly the link's member")
		}
		state(t, e.api.Do("GET", link, nil), false)
		state(t, e.api.Do("POST", link, nil), false)

		// A mail client's one-click unsubscribe: a form POST with no token and no JSON.
		oneClick := e.api.Do("POST", "/api/member/unsubscribe/"+other, []byte("List-Unsubscribe=One-Click"),
			"Content-Type", "application/x-www-form-urlencoded")
		if oneClick.Status != 200 || promo(t, "bo@example.com") {
			t.Errorf("one-click POST → %d %s, still subscribed %v", oneClick.Status, oneClick.Body, promo(t, "bo@example.com"))
		}
	})
}

func TestTermsCall(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, store.SQLite)
	e := newClubEnv(t, db, httpapi.RateLimits{})
	ctx := context.Background()
	var bare int64
	err := db.Write(ctx, func(tx *store.Tx) error {
		for culture, text := range map[string]string{
			// Rich text stored before it was sanitised is sanitised again when served; plain text becomes paragraphs.
			"es-ES": `<p>Condiciones<script>alert(1)</script></p>`, "en-GB": "Terms", "da": "Betingelser"} {
			if err := tx.InsertTerms(ctx, e.fix.CompanyID, culture, text, now); err != nil {
				return err
			}
		}
		return tx.QueryRow(ctx, `INSERT INTO companies (name, public_key, token, created_at, updated_at)
			VALUES ('No terms', 'bare-key', 'bare-token', 1, 1) RETURNING id`).Scan(&bare)
	})
	if err != nil {
		t.Fatal(err)
	}
	is := func(culture, text string) func(*testing.T, *apitest.Response) {
		return func(t *testing.T, res *apitest.Response) {
			var got terms.Terms
			res.JSON(t, &got)
			html := map[string]string{"Condiciones": `<p>Condiciones</p>`, "Terms": `<p dir="auto">Terms</p>`,
				"Betingelser": `<p dir="auto">Betingelser</p>`}[text]
			if got.Culture != culture || got.Text != html {
				t.Errorf("got %+v, want %s %q", got, culture, text)
			}
		}
	}
	p := func(id int64, culture string) string {
		return "/api/termsAndConditions/" + strconv.FormatInt(id, 10) + "/" + culture
	}
	e.run(t, []row{
		{name: "exact culture", method: "GET", path: p(e.fix.CompanyID, "es-ES"), status: 200, check: is("es-ES", "Condiciones")},
		{name: "culture in other case", method: "GET", path: p(e.fix.CompanyID, "es-es"), status: 200, check: is("es-ES", "Condiciones")},
		{name: "language code", method: "GET", path: p(e.fix.CompanyID, "es"), status: 200, check: is("es-ES", "Condiciones")},
		{name: "other country, same language", method: "GET", path: p(e.fix.CompanyID, "da-DK"), status: 200, check: is("da", "Betingelser")},
		{name: "falls back to English", method: "GET", path: p(e.fix.CompanyID, "de-DE"), status: 200, check: is("en-GB", "Terms")},
		{name: "company without terms", method: "GET", path: p(bare, "en-GB"), status: 404, code: apperr.NotFound},
		{name: "unknown company", method: "GET", path: p(e.fix.CompanyID+99, "en-GB"), status: 404, code: apperr.NotFound},
		{name: "malformed culture", method: "GET", path: p(e.fix.CompanyID, "e"), status: 400, code: apperr.Invalid, field: "culture"},
		{name: "malformed company", method: "GET", path: "/api/termsAndConditions/abc/en-GB", status: 400, code: apperr.Invalid, field: "idCompany"},
	})
}
