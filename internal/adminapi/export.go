package adminapi

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/httpx"
)

// Export formats and their content types.
const (
	formatCSV  = "csv"
	formatXLSX = "xlsx"

	contentTypeCSV  = "text/csv; charset=utf-8"
	contentTypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)

// bookingsSheet writes a bookings export as it is read: the headings, one row per booking, the totals
// row, then whatever closes the file. Each implementation streams to the response.
type bookingsSheet interface {
	Header(cols []string) error
	Row(cells []exportCell) error
	Close() error
}

// exportCell is one cell of an export row: a text (Typed when a customer typed it), or a number.
type exportCell struct {
	Text   string
	Typed  bool    // customer-typed text: neutralised against formula injection in CSV
	Number float64 // used when IsNum
	IsNum  bool
	Money  bool // a number with two decimals
}

// exportBookings answers GET /api/admin/export-bookings: the rows of retrieve-bookings as CSV or XLSX,
// written while they are read from the database (never the whole list in memory), with a totals row.
// The query is checked before anything is sent, so bad input is a JSON error; a failure once the file
// has started cuts the connection, so a client never takes a truncated file for a whole one.
func (s *Server) exportBookings(w http.ResponseWriter, r *http.Request, sc Scope) {
	svc, ok := s.bookingsSvc(w, r)
	if !ok {
		return
	}
	v := r.URL.Query()
	format := v.Get("format")
	if format != formatCSV && format != formatXLSX {
		httpx.WriteError(w, r, apperr.WithFields(apperr.Invalid, "The export format is malformed.", map[string]string{"format": "must be csv or xlsx"}))
		return
	}
	rng, err := svc.StaffBookingsRange(r.Context(), sc.CompanyID, checkout.BookingsQuery{IDCompany: sc.CompanyID,
		DateIni: v.Get("dateIni"), DateEnd: v.Get("dateEnd"), FilterType: v.Get("filterType")})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	labels := labelsFor(v.Get("lang"))
	head := bookingsHead(labels, rng.Currency)
	name := exportFileName("bookings", rng.CompanyName, rng.From, rng.To, format)
	h := w.Header()
	h.Set("Content-Disposition", contentDisposition(name, "bookings_"+rng.CompanyName+"_"+rng.From+"_"+rng.To+"."+format))
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	out := httpx.NewStream(w, nil)
	var sheet bookingsSheet
	if format == formatCSV {
		h.Set("Content-Type", contentTypeCSV)
		sheet = newCSVSheet(out)
	} else {
		h.Set("Content-Type", contentTypeXLSX)
		if sheet, err = newXLSXSheet(out, head); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	loc := rng.Location
	if loc == nil {
		loc = time.UTC
	}
	err = sheet.Header(head)
	if err == nil {
		var totals checkout.BookingTotals
		totals, err = svc.StaffEachBooking(r.Context(), rng, func(b checkout.BookingRow) error {
			return sheet.Row(bookingCells(b, labels, loc))
		})
		if err == nil {
			err = sheet.Row(totalCells(totals, labels))
		}
	}
	if cerr := sheet.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if !out.Started() {
			h.Del("Content-Disposition") // an error answer, not a file
		}
		out.Fail(r, "bookings export", err)
	}
}

// bookingsHead is the export's header row: the titles in the language, the price column naming the
// company's currency ("Price (EUR)"), as the billing export's amounts do, so that a sheet read later or
// elsewhere says what the figures are.
func bookingsHead(l exportLabels, currency string) []string {
	head := slices.Clone(l.Columns[:])
	if currency != "" {
		head[bookingsPriceColumn] += " (" + currency + ")"
	}
	return head
}

// bookingsPriceColumn is the index of the price column in exportLabels.Columns.
const bookingsPriceColumn = 8

// bookingCells are a booking's cells in the order of exportLabels.Columns.
func bookingCells(b checkout.BookingRow, l exportLabels, loc *time.Location) []exportCell {
	date := ""
	if b.BookingDate != nil {
		date = *b.BookingDate
	}
	return []exportCell{
		{Number: float64(b.ID), IsNum: true},
		{Text: b.Reference},
		{Text: b.BookingIdentifier},
		{Text: b.CreatedAt.In(loc).Format("2006-01-02 15:04")},
		{Text: date},
		{Text: b.ContactName, Typed: true},
		{Text: b.Phone, Typed: true},
		{Text: b.Email, Typed: true},
		{Number: float64(b.Price) / 100, IsNum: true, Money: true},
		{Number: float64(b.NumParticipants), IsNum: true},
		{Number: float64(b.Sessions), IsNum: true},
		{Text: l.state(b.State)},
		{Text: b.Track, Typed: true},
	}
}

// totalCells is the totals row: the number of bookings under the reference column, and the price,
// drivers and sessions of the rows that are not cancelled.
func totalCells(t checkout.BookingTotals, l exportLabels) []exportCell {
	cells := make([]exportCell, len(l.Columns))
	cells[0] = exportCell{Text: l.Total}
	cells[1] = exportCell{Number: float64(t.Bookings), IsNum: true}
	cells[8] = exportCell{Number: float64(t.Price) / 100, IsNum: true, Money: true}
	cells[9] = exportCell{Number: float64(t.Drivers), IsNum: true}
	cells[10] = exportCell{Number: float64(t.Sessions), IsNum: true}
	return cells
}

// exportFileName composes an ASCII-safe download name from a name, the company, the range and the
// extension: bookings_Circuito-Norte_2026-11-01_2026-11-30.csv.
func exportFileName(name, company, from, to, ext string) string {
	return fmt.Sprintf("%s_%s_%s_%s.%s", name, asciiSlug(company), from, to, ext)
}

// contentDisposition is an attachment header with an ASCII filename and the UTF-8 original in
// filename* (RFC 6266, RFC 5987), for browsers that read it.
func contentDisposition(ascii, utf8Name string) string {
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, ascii, rfc5987(utf8Name))
}

// rfc5987 percent-encodes every byte of s that is not an RFC 5987 attr-char.
func rfc5987(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 128 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// asciiFold spells common accented Latin letters in ASCII.
var asciiFold = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a", "å", "a", "æ", "ae", "Á", "A", "À", "A", "Â", "A", "Ä", "A", "Ã", "A", "Å", "A", "Æ", "AE",
	"é", "e", "è", "e", "ê", "e", "ë", "e", "É", "E", "È", "E", "Ê", "E", "Ë", "E",
	"í", "i", "ì", "i", "î", "i", "ï", "i", "Í", "I", "Ì", "I", "Î", "I", "Ï", "I",
	"ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o", "ø", "o", "Ó", "O", "Ò", "O", "Ô", "O", "Ö", "O", "Õ", "O", "Ø", "O",
	"ú", "u", "ù", "u", "û", "u", "ü", "u", "Ú", "U", "Ù", "U", "Û", "U", "Ü", "U",
	"ñ", "n", "Ñ", "N", "ç", "c", "Ç", "C", "ß", "ss", "ý", "y", "Ý", "Y",
)

// asciiSlug keeps ASCII letters and digits of s (accents folded) and joins the rest with single
// dashes: "Circuito Norte" → "Circuito-Norte". Empty when nothing is left ("company" then).
func asciiSlug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range asciiFold.Replace(s) {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "company"
	}
	return b.String()
}
