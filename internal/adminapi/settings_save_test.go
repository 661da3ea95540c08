package adminapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

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
			"generalSchedule": d["generalSchedule"], "specialSchedule": special,
			"contactEmail": d["contactEmail"], "contactPhone": d["contactPhone"]}}
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
			{"general: the circuit's contact phone, typed without spaces",
				func(b map[string]any) { b["data"].(map[string]any)["contactPhone"] = "+34942123456" },
				func(in map[string]any) { in["data"].(map[string]any)["contactPhone"] = "+34 942 12 34 56" }},
			{"general: the circuit's contact e-mail",
				func(b map[string]any) { b["data"].(map[string]any)["contactEmail"] = "Reservas@Norte.example" },
				func(in map[string]any) { in["data"].(map[string]any)["contactEmail"] = "reservas@norte.example" }},
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
