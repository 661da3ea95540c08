package schedule

import "time"

// Slot is one bookable session start at a circuit.
type Slot struct {
	// Start is the true instant the session starts, in UTC.
	Start time.Time
	// Local is the wall-clock start at the circuit, "HH:mm:ss".
	Local string
	// Date is the local calendar date of the start, "YYYY-MM-DD".
	Date string
}

// Slots lists the slot starts on local date d at the circuit, in ascending wall-clock
// order, each wall time once. It is a pure function of s and d.
//
// Generation: see the package documentation for the rules (precedence of special days,
// allowed days, excluded days and weekly hours; excluded hours; periods that wrap past
// midnight; daylight-saving days). In short, Slots(d) holds d's own slots before
// midnight plus the after-midnight slots of d-1's wrapping periods.
//
// Slots expects settings that passed Validate. Zero values get the defaults (interval
// 15, 08:00–23:00, UTC); an out-of-range interval gives no slots, and malformed entries
// are skipped. It never panics.
func Slots(s Settings, d Date) []Slot {
	p, ok := newPlan(s)
	if !ok {
		return nil
	}
	var on [dayMinutes]bool
	p.day(d).starts(p.interval, func(m int) {
		if m < dayMinutes {
			on[m] = true
		}
	})
	p.day(d.AddDays(-1)).starts(p.interval, func(m int) {
		if m >= dayMinutes && m < 2*dayMinutes {
			on[m-dayMinutes] = true
		}
	})
	var out []Slot
	date := d.String()
	for m, set := range on {
		if !set {
			continue
		}
		t, exists := wallInstant(d, m, p.loc)
		if !exists {
			continue
		}
		out = append(out, Slot{Start: t.UTC(), Local: formatLocal(m), Date: date})
	}
	return out
}

// SlotAt finds the slot that starts at local time local ("HH:mm:ss", or "HH:mm") on
// date d; ok is false when the schedule has no slot starting then.
func SlotAt(s Settings, d Date, local string) (Slot, bool) {
	m, ok := parseLocal(local)
	if !ok {
		return Slot{}, false
	}
	want := formatLocal(m)
	for _, sl := range Slots(s, d) {
		if sl.Local == want {
			return sl, true
		}
	}
	return Slot{}, false
}

// wallInstant is the instant at which the wall clock at loc shows minute m of day d.
// exists is false when that wall time is skipped (the spring-forward gap). When the
// wall time happens twice (the fall-back overlap), the first occurrence is returned.
func wallInstant(d Date, m int, loc *time.Location) (t time.Time, exists bool) {
	t = d.At(m/60, m%60, loc)
	if !showsWall(t, d, m) {
		return time.Time{}, false
	}
	// time.Date may pick either occurrence of a repeated wall time. If the zone in force
	// at t began recently, try the previous zone's offset: a match before the zone
	// change is the earlier occurrence.
	zoneStart, _ := t.ZoneBounds()
	if zoneStart.IsZero() {
		return t, true
	}
	_, prevOffset := zoneStart.Add(-time.Second).Zone()
	naive := time.Date(d.Year, d.Month, d.Day, m/60, m%60, 0, 0, time.UTC)
	earlier := naive.Add(-time.Duration(prevOffset) * time.Second).In(loc)
	if earlier.Before(zoneStart) && showsWall(earlier, d, m) {
		return earlier, true
	}
	return t, true
}

func showsWall(t time.Time, d Date, m int) bool {
	return DateOf(t) == d && t.Hour()*60+t.Minute() == m
}
