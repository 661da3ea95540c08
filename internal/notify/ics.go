package notify

import (
	"fmt"
	"time"

	ics "github.com/arran4/golang-ical"
)

// calEvent is one entry of a calendar file.
type calEvent struct {
	UID, Summary, Location, URL, Description string
	StartUTC, EndUTC                         string // RFC 3339
}

// icsContentType is the MIME type of the calendar files messages carry.
const icsContentType = "text/calendar; charset=utf-8; method=PUBLISH"

// calendarFile builds an iCalendar (RFC 5545) file with one VEVENT per entry, times in UTC.
// Returns an error when a time is not RFC 3339. An entry without an end lasts an hour.
func calendarFile(name string, events []calEvent) (Attachment, error) {
	cal := ics.NewCalendarFor("Pitlane")
	cal.SetMethod(ics.MethodPublish)
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
	return Attachment{Name: name, ContentType: icsContentType, Data: []byte(cal.Serialize())}, nil
}

// bookingEvents lists a calendar entry for every session of the booking; url is each entry's link.
func bookingEvents(b Booking, url string) []calEvent {
	var out []calEvent
	for _, l := range b.Lines {
		for _, s := range l.Sessions {
			out = append(out, calEvent{
				UID:      fmt.Sprintf("%s-%d@pitlane", b.Identifier, len(out)+1),
				Summary:  l.Name + " – " + b.Company.Name,
				Location: s.Circuit,
				URL:      url,
				StartUTC: s.StartUTC,
				EndUTC:   s.EndUTC,
			})
		}
	}
	return out
}
