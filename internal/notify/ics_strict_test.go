package notify

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"
)

// icsProp is one unfolded content line of an iCalendar file.
type icsProp struct {
	name, params, value string
}

// utcTime is a DATE-TIME in UTC as the files write every time.
var utcTime = regexp.MustCompile(`^\d{8}T\d{6}Z$`)

// strictICS checks a calendar file as a strict reader would (RFC 5545 and, for its METHOD, RFC 5546)
// and returns its METHOD: every line ends in CRLF, none is longer than 75 octets or splits a character,
// the calendar has VERSION 2.0, PRODID and METHOD, and each VEVENT has exactly once what its METHOD
// requires (PUBLISH: DTSTAMP, DTSTART, ORGANIZER, SUMMARY, UID; CANCEL: DTSTAMP, ORGANIZER, SEQUENCE,
// UID, and STATUS:CANCELLED), with ORGANIZER a mailto: address and every time in UTC.
func strictICS(t *testing.T, data []byte) string {
	t.Helper()
	text := string(data)
	if !strings.HasSuffix(text, "\r\n") {
		t.Fatalf("the file does not end in CRLF: %q", tail(text))
	}
	physical := strings.Split(strings.TrimSuffix(text, "\r\n"), "\r\n")
	for i, l := range physical {
		if strings.ContainsAny(l, "\r\n") {
			t.Errorf("line %d has a bare CR or LF (lines must end in CRLF): %q", i+1, l)
		}
		if len(l) > 75 {
			t.Errorf("line %d is %d octets, more than 75: %q", i+1, len(l), l)
		}
		if !utf8.ValidString(l) {
			t.Errorf("line %d splits a character: %q", i+1, l)
		}
		if l == "" {
			t.Errorf("line %d is empty", i+1)
		}
	}
	// Unfold: a line that starts with a space or a tab continues the one before.
	var lines []string
	for _, l := range physical {
		if (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")) && len(lines) > 0 {
			lines[len(lines)-1] += l[1:]
			continue
		}
		lines = append(lines, l)
	}
	var props []icsProp
	for _, l := range lines {
		name, value, ok := strings.Cut(l, ":")
		if !ok {
			t.Fatalf("content line without a colon: %q", l)
		}
		name, params, _ := strings.Cut(name, ";")
		props = append(props, icsProp{name: strings.ToUpper(name), params: params, value: value})
	}
	if len(props) < 2 || props[0] != (icsProp{name: "BEGIN", value: "VCALENDAR"}) || props[len(props)-1] != (icsProp{name: "END", value: "VCALENDAR"}) {
		t.Fatalf("not one VCALENDAR: %q … %q", lines[0], lines[len(lines)-1])
	}
	top := map[string][]string{}
	var events []map[string][]icsProp
	depth := 0
	for _, p := range props[1 : len(props)-1] {
		switch {
		case p.name == "BEGIN":
			depth++
			if depth == 1 && p.value == "VEVENT" {
				events = append(events, map[string][]icsProp{})
			}
		case p.name == "END":
			depth--
		case depth == 0:
			top[p.name] = append(top[p.name], p.value)
		case depth == 1 && len(events) > 0:
			ev := events[len(events)-1]
			ev[p.name] = append(ev[p.name], p)
		}
	}
	if depth != 0 {
		t.Errorf("BEGIN and END do not pair")
	}
	for _, name := range []string{"VERSION", "PRODID", "METHOD"} {
		if len(top[name]) != 1 {
			t.Errorf("the calendar has %d %s, want 1", len(top[name]), name)
		}
	}
	if v := top["VERSION"]; len(v) == 1 && v[0] != "2.0" {
		t.Errorf("VERSION %q", v[0])
	}
	method := ""
	if m := top["METHOD"]; len(m) == 1 {
		method = m[0]
	}
	required := map[string][]string{
		"PUBLISH": {"DTSTAMP", "DTSTART", "ORGANIZER", "SUMMARY", "UID"},
		"CANCEL":  {"DTSTAMP", "ORGANIZER", "SEQUENCE", "UID"},
	}[method]
	if required == nil {
		t.Fatalf("METHOD %q is neither PUBLISH nor CANCEL", method)
	}
	if len(events) == 0 {
		t.Fatal("no VEVENT")
	}
	for i, ev := range events {
		for _, name := range required {
			if len(ev[name]) != 1 {
				t.Errorf("%s VEVENT %d has %d %s, want 1", method, i+1, len(ev[name]), name)
			}
		}
		for _, name := range []string{"DTEND", "SEQUENCE", "STATUS", "LOCATION", "URL", "DESCRIPTION", "SUMMARY", "DTSTART", "DTSTAMP", "UID"} {
			if len(ev[name]) > 1 {
				t.Errorf("VEVENT %d has %d %s, at most 1", i+1, len(ev[name]), name)
			}
		}
		for _, name := range []string{"DTSTART", "DTEND", "DTSTAMP"} {
			for _, p := range ev[name] {
				if !utcTime.MatchString(p.value) {
					t.Errorf("VEVENT %d %s %q is not a UTC time", i+1, name, p.value)
				}
			}
		}
		for _, p := range ev["ORGANIZER"] {
			if !strings.HasPrefix(strings.ToLower(p.value), "mailto:") || !strings.Contains(p.value, "@") {
				t.Errorf("VEVENT %d ORGANIZER %q is not a mailto: address", i+1, p.value)
			}
		}
		if method == "CANCEL" && (len(ev["STATUS"]) != 1 || ev["STATUS"][0].value != "CANCELLED") {
			t.Errorf("CANCEL VEVENT %d STATUS %v, want CANCELLED", i+1, ev["STATUS"])
		}
	}
	// And the maintained parser reads the same events.
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("golang-ical: %v", err)
	}
	if len(cal.Events()) != len(events) {
		t.Errorf("golang-ical reads %d events, the strict reader %d", len(cal.Events()), len(events))
	}
	return method
}

func tail(s string) string {
	if len(s) > 40 {
		return s[len(s)-40:]
	}
	return s
}

// Every calendar file a customer gets (confirmation, gift, cancellation, event registration, the done
// page's download), in every language, reads under a strict reader: CRLF, folded at 75 octets,
// ORGANIZER and what else its METHOD requires; the cancellation is a CANCEL, the others PUBLISH.
func TestCalendarFilesAreStrictICalendar(t *testing.T) {
	t.Parallel()
	for _, c := range append([]string{"en-GB"}, cultures...) {
		for name, build := range builders(c) {
			m, err := build()
			if err != nil {
				t.Fatalf("%s %s: %v", c, name, err)
			}
			for _, a := range m.Attachments {
				if !strings.HasPrefix(a.ContentType, "text/calendar") {
					continue
				}
				t.Run(c+"/"+name, func(t *testing.T) {
					method := strictICS(t, a.Data)
					if !strings.Contains(a.ContentType, "method="+method) {
						t.Errorf("Content-Type %q, file METHOD %s", a.ContentType, method)
					}
					if want := map[bool]string{true: "CANCEL", false: "PUBLISH"}[name == "cancellation"]; method != want {
						t.Errorf("METHOD %s, want %s", method, want)
					}
				})
			}
		}
	}
	dl, err := BookingCalendar(booking("sv-SE"))
	if err != nil {
		t.Fatal(err)
	}
	strictICS(t, dl.Data)
}

// Long texts in any script fold at 75 octets without splitting a character, and unfold to the same
// text; the organizer is the circuit's contact address, else a no-reply address at its pages' host.
func TestCalendarFoldingAndOrganizer(t *testing.T) {
	t.Parallel()
	b := booking("ar-SA")
	b.Company.ContactEmail = "reservas@norte.example"
	b.Company.Name = "Circuito de Karting Ñandú – Pista Internacional"
	b.Lines[0].Name = strings.Repeat("سباق الكارتينغ الليلي ", 6) + strings.Repeat("Pâté ", 20)
	b.Company.Address = strings.Repeat("Calle Mayor 1, 28001 Madrid, España; ", 5)
	for name, build := range map[string]func(Booking) (Message, error){"confirmation": BookingConfirmation, "cancellation": BookingCancellation} {
		m, err := build(b)
		if err != nil {
			t.Fatal(err)
		}
		data := m.Attachments[len(m.Attachments)-1].Data
		strictICS(t, data)
		cal, err := ics.ParseCalendar(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		ev := cal.Events()[0]
		if got := ev.GetProperty(ics.ComponentPropertySummary).Value; got != b.Lines[0].Name+" – "+b.Company.Name {
			t.Errorf("%s: the folded summary unfolds to %q", name, got)
		}
		org := ev.GetProperty(ics.ComponentPropertyOrganizer)
		if org == nil || org.Value != "mailto:reservas@norte.example" || strings.Join(org.ICalParameters["CN"], "") != b.Company.Name {
			t.Errorf("%s: ORGANIZER %+v", name, org)
		}
	}
	b = booking("en-GB")
	b.Company.ContactEmail = ""
	m, err := BookingCancellation(b)
	if err != nil {
		t.Fatal(err)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(m.Attachments[len(m.Attachments)-1].Data))
	if err != nil {
		t.Fatal(err)
	}
	if org := cal.Events()[0].GetProperty(ics.ComponentPropertyOrganizer); org == nil || org.Value != "mailto:no-reply@book.example" {
		t.Errorf("ORGANIZER without a contact address: %+v", org)
	}
}
