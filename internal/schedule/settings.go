package schedule

import (
	"encoding/json"
	"fmt"
	"time"
)

// Defaults of an installation's settings (admin spec, section 9).
const (
	DefaultInterval = 15      // minutes between slot starts, and a slot's length
	DefaultOpening  = "08:00" // general opening time
	DefaultClosing  = "23:00" // general closing time
	MinInterval     = 1       // smallest valid interval, in minutes
	MaxInterval     = 480     // largest valid interval, in minutes
)

// Settings is the opening schedule of one installation (circuit): everything Slots needs.
// The JSON form is the one the admin settings screens send, so the store can keep it as
// JSON text and the admin API can pass it through. Decode into DefaultSettings() so that
// keys absent from the JSON keep their defaults.
type Settings struct {
	// Interval is the minutes between slot starts, which is also a slot's length (1–480).
	Interval int `json:"interval"`
	// Opening and Closing are the general hours "HH:mm", used on weekdays that
	// GeneralSchedule does not mention.
	Opening string `json:"openingDate"`
	Closing string `json:"closingDate"`
	// Location is the circuit's time zone; nil means UTC. It is not part of the JSON:
	// the caller sets it from the installation's timeZone.
	Location *time.Location `json:"-"`
	// GeneralSchedule is the weekly schedule by weekday key ("MO".."SU"), up to two
	// periods a day. A missing weekday uses the general hours; a weekday present with no
	// open period is closed.
	GeneralSchedule map[Weekday][]Period `json:"generalSchedule"`
	// SpecialSchedule overrides single days or ranges of days.
	SpecialSchedule []SpecialRow `json:"specialSchedule"`
	// Rules holds excluded hours and days per weekday, and allowed days.
	Rules Rules `json:"rules"`
}

// DefaultSettings is the schedule of a new installation: every day 08:00–23:00 in
// 15-minute slots, in UTC until the caller sets Location.
func DefaultSettings() Settings {
	return Settings{Interval: DefaultInterval, Opening: DefaultOpening, Closing: DefaultClosing}
}

// Weekday is a weekday key as the spec writes it: "MO", "TU", "WE", "TH", "FR", "SA", "SU".
type Weekday string

// The seven weekday keys.
const (
	Monday    Weekday = "MO"
	Tuesday   Weekday = "TU"
	Wednesday Weekday = "WE"
	Thursday  Weekday = "TH"
	Friday    Weekday = "FR"
	Saturday  Weekday = "SA"
	Sunday    Weekday = "SU"
)

var weekdayKeys = [7]Weekday{Sunday, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday}

// WeekdayOf is the key of a time.Weekday.
func WeekdayOf(d time.Weekday) Weekday { return weekdayKeys[d%7] }

// Valid reports whether w is one of the seven keys.
func (w Weekday) Valid() bool {
	for _, k := range weekdayKeys {
		if k == w {
			return true
		}
	}
	return false
}

// Period is one opening period of the weekly schedule; Open is the admin's switch, and
// a period that is not open is ignored.
type Period struct {
	From string `json:"from"`
	To   string `json:"to"`
	Open bool   `json:"open"`
}

// Range is a from/to pair of "HH:mm" times. A "to" at or before "from" wraps past
// midnight; "00:00" or "24:00" as "to" is the end of the day.
type Range struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// SpecialRow is one entry of the special schedule: a day, or a range of days, with its
// own hours.
type SpecialRow struct {
	ID string `json:"id"`
	// Date is one "YYYY-MM-DD" date, or two: the first and last day of a range.
	Date     []string   `json:"date"`
	Schedule SpecialDay `json:"schedule"`
}

// SpecialDay is the hours of a special day: closed, open all day, or open in up to two
// periods (Value).
type SpecialDay struct {
	Closed  bool    `json:"closed"`
	Open24h bool    `json:"open24h"`
	Value   []Range `json:"value"`
}

// Rules is the "rules" object: per weekday key, excluded hours and excluded days; and
// allowedDays, dates opened with their own hours. In JSON the weekday keys and
// "allowedDays" sit side by side in one object.
type Rules struct {
	Days        map[Weekday]DayRules
	AllowedDays []map[string][]Range
}

// DayRules is what the rules say about one weekday.
type DayRules struct {
	// ExcludedHours (up to three) remove the slots of the weekly schedule that overlap them.
	ExcludedHours []Range `json:"excludedHours"`
	// ExcludedDays are dates ("YYYY-MM-DD", falling on this weekday) that are closed.
	ExcludedDays []string `json:"excludedDays"`
}

const allowedDaysKey = "allowedDays"

// MarshalJSON writes the rules as one object with weekday keys and "allowedDays".
// Absent lists are written as [] so clients can iterate them.
func (r Rules) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(r.Days)+1)
	for k, v := range r.Days {
		if v.ExcludedHours == nil {
			v.ExcludedHours = []Range{}
		}
		if v.ExcludedDays == nil {
			v.ExcludedDays = []string{}
		}
		m[string(k)] = v
	}
	if r.AllowedDays != nil {
		m[allowedDaysKey] = r.AllowedDays
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads the rules object. Every key other than "allowedDays" is taken as
// a weekday; Validate reports keys that are not MO..SU.
func (r *Rules) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("schedule: rules: %w", err)
	}
	if m == nil { // JSON null
		return nil
	}
	out := Rules{}
	for k, raw := range m {
		if k == allowedDaysKey {
			if err := json.Unmarshal(raw, &out.AllowedDays); err != nil {
				return fmt.Errorf("schedule: rules.allowedDays: %w", err)
			}
			continue
		}
		var d DayRules
		if err := json.Unmarshal(raw, &d); err != nil {
			return fmt.Errorf("schedule: rules.%s: %w", k, err)
		}
		if out.Days == nil {
			out.Days = make(map[Weekday]DayRules)
		}
		out.Days[Weekday(k)] = d
	}
	*r = out
	return nil
}
