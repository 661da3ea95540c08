package sessions

import "encoding/json"

// AvailabilityResponse is the answer of GET /api/booking/availability.
type AvailabilityResponse struct {
	Data Availability `json:"data"`
}

// Availability lists a day's sessions for a product or pack, with the booking window settings.
type Availability struct {
	Slots               []SlotInfo `json:"slots"`
	DisableHoursBooking int        `json:"disableHoursBooking"`
	DateLimitBooking    DateLimit  `json:"dateLimitBooking"`
	MaxDaysBooking      int        `json:"maxDaysBooking"`
	TimeZone            string     `json:"timeZone"`

	// response is the whole body of GET /api/booking/availability for this answer, made once when the
	// answer is kept for reuse (cache.go), so that a reused answer is not encoded again for every visitor.
	response []byte
}

// responsePrefix and responseSuffix wrap an availability's JSON into the body of the call, as
// json.Encoder writes AvailabilityResponse.
const responsePrefix, responseSuffix = `{"data":`, "}\n"

// ResponseJSON is the whole body of GET /api/booking/availability for this answer ({"data":…} and a
// newline), made once when the answer was kept for reuse; nil otherwise. Writing it as is spares the
// server re-validating the cached JSON on every request (json.Encoder compacts a Marshaler's output, a
// quarter of the CPU of a reused answer).
func (a Availability) ResponseJSON() []byte { return a.response }

// availabilityFields is Availability without its MarshalJSON method.
type availabilityFields Availability

// MarshalJSON encodes the availability, reusing the encoding made when the answer was kept for reuse.
func (a Availability) MarshalJSON() ([]byte, error) {
	if a.response != nil {
		return a.response[len(responsePrefix) : len(a.response)-len(responseSuffix)], nil
	}
	return json.Marshal(availabilityFields(a))
}

// DateLimit is the last bookable date, when enabled.
type DateLimit struct {
	Date    *string `json:"date"`
	Enabled bool    `json:"enabled"`
}

// SlotInfo is one session as the booking wizard shows it.
type SlotInfo struct {
	StartTime       string  `json:"startTime"`
	UsersAvailable  int     `json:"usersAvailable"`
	MaxParticipants int     `json:"maxParticipants"`
	IDPack          *int64  `json:"idPack"`
	IDProduct       int64   `json:"idProduct"`
	Price           float64 `json:"price"`
	Available       bool    `json:"available"`
	Reason          string  `json:"reason,omitempty"` // why not available: past, window, full
}

// HoldRequest is the body of POST /api/prebooking.
type HoldRequest struct {
	BookingDates []string `json:"bookingDates"`
	NumDrivers   int      `json:"numDrivers"`
	IDType       int64    `json:"idType"`
	Type         string   `json:"type"`
	Token        string   `json:"token"`           // the shopping cart token
	Price        *float64 `json:"price,omitempty"` // what the visitor saw; never charged
}

// ReleaseRequest is the body of DELETE /api/prebooking/{identifier}.
type ReleaseRequest struct {
	Token string `json:"token"` // the shopping cart token
}
