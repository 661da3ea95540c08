package report

import "time"

// Offset is a stretch of time during which the zone's offset from UTC does not change: instants before
// Until (Unix ms) and not before the previous Offset's Until are OffsetMs ahead of UTC. The last Offset
// of a list has Until at the end of the range it was computed for.
type Offset struct {
	Until    int64
	OffsetMs int64
}

// Offsets lists the zone's offsets over the instants [from, to), in order. Adding an instant's offset
// to its Unix ms and dividing by a day gives its local Date, which is how the store buckets instants
// into local days in SQL without a day boundary per row: a local day is not always 24 hours (DST), but
// the offset is constant between transitions, and a year has at most a few.
func Offsets(from, to time.Time, loc *time.Location) []Offset {
	var out []Offset
	t := from.In(loc)
	for t.Before(to) {
		_, off := t.Zone()
		_, end := t.ZoneBounds()
		if end.IsZero() || !end.Before(to) {
			end = to
		}
		out = append(out, Offset{Until: end.UnixMilli(), OffsetMs: int64(off) * 1000})
		t = end.In(loc)
	}
	return out
}

// DayOfMs returns the local Date of the instant (Unix ms) given the offsets around it: the inverse of
// the store's SQL bucketing, used to check it and to bucket rows grouped by instant.
func DayOfMs(ms int64, offsets []Offset) Date {
	off := int64(0)
	for _, o := range offsets {
		off = o.OffsetMs
		if ms < o.Until {
			break
		}
	}
	return Date(floorDiv(ms+off, 86400000))
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
