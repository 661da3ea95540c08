package notify

import (
	"errors"
	"strings"
)

// BookingMoved is the e-mail a customer gets when staff move a booking to other sessions: the booking
// as it is now (its new dates and times), what is paid, and an .ics that moves the entries in the
// customer's calendar: METHOD:REQUEST, the confirmation's UIDs and SEQUENCE b.CalendarSequence (the
// caller has raised it for this move). Returns an error when the booking has no e-mail address or no
// session, or a session time is not RFC 3339.
func BookingMoved(b Booking) (Message, error) {
	if strings.TrimSpace(b.Email) == "" {
		return Message{}, errors.New("notify: booking moved without an e-mail address")
	}
	events := bookingEvents(b)
	if len(events) == 0 {
		return Message{}, errors.New("notify: booking moved without a session")
	}
	t := newTranslator(NormalizeCulture(b.Culture))
	d := newDoc(t, b.Company, t.T("moved.title"), b.ContactName)
	d.Intro = []string{t.T("moved.intro", "ref", ShownReference(b), "company", b.Company.Name)}
	d.Blocks = append(bookingBlocks(t, b, true), block{Rows: summaryRows(t, b)}, contactBlock(t, b.Company))
	d.Outro = []string{t.T("arrive"), t.T("moved.calendar")}
	m, err := message(KindBookingMoved, t, b.Email,
		t.T("moved.subject", "company", b.Company.Name, "ref", ShownReference(b)), d)
	if err != nil {
		return m, err
	}
	att, err := calendarFile(calendarName("booking-", b), events,
		calendarUpdate{request: true, sequence: b.CalendarSequence, attendee: strings.TrimSpace(b.Email)},
		companyOrganizer(b.Company, b.PageURL))
	if err != nil {
		return Message{}, err
	}
	m.Attachments = []Attachment{att}
	return m, nil
}
