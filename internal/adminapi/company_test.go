package adminapi_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestCompanyHeader(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		a, bare, other := newCompany(t, db, "Alpha Karts"), newCompany(t, db, "Bare"), newCompany(t, db, "Other")
		execSQL(t, db, `UPDATE companies SET is_refund_enabled = 1, refund_max_days = 2, feature_licences = 1,
			publi = '{"isActive":true,"imgLeftDefault":null}', logo = 'https://cdn.example/logo.png', default_culture = 'es-ES'
			WHERE id = ?`, a)
		first := insertID(t, db, `INSERT INTO installations (company_id, name, interval_minutes, opening_time, closing_time, max_days_booking, created_at, updated_at)
			VALUES (?, 'Main', 20, '09:30', '22:00', 60, 1, 1)`, a)
		insertID(t, db, `INSERT INTO installations (company_id, name, interval_minutes, opening_time, closing_time, max_days_booking, created_at, updated_at)
			VALUES (?, 'Second', 10, '07:00', '21:00', 5, 1, 1)`, a)
		_ = first
		newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleSuperAdmin, bare: account.RoleAdmin})
		token := e.login(t, "a@example.com", password)

		res := e.api.Do("GET", "/api/admin/company?idCompany="+strconv.FormatInt(a, 10), nil, bearer(token)...)
		if res.Status != http.StatusOK {
			t.Fatalf("company: %d %s", res.Status, res.Body)
		}
		var got account.CompanyHeader
		res.JSON(t, &got)
		want := account.CompanyHeader{ID: a, Name: "Alpha Karts", Role: account.RoleSuperAdmin, PublicKey: "alpha-karts-key",
			CurrencySymbol: "€", Currency: "EUR", TimeZone: "Europe/Madrid", DefaultCulture: "es-ES", Logo: "https://cdn.example/logo.png",
			IsRefundEnabled: true, RefundMaxDays: 2, MaxDaysBooking: 60, ShowLicences: true, AdvertisingActive: true,
			IntervalMinutes: 20, OpeningTime: "09:30", ClosingTime: "22:00"}
		if got != want {
			t.Errorf("header\n got %+v\nwant %+v", got, want)
		}

		// A company without an installation shows the spec's defaults; switches are off by default.
		res = e.api.Do("GET", "/api/admin/company?idCompany="+strconv.FormatInt(bare, 10), nil, bearer(token)...)
		res.JSON(t, &got)
		if got.Role != account.RoleAdmin || got.MaxDaysBooking != 45 || got.IntervalMinutes != 15 || got.OpeningTime != "08:00" ||
			got.ClosingTime != "23:00" || got.IsRefundEnabled || got.ShowLicences || got.AdvertisingActive || got.RefundMaxDays != 0 {
			t.Errorf("bare company %+v", got)
		}

		for name, c := range map[string]struct {
			target string
			want   int
		}{
			"a company of someone else": {"/api/admin/company?idCompany=" + strconv.FormatInt(other, 10), http.StatusForbidden},
			"no such company":           {"/api/admin/company?idCompany=999999", http.StatusForbidden},
			"no company":                {"/api/admin/company", http.StatusBadRequest},
			"a malformed company":       {"/api/admin/company?idCompany=x", http.StatusBadRequest},
		} {
			if res := e.api.Do("GET", c.target, nil, bearer(token)...); res.Status != c.want {
				t.Errorf("%s: %d, want %d", name, res.Status, c.want)
			}
		}
		if res := e.api.Do("GET", "/api/admin/company?idCompany="+strconv.FormatInt(a, 10), nil); res.Status != http.StatusUnauthorized {
			t.Errorf("without a session: %d", res.Status)
		}
	})
}

func TestAuditLogNewestFirstPerCompany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newStaffEnv(t, db, envOptions{})
		a, b := newCompany(t, db, "A"), newCompany(t, db, "B")
		newAdmin(t, db, "a@example.com", map[int64]account.Role{a: account.RoleAdmin})
		newAdmin(t, db, "b@example.com", map[int64]account.Role{b: account.RoleAdmin})
		userA := count(t, db, `SELECT id FROM admin_users WHERE email = 'a@example.com'`)
		ctx := context.Background()
		err := db.Write(ctx, func(tx *store.Tx) error {
			for i := 1; i <= 5; i++ {
				if err := tx.InsertAudit(ctx, store.AuditEntry{CompanyID: a, UserID: userA, UserEmail: "a@example.com", Action: "booking.cancel",
					Entity: "booking", EntityID: strconv.Itoa(i), Details: map[string]any{"n": i}, At: t0.Add(time.Duration(i) * time.Minute)}); err != nil {
					return err
				}
				if err := tx.InsertAudit(ctx, store.AuditEntry{CompanyID: b, UserEmail: "b@example.com", Action: "payment.refund",
					Entity: "booking", EntityID: "b" + strconv.Itoa(i), At: t0}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		token := e.login(t, "a@example.com", password)
		// The sign-in itself is company A's newest entry (TestSignInsAreAudited); out of the way here.
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'account.login'`, a); n != 1 {
			t.Fatalf("%d sign-in entries, want 1", n)
		}
		execSQL(t, db, `DELETE FROM audit_log WHERE action = 'account.login'`)
		page := func(q string) []account.AuditEntry {
			t.Helper()
			res := e.api.Do("GET", "/api/admin/audit?idCompany="+strconv.FormatInt(a, 10)+q, nil, bearer(token)...)
			if res.Status != http.StatusOK {
				t.Fatalf("audit%s: %d %s", q, res.Status, res.Body)
			}
			var out struct{ Data []account.AuditEntry }
			res.JSON(t, &out)
			return out.Data
		}
		all := page("")
		if len(all) != 5 {
			t.Fatalf("%d entries, want company A's 5", len(all))
		}
		for i, en := range all {
			if en.EntityID != strconv.Itoa(5-i) || en.Action != "booking.cancel" || en.UserID == nil || *en.UserID != userA ||
				!en.At.Equal(t0.Add(time.Duration(5-i)*time.Minute)) || string(en.Details) != `{"n":`+strconv.Itoa(5-i)+`}` {
				t.Errorf("entry %d: %+v (details %s)", i, en, en.Details)
			}
		}
		first := page("&limit=2")
		next := page("&limit=2&before=" + strconv.FormatInt(first[1].ID, 10))
		if len(first) != 2 || len(next) != 2 || first[0].EntityID != "5" || next[0].EntityID != "3" || next[1].EntityID != "2" {
			t.Errorf("pages %+v then %+v", first, next)
		}
		for _, q := range []string{"&limit=0", "&limit=501", "&limit=x", "&before=0", "&before=x"} {
			if res := e.api.Do("GET", "/api/admin/audit?idCompany="+strconv.FormatInt(a, 10)+q, nil, bearer(token)...); res.Status != http.StatusBadRequest {
				t.Errorf("%s: %d, want 400", q, res.Status)
			}
		}
		if res := e.api.Do("GET", "/api/admin/audit?idCompany="+strconv.FormatInt(b, 10), nil, bearer(token)...); res.Status != http.StatusForbidden {
			t.Errorf("company B's log: %d, want 403", res.Status)
		}
		// An entry whose user was deleted since has a null user.
		execSQL(t, db, `UPDATE audit_log SET user_id = NULL WHERE company_id = ? AND entity_id = '5'`, a)
		if got := page("&limit=1"); len(got) != 1 || got[0].UserID != nil || got[0].UserEmail != "a@example.com" {
			t.Errorf("entry of a deleted user: %+v", got)
		}
	})
}
