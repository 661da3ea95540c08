package schedule

import (
	"errors"
	"strings"
	"testing"
)

func TestValidateAccepts(t *testing.T) {
	s := DefaultSettings()
	s.Interval = 480
	s.GeneralSchedule = map[Weekday][]Period{
		Monday:   {{From: "10:00", To: "14:00", Open: true}, {From: "16:00", To: "02:00", Open: true}},
		Tuesday:  {{From: "", To: "", Open: false}}, // a switched-off period may be blank
		Saturday: {{From: "00:00", To: "00:00", Open: true}},
	}
	s.SpecialSchedule = []SpecialRow{
		{ID: "a", Date: []string{"2026-12-24"}, Schedule: SpecialDay{Closed: true}},
		{ID: "b", Date: []string{"2026-12-25", "2026-12-31"}, Schedule: SpecialDay{Value: []Range{{From: "10:00", To: "14:00"}}}},
		{ID: "c", Date: []string{"2027-01-01"}, Schedule: SpecialDay{Open24h: true}},
	}
	s.Rules = Rules{
		Days: map[Weekday]DayRules{Monday: {
			ExcludedHours: []Range{{From: "08:00", To: "09:00"}, {From: "13:00", To: "14:00"}, {From: "22:00", To: "24:00"}},
			ExcludedDays:  []string{"2026-05-04"},
		}},
		AllowedDays: []map[string][]Range{{"2026-05-03": {{From: "10:00", To: "12:00"}}}, {"2026-05-10": {}}},
	}
	if err := Validate(s); err != nil {
		t.Fatalf("valid settings rejected: %v", err)
	}
	if err := Validate(DefaultSettings()); err != nil {
		t.Fatalf("defaults rejected: %v", err)
	}
	s.Interval = 1
	if err := Validate(s); err != nil {
		t.Fatalf("interval 1 rejected: %v", err)
	}
}

func TestValidateRejects(t *testing.T) {
	p := func(from, to string) Period { return Period{From: from, To: to, Open: true} }
	r := func(from, to string) Range { return Range{From: from, To: to} }
	tests := []struct {
		name  string
		edit  func(s *Settings)
		field string
	}{
		{"interval 0", func(s *Settings) { s.Interval = 0 }, "interval"},
		{"interval 481", func(s *Settings) { s.Interval = 481 }, "interval"},
		{"opening syntax", func(s *Settings) { s.Opening = "8:00" }, "openingDate"},
		{"opening at 24:00", func(s *Settings) { s.Opening = "24:00" }, "openingDate"},
		{"closing syntax", func(s *Settings) { s.Closing = "23:61" }, "closingDate"},
		{"opening equals closing", func(s *Settings) { s.Closing = s.Opening }, "closingDate"},
		{"unknown weekday", func(s *Settings) { s.GeneralSchedule = map[Weekday][]Period{"XX": {}} }, "generalSchedule.XX"},
		{"three periods", func(s *Settings) {
			s.GeneralSchedule = map[Weekday][]Period{Monday: {p("08:00", "09:00"), p("10:00", "11:00"), p("12:00", "13:00")}}
		}, "generalSchedule.MO"},
		{"period syntax", func(s *Settings) { s.GeneralSchedule = map[Weekday][]Period{Monday: {p("08:00", "9pm")}} }, "generalSchedule.MO[0].to"},
		{"empty period", func(s *Settings) { s.GeneralSchedule = map[Weekday][]Period{Monday: {p("10:00", "10:00")}} }, "generalSchedule.MO[0].to"},
		{"overlapping periods", func(s *Settings) {
			s.GeneralSchedule = map[Weekday][]Period{Monday: {p("10:00", "14:00"), p("13:00", "18:00")}}
		}, "generalSchedule.MO[1]"},
		{"wrapping period overlapping", func(s *Settings) {
			s.GeneralSchedule = map[Weekday][]Period{Monday: {p("18:00", "02:00"), p("20:00", "21:00")}}
		}, "generalSchedule.MO[1]"},
		{"special row without date", func(s *Settings) { s.SpecialSchedule = []SpecialRow{{Schedule: SpecialDay{Closed: true}}} }, "specialSchedule[0].date"},
		{"special row with three dates", func(s *Settings) {
			s.SpecialSchedule = []SpecialRow{{Date: []string{"2026-05-01", "2026-05-02", "2026-05-03"}}}
		}, "specialSchedule[0].date"},
		{"special row bad date", func(s *Settings) { s.SpecialSchedule = []SpecialRow{{Date: []string{"2026-02-30"}}} }, "specialSchedule[0].date"},
		{"special range backwards", func(s *Settings) { s.SpecialSchedule = []SpecialRow{{Date: []string{"2026-05-04", "2026-05-01"}}} }, "specialSchedule[0].date"},
		{"special rows overlap", func(s *Settings) {
			s.SpecialSchedule = []SpecialRow{
				{Date: []string{"2026-05-01", "2026-05-07"}, Schedule: SpecialDay{Closed: true}},
				{Date: []string{"2026-05-04"}, Schedule: SpecialDay{Open24h: true}},
			}
		}, "specialSchedule[1].date"},
		{"closed and open24h", func(s *Settings) {
			s.SpecialSchedule = []SpecialRow{{Date: []string{"2026-05-04"}, Schedule: SpecialDay{Closed: true, Open24h: true}}}
		}, "specialSchedule[0].schedule"},
		{"special three periods", func(s *Settings) {
			s.SpecialSchedule = []SpecialRow{{Date: []string{"2026-05-04"}, Schedule: SpecialDay{Value: []Range{r("08:00", "09:00"), r("10:00", "11:00"), r("12:00", "13:00")}}}}
		}, "specialSchedule[0].schedule.value"},
		{"special periods overlap", func(s *Settings) {
			s.SpecialSchedule = []SpecialRow{{Date: []string{"2026-05-04"}, Schedule: SpecialDay{Value: []Range{r("08:00", "12:00"), r("11:00", "13:00")}}}}
		}, "specialSchedule[0].schedule.value[1]"},
		{"four excluded ranges", func(s *Settings) {
			s.Rules.Days = map[Weekday]DayRules{Monday: {ExcludedHours: []Range{r("08:00", "09:00"), r("10:00", "11:00"), r("12:00", "13:00"), r("14:00", "15:00")}}}
		}, "rules.MO.excludedHours"},
		{"excluded range syntax", func(s *Settings) {
			s.Rules.Days = map[Weekday]DayRules{Monday: {ExcludedHours: []Range{r("x", "09:00")}}}
		}, "rules.MO.excludedHours[0].from"},
		{"rules unknown key", func(s *Settings) { s.Rules.Days = map[Weekday]DayRules{"monday": {}} }, "rules.monday"},
		{"excluded day bad date", func(s *Settings) { s.Rules.Days = map[Weekday]DayRules{Monday: {ExcludedDays: []string{"04/05/2026"}}} }, "rules.MO.excludedDays[0]"},
		{"excluded day on another weekday", func(s *Settings) { s.Rules.Days = map[Weekday]DayRules{Monday: {ExcludedDays: []string{"2026-05-05"}}} }, "rules.MO.excludedDays[0]"},
		{"allowed day with two dates", func(s *Settings) {
			s.Rules.AllowedDays = []map[string][]Range{{"2026-05-03": nil, "2026-05-10": nil}}
		}, "rules.allowedDays[0]"},
		{"allowed day bad date", func(s *Settings) { s.Rules.AllowedDays = []map[string][]Range{{"tomorrow": nil}} }, "rules.allowedDays[0]"},
		{"allowed day twice", func(s *Settings) {
			s.Rules.AllowedDays = []map[string][]Range{{"2026-05-03": nil}, {"2026-05-03": nil}}
		}, "rules.allowedDays[1]"},
		{"allowed day hours overlap", func(s *Settings) {
			s.Rules.AllowedDays = []map[string][]Range{{"2026-05-03": {r("10:00", "12:00"), r("11:00", "13:00")}}}
		}, "rules.allowedDays[0].2026-05-03[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := DefaultSettings()
			tt.edit(&s)
			err := Validate(s)
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Validate = %v, want a *ValidationError", err)
			}
			if _, ok := ve.Fields[tt.field]; !ok {
				t.Fatalf("fields %v do not name %q", ve.Fields, tt.field)
			}
			if !strings.Contains(err.Error(), tt.field) {
				t.Errorf("message %q does not name the field", err.Error())
			}
		})
	}
}
