package pricing

// Resolve is the price in cents of one slot of a product whose base price is base, at
// local date ("YYYY-MM-DD") and local start time ("HH:mm:ss" or "HH:mm") at the circuit
// — the Date and Local of a schedule.Slot.
//
// When isDynamic is false the base price applies. Otherwise the entry for the date is
// chosen: the exceptionalDays entry for that date if there is one (even if none of its
// ranges matches), else the entry of the date's weekday. Within it, the first range
// with from ≤ time < to gives the price ("00:00" or "24:00" as to is the end of the
// day, so 00:00–00:00 is the whole day). No entry, no matching range, or a malformed
// date or time gives the base price. Ranges are matched on the slot's own calendar date
// and wall-clock time (an after-midnight slot is priced by its own date); a range whose
// to is at or before its from (other than 00:00) never matches.
func Resolve(base int64, isDynamic bool, dp DynamicPrice, date, localTime string) int64 {
	if !isDynamic {
		return base
	}
	t, ok := secondsOfDay(localTime)
	if !ok {
		return base
	}
	ranges, found := dp.ExceptionalDays[date]
	if !found {
		wd, ok := weekdayOf(date)
		if !ok {
			return base
		}
		ranges = dp.Days[wd].Prices
	}
	for _, r := range ranges {
		from, end, ok := rangeMinutes(r.From, r.To)
		if ok && from*60 <= t && t < end*60 {
			return int64(r.Price)
		}
	}
	return base
}

// PackPrice is the price of a pack's pre-booking from the prices of its slots: the
// highest of them (customer spec, section 4). No slots gives 0.
func PackPrice(slotPrices []int64) int64 {
	var top int64
	for i, p := range slotPrices {
		if i == 0 || p > top {
			top = p
		}
	}
	return top
}

// rangeMinutes reads a from/to pair as minutes of the day [from, end); "00:00" and
// "24:00" as to mean 1440. ok is false when either is malformed or the range is empty
// or backwards.
func rangeMinutes(from, to string) (start, end int, ok bool) {
	start, okF := clockMinutes(from)
	end, okT := clockMinutes(to)
	if end == 0 {
		end = 24 * 60
	}
	if !okF || !okT || start >= 24*60 || end <= start {
		return 0, 0, false
	}
	return start, end, true
}

// clockMinutes reads "HH:mm" (00:00–23:59, or 24:00) as minutes after midnight.
func clockMinutes(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, okH := twoDigits(s[:2])
	m, okM := twoDigits(s[3:])
	if !okH || !okM || m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

// secondsOfDay reads "HH:mm:ss" or "HH:mm" as seconds after midnight, within the day.
func secondsOfDay(s string) (int, bool) {
	sec := 0
	switch len(s) {
	case 5:
	case 8:
		v, ok := twoDigits(s[6:])
		if s[5] != ':' || !ok || v > 59 {
			return 0, false
		}
		sec, s = v, s[:5]
	default:
		return 0, false
	}
	m, ok := clockMinutes(s)
	if !ok || m >= 24*60 {
		return 0, false
	}
	return m*60 + sec, true
}

func twoDigits(s string) (int, bool) {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}
