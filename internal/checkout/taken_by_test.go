package checkout_test

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A signed-in staff member of the company who opens the booking flow books without online payment:
// with isPaymentsActive 0 and their session cookie the booking is made at once, to be paid at the
// circuit, and records who took it. The same payload from a customer (no cookie), from a dead session
// or from a staff member of another company is charged online as the company's setting says.
func TestStaffBooksToPayAtTheCircuit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e, desk, stranger := newStaffEnv(t, db)

		// The booking pages ask whether the visitor is the company's staff: always 200, true only for a
		// live session of a member of this company.
		for _, c := range []struct {
			name, cookie string
			want         string
		}{
			{"the company's staff", desk.token, `{"staff":true,"name":"Desk"}`},
			{"a customer", "", `{"staff":false}`},
			{"a dead session", "not-a-session", `{"staff":false}`},
			{"another company's staff", stranger.token, `{"staff":false}`},
		} {
			var headers []string
			if c.cookie != "" {
				headers = []string{"Cookie", "pitlane_staff=" + c.cookie}
			}
			res := e.api.Do("GET", "/api/booking/staff?idCompany="+strconv.FormatInt(e.fix.CompanyID, 10), nil, headers...)
			if res.Status != 200 || strings.TrimSpace(string(res.Body)) != c.want {
				t.Errorf("%s: staff desk %d %s, want 200 %s", c.name, res.Status, res.Body, c.want)
			}
			if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("%s: Cache-Control %q, want no-store", c.name, cc)
			}
		}
		if res := e.api.Do("GET", "/api/booking/staff?idCompany=x", nil); res.Status != 400 {
			t.Errorf("malformed idCompany: %d, want 400", res.Status)
		}

		// The booking page's fetch sends this site's Origin with the POST, as browsers do.
		book := func(hhmm string, cookie string, origin ...string) string {
			cart := e.cart(t)
			id := e.hold(t, cart, e.fix.Product, 1, at(hhmm))
			body := save(cart, id, "Ana")
			body["isPaymentsActive"] = 0
			var headers []string
			if cookie != "" {
				headers = []string{"Cookie", "pitlane_staff=" + cookie}
			}
			if len(origin) == 0 {
				origin = []string{"http://example.com"}
			}
			if origin[0] != "" {
				headers = append(headers, "Origin", origin[0])
			}
			res := e.saveBooking(t, body, headers...)
			if res.Status != 200 {
				t.Fatalf("save %s: %d %s", hhmm, res.Status, res.Body)
			}
			return e.identifierOf(t, res)
		}

		taken := book("10:00", desk.token)
		if got := e.str(t, `SELECT payment_mode || ' ' || status || ' ' || COALESCE(CAST(taken_by AS TEXT), '-') FROM bookings WHERE identifier = ?`, taken); got != "circuit pending "+strconv.FormatInt(desk.id, 10) {
			t.Errorf("staff booking: %q, want circuit, pending and taken by %d", got, desk.id)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.identifier = ?`, taken); n != 0 {
			t.Errorf("%d payments started for a booking paid at the circuit", n)
		}
		if e.booked(t, at("10:00")) != 1 {
			t.Errorf("the staff booking's place is not booked")
		}
		if e.gw.n != 0 {
			t.Errorf("the provider was asked %d times", e.gw.n)
		}
		// The desk's cookie counts only on a request from this site's pages (the staff API's origin rule):
		// from another site, or with no Origin nor Referer, the booking is a customer's.
		for _, c := range []struct{ name, hhmm, cookie, origin string }{
			{"a customer", "10:15", "", "http://example.com"}, {"a dead session", "10:30", "not-a-session", "http://example.com"},
			{"another company's staff", "10:45", stranger.token, "http://example.com"},
			{"the staff's cookie from another site", "11:00", desk.token, "https://evil.example"},
			{"the staff's cookie without an Origin", "11:15", desk.token, ""},
		} {
			id := book(c.hhmm, c.cookie, c.origin)
			if got := e.str(t, `SELECT payment_mode || ' ' || COALESCE(CAST(taken_by AS TEXT), '-') FROM bookings WHERE identifier = ?`, id); got != "online -" {
				t.Errorf("%s with isPaymentsActive 0: %q, want online and taken by nobody", c.name, got)
			}
		}
		if e.gw.n != 5 {
			t.Errorf("%d online payments started, want 5", e.gw.n)
		}
	})
}

type staffLogin struct {
	id    int64
	token string
}

// staffMember writes an admin user with a membership of the company and signs them in.
// newStaffEnv is the checkout env with payments online and staff sign-in wired into the handler, a
// signed-in member of the company (desk) and one of another company (stranger).
func newStaffEnv(t *testing.T, db *store.DB) (*env, staffLogin, staffLogin) {
	e := newEnv(t, db)
	e.paymentsOn(t)
	other := storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "company-b-token", PublicKey: "company-b"})
	auth, err := account.NewAuth(db.Staff(), e.clk, account.AuthConfig{})
	if err != nil {
		t.Fatal(err)
	}
	e.h = httpapi.New(httpapi.Deps{DB: db, Sessions: sessions.NewService(db.Holds(), e.clk, 10*time.Minute), Checkout: e.svc,
		StaffAuth: auth, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	e.api = apitest.New(t, e.h)
	return e, e.staffMember(t, auth, "desk@kart.example", e.fix.CompanyID), e.staffMember(t, auth, "other@kart.example", other.CompanyID)
}

func (e *env) staffMember(t *testing.T, auth *account.Auth, email string, companyID int64) staffLogin {
	t.Helper()
	hash, err := account.HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	var s staffLogin
	ctx := context.Background()
	if err := e.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
			VALUES (?, 'Desk', ?, 1, 1) RETURNING id`, email, hash).Scan(&s.id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO memberships (user_id, company_id, role) VALUES (?, ?, 'ADMIN')`, s.id, companyID)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	res, err := auth.Login(ctx, account.LoginInput{Email: email, Password: "correct horse battery", Address: "127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	s.token = res.Token
	return s
}
