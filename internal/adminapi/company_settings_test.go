package adminapi_test

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/catalog"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/httpapi"
	"pitlane/internal/setup"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// companySettingsEnv is a staff API with the Company tab, the installations screen and product images,
// over companies A and B; "owner" is SUPERADMIN of A, "admin" ADMIN of A.
type companySettingsEnv struct {
	*staffEnv
	a, b         int64
	owner, admin []string
}

func newCompanySettingsEnv(t *testing.T, db *store.DB) *companySettingsEnv {
	t.Helper()
	e := &companySettingsEnv{staffEnv: newStaffEnv(t, db, envOptions{})}
	e.opts.Deps.CompanySettings = company.NewSettingsService(db.CompanySettings(), e.clk.Now, nil)
	e.opts.Deps.Installations = setup.NewInstallations(db.Installations(), e.clk.Now, nil)
	e.opts.Deps.Catalog = catalog.NewAdminService(db.CatalogAdmin(), db.Categories(), db.Media(), e.clk, nil)
	e.opts.Customer = func(*clock.Manual) httpapi.Deps { return httpapi.Deps{Companies: company.NewService(db.Companies())} }
	e.restart(t)
	e.a, e.b = newCompany(t, db, "Alfa Karting"), newCompany(t, db, "Bravo Karting")
	newAdmin(t, db, "owner@example.com", map[int64]account.Role{e.a: account.RoleSuperAdmin, e.b: account.RoleSuperAdmin})
	newAdmin(t, db, "admin@example.com", map[int64]account.Role{e.a: account.RoleAdmin})
	e.owner = bearer(e.login(t, "owner@example.com", password))
	e.admin = bearer(e.login(t, "admin@example.com", password))
	return e
}

// settings reads a company's settings as its owner.
func (e *companySettingsEnv) settings(t *testing.T, id int64) company.Settings {
	t.Helper()
	var s company.Settings
	res := e.api.Do("GET", fmt.Sprintf("/api/admin/company-settings?idCompany=%d", id), nil, e.owner...)
	res.JSON(t, &s)
	if res.Status != http.StatusOK {
		t.Fatalf("read settings: %d %s", res.Status, res.Body)
	}
	return s
}

// The Company tab: each field saved alone changes that field and no other (the whole company compared
// before and after, the public config included), is audited with its value before and after, and
// reaches the booking page; a broken field is named and nothing is saved; ADMIN and DESK get 403; the
// other company is untouched.
func TestCompanySettingsSaveOnlyTheFieldsSent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCompanySettingsEnv(t, db)
		var logo struct{ URL string }
		res := e.api.Do("POST", "/api/product/photo", map[string]any{"idCompany": e.a, "name": "logo", "photo": b64(pngOf(t, 200, 100))}, e.owner...)
		res.JSON(t, &logo)
		if res.Status != http.StatusCreated {
			t.Fatalf("logo upload: %d %s", res.Status, res.Body)
		}
		bBefore := e.settings(t, e.b)

		// The columns of the companies row each field is stored in (reportEmails: company_notify_emails).
		columns := map[string][]string{"name": {"name"}, "address": {"address"}, "replyTo": {"contact_email"}, "reportEmails": nil,
			"currency": {"currency", "currency_symbol"}, "timeZone": {"time_zone"}, "logo": {"logo"},
			"isRefundEnabled": {"is_refund_enabled"}, "refundMaxDays": {"refund_max_days"}, "paymentsActive": {"payments_active"},
			"advertisingActive": {"publi"}, "featureLicences": {"feature_licences"}}
		for _, c := range []struct {
			field string
			value any
			check func(s company.Settings) bool
		}{
			{"name", "  Alfa Racing  ", func(s company.Settings) bool { return s.Name == "Alfa Racing" }},
			{"address", "Calle Mayor 1, 39001 Santander", func(s company.Settings) bool { return s.Address == "Calle Mayor 1, 39001 Santander" }},
			{"replyTo", "info@alfa.example", func(s company.Settings) bool { return s.ReplyTo == "info@alfa.example" }},
			{"reportEmails", []string{"ops@alfa.example", "boss@alfa.example"}, func(s company.Settings) bool {
				return reflect.DeepEqual(s.ReportEmails, []string{"ops@alfa.example", "boss@alfa.example"})
			}},
			{"currency", "dkk", func(s company.Settings) bool { return s.Currency == "DKK" && s.CurrencySymbol == "kr." }},
			{"timeZone", "Europe/Copenhagen", func(s company.Settings) bool { return s.TimeZone == "Europe/Copenhagen" }},
			{"logo", logo.URL, func(s company.Settings) bool { return s.Logo == logo.URL }},
			{"isRefundEnabled", true, func(s company.Settings) bool { return s.IsRefundEnabled }},
			{"refundMaxDays", 14, func(s company.Settings) bool { return s.RefundMaxDays == 14 }},
			{"paymentsActive", true, func(s company.Settings) bool { return s.PaymentsActive }},
			{"advertisingActive", true, func(s company.Settings) bool { return s.AdvertisingActive }},
			{"featureLicences", true, func(s company.Settings) bool { return s.FeatureLicences }},
		} {
			before := e.settings(t, e.a)
			rowBefore := companyRow(t, db, e.a)
			audits := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'company.settings'`, e.a)
			var saved company.Settings
			res := e.api.Do("PATCH", "/api/admin/company-settings", map[string]any{"idCompany": e.a, c.field: c.value}, e.owner...)
			res.JSON(t, &saved)
			if res.Status != http.StatusOK || !c.check(saved) {
				t.Fatalf("%s alone: %d %s", c.field, res.Status, res.Body)
			}
			after := e.settings(t, e.a)
			if !reflect.DeepEqual(after, saved) {
				t.Errorf("%s: the answer %+v is not what is stored %+v", c.field, saved, after)
			}
			// Every other field is as it was: put the one field back and the whole company compares equal.
			want := before
			switch c.field {
			case "name":
				want.Name = after.Name
			case "address":
				want.Address = after.Address
			case "replyTo":
				want.ReplyTo = after.ReplyTo
			case "reportEmails":
				want.ReportEmails = after.ReportEmails
			case "currency":
				want.Currency, want.CurrencySymbol = after.Currency, after.CurrencySymbol
			case "timeZone":
				want.TimeZone = after.TimeZone
			case "logo":
				want.Logo = after.Logo
			case "isRefundEnabled":
				want.IsRefundEnabled = after.IsRefundEnabled
			case "refundMaxDays":
				want.RefundMaxDays = after.RefundMaxDays
			case "paymentsActive":
				want.PaymentsActive = after.PaymentsActive
			case "advertisingActive":
				want.AdvertisingActive = after.AdvertisingActive
			case "featureLicences":
				want.FeatureLicences = after.FeatureLicences
			}
			if !reflect.DeepEqual(after, want) {
				t.Errorf("saving %s alone changed other fields:\nbefore %+v\nafter  %+v", c.field, before, after)
			}
			// The whole companies row: only the field's columns (and updated_at) moved.
			rowAfter := companyRow(t, db, e.a)
			for col, v := range rowBefore {
				moved := fmt.Sprint(v) != fmt.Sprint(rowAfter[col])
				expected := col == "updated_at" || slices.Contains(columns[c.field], col)
				if moved && !expected {
					t.Errorf("saving %s alone changed column %s: %v → %v", c.field, col, v, rowAfter[col])
				}
				if !moved && slices.Contains(columns[c.field], col) {
					t.Errorf("saving %s did not change column %s", c.field, col)
				}
			}
			if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'company.settings'`, e.a); n != audits+1 {
				t.Errorf("%s: %d audit entries, want %d", c.field, n, audits+1)
			}
		}

		// The booking page sees the switches and the contact (the public config and the mails' Reply-To).
		var cfg company.Config
		res = e.api.Do("GET", "/api/config/alfa-karting-key", nil)
		res.JSON(t, &cfg)
		if res.Status != http.StatusOK || cfg.CompanyName != "Alfa Racing" || cfg.IsPaymentsActive != 1 || cfg.Currency != "DKK" ||
			cfg.SimbolCoinType != "kr." || cfg.Logo != logo.URL || !cfg.Publi.IsActive || !cfg.Features.Licences {
			t.Errorf("the booking page's config: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM companies WHERE id = ? AND payments_active = 1 AND contact_email = 'info@alfa.example'
			AND currency = 'DKK' AND time_zone = 'Europe/Copenhagen' AND refund_max_days = 14 AND feature_licences = 1`, e.a); n != 1 {
			t.Error("the companies row does not hold what was saved")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM company_notify_emails WHERE company_id = ? AND kind = 'problem'`, e.a); n != 2 {
			t.Errorf("%d problem-report addresses, want 2", n)
		}

		// Broken fields are named, nothing is saved.
		before := e.settings(t, e.a)
		for field, value := range map[string]any{"name": " ", "replyTo": "not an address", "reportEmails": []string{"x@"},
			"currency": "XYZ", "timeZone": "Mars/Olympus", "logo": "https://evil.example/logo.png",
			"refundMaxDays": 400} {
			res := e.api.Do("PATCH", "/api/admin/company-settings", map[string]any{"idCompany": e.a, field: value, "address": "Changed"}, e.owner...)
			if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), `"`+field+`"`) {
				t.Errorf("%s = %v: %d %s; want 422 naming it", field, value, res.Status, res.Body)
			}
		}
		// A logo of another company's upload (a well-formed address) is refused too.
		other := "/api/product/image/" + strings.Repeat("ab", 32) + ".png"
		if res := e.api.Do("PATCH", "/api/admin/company-settings", map[string]any{"idCompany": e.a, "logo": other}, e.owner...); res.Status != http.StatusUnprocessableEntity {
			t.Errorf("a logo never uploaded: %d %s", res.Status, res.Body)
		}
		if after := e.settings(t, e.a); !reflect.DeepEqual(after, before) {
			t.Errorf("a refused save changed the company:\nbefore %+v\nafter  %+v", before, after)
		}
		if res := e.api.Do("PATCH", "/api/admin/company-settings", map[string]any{"idCompany": e.a, "colour": "red"}, e.owner...); res.Status != http.StatusBadRequest {
			t.Errorf("an unknown field: %d, want 400", res.Status)
		}

		// Only the owner.
		for _, m := range []string{"GET", "PATCH"} {
			res := e.api.Do(m, fmt.Sprintf("/api/admin/company-settings?idCompany=%d", e.a), map[string]any{"idCompany": e.a, "paymentsActive": false}, e.admin...)
			if m == "GET" {
				res = e.api.Do(m, fmt.Sprintf("/api/admin/company-settings?idCompany=%d", e.a), nil, e.admin...)
			}
			if res.Status != http.StatusForbidden {
				t.Errorf("ADMIN %s: %d, want 403", m, res.Status)
			}
		}
		if after := e.settings(t, e.b); !reflect.DeepEqual(after, bBefore) {
			t.Errorf("company B changed: %+v → %+v", bBefore, after)
		}
	})
}

// Installations: an ADMIN adds a second installation with the spec's defaults and a circuit in it, which
// gets its own variant (products can be raced on it), renames it; names taken, empty names and another
// company's installation or circuit are refused; every change is audited.
func TestInstallationsAndCircuits(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCompanySettingsEnv(t, db)
		first := insertID(t, db, `INSERT INTO installations (company_id, name, created_at, updated_at) VALUES (?, 'Alfa', 1, 1)`, e.a)
		track := insertID(t, db, `INSERT INTO circuits (installation_id, name) VALUES (?, 'Outdoor')`, first)
		insertID(t, db, `INSERT INTO variants (company_id, circuit_id, id_local, name) VALUES (?, ?, '1', 'Outdoor')`, e.a, track)
		bInst := insertID(t, db, `INSERT INTO installations (company_id, name, created_at, updated_at) VALUES (?, 'Bravo', 1, 1)`, e.b)
		bTrack := insertID(t, db, `INSERT INTO circuits (installation_id, name) VALUES (?, 'Bravo track')`, bInst)

		var inst setup.InstallationItem
		res := e.api.Do("POST", "/api/admin/installations", map[string]any{"idCompany": e.a, "name": " Indoor hall ", "maxParticipants": 8}, e.admin...)
		res.JSON(t, &inst)
		if res.Status != http.StatusCreated || inst.Name != "Indoor hall" || inst.MaxParticipants != 8 {
			t.Fatalf("add installation: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM installations WHERE id = ? AND interval_minutes = 15 AND opening_time = '08:00'
			AND closing_time = '23:00' AND max_days_booking = 45 AND disable_hours_booking = 0 AND time_zone = 'Europe/Madrid'`, inst.ID); n != 1 {
			t.Error("the new installation does not have the spec's defaults")
		}
		var circuit setup.CircuitItem
		res = e.api.Do("POST", "/api/admin/circuits", map[string]any{"idCompany": e.a, "idInstallation": inst.ID, "name": "Indoor"}, e.admin...)
		res.JSON(t, &circuit)
		if res.Status != http.StatusCreated || circuit.IDLocal != "2" || circuit.VariantID == 0 || circuit.InstallationID != inst.ID {
			t.Fatalf("add circuit: %d %s", res.Status, res.Body)
		}
		res = e.api.Do("PUT", "/api/admin/circuits", map[string]any{"idCompany": e.a, "idCircuit": circuit.ID, "name": "Indoor kids"}, e.admin...)
		res.JSON(t, &circuit)
		if res.Status != http.StatusOK || circuit.Name != "Indoor kids" || circuit.IDLocal != "2" {
			t.Fatalf("rename: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM variants WHERE id = ? AND name = 'Indoor kids'`, circuit.VariantID); n != 1 {
			t.Error("the variant did not follow the circuit's name")
		}

		var list struct{ Installations []setup.InstallationItem }
		res = e.api.Do("GET", fmt.Sprintf("/api/admin/installations?idCompany=%d", e.a), nil, e.admin...)
		res.JSON(t, &list)
		if res.Status != http.StatusOK || len(list.Installations) != 2 || len(list.Installations[0].Circuits) != 1 ||
			list.Installations[1].Circuits[0].Name != "Indoor kids" || strings.Contains(string(res.Body), "Bravo") {
			t.Fatalf("list: %d %s", res.Status, res.Body)
		}

		for _, c := range []struct {
			method, path string
			body         map[string]any
			status       int
		}{
			{"POST", "/api/admin/installations", map[string]any{"name": "indoor HALL", "maxParticipants": 8}, http.StatusConflict},
			{"POST", "/api/admin/installations", map[string]any{"name": "", "maxParticipants": 0}, http.StatusUnprocessableEntity},
			{"POST", "/api/admin/circuits", map[string]any{"idInstallation": inst.ID, "name": "Indoor kids"}, http.StatusConflict},
			{"POST", "/api/admin/circuits", map[string]any{"idInstallation": bInst, "name": "Sneaky"}, http.StatusNotFound},
			{"PUT", "/api/admin/circuits", map[string]any{"idCircuit": bTrack, "name": "Sneaky"}, http.StatusNotFound},
			{"PUT", "/api/admin/circuits", map[string]any{"idCircuit": track, "name": " "}, http.StatusUnprocessableEntity},
		} {
			c.body["idCompany"] = e.a
			if res := e.api.Do(c.method, c.path, c.body, e.admin...); res.Status != c.status {
				t.Errorf("%s %s %v: %d %s; want %d", c.method, c.path, c.body, res.Status, res.Body, c.status)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM circuits WHERE installation_id = ? AND name = 'Bravo track'`, bInst); n != 1 {
			t.Error("company B's circuit changed")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action IN ('installation.create', 'circuit.create', 'circuit.rename')`, e.a); n != 3 {
			t.Errorf("%d audit entries, want 3", n)
		}
	})
}

// companyRow reads the whole companies row of the company, column by column.
func companyRow(t *testing.T, db *store.DB, id int64) map[string]any {
	t.Helper()
	out := map[string]any{}
	ctx := context.Background()
	err := db.Read(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT * FROM companies WHERE id = ?`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			return err
		}
		if !rows.Next() {
			return fmt.Errorf("no company %d", id)
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		for i, c := range cols {
			if b, ok := vals[i].([]byte); ok {
				vals[i] = string(b)
			}
			out[c] = vals[i]
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
