package store

import (
	"fmt"
	"strings"

	"pitlane/internal/checkout"
)

// staffSearch is the condition a bookings query's search adds (its four placeholders: staffSearchArgs):
// the short reference exactly, or the customer's name or e-mail containing the text (case-insensitive),
// or the phone, without spaces and dashes, containing its digits. It narrows the range's rows, whose
// index does the seeking.
const staffSearch = `(b.reference = ?
	OR LOWER(b.contact_name || ' ' || COALESCE(b.contact_surname, '')) LIKE ? ESCAPE '\'
	OR LOWER(b.email) LIKE ? ESCAPE '\'
	OR REPLACE(REPLACE(b.phone, ' ', ''), '-', '') LIKE ? ESCAPE '\')`

// The staff bookings queries with a search.
var (
	staffBySessionSearch = fmt.Sprintf(staffRows, staffBySessionRange+` AND `+staffSearch, staffBySessionOrder)
	staffBySaleSearch    = fmt.Sprintf(staffRows, staffBySaleRange+` AND `+staffSearch, staffBySaleOrder)
)

// staffSearchQuery is the range's query with the search condition.
func staffSearchQuery(r checkout.BookingRange) string {
	if r.BySale {
		return staffBySaleSearch
	}
	return staffBySessionSearch
}

// staffSearchArgs are the search condition's arguments for the text: the reference it may be, the
// LIKE pattern of the text, and the LIKE pattern of its digits (one that matches nothing when it has
// fewer than 3).
func staffSearchArgs(text string) []any {
	like := "%" + escapeLike(strings.ToLower(text)) + "%"
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, text)
	phone := "-" // matches no phone: dashes are taken out of the phones compared
	if len(digits) >= 3 {
		phone = "%" + digits + "%"
	}
	ref := checkout.NormalizeReference(text)
	if ref == "" {
		ref = "-" // no reference holds a dash
	}
	return []any{ref, like, like, phone}
}

// escapeLike escapes LIKE's wildcards (and the escape character) in s, for ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
