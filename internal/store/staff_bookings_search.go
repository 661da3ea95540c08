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
	digits := onlyDigits(text)
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

// phoneDigits is a booking's phone without the separators people type (the digits migration 00030's
// phone_tail is taken from).
const phoneDigits = `REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(b.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''), '/', '')`

// PhoneTailLength is the number of last digits of a phone that migration 00030 indexes (phone_tail):
// a search finds a phone by its digits when it types at least that many.
const PhoneTailLength = 6

// staffAllDates is the search over all dates (no range): the ids of the company's bookings found by one
// index seek per key (migration 00030), each branch naming the company, then the rows by primary key (the
// unary + keeps SQLite from walking the company's index instead; the company is checked again) in order, the
// most recent session first and bookings without a session last, at most limit of them. Keys:
//   - the reference, exactly (the unique index bookings_company_reference);
//   - a prefix of the name ("ana g"), of its second or third word ("garc"), or of the e-mail ("ana@x"),
//     folded to lower case as the generated columns are: a range [prefix, prefix+U+10FFFF) of the key;
//   - the phone: its last 6 digits by the index, then the whole digits of either side ending with the
//     other's, so "615989202" and "+34 615 989 202" both find +34615989202.
var staffAllDates = `SELECT b.id, b.identifier, b.created_at, b.first_starts_at, b.contact_name,
		COALESCE(b.contact_surname, ''), b.phone, b.email, b.total_cents, b.status, b.source, b.payment_mode,
		COALESCE(b.reference, ''), b.list_drivers, b.list_sessions, b.list_first, b.list_circuits
	FROM bookings b
	WHERE b.id IN (
		SELECT id FROM bookings WHERE company_id = ? AND reference = ?
		UNION SELECT id FROM bookings WHERE company_id = ? AND search_name >= ? AND search_name < ?
		UNION SELECT id FROM bookings WHERE company_id = ? AND search_name2 >= ? AND search_name2 < ?
		UNION SELECT id FROM bookings WHERE company_id = ? AND search_name3 >= ? AND search_name3 < ?
		UNION SELECT id FROM bookings WHERE company_id = ? AND search_email >= ? AND search_email < ?
		UNION SELECT b.id FROM bookings b WHERE b.company_id = ? AND b.phone_tail = ?
			AND (` + phoneDigits + ` LIKE ? OR ? LIKE '%' || ` + phoneDigits + `))
		AND +b.company_id = ?
	ORDER BY CASE WHEN b.first_starts_at IS NULL THEN 1 ELSE 0 END, b.first_starts_at DESC, b.id DESC
	LIMIT ?`

// staffAllDatesArgs are staffAllDates's arguments for a company, a search text and the row limit (one
// row more is read, so the service can tell that there were more).
func staffAllDatesArgs(companyID int64, text string, limit int) []any {
	ref := checkout.NormalizeReference(text)
	if ref == "" {
		ref = "-" // no reference holds a dash
	}
	low := strings.ToLower(strings.TrimSpace(text))
	high := low + "\U0010FFFF"
	tail, digits, pattern := "-", "-", "-" // phones hold no dash once their separators are taken out
	if d := onlyDigits(text); len(d) >= PhoneTailLength {
		tail, digits, pattern = d[len(d)-PhoneTailLength:], d, "%"+d
	}
	return []any{companyID, ref, companyID, low, high, companyID, low, high, companyID, low, high,
		companyID, low, high, companyID, tail, pattern, digits, companyID, limit + 1}
}

// onlyDigits is s's ASCII digits.
func onlyDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}
