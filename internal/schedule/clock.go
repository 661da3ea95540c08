package schedule

import "fmt"

// Clock is a wall-clock time of day at a circuit, in minutes after local midnight:
// 0 is 00:00 and 1440 is 24:00 (only meaningful as the end of a period).
type Clock int

// Minutes in one day: the value of "24:00".
const dayMinutes = 24 * 60

// ParseClock reads an "HH:mm" time of day: two-digit hours 00–23 and minutes 00–59,
// or exactly "24:00" for the end of the day.
func ParseClock(s string) (Clock, error) {
	if len(s) != 5 || s[2] != ':' {
		return 0, fmt.Errorf("schedule: time %q is not HH:mm", s)
	}
	h, okH := twoDigits(s[0:2])
	m, okM := twoDigits(s[3:5])
	if !okH || !okM || m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, fmt.Errorf("schedule: time %q is not a valid HH:mm", s)
	}
	return Clock(h*60 + m), nil
}

// String writes the clock as "HH:mm" ("24:00" for the end of the day).
func (c Clock) String() string {
	return fmt.Sprintf("%02d:%02d", int(c)/60, int(c)%60)
}

// parseLocal reads a slot's local start as sent by clients, "HH:mm:ss" or "HH:mm",
// and returns its minute of the day; ok is false when it is malformed or is not on a
// whole minute (no slot starts at a second other than :00).
func parseLocal(s string) (minute int, ok bool) {
	switch len(s) {
	case 5:
	case 8:
		if s[5] != ':' || s[6:8] != "00" {
			return 0, false
		}
		s = s[:5]
	default:
		return 0, false
	}
	c, err := ParseClock(s)
	if err != nil || c >= dayMinutes {
		return 0, false
	}
	return int(c), true
}

// formatLocal writes a minute of the day as "HH:mm:ss".
func formatLocal(minute int) string {
	return fmt.Sprintf("%02d:%02d:00", minute/60, minute%60)
}

func twoDigits(s string) (int, bool) {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

// window is a half-open stretch [start, end) of minutes counted from the local midnight
// that opens a schedule day; end may pass 1440 when the stretch wraps past midnight.
type window struct{ start, end int }

// spanOf turns a from/to pair into a window. A "to" at or before "from" wraps past
// midnight, so "00:00" as an end is the end of the day and 00:00–00:00 is the whole day.
func spanOf(from, to Clock) window {
	end := int(to)
	if to <= from {
		end += dayMinutes
	}
	return window{start: int(from), end: end}
}

// parseSpan parses a from/to pair of "HH:mm" strings into a window.
func parseSpan(from, to string) (window, error) {
	f, err := ParseClock(from)
	if err != nil {
		return window{}, err
	}
	t, err := ParseClock(to)
	if err != nil {
		return window{}, err
	}
	return spanOf(f, t), nil
}

func (w window) overlaps(o window) bool { return w.start < o.end && o.start < w.end }
