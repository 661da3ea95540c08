package notify

import (
	"errors"
	"net/mail"
	"strings"
)

// EventRegistrationConfirmation is the e-mail a participant gets when registered for an event: the
// event, nickname, start and end, categories, reference, the discount used (its code and what it saved)
// and price, the check-in QR code (an inline PNG, when it has a check code), with an .ics file named
// event-<reference>.ics. Returns an error without an e-mail address or with a time not in RFC 3339.
func EventRegistrationConfirmation(e EventRegistration) (Message, error) {
	if strings.TrimSpace(e.Email) == "" {
		return Message{}, errors.New("notify: event registration without an e-mail address")
	}
	t := newTranslator(NormalizeCulture(e.Culture))
	rows := []row{{Label: t.T("event"), Value: e.EventName}, {Label: t.T("nick"), Value: e.Nick}}
	if e.StartLocal != "" {
		rows = append(rows, row{Label: t.T("starts"), Value: t.longDateTime(e.StartLocal)})
	}
	if e.EndLocal != "" {
		rows = append(rows, row{Label: t.T("ends"), Value: t.longDateTime(e.EndLocal)})
	}
	if len(e.Categories) > 0 {
		rows = append(rows, row{Label: t.T("categories"), Value: strings.Join(e.Categories, ", ")})
	}
	if e.Reference != "" {
		rows = append(rows, row{Label: t.T("reference"), Value: e.Reference, LTR: true})
	}
	if e.DiscountCode != "" {
		rows = append(rows, row{Label: t.T("discountCode"), Value: e.DiscountCode, LTR: true})
	}
	if e.DiscountCents > 0 {
		rows = append(rows, row{Label: t.T("discount"), Value: t.money(-e.DiscountCents, e.Company), LTR: true})
	}
	if e.TotalCents != 0 || e.DiscountCents > 0 {
		rows = append(rows, row{Label: t.T("total"), Value: t.money(e.TotalCents, e.Company), Strong: true, LTR: true})
	}
	d := newDoc(t, e.Company, t.T("event.title"), e.Nick)
	d.Intro = []string{t.T("event.intro", "event", e.EventName, "company", e.Company.Name)}
	if e.DiscountCents > 0 {
		saved := t.isolate(t.money(e.DiscountCents, e.Company))
		if e.DiscountCode != "" {
			d.Intro = append(d.Intro, t.T("event.savedCode", "amount", saved, "code", t.isolate(e.DiscountCode)))
		} else {
			d.Intro = append(d.Intro, t.T("event.saved", "amount", saved))
		}
	}
	d.Blocks = []block{{Rows: rows}}
	var qr *Attachment
	if e.CheckCode != "" {
		var err error
		if d.Blocks, qr, err = checkQR(t, e.CheckCode, e.Reference, d.Blocks); err != nil {
			return Message{}, err
		}
	}
	if e.StartUTC != "" {
		d.Outro = []string{t.T("calendar")}
	}
	m, err := message(KindEventRegistration, t, e.Email, t.T("event.subject", "event", e.EventName), d)
	if err != nil {
		return m, err
	}
	if qr != nil {
		m.Attachments = append(m.Attachments, *qr)
	}
	if e.StartUTC == "" {
		return m, nil
	}
	uid := e.Identifier
	if uid == "" {
		uid = e.Reference
	}
	loc, page := e.Company.Address, e.PageURL
	if loc == "" {
		loc = e.Company.Name
	}
	if page == "" {
		page = e.Company.WebURL
	}
	att, err := calendarFile("event-"+fileSafe(e.Reference)+".ics", []calEvent{{
		UID:         "event-" + fileSafe(uid) + "@pitlane",
		Summary:     e.EventName + " – " + e.Company.Name,
		Location:    loc,
		URL:         page,
		Description: e.Reference,
		StartUTC:    e.StartUTC,
		EndUTC:      e.EndUTC,
	}}, calendarUpdate{}, companyOrganizer(e.Company, page))
	if err != nil {
		return Message{}, err
	}
	m.Attachments = append(m.Attachments, att)
	return m, nil
}

// ProblemReportMessage is a visitor's problem report forwarded to the address to (the company's, or the
// operator's), in English: the subject, the text, the reply address and the page it came from.
// Returns an error without an address or without text.
func ProblemReportMessage(to string, p ProblemReport) (Message, error) {
	if strings.TrimSpace(to) == "" {
		return Message{}, errors.New("notify: problem report without an e-mail address")
	}
	if strings.TrimSpace(p.Text) == "" {
		return Message{}, errors.New("notify: problem report without text")
	}
	t := newTranslator(DefaultCulture)
	subject := strings.TrimSpace(p.Subject)
	if subject == "" {
		subject = "(no subject)"
	}
	rows := []row{{Label: "Subject", Value: subject}}
	if p.ReplyEmail != "" {
		rows = append(rows, row{Label: "Reply to", Value: p.ReplyEmail})
	} else {
		rows = append(rows, row{Label: "Reply to", Value: "no reply address given"})
	}
	if p.Page != "" {
		rows = append(rows, row{Label: "Page", Value: p.Page})
	}
	d := newDoc(t, p.Company, "Problem report", "")
	d.Intro = []string{"A visitor of the booking pages of " + p.Company.Name + " has reported a problem."}
	d.Blocks = []block{{Rows: rows}, {Heading: "Report", Quote: p.Text}}
	m, err := message(KindProblemReport, t, to, "Problem report: "+subject, d)
	if _, perr := mail.ParseAddress(p.ReplyEmail); err == nil && perr == nil {
		m.ReplyTo = strings.TrimSpace(p.ReplyEmail) // a reply to the report reaches the visitor
	}
	return m, err
}
