package schedule

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// adminJSON is settings as the admin screens send them (admin spec, section 3).
const adminJSON = `{
  "interval": 30,
  "openingDate": "09:00",
  "closingDate": "22:00",
  "generalSchedule": {
    "MO": [{"from": "10:00", "to": "14:00", "open": true}, {"from": "16:00", "to": "20:00", "open": true}],
    "SU": [{"from": "10:00", "to": "14:00", "open": false}, {"from": "16:00", "to": "20:00", "open": false}]
  },
  "specialSchedule": [
    {"id": "r1", "date": ["2026-12-24"], "schedule": {"closed": true, "open24h": false, "value": []}},
    {"id": "r2", "date": ["2026-12-26", "2026-12-31"], "schedule": {"closed": false, "open24h": false,
      "value": [{"from": "11:00", "to": "15:00"}]}}
  ],
  "rules": {
    "MO": {"excludedHours": [{"from": "12:00", "to": "13:00"}], "excludedDays": ["2026-05-11"]},
    "TU": {"excludedHours": [], "excludedDays": []},
    "allowedDays": [{"2026-05-03": [{"from": "10:00", "to": "12:00"}]}]
  }
}`

func TestSettingsJSON(t *testing.T) {
	s := DefaultSettings()
	if err := json.Unmarshal([]byte(adminJSON), &s); err != nil {
		t.Fatal(err)
	}
	if err := Validate(s); err != nil {
		t.Fatalf("spec-shaped settings invalid: %v", err)
	}
	if s.Interval != 30 || s.Opening != "09:00" || len(s.GeneralSchedule[Monday]) != 2 || !s.GeneralSchedule[Monday][1].Open {
		t.Errorf("decoded %+v", s)
	}
	if got := s.Rules.Days[Monday].ExcludedHours; len(got) != 1 || got[0] != (Range{"12:00", "13:00"}) {
		t.Errorf("rules.MO = %+v", s.Rules.Days[Monday])
	}
	if got := s.Rules.AllowedDays; len(got) != 1 || len(got[0]["2026-05-03"]) != 1 {
		t.Errorf("allowedDays = %+v", got)
	}
	if row := s.SpecialSchedule[1]; row.ID != "r2" || row.Date[1] != "2026-12-31" || row.Schedule.Value[0].From != "11:00" {
		t.Errorf("special row = %+v", row)
	}
	// The decoded schedule is the one booked: Monday's two periods less the lunch hour.
	assertLocals(t, Slots(s, mon4May), []string{"10:00:00", "10:30:00", "11:00:00", "11:30:00", "13:00:00", "13:30:00",
		"16:00:00", "16:30:00", "17:00:00", "17:30:00", "18:00:00", "18:30:00", "19:00:00", "19:30:00"})

	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back Settings
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Errorf("round trip changed the settings\n got %+v\nwant %+v", back, s)
	}
	if !strings.Contains(string(out), `"allowedDays":[{"2026-05-03"`) || !strings.Contains(string(out), `"MO":{"excludedHours"`) {
		t.Errorf("rules not written in the spec's shape: %s", out)
	}
}

func TestSettingsJSONDefaults(t *testing.T) {
	s := DefaultSettings()
	if err := json.Unmarshal([]byte(`{"rules": null}`), &s); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, DefaultSettings()) {
		t.Errorf("absent keys should keep defaults, got %+v", s)
	}
	// Rules written with no days still serialize as an object clients can read.
	out, err := json.Marshal(Rules{Days: map[Weekday]DayRules{Friday: {}}})
	if err != nil || string(out) != `{"FR":{"excludedHours":[],"excludedDays":[]}}` {
		t.Errorf("Rules JSON = %s, %v", out, err)
	}
	for _, bad := range []string{`{"rules": []}`, `{"rules": {"MO": 3}}`, `{"rules": {"allowedDays": {}}}`} {
		if err := json.Unmarshal([]byte(bad), &s); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}
