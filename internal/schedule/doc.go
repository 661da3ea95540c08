// Package schedule turns an installation's opening settings into bookable slots.
//
// Everything here is a pure function of Settings and a local calendar Date: no clock,
// no I/O. Dates and wall-clock times are those of the circuit (Settings.Location);
// Slot.Start is the true instant in UTC.
//
// # Slot generation
//
// Within an opening period, slots start at the period's opening and every Interval
// minutes after; a slot lasts Interval minutes and must end by the period's end. So
// 08:00–23:00 at 15 minutes gives 08:00, 08:15, … 22:45.
//
// The hours of a date D are chosen by the first rule that applies:
//
//  1. a special-schedule row covering D: closed gives no slots, open24h gives
//     00:00–24:00, otherwise its periods (Value). A single-date row always applies;
//     a range row skips days whose weekday is closed in the weekly schedule. When
//     rows overlap (Validate rejects it), the first in the list wins;
//  2. an allowedDays entry for D: open with its hours (an empty list means the general
//     opening and closing hours);
//  3. D listed in the excludedDays of its weekday: closed;
//  4. the weekly schedule of D's weekday (its open periods; a weekday listed with no
//     open period is closed), or the general opening–closing hours when the weekday
//     is not listed.
//
// Excluded hours of the weekday apply to rule 4 only (never to special or allowed days).
// They remove every slot whose span [start, start+Interval) overlaps an excluded range
// [from, to): a slot starting at t with from ≤ t < to goes, and so does one that starts
// before from but runs into it. The comparison is on the 24-hour clock, so an excluded
// 00:30–01:00 also removes the after-midnight slots of a period that wraps.
//
// # Midnight
//
// A period whose "to" is at or before its "from" wraps past midnight (18:00–02:00).
// "00:00" and "24:00" as an end both mean the end of the day, and 00:00–00:00 is the
// whole day. The slots after midnight of a wrapping period belong to the next calendar
// date: Slots(D) holds the after-midnight slots of D-1's wrapping periods (whatever
// rule chose D-1's hours, even when D itself is closed) and leaves D's own
// after-midnight slots to Slots(D+1). A wall time produced by both D and D-1 appears once.
//
// # Daylight saving
//
// Generation advances in wall-clock minutes; each wall time is then turned into the
// true instant with time.Date in Settings.Location. On the spring-forward day a wall
// time that does not exist (02:00–02:59 in Europe/Madrid on 2026-03-29) is skipped. On
// the fall-back day a repeated wall time (02:00–02:59 on 2026-10-25) appears once, at
// its first occurrence. A slot's length is likewise counted in wall-clock minutes.
//
// # Packs
//
// A pack of n sessions takes n slots of one date, each (gapSlots+1)×Interval wall-clock
// minutes after the previous: PackChain builds that chain from a start, and
// CheckPackSelection checks a client's choice, returning one RuleError per broken rule.
//
// # Dates
//
// Date is a plain (year, month, day) value written YYYY-MM-DD; the JSON of Settings keeps
// dates as strings so that Validate can name a malformed one instead of failing to decode.
package schedule
