package notify

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// calEvent is one entry of a calendar file.
type calEvent struct {
	UID, Summary, Location, URL, Description string
	StartUTC, EndUTC                         string // RFC 3339
}

// calendarUpdate says what a calendar file does to entries the customer's calendar may already hold:
// the zero value publishes them (SEQUENCE 0); cancel removes them (METHOD:CANCEL, STATUS:CANCELLED).
// sequence must grow with each change of the same UIDs, or calendar programs ignore the file.
type calendarUpdate struct {
	cancel   bool
	sequence int
	// request sends the entries as a changed invitation (METHOD:REQUEST, RFC 5546): a calendar that
	// holds the same UIDs at a lower SEQUENCE moves them; attendee is the customer it is addressed to.
	request  bool
	attendee string
}

// calOrganizer is who publishes a file's entries: ORGANIZER, which RFC 5546 requires of every VEVENT
// of a PUBLISH and of a CANCEL. It is the circuit: its name and a mailto: address.
type calOrganizer struct {
	name, address string
}

// companyOrganizer is the circuit as the organizer of its entries: its contact address, else a no-reply
// address at the host of its booking pages (page, else its web site), so ORGANIZER is never missing.
func companyOrganizer(c Company, page string) calOrganizer {
	addr := strings.TrimSpace(c.ContactEmail)
	if addr == "" {
		host := "pitlane.invalid"
		for _, raw := range []string{page, c.WebURL} {
			if u, err := url.Parse(raw); err == nil && u.Hostname() != "" {
				host = u.Hostname()
				break
			}
		}
		addr = "no-reply@" + host
	}
	return calOrganizer{name: strings.TrimSpace(c.Name), address: addr}
}

// ICSContentType is the MIME type of a booking's calendar file (publishing its sessions).
const ICSContentType = "text/calendar; charset=utf-8; method=PUBLISH"

// icsCancelContentType is the MIME type of the calendar file of a cancellation.
const icsCancelContentType = "text/calendar; charset=utf-8; method=CANCEL"

// icsRequestContentType is the MIME type of the calendar file of a changed booking (a move).
const icsRequestContentType = "text/calendar; charset=utf-8; method=REQUEST"

// calendarFile builds an iCalendar (RFC 5545) file with one VEVENT per entry, times in UTC, each
// organized by org (RFC 5546). Lines end in CRLF and are folded at 75 octets, as RFC 5545 requires.
// Returns an error when a time is not RFC 3339. An entry without an end lasts an hour.
func calendarFile(name string, events []calEvent, up calendarUpdate, org calOrganizer) (Attachment, error) {
	cal := ics.NewCalendarFor("Pitlane")
	contentType := ICSContentType
	switch {
	case up.cancel:
		cal.SetMethod(ics.MethodCancel)
		contentType = icsCancelContentType
	case up.request:
		cal.SetMethod(ics.MethodRequest)
		contentType = icsRequestContentType
	default:
		cal.SetMethod(ics.MethodPublish)
	}
	// DTSTAMP is when the file was made; it only tells calendar programs which copy is newer.
	stamp := time.Now().UTC()
	for _, e := range events {
		start, err := time.Parse(time.RFC3339, e.StartUTC)
		if err != nil {
			return Attachment{}, fmt.Errorf("calendar entry %s: start %q: %w", e.UID, e.StartUTC, err)
		}
		end := start.Add(time.Hour)
		if e.EndUTC != "" {
			if end, err = time.Parse(time.RFC3339, e.EndUTC); err != nil {
				return Attachment{}, fmt.Errorf("calendar entry %s: end %q: %w", e.UID, e.EndUTC, err)
			}
		}
		ev := cal.AddEvent(e.UID)
		ev.SetDtStampTime(stamp)
		ev.SetStartAt(start)
		ev.SetEndAt(end)
		ev.SetSummary(e.Summary)
		if org.name != "" {
			ev.SetOrganizer("mailto:"+org.address, ics.WithCN(org.name))
		} else {
			ev.SetOrganizer("mailto:" + org.address)
		}
		ev.SetSequence(up.sequence)
		if up.request && up.attendee != "" {
			ev.AddAttendee("mailto:"+up.attendee, ics.ParticipationStatusAccepted)
		}
		if up.cancel {
			ev.SetStatus(ics.ObjectStatusCancelled)
		} else {
			ev.SetStatus(ics.ObjectStatusConfirmed)
		}
		if e.Location != "" {
			ev.SetLocation(e.Location)
		}
		if e.URL != "" {
			ev.SetURL(e.URL)
		}
		if e.Description != "" {
			ev.SetDescription(e.Description)
		}
	}
	return Attachment{Name: name, ContentType: contentType, Data: []byte(cal.Serialize(ics.WithNewLineWindows))}, nil
}

// bookingEvents lists a calendar entry for every session of the booking. The UID is the booking's
// identifier and the session's position, the same in every file about the booking (confirmation,
// gift, cancellation, the done page's download), so that a later file updates or removes the entry.
// LOCATION is the circuit's postal address (the session's circuit when the company has none); the
// description names the track and the short reference; URL is the booking's page.
func bookingEvents(b Booking) []calEvent {
	var out []calEvent
	for _, l := range b.Lines {
		for _, s := range l.Sessions {
			loc := b.Company.Address
			if loc == "" {
				loc = s.Circuit
			}
			desc := ShownReference(b)
			if s.Circuit != "" {
				desc = s.Circuit + " · " + desc
			}
			out = append(out, calEvent{
				UID:         b.Identifier + "-" + strconv.Itoa(len(out)+1) + "@pitlane",
				Summary:     l.Name + " – " + b.Company.Name,
				Location:    loc,
				URL:         b.PageURL,
				Description: desc,
				StartUTC:    s.StartUTC,
				EndUTC:      s.EndUTC,
			})
		}
	}
	return out
}

// BookingCalendar is the .ics file of a booking's sessions, the same as the confirmation mail's
// attachment (the done page's "Add to calendar"). Returns an error when the booking has no session
// (there is nothing to add) or a time is not RFC 3339.
func BookingCalendar(b Booking) (Attachment, error) {
	events := bookingEvents(b)
	if len(events) == 0 {
		return Attachment{}, fmt.Errorf("notify: booking %s has no session for a calendar", b.Identifier)
	}
	return calendarFile(calendarName("booking-", b), events, calendarUpdate{}, companyOrganizer(b.Company, b.PageURL))
}
