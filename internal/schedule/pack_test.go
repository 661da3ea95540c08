package schedule

import (
	"errors"
	"testing"
)

func TestPackChain(t *testing.T) {
	lunchOff := Settings{Rules: Rules{Days: map[Weekday]DayRules{Monday: {ExcludedHours: []Range{{From: "11:00", To: "12:00"}}}}}}
	spring := Settings{Interval: 30, Location: madrid(t), Opening: "00:00", Closing: "06:00"}
	tests := []struct {
		name    string
		s       Settings
		d       Date
		start   string
		n, gap  int
		want    []string
		wantErr error
	}{
		{name: "three back to back", s: DefaultSettings(), d: mon4May, start: "10:00:00", n: 3, want: []string{"10:00:00", "10:15:00", "10:30:00"}},
		{name: "one slot gap", s: DefaultSettings(), d: mon4May, start: "10:00:00", n: 3, gap: 1, want: []string{"10:00:00", "10:30:00", "11:00:00"}},
		{name: "single slot", s: DefaultSettings(), d: mon4May, start: "22:45:00", n: 1, want: []string{"22:45:00"}},
		{name: "runs past closing", s: DefaultSettings(), d: mon4May, start: "22:30:00", n: 3, wantErr: ErrNotInSchedule},
		{name: "runs into excluded hours", s: lunchOff, d: mon4May, start: "10:30:00", n: 3, wantErr: ErrNotInSchedule},
		{name: "start is not a slot", s: DefaultSettings(), d: mon4May, start: "10:05:00", n: 2, wantErr: ErrNotInSchedule},
		{name: "malformed start", s: DefaultSettings(), d: mon4May, start: "ten", n: 2, wantErr: ErrNotInSchedule},
		{name: "never crosses midnight", s: hourly(Settings{Opening: "00:00", Closing: "00:00"}), d: mon4May, start: "23:00:00", n: 2, wantErr: ErrNotInSchedule},
		{name: "hits the spring-forward gap", s: spring, d: springForward, start: "01:30:00", n: 2, wantErr: ErrNotInSchedule},
		{name: "jumps the spring-forward gap with a gap slot", s: spring, d: springForward, start: "01:00:00", n: 2, gap: 3, want: []string{"01:00:00", "03:00:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PackChain(tt.s, tt.d, tt.start, tt.n, tt.gap)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && err != nil) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if tt.wantErr == nil {
				assertLocals(t, got, tt.want)
			}
		})
	}
	if _, err := PackChain(DefaultSettings(), mon4May, "22:30:00", 3, 0); err == nil || err.Error() != "slot is not in the schedule: 23:00:00" {
		t.Errorf("the error should name the missing slot, got %v", err)
	}
}

func TestCheckPackSelection(t *testing.T) {
	closedMonday := Settings{Interval: 15, GeneralSchedule: map[Weekday][]Period{Monday: {}}}
	tests := []struct {
		name    string
		s       Settings
		chosen  []string
		n, gap  int
		wantErr *RuleError
	}{
		{name: "valid", s: DefaultSettings(), chosen: []string{"10:00:00", "10:15:00", "10:30:00"}, n: 3},
		{name: "valid with gap", s: DefaultSettings(), chosen: []string{"10:00:00", "10:30:00", "11:00:00"}, n: 3, gap: 1},
		{name: "too few", s: DefaultSettings(), chosen: []string{"10:00:00", "10:15:00"}, n: 3, wantErr: ErrPackCount},
		{name: "too many", s: DefaultSettings(), chosen: []string{"10:00:00", "10:15:00", "10:30:00", "10:45:00"}, n: 3, wantErr: ErrPackCount},
		{name: "none", s: DefaultSettings(), chosen: nil, n: 2, wantErr: ErrPackCount},
		{name: "out of order", s: DefaultSettings(), chosen: []string{"10:15:00", "10:00:00", "10:30:00"}, n: 3, wantErr: ErrPackOrder},
		{name: "repeated slot", s: DefaultSettings(), chosen: []string{"10:00:00", "10:00:00", "10:15:00"}, n: 3, wantErr: ErrPackOrder},
		{name: "a hole", s: DefaultSettings(), chosen: []string{"10:00:00", "10:15:00", "10:45:00"}, n: 3, wantErr: ErrPackContiguity},
		{name: "gap not respected", s: DefaultSettings(), chosen: []string{"10:00:00", "10:15:00", "10:30:00"}, n: 3, gap: 1, wantErr: ErrPackContiguity},
		{name: "past closing", s: DefaultSettings(), chosen: []string{"22:30:00", "22:45:00", "23:00:00"}, n: 3, wantErr: ErrNotInSchedule},
		{name: "closed day", s: closedMonday, chosen: []string{"10:00:00", "10:15:00"}, n: 2, wantErr: ErrNotInSchedule},
		{name: "malformed", s: DefaultSettings(), chosen: []string{"10:00am", "10:15:00"}, n: 2, wantErr: ErrNotInSchedule},
		{name: "off the grid", s: DefaultSettings(), chosen: []string{"10:05:00", "10:20:00"}, n: 2, wantErr: ErrNotInSchedule},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckPackSelection(tt.s, mon4May, tt.chosen, tt.n, tt.gap)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var re *RuleError
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &re) || re.Code != tt.wantErr.Code {
				t.Fatalf("err = %v, want rule %s", err, tt.wantErr.Code)
			}
		})
	}
}

func TestPackBadDefinition(t *testing.T) {
	// A pack of no slots or a negative gap is a catalogue problem, not a client's rule.
	for _, c := range []struct{ n, gap int }{{0, 0}, {2, -1}} {
		err := CheckPackSelection(DefaultSettings(), mon4May, []string{"10:00:00"}, c.n, c.gap)
		var re *RuleError
		if err == nil || errors.As(err, &re) {
			t.Errorf("CheckPackSelection n=%d gap=%d = %v, want a non-rule error", c.n, c.gap, err)
		}
		if _, err := PackChain(DefaultSettings(), mon4May, "10:00:00", c.n, c.gap); err == nil || errors.As(err, &re) {
			t.Errorf("PackChain n=%d gap=%d = %v, want a non-rule error", c.n, c.gap, err)
		}
	}
	// A huge gap or count stays cheap and simply falls off the day.
	if _, err := PackChain(DefaultSettings(), mon4May, "10:00:00", 1<<40, 1<<40); !errors.Is(err, ErrNotInSchedule) {
		t.Errorf("huge pack = %v", err)
	}
}
