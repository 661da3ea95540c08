package schedule

import (
	"encoding/json"
	"testing"
	"time"
)

func TestParseDate(t *testing.T) {
	tests := []struct {
		in   string
		want Date
		ok   bool
	}{
		{"2026-05-04", Date{2026, time.May, 4}, true},
		{"2028-02-29", Date{2028, time.February, 29}, true},
		{"2026-02-29", Date{}, false}, // not a leap year
		{"2026-13-01", Date{}, false},
		{"2026-5-4", Date{}, false},
		{"04/05/2026", Date{}, false},
		{"2026-05-04T00:00:00Z", Date{}, false},
		{"", Date{}, false},
	}
	for _, tt := range tests {
		got, err := ParseDate(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseDate(%q) = %v, %v; want %v, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
		if tt.ok && got.String() != tt.in {
			t.Errorf("ParseDate(%q).String() = %q", tt.in, got.String())
		}
	}
}

func TestDateArithmetic(t *testing.T) {
	if got := (Date{2026, time.December, 31}).AddDays(1); got != (Date{2027, time.January, 1}) {
		t.Errorf("AddDays over the new year = %v", got)
	}
	if got := (Date{2026, time.March, 1}).AddDays(-1); got != (Date{2026, time.February, 28}) {
		t.Errorf("AddDays(-1) from 1 March = %v", got)
	}
	if got := mon4May.Weekday(); got != time.Monday {
		t.Errorf("2026-05-04 weekday = %v", got)
	}
	if mon4May.Compare(tue5May) != -1 || tue5May.Compare(mon4May) != 1 || mon4May.Compare(mon4May) != 0 {
		t.Error("Compare does not order days")
	}
	if !(Date{}).IsZero() || mon4May.IsZero() {
		t.Error("IsZero")
	}
	var d Date
	if err := json.Unmarshal([]byte(`"2026-05-04"`), &d); err != nil || d != mon4May {
		t.Errorf("JSON date = %v, %v", d, err)
	}
	if err := json.Unmarshal([]byte(`"2026-05-32"`), &d); err == nil {
		t.Error("JSON accepted 2026-05-32")
	}
}

func TestParseClock(t *testing.T) {
	tests := []struct {
		in   string
		want Clock
		ok   bool
	}{
		{"00:00", 0, true},
		{"08:00", 480, true},
		{"23:59", 1439, true},
		{"24:00", 1440, true},
		{"24:01", 0, false},
		{"25:00", 0, false},
		{"12:60", 0, false},
		{"8:00", 0, false},
		{"08:00:00", 0, false},
		{"08h00", 0, false},
		{"-1:00", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseClock(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseClock(%q) = %v, %v; want %v, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
		if tt.ok && got.String() != tt.in {
			t.Errorf("Clock(%d).String() = %q, want %q", got, got.String(), tt.in)
		}
	}
}

func TestParseLocal(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"10:15:00", 615, true},
		{"10:15", 615, true},
		{"00:00:00", 0, true},
		{"10:15:30", 0, false}, // no slot starts off the minute
		{"24:00:00", 0, false}, // not a start within the day
		{"10:15:0", 0, false},
		{"10-15-00", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseLocal(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("parseLocal(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
