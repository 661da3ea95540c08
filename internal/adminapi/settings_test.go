package adminapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
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
			{"a bad contact e-mail", nil, map[string]any{"contactEmail": "desk at kart"}, "data.contactEmail"},
			{"a contact phone without its country code", nil, map[string]any{"contactPhone": "942 12 34 56"}, "data.contactPhone"},
			{"a contact phone that is no number", nil, map[string]any{"contactPhone": "+34 12"}, "data.contactPhone"},
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
