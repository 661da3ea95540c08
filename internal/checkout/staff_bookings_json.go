package checkout

import (
	"strconv"
	"time"
	"unicode/utf8"

	"pitlane/internal/pricing"
)

// The staff bookings list answers with tens of thousands of rows for a busy month (issue 13: 31 days of
// a 200,000-booking year is about 17,000). encoding/json spends most of its time there on reflection and
// on the custom marshalers of Cents and time.Time; AppendJSON writes the same bytes directly.
// TestBookingRowAppendJSONMatchesEncodingJSON holds the two outputs equal.

// AppendJSON appends the row's JSON object, byte for byte what a json.Encoder (HTML escaping on) writes
// for it, without the newline.
func (r BookingRow) AppendJSON(b []byte) []byte {
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, r.ID, 10)
	b = append(b, `,"idBooking":`...)
	b = strconv.AppendInt(b, r.IDBooking, 10)
	b = append(b, `,"bookingIdentifier":`...)
	b = appendJSONString(b, r.BookingIdentifier)
	b = append(b, `,"reference":`...)
	b = appendJSONString(b, r.Reference)
	b = append(b, `,"createdAt":`...)
	b = appendJSONTime(b, r.CreatedAt)
	b = append(b, `,"bookingDate":`...)
	if r.BookingDate == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, *r.BookingDate)
	}
	b = append(b, `,"contactName":`...)
	b = appendJSONString(b, r.ContactName)
	b = append(b, `,"phone":`...)
	b = appendJSONString(b, r.Phone)
	b = append(b, `,"email":`...)
	b = appendJSONString(b, r.Email)
	b = append(b, `,"price":`...)
	b = append(b, pricing.FormatCents(int64(r.Price))...)
	b = append(b, `,"numParticipants":`...)
	b = strconv.AppendInt(b, int64(r.NumParticipants), 10)
	b = append(b, `,"state":`...)
	b = appendJSONString(b, r.State)
	b = append(b, `,"track":`...)
	b = appendJSONString(b, r.Track)
	b = append(b, `,"source":`...)
	b = appendJSONString(b, r.Source)
	b = append(b, `,"paymentMode":`...)
	b = appendJSONString(b, r.PaymentMode)
	b = append(b, `,"cancellable":`...)
	b = strconv.AppendBool(b, r.Cancellable)
	return append(b, '}')
}

// AppendJSON appends the totals' JSON object as a json.Encoder writes it, without the newline.
func (t BookingTotals) AppendJSON(b []byte) []byte {
	b = append(b, `{"bookings":`...)
	b = strconv.AppendInt(b, int64(t.Bookings), 10)
	b = append(b, `,"sessions":`...)
	b = strconv.AppendInt(b, int64(t.Sessions), 10)
	b = append(b, `,"drivers":`...)
	b = strconv.AppendInt(b, int64(t.Drivers), 10)
	b = append(b, `,"price":`...)
	b = append(b, pricing.FormatCents(int64(t.Price))...)
	if t.Truncated {
		b = append(b, `,"truncated":true`...)
	}
	return append(b, '}')
}

// appendJSONTime writes a time as time.Time's MarshalJSON does (RFC 3339 with the fraction it needs).
func appendJSONTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

// appendJSONString writes s as a JSON string the way encoding/json does with HTML escaping: ", \ and
// control characters escaped (\b \f \n \r \t by name), <, > and & as \u003c \u003e \u0026, U+2028 and
// U+2029 escaped, and invalid UTF-8 replaced by \ufffd.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
