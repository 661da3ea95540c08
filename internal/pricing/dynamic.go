package pricing

import (
	"encoding/json"
	"fmt"
	"time"
)

// DynamicPrice is a product's price by weekday and time of day, with exceptional dates
// that override their weekday. In JSON (admin spec, section 3) it is one object: weekday
// keys "MO".."SU", each {"prices": [...]}, beside "exceptionalDays": {date: [...]}.
type DynamicPrice struct {
	// Days maps a weekday key ("MO".."SU") to that weekday's prices.
	Days map[string]DayPrices
	// ExceptionalDays maps a date "YYYY-MM-DD" to the price ranges of that date.
	ExceptionalDays map[string][]PriceRange
}

// DayPrices is one weekday's entry of a dynamic price.
type DayPrices struct {
	Prices []PriceRange `json:"prices"`
}

// PriceRange is a price that applies from From (inclusive) to To (exclusive), both
// "HH:mm"; "00:00" or "24:00" as To is the end of the day, so 00:00–00:00 is all day.
type PriceRange struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Price Cents  `json:"price"`
}

const exceptionalDaysKey = "exceptionalDays"

// weekdayKeys indexes the spec's weekday keys by time.Weekday.
var weekdayKeys = [7]string{"SU", "MO", "TU", "WE", "TH", "FR", "SA"}

func validWeekday(k string) bool {
	for _, w := range weekdayKeys {
		if w == k {
			return true
		}
	}
	return false
}

// weekdayOf is the weekday key of a "YYYY-MM-DD" date; ok is false for a malformed date.
func weekdayOf(date string) (string, bool) {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil || len(date) != len(time.DateOnly) {
		return "", false
	}
	return weekdayKeys[t.Weekday()], true
}

// MarshalJSON writes the spec's object: weekday keys and "exceptionalDays" (written as
// {} when there are none, and absent price lists as []).
func (dp DynamicPrice) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(dp.Days)+1)
	for k, v := range dp.Days {
		if v.Prices == nil {
			v.Prices = []PriceRange{}
		}
		m[k] = v
	}
	ex := dp.ExceptionalDays
	if ex == nil {
		ex = map[string][]PriceRange{}
	}
	m[exceptionalDaysKey] = ex
	return json.Marshal(m)
}

// UnmarshalJSON reads the spec's object. Every key other than "exceptionalDays" is
// taken as a weekday; Validate reports keys that are not MO..SU. Prices are read
// exactly (see ParseCents).
func (dp *DynamicPrice) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("pricing: dynamicPrice: %w", err)
	}
	if m == nil { // JSON null
		return nil
	}
	out := DynamicPrice{}
	for k, raw := range m {
		if k == exceptionalDaysKey {
			if err := json.Unmarshal(raw, &out.ExceptionalDays); err != nil {
				return fmt.Errorf("pricing: dynamicPrice.exceptionalDays: %w", err)
			}
			continue
		}
		var d DayPrices
		if err := json.Unmarshal(raw, &d); err != nil {
			return fmt.Errorf("pricing: dynamicPrice.%s: %w", k, err)
		}
		if out.Days == nil {
			out.Days = make(map[string]DayPrices)
		}
		out.Days[k] = d
	}
	*dp = out
	return nil
}
