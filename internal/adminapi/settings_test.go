package adminapi_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/sessions"
	"pitlane/internal/setup"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// settingsEnv is the staff API with the settings and My account services over a storetest fixture
// company (10:00–22:00 every day, 15-minute sessions, Europe/Madrid), a sessions engine that reuses
// availability answers as the server does, and a signed-in ADMIN of the company.
type settingsEnv struct {
	*staffEnv
	fix   storetest.Fixture
	other storetest.Fixture
	svc   *sessions.Service
	token string
}

func newSettingsEnv(t *testing.T, db *store.DB) *settingsEnv {
	t.Helper()
	s := &settingsEnv{fix: storetest.NewFixture(t, db, storetest.FixtureOptions{})}
	s.other = storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-b", PublicKey: "key-b"})
	s.staffEnv = newStaffEnv(t, db, envOptions{})
	s.svc = sessions.NewService(db.Holds(), s.clk, 15*time.Minute)
	s.svc.SetReuseTTL(sessions.ReuseTTL)
	s.opts.Deps = adminapi.Deps{Settings: setup.NewService(db.Settings(), s.clk, s.svc.CompanyChanged),
		Account: account.NewProfiles(db.Profiles(), s.clk)}
	s.restart(t)
	newAdmin(t, db, "staff@example.com", map[int64]account.Role{s.fix.CompanyID: account.RoleAdmin})
	s.token = s.login(t, "staff@example.com", password)
	return s
}

// config is the AdminConfig answer, as far as these tests read it.
type config struct {
	IDInstallation int64 `json:"idInstallation"`
	Version        int64 `json:"version"`
	Installation   struct {
		EnableBooking   bool   `json:"enableBooking"`
		Interval        int    `json:"interval"`
		MaxParticipants int    `json:"maxParticipants"`
		OpeningDate     string `json:"openingDate"`
		ClosingDate     string `json:"closingDate"`
		Data            struct {
			MaxDaysBooking      int             `json:"maxDaysBooking"`
			MaxSlotsBooking     int             `json:"maxSlotsBooking"`
			DisableHoursBooking int             `json:"disableHoursBooking"`
			Rules               json.RawMessage `json:"rules"`
			GeneralSchedule     json.RawMessage `json:"generalSchedule"`
			SpecialSchedule     []struct {
				Date []string `json:"date"`
			} `json:"specialSchedule"`
		} `json:"data"`
		ConfirmationBookingEmails []string `json:"confirmationBookingEmails"`
	} `json:"installation"`
	Warnings []setup.Warning `json:"warnings"`
}

func (s *settingsEnv) config(t *testing.T) config {
	t.Helper()
	res := s.api.Do("POST", "/api/admin/retrieveConfig", map[string]any{"idCompany": s.fix.CompanyID}, bearer(s.token)...)
	if res.Status != http.StatusOK {
		t.Fatalf("retrieveConfig: %d %s", res.Status, res.Body)
	}
	var c config
	res.JSON(t, &c)
	return c
}

// body is a valid save of the fixture's settings at the version, with changes applied on top.
func (s *settingsEnv) body(version int64, changes map[string]any, data map[string]any) map[string]any {
	d := map[string]any{"showEmails": false, "emailOptional": true, "maxDaysBooking": 30, "maxSlotsBooking": 3,
		"disableHoursBooking": 0, "enableGroupedProducts": false, "dateLimitBooking": map[string]any{"enabled": false, "date": ""},
		"rules": map[string]any{}, "generalSchedule": map[string]any{}, "specialSchedule": []any{}}
	for k, v := range data {
		d[k] = v
	}
	b := map[string]any{"idCompany": s.fix.CompanyID, "idInstallation": s.fix.Installation, "version": version,
		"enableBooking": true, "interval": 15, "maxParticipants": 12, "openingDate": "10:00", "closingDate": "22:00",
		"confirmationBookingEmails": []string{}, "cancelBookingEmails": []string{}, "data": d}
	for k, v := range changes {
		b[k] = v
	}
	return b
}

func (s *settingsEnv) save(t *testing.T, body map[string]any) (int, config, map[string]string) {
	t.Helper()
	res := s.api.Do("POST", "/api/admin/saveConfig", body, bearer(s.token)...)
	var c config
	var e struct{ Fields map[string]string }
	if res.Status == http.StatusOK {
		res.JSON(t, &c)
	} else {
		res.JSON(t, &e)
	}
	return res.Status, c, e.Fields
}

// starts is the session start times the customer side offers on the day.
func (s *settingsEnv) starts(t *testing.T, day string) []string {
	t.Helper()
	a, err := s.svc.Availability(t.Context(), s.fix.Token, day, s.fix.Product, sessions.KindProduct)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, sl := range a.Slots {
		out = append(out, sl.StartTime)
	}
	return out
}

func TestSettingsReadAndBounds(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newSettingsEnv(t, db)
		c := s.config(t)
		if c.IDInstallation != s.fix.Installation || c.Version != 1 || c.Installation.Interval != 15 ||
			c.Installation.OpeningDate != "10:00" || c.Installation.ClosingDate != "22:00" || c.Installation.Data.MaxSlotsBooking != 3 {
			t.Fatalf("config %+v", c)
		}
		if string(c.Installation.Data.GeneralSchedule) != "{}" {
			t.Errorf("general schedule %s, want {} (every day the general hours)", c.Installation.Data.GeneralSchedule)
		}
		day := []any{map[string]any{"from": "10:00", "to": "12:00", "open": true}, map[string]any{"from": "11:00", "to": "14:00", "open": true}}
		rangeRow := func(dates ...string) map[string]any {
			return map[string]any{"date": dates, "schedule": map[string]any{"closed": true, "open24h": false, "value": []any{}}}
		}
		excl := func(n int) map[string]any {
			rs := []any{}
			for i := 0; i < n; i++ {
				rs = append(rs, map[string]any{"from": []string{"10:00", "12:00", "14:00", "16:00"}[i], "to": []string{"11:00", "13:00", "15:00", "17:00"}[i]})
			}
			return map[string]any{"MO": map[string]any{"excludedHours": rs, "excludedDays": []string{}}}
		}
		for _, tc := range []struct {
			name  string
			top   map[string]any
			data  map[string]any
			field string
		}{
			{"interval 0", map[string]any{"interval": 0}, nil, "interval"},
			{"interval 481", map[string]any{"interval": 481}, nil, "interval"},
			{"maxParticipants 0", map[string]any{"maxParticipants": 0}, nil, "maxParticipants"},
			{"maxSlotsBooking 0", nil, map[string]any{"maxSlotsBooking": 0}, "data.maxSlotsBooking"},
			{"maxSlotsBooking 11", nil, map[string]any{"maxSlotsBooking": 11}, "data.maxSlotsBooking"},
			{"maxDaysBooking 0", nil, map[string]any{"maxDaysBooking": 0}, "data.maxDaysBooking"},
			{"disableHoursBooking -1", nil, map[string]any{"disableHoursBooking": -1}, "data.disableHoursBooking"},
			{"disableHoursBooking 25", nil, map[string]any{"disableHoursBooking": 25}, "data.disableHoursBooking"},
			{"dateLimitBooking two years back", nil, map[string]any{"dateLimitBooking": map[string]any{"enabled": true, "date": "2024-11-01"}}, "data.dateLimitBooking.date"},
			{"dateLimitBooking not a date", nil, map[string]any{"dateLimitBooking": map[string]any{"enabled": true, "date": "31/12/2026"}}, "data.dateLimitBooking.date"},
			{"four excluded ranges", nil, map[string]any{"rules": excl(4)}, "data.rules.MO.excludedHours"},
			{"overlapping periods", nil, map[string]any{"generalSchedule": map[string]any{"MO": day}}, "data.generalSchedule.MO[1]"},
			{"a day set twice", nil, map[string]any{"specialSchedule": []any{rangeRow("2026-12-10"), rangeRow("2026-12-08", "2026-12-12")}}, "data.specialSchedule[1].date"},
			{"a new special day in the past", nil, map[string]any{"specialSchedule": []any{rangeRow("2026-11-30")}}, "data.specialSchedule[0].date"},
			{"a special day beyond five years", nil, map[string]any{"specialSchedule": []any{rangeRow("2032-01-01")}}, "data.specialSchedule[0].date"},
			{"a bad e-mail", map[string]any{"confirmationBookingEmails": []string{"not-an-email"}}, nil, "confirmationBookingEmails[0]"},
		} {
			status, _, fields := s.save(t, s.body(1, tc.top, tc.data))
			if status != http.StatusUnprocessableEntity || fields[tc.field] == "" {
				t.Errorf("%s: %d %v, want 422 naming %s", tc.name, status, fields, tc.field)
			}
		}
		if msg := func() string {
			_, _, f := s.save(t, s.body(1, nil, map[string]any{"generalSchedule": map[string]any{"MO": day}}))
			return f["data.generalSchedule.MO[1]"]
		}(); !strings.Contains(msg, "overlappingHours") {
			t.Errorf("overlap message %q names no overlappingHours", msg)
		}
		// Three excluded ranges and the edges of every bound are fine.
		status, saved, fields := s.save(t, s.body(1, map[string]any{"interval": 480, "maxParticipants": 1},
			map[string]any{"maxSlotsBooking": 10, "maxDaysBooking": 1, "disableHoursBooking": 24, "rules": excl(3),
				"dateLimitBooking": map[string]any{"enabled": true, "date": "2026-01-01"}}))
		if status != http.StatusOK || saved.Version != 2 || saved.Installation.Interval != 480 || saved.Installation.Data.MaxSlotsBooking != 10 {
			t.Fatalf("edges: %d %v %+v", status, fields, saved)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'settings.save'`, s.fix.CompanyID); n != 1 {
			t.Errorf("%d audit entries after one save, want 1", n)
		}
		// Nothing of the refused saves was written, and the other company is untouched.
		if n := count(t, db, `SELECT settings_version FROM companies WHERE id = ?`, s.other.CompanyID); n != 1 {
			t.Errorf("other company's version %d", n)
		}
		if n := count(t, db, `SELECT interval_minutes FROM installations WHERE id = ?`, s.other.Installation); n != 15 {
			t.Errorf("other installation's interval %d", n)
		}
		// Another company's installation is not found; another company is forbidden.
		if st, _, _ := s.save(t, s.body(2, map[string]any{"idInstallation": s.other.Installation}, nil)); st != http.StatusNotFound {
			t.Errorf("another company's installation: %d, want 404", st)
		}
		if st, _, _ := s.save(t, s.body(2, map[string]any{"idCompany": s.other.CompanyID}, nil)); st != http.StatusForbidden {
			t.Errorf("another company: %d, want 403", st)
		}
		// A missing switch is a 400, not a silent "off".
		b := s.body(2, nil, nil)
		delete(b, "enableBooking")
		if st, _, _ := s.save(t, b); st != http.StatusBadRequest {
			t.Errorf("no enableBooking: %d, want 400", st)
		}
	})
}

func TestSettingsStaleSaveConflicts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newSettingsEnv(t, db)
		v := s.config(t).Version
		if st, c, _ := s.save(t, s.body(v, map[string]any{"interval": 20}, nil)); st != http.StatusOK || c.Version != v+1 {
			t.Fatalf("first save: %d %+v", st, c)
		}
		// The second editor opened the dialog at v too.
		st, _, _ := s.save(t, s.body(v, map[string]any{"interval": 30}, nil))
		if st != http.StatusConflict {
			t.Fatalf("stale save: %d, want 409", st)
		}
		if c := s.config(t); c.Installation.Interval != 20 || c.Version != v+1 {
			t.Errorf("after the stale save: interval %d version %d, want 20 and %d", c.Installation.Interval, c.Version, v+1)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action = 'settings.save'`); n != 1 {
			t.Errorf("%d audit entries, want 1 (the stale save is not recorded)", n)
		}
	})
}

func TestSettingsReachTheCustomerAtOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newSettingsEnv(t, db)
		// Thursday 10 December 2026, the fixture's clock is 1 December.
		const day = "2026-12-10"
		if got := s.starts(t, day); len(got) != 48 || got[1] != "10:15:00" {
			t.Fatalf("before: %d starts %v", len(got), got[:2])
		}
		// The clock does not move: without dropping the reused answer, the customer would see the old one.
		v := s.config(t).Version
		st, c, f := s.save(t, s.body(v, map[string]any{"interval": 30}, map[string]any{
			"generalSchedule": map[string]any{
				"TH": []any{map[string]any{"from": "10:00", "to": "12:00", "open": true}, map[string]any{"from": "16:00", "to": "18:00", "open": true}},
				"SA": []any{map[string]any{"from": "10:00", "to": "12:00", "open": false}},
			},
			"specialSchedule": []any{
				map[string]any{"date": []string{"2026-12-11"}, "schedule": map[string]any{"closed": true, "open24h": false, "value": []any{}}},
				map[string]any{"date": []string{"2026-12-18", "2026-12-20"}, "schedule": map[string]any{"closed": false, "open24h": false,
					"value": []any{map[string]any{"from": "12:00", "to": "13:00"}}}},
			}}))
		if st != http.StatusOK {
			t.Fatalf("save: %d %v", st, f)
		}
		got := s.starts(t, day)
		want := []string{"10:00:00", "10:30:00", "11:00:00", "11:30:00", "16:00:00", "16:30:00", "17:00:00", "17:30:00"}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("after: %v, want %v", got, want)
		}
		if got := s.starts(t, "2026-12-11"); len(got) != 0 {
			t.Errorf("closed special day offers %v", got)
		}
		// The range skips Saturday 19 (closed weekday) and says so; Friday 18 and Sunday 20 follow it.
		if len(c.Warnings) != 1 || c.Warnings[0].Code != "weekDayClosed" || strings.Join(c.Warnings[0].Dates, ",") != "2026-12-19" {
			t.Errorf("warnings %+v", c.Warnings)
		}
		if got := s.starts(t, "2026-12-20"); strings.Join(got, " ") != "12:00:00 12:30:00" {
			t.Errorf("Sunday in the range: %v", got)
		}
		// Excluded hours are the gaps between the general hours and Thursday's periods.
		var rules map[string]struct {
			ExcludedHours []struct{ From, To string } `json:"excludedHours"`
		}
		if err := json.Unmarshal(c.Installation.Data.Rules, &rules); err != nil {
			t.Fatal(err)
		}
		if ex := rules["TH"].ExcludedHours; len(ex) != 2 || ex[0].From != "12:00" || ex[0].To != "16:00" || ex[1].From != "18:00" || ex[1].To != "22:00" {
			t.Errorf("Thursday's excluded hours %+v", ex)
		}
		// Saving again keeps the stored special rows (known, so not "new in the past" later) and warns no more.
		st, c, f = s.save(t, s.body(c.Version, map[string]any{"interval": 30}, map[string]any{
			"specialSchedule": []any{
				map[string]any{"date": []string{"2026-12-18", "2026-12-20"}, "schedule": map[string]any{"closed": false, "open24h": false,
					"value": []any{map[string]any{"from": "12:00", "to": "13:00"}}}},
			}}))
		if st != http.StatusOK || len(c.Warnings) != 0 || len(c.Installation.Data.SpecialSchedule) != 1 {
			t.Errorf("second save: %d %v %+v", st, f, c)
		}
		if got := s.starts(t, "2026-12-11"); len(got) != 24 {
			t.Errorf("Friday 11 after its special row went: %d starts", len(got))
		}
	})
}

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

// rawConfig is the AdminConfig answer as decoded JSON.
func (s *settingsEnv) rawConfig(t *testing.T) map[string]any {
	t.Helper()
	res := s.api.Do("POST", "/api/admin/retrieveConfig", map[string]any{"idCompany": s.fix.CompanyID}, bearer(s.token)...)
	if res.Status != http.StatusOK {
		t.Fatalf("retrieveConfig: %d %s", res.Status, res.Body)
	}
	var c map[string]any
	res.JSON(t, &c)
	return c
}

// saveOf is the save the settings dialog sends for a configuration as read, untouched: every field
// as it came, special rows without their ids.
func saveOf(c map[string]any) map[string]any {
	in := c["installation"].(map[string]any)
	d := in["data"].(map[string]any)
	special := []any{}
	for _, r := range d["specialSchedule"].([]any) {
		row := r.(map[string]any)
		special = append(special, map[string]any{"date": row["date"], "schedule": row["schedule"]})
	}
	return map[string]any{"idCompany": c["idCompany"], "idInstallation": c["idInstallation"], "version": c["version"],
		"enableBooking": in["enableBooking"], "interval": in["interval"], "maxParticipants": in["maxParticipants"],
		"openingDate": in["openingDate"], "closingDate": in["closingDate"],
		"confirmationBookingEmails": in["confirmationBookingEmails"], "cancelBookingEmails": in["cancelBookingEmails"],
		"data": map[string]any{"showEmails": d["showEmails"], "emailOptional": d["emailOptional"], "maxDaysBooking": d["maxDaysBooking"],
			"maxSlotsBooking": d["maxSlotsBooking"], "disableHoursBooking": d["disableHoursBooking"],
			"enableGroupedProducts": d["enableGroupedProducts"], "dateLimitBooking": d["dateLimitBooking"], "rules": d["rules"],
			"generalSchedule": d["generalSchedule"], "specialSchedule": special}}
}

// installationOf is the configuration's installation object with the special rows' ids left out (a save
// renews them), as JSON text to compare.
func installationOf(t *testing.T, c map[string]any) string {
	t.Helper()
	in := c["installation"].(map[string]any)
	for _, r := range in["data"].(map[string]any)["specialSchedule"].([]any) {
		delete(r.(map[string]any), "id")
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// jsonOf decodes a JSON text into plain values.
func jsonOf(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// A save changes only what the user changed: each tab's change is saved alone, from the configuration
// as read, and the whole configuration read afterwards is the one before with that change and nothing
// else — in particular a Saturday 14:00–14:30 break in the rules survives a save that only adds an
// e-mail address (it was once rebuilt from the weekly schedule and dropped).
func TestSettingsSaveChangesOnlyWhatTheUserChanged(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := newSettingsEnv(t, db)
		period := func(from, to string, open bool) map[string]any {
			return map[string]any{"from": from, "to": to, "open": open}
		}
		rng := func(from, to string) map[string]any { return map[string]any{"from": from, "to": to} }
		// Circuito Norte's shape: weekdays 10–14 and 16–22, Saturday 10–22 with a maintenance break,
		// a closed Christmas Eve, two e-mail lists, a booking date limit.
		st, _, f := s.save(t, s.body(s.config(t).Version, map[string]any{
			"confirmationBookingEmails": []string{"desk@example.com"}, "cancelBookingEmails": []string{"boss@example.com"},
		}, map[string]any{
			"maxDaysBooking": 45, "dateLimitBooking": map[string]any{"enabled": true, "date": "2027-03-31"},
			"generalSchedule": map[string]any{
				"MO": []any{period("10:00", "14:00", true), period("16:00", "22:00", true)},
				"SA": []any{period("10:00", "22:00", true), period("16:00", "22:00", false)},
			},
			"rules": map[string]any{"SA": map[string]any{"excludedHours": []any{rng("14:00", "14:30")}, "excludedDays": []string{"2026-12-26"}}},
			"specialSchedule": []any{map[string]any{"date": []string{"2026-12-24"},
				"schedule": map[string]any{"closed": true, "open24h": false, "value": []any{}}}},
		}))
		if st != http.StatusOK {
			t.Fatalf("setting up: %d %v", st, f)
		}
		for _, c := range []struct {
			tab    string
			change func(body map[string]any)
			expect func(in map[string]any) // the installation object as it must read after the save
		}{
			{"general: an e-mail address added",
				func(b map[string]any) {
					b["confirmationBookingEmails"] = append(b["confirmationBookingEmails"].([]any), "night@example.com")
				},
				func(in map[string]any) {
					in["confirmationBookingEmails"] = append(in["confirmationBookingEmails"].([]any), "night@example.com")
				}},
			{"general: the booking window",
				func(b map[string]any) { b["data"].(map[string]any)["maxDaysBooking"] = 60 },
				func(in map[string]any) { in["data"].(map[string]any)["maxDaysBooking"] = float64(60) }},
			{"special schedule: a day added",
				func(b map[string]any) {
					d := b["data"].(map[string]any)
					d["specialSchedule"] = append(d["specialSchedule"].([]any), map[string]any{"date": []any{"2026-12-31"},
						"schedule": map[string]any{"closed": false, "open24h": false, "value": []any{rng("10:00", "15:00")}}})
				},
				func(in map[string]any) {
					d := in["data"].(map[string]any)
					d["specialSchedule"] = append(d["specialSchedule"].([]any), jsonOf(t,
						`{"date":["2026-12-31"],"schedule":{"closed":false,"open24h":false,"value":[{"from":"10:00","to":"15:00"}]}}`))
				}},
			{"weekly schedule: Monday's first period shorter",
				func(b map[string]any) {
					b["data"].(map[string]any)["generalSchedule"].(map[string]any)["MO"] = []any{period("10:00", "13:00", true), period("16:00", "22:00", true)}
				},
				func(in map[string]any) {
					d := in["data"].(map[string]any)
					d["generalSchedule"].(map[string]any)["MO"] = jsonOf(t, `[{"from":"10:00","to":"13:00","open":true},{"from":"16:00","to":"22:00","open":true}]`)
					d["rules"].(map[string]any)["MO"] = jsonOf(t, `{"excludedHours":[{"from":"13:00","to":"16:00"}],"excludedDays":[]}`)
				}},
			{"general schedule: closing an hour later",
				func(b map[string]any) { b["closingDate"] = "23:00" },
				func(in map[string]any) {
					in["closingDate"] = "23:00"
					rules := in["data"].(map[string]any)["rules"].(map[string]any)
					rules["MO"] = jsonOf(t, `{"excludedHours":[{"from":"13:00","to":"16:00"},{"from":"22:00","to":"23:00"}],"excludedDays":[]}`)
					rules["SA"] = jsonOf(t, `{"excludedHours":[{"from":"14:00","to":"14:30"},{"from":"22:00","to":"23:00"}],"excludedDays":["2026-12-26"]}`)
				}},
		} {
			before := s.rawConfig(t)
			body := saveOf(before)
			c.change(body)
			res := s.api.Do("POST", "/api/admin/saveConfig", body, bearer(s.token)...)
			if res.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", c.tab, res.Status, res.Body)
			}
			want := jsonOf(t, installationOf(t, before)).(map[string]any)
			c.expect(want)
			wantText, _ := json.Marshal(want)
			if got := installationOf(t, s.rawConfig(t)); got != string(wantText) {
				t.Errorf("%s: the configuration after the save\n%s\nwant\n%s", c.tab, got, wantText)
			}
		}
	})
}
