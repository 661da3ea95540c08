package schedule

import (
	"errors"
	"fmt"
)

// RuleError is a slot-selection rule the client broke. Code is stable, for API answers
// (HTTP 422 naming the rule); the returned errors wrap one of the Err values below with
// details, so match them with errors.Is and read Code with errors.As.
type RuleError struct {
	Code    string
	Message string
}

// Error returns the rule's message.
func (e *RuleError) Error() string { return e.Message }

// The rules of a pack selection, one error value each.
var (
	// ErrPackCount: the number of chosen slots is not the number the pack needs.
	ErrPackCount = &RuleError{Code: "pack_count", Message: "wrong number of slots for the pack"}
	// ErrPackOrder: the chosen slots are not in strictly ascending order.
	ErrPackOrder = &RuleError{Code: "pack_order", Message: "pack slots are not in order"}
	// ErrPackContiguity: consecutive chosen slots are not (gapSlots+1) intervals apart.
	ErrPackContiguity = &RuleError{Code: "pack_contiguity", Message: "pack slots are not consecutive"}
	// ErrNotInSchedule: a slot is malformed or is not a slot of the schedule on that date.
	ErrNotInSchedule = &RuleError{Code: "not_in_schedule", Message: "slot is not in the schedule"}
)

// errPackSpec is returned for a pack definition that cannot be satisfied (a server-side
// configuration problem, not the client's).
var errPackSpec = errors.New("schedule: a pack needs n >= 1 slots and gapSlots >= 0")

// PackChain lists the n slots of a pack that starts at startLocal ("HH:mm:ss") on date
// d: each starts (gapSlots+1)*Interval wall-clock minutes after the previous one. A pack
// stays within its date, so a slot that would fall after midnight is not in the
// schedule. The error wraps ErrNotInSchedule naming the first missing slot.
func PackChain(s Settings, d Date, startLocal string, n, gapSlots int) ([]Slot, error) {
	if n < 1 || gapSlots < 0 {
		return nil, errPackSpec
	}
	start, ok := parseLocal(startLocal)
	if !ok {
		return nil, fmt.Errorf("%w: malformed time %q", ErrNotInSchedule, startLocal)
	}
	byMinute, step, ok := indexSlots(s, d, gapSlots)
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNotInSchedule, formatLocal(start))
	}
	out := make([]Slot, 0, min(n, dayMinutes))
	for i := range n {
		m := start + i*step
		if m >= dayMinutes {
			return nil, fmt.Errorf("%w: slot %d of the pack would start after midnight", ErrNotInSchedule, i+1)
		}
		sl, found := byMinute[m]
		if !found {
			return nil, fmt.Errorf("%w: %s", ErrNotInSchedule, formatLocal(m))
		}
		out = append(out, sl)
	}
	return out, nil
}

// CheckPackSelection validates the local slot starts a client chose for a pack of n
// slots on date d. The checks run in this order and the first broken rule is returned:
// ErrPackCount (len(chosen) != n), ErrPackOrder (not strictly ascending), ErrPackContiguity
// (consecutive starts not (gapSlots+1)*Interval minutes apart), ErrNotInSchedule
// (malformed, or not a slot of the schedule). A malformed time is reported as
// ErrNotInSchedule before the order checks.
func CheckPackSelection(s Settings, d Date, chosen []string, n, gapSlots int) error {
	if n < 1 || gapSlots < 0 {
		return errPackSpec
	}
	if len(chosen) != n {
		return fmt.Errorf("%w: got %d, the pack needs %d", ErrPackCount, len(chosen), n)
	}
	minutes := make([]int, len(chosen))
	for i, c := range chosen {
		m, ok := parseLocal(c)
		if !ok {
			return fmt.Errorf("%w: malformed time %q", ErrNotInSchedule, c)
		}
		minutes[i] = m
	}
	for i := 1; i < len(minutes); i++ {
		if minutes[i] <= minutes[i-1] {
			return fmt.Errorf("%w: %s comes after %s", ErrPackOrder, chosen[i-1], chosen[i])
		}
	}
	byMinute, step, ok := indexSlots(s, d, gapSlots)
	if !ok {
		return fmt.Errorf("%w: the schedule has no valid interval", ErrNotInSchedule)
	}
	for i := 1; i < len(minutes); i++ {
		if minutes[i]-minutes[i-1] != step {
			return fmt.Errorf("%w: %s should be %d minutes after %s",
				ErrPackContiguity, chosen[i], step, chosen[i-1])
		}
	}
	for i, m := range minutes {
		if _, found := byMinute[m]; !found {
			return fmt.Errorf("%w: %s", ErrNotInSchedule, chosen[i])
		}
	}
	return nil
}

// indexSlots maps the slots of d by minute of the day and returns the pack step.
func indexSlots(s Settings, d Date, gapSlots int) (map[int]Slot, int, bool) {
	p, ok := newPlan(s)
	if !ok {
		return nil, 0, false
	}
	// Any gap of a day or more already puts the next slot past midnight; clamping keeps
	// the arithmetic small.
	gapSlots = min(gapSlots, dayMinutes)
	byMinute := make(map[int]Slot)
	for _, sl := range Slots(s, d) {
		m, _ := parseLocal(sl.Local)
		byMinute[m] = sl
	}
	return byMinute, (gapSlots + 1) * p.interval, true
}
