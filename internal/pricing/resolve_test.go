package pricing

import "testing"

// 2026-05-04 is a Monday, 2026-05-05 a Tuesday, 2026-05-09 a Saturday.
func TestResolve(t *testing.T) {
	dp := DynamicPrice{
		Days: map[string]DayPrices{
			"MO": {Prices: []PriceRange{
				{From: "08:00", To: "14:00", Price: 2000},
				{From: "14:00", To: "00:00", Price: 2550},
				{From: "10:00", To: "12:00", Price: 9999}, // shadowed: the first match wins
			}},
			"TU": {Prices: []PriceRange{{From: "00:00", To: "00:00", Price: 1500}}},
			"WE": {Prices: []PriceRange{{From: "18:00", To: "24:00", Price: 3000}}},
			"TH": {Prices: []PriceRange{{From: "22:00", To: "02:00", Price: 4000}}}, // backwards: never matches
			"SA": {Prices: []PriceRange{{From: "bad", To: "12:00", Price: 1}, {From: "09:00", To: "12:00", Price: 3500}}},
		},
		ExceptionalDays: map[string][]PriceRange{
			"2026-05-11": {{From: "10:00", To: "12:00", Price: 5000}}, // a Monday
			"2026-05-12": {},                                          // a Tuesday with an empty exceptional entry
		},
	}
	const base = 1800
	tests := []struct {
		name      string
		isDynamic bool
		date      string
		local     string
		want      int64
	}{
		{"not dynamic", false, "2026-05-04", "10:00:00", base},
		{"first range", true, "2026-05-04", "08:00:00", 2000},
		{"last minute of a range", true, "2026-05-04", "13:59:00", 2000},
		{"to is exclusive", true, "2026-05-04", "14:00:00", 2550},
		{"first match wins over a later overlapping row", true, "2026-05-04", "11:00:00", 2000},
		{"00:00 as to runs to the end of the day", true, "2026-05-04", "23:45:00", 2550},
		{"before every range", true, "2026-05-04", "07:45:00", base},
		{"00:00-00:00 is all day, at midnight", true, "2026-05-05", "00:00:00", 1500},
		{"00:00-00:00 is all day, at the end", true, "2026-05-05", "23:59:00", 1500},
		{"24:00 as to", true, "2026-05-06", "23:30:00", 3000},
		{"a backwards range never matches", true, "2026-05-07", "23:00:00", base},
		{"a malformed row is skipped", true, "2026-05-09", "10:00:00", 3500},
		{"weekday without entry", true, "2026-05-10", "10:00:00", base},
		{"exceptional day wins over its weekday", true, "2026-05-11", "10:30:00", 5000},
		{"exceptional day without a match gives the base", true, "2026-05-11", "15:00:00", base},
		{"empty exceptional entry still replaces the weekday", true, "2026-05-12", "10:00:00", base},
		{"HH:mm is accepted", true, "2026-05-04", "14:00", 2550},
		{"seconds count", true, "2026-05-04", "13:59:59", 2000},
		{"malformed time", true, "2026-05-04", "2pm", base},
		{"malformed date", true, "04-05-2026", "10:00:00", base},
		{"impossible date", true, "2026-02-30", "10:00:00", base},
	}
	for _, tt := range tests {
		if got := Resolve(base, tt.isDynamic, dp, tt.date, tt.local); got != tt.want {
			t.Errorf("%s: Resolve(%s %s) = %d, want %d", tt.name, tt.date, tt.local, got, tt.want)
		}
	}
	if got := Resolve(base, true, DynamicPrice{}, "2026-05-04", "10:00:00"); got != base {
		t.Errorf("empty dynamic price = %d, want the base", got)
	}
}

func TestPackPrice(t *testing.T) {
	tests := []struct {
		in   []int64
		want int64
	}{
		{nil, 0},
		{[]int64{2000}, 2000},
		{[]int64{2000, 2550, 1800}, 2550},
		{[]int64{2550, 2550}, 2550},
		{[]int64{0, 0}, 0},
	}
	for _, tt := range tests {
		if got := PackPrice(tt.in); got != tt.want {
			t.Errorf("PackPrice(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}
