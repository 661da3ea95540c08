package notify

import (
	"errors"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
)

// The kinds of company notification address (company_notify_emails.kind) and of CompanyNotice.
const (
	NoticeConfirmation = "confirmation"
	NoticeCancellation = "cancellation"
	NoticeProblem      = "problem"
)

// BookingConfirmation is the e-mail a customer gets when a booking is made: what was booked (dates,
// times, circuit), the drivers, discount, total and payment state, the cancel link, the voucher code,
// the gift, an .ics file with one entry per session, named booking-<identifier>.ics, and, for a
// customer who opted in to news and offers, the unsubscribe link at the foot.
// Returns an error when the booking has no e-mail or a session time is not RFC 3339.
func BookingConfirmation(b Booking) (Message, error) {
	if strings.TrimSpace(b.Email) == "" {
		return Message{}, errors.New("notify: booking confirmation without an e-mail address")
	}
	t := newTranslator(NormalizeCulture(b.Culture))
	blocks := bookingBlocks(t, b, true)
	blocks = append(blocks, block{Rows: summaryRows(t, b)})
	blocks, qr, err := withCheckQR(t, b, blocks)
	if err != nil {
		return Message{}, err
	}
	if b.VoucherCode != "" {
		blocks = append(blocks, block{Heading: t.T("voucher.heading"), Code: b.VoucherCode, Text: t.T("voucher.text")})
	}
	if b.IsGift {
		blocks = append(blocks, block{Heading: t.T("gift.heading"),
			Text:  t.T("gift.sent", "name", b.GiftName, "email", b.GiftEmail),
			Quote: b.GiftMessage})
	}
	switch {
	case b.CancelClosed:
		blocks = append(blocks, block{Text: t.T("cancel.closed", "company", b.Company.Name)}, contactBlock(t, b.Company))
	case b.CancelURL != "":
		blocks = append(blocks, block{Text: t.T("cancel.text"), Link: &link{Label: t.T("cancel.button"), URL: b.CancelURL}})
	}
	events := bookingEvents(b)
	var outro []string
	if len(events) > 0 {
		outro = []string{t.T("arrive"), t.T("calendar")}
	}
	d := newDoc(t, b.Company, t.T("conf.title"), b.ContactName)
	d.Intro = []string{t.T("conf.intro", "company", b.Company.Name)}
	d.Blocks, d.Outro = blocks, outro
	if b.UnsubscribeURL != "" {
		d.Unsubscribe = &unsubscribe{Text: t.T("unsub.text", "company", b.Company.Name),
			Link: link{Label: t.T("unsub.link"), URL: b.UnsubscribeURL}}
	}
	m, err := message(KindBookingConfirmation, t, b.Email,
		t.T("conf.subject", "company", b.Company.Name, "ref", ShownReference(b)), d)
	if err != nil {
		return m, err
	}
	if qr != nil {
		m.Attachments = append(m.Attachments, *qr)
	}
	if len(events) == 0 {
		return m, nil
	}
	att, err := calendarFile(calendarName("booking-", b), events, calendarUpdate{}, companyOrganizer(b.Company, b.PageURL))
	if err != nil {
		return Message{}, err
	}
	m.Attachments = append(m.Attachments, att)
	return m, nil
}

// GiftVoucher is the e-mail the receiver of a gift gets, to b.GiftEmail: the buyer's message, what was
// given (the voucher code or the booked sessions, without prices) and from whom, with the sessions'
// .ics file. Returns an error when the booking is not a gift or has no gift e-mail.
func GiftVoucher(b Booking) (Message, error) {
	if !b.IsGift || strings.TrimSpace(b.GiftEmail) == "" {
		return Message{}, errors.New("notify: gift voucher for a booking that is not a gift with an e-mail address")
	}
	t := newTranslator(NormalizeCulture(b.Culture))
	d := newDoc(t, b.Company, t.T("gift.title"), b.GiftName)
	d.Intro = []string{t.T("gift.intro", "name", b.ContactName, "company", b.Company.Name)}
	if b.GiftMessage != "" {
		d.Blocks = append(d.Blocks, block{Heading: t.T("gift.message", "name", b.ContactName), Quote: b.GiftMessage})
	}
	what := block{Heading: t.T("gift.what")}
	if b.VoucherCode != "" {
		what.Code, what.Text = b.VoucherCode, t.T("voucher.text")
	} else {
		what.Items = lineItems(t, b, false)
	}
	d.Blocks = append(d.Blocks, what, block{Rows: []row{{Label: t.T("gift.from"), Value: b.ContactName}}})
	events := bookingEvents(b)
	if len(events) > 0 {
		d.Outro = []string{t.T("arrive"), t.T("calendar")}
	}
	m, err := message(KindGiftVoucher, t, b.GiftEmail,
		t.T("gift.subject", "name", b.ContactName, "company", b.Company.Name), d)
	if err != nil || len(events) == 0 {
		return m, err
	}
	att, err := calendarFile(calendarName("gift-", b), events, calendarUpdate{}, companyOrganizer(b.Company, b.PageURL))
	if err != nil {
		return Message{}, err
	}
	m.Attachments = []Attachment{att}
	return m, nil
}

// BookingCancellation is the e-mail a customer gets when a booking is cancelled: which sessions are
// no longer reserved, and the booking's total. Returns an error when the booking has no e-mail.
func BookingCancellation(b Booking) (Message, error) {
	if strings.TrimSpace(b.Email) == "" {
		return Message{}, errors.New("notify: booking cancellation without an e-mail address")
	}
	t := newTranslator(NormalizeCulture(b.Culture))
	b.PaymentState = "cancelada"
	d := newDoc(t, b.Company, t.T("cancel.title"), b.ContactName)
	d.Intro = []string{t.T("cancel.intro", "ref", ShownReference(b), "company", b.Company.Name)}
	d.Blocks = append(bookingBlocks(t, b, false), block{Rows: summaryRows(t, b)})
	d.Outro = []string{t.T("cancel.outro", "company", b.Company.Name)}
	m, err := message(KindBookingCancellation, t, b.Email,
		t.T("cancel.subject", "company", b.Company.Name, "ref", ShownReference(b)), d)
	if err != nil {
		return m, err
	}
	return withCancelledCalendar(m, b)
}

// contactBlock is how to reach the circuit: its phone and e-mail, each left to right (a number or an
// address inside Arabic text keeps its order); no rows when it has neither.
func contactBlock(t translator, c Company) block {
	var rows []row
	if p := strings.TrimSpace(c.ContactPhone); p != "" {
		rows = append(rows, row{Label: t.T("phone"), Value: p, LTR: true})
	}
	if e := strings.TrimSpace(c.ContactEmail); e != "" {
		rows = append(rows, row{Label: t.T("email"), Value: e, LTR: true})
	}
	return block{Rows: rows}
}

// withCancelledCalendar attaches to a cancellation mail the .ics that removes the booking's sessions
// from the customer's calendar: METHOD:CANCEL, the confirmation's UIDs and a higher SEQUENCE.
func withCancelledCalendar(m Message, b Booking) (Message, error) {
	events := bookingEvents(b)
	if len(events) == 0 {
		return m, nil
	}
	att, err := calendarFile(calendarName("booking-", b), events, calendarUpdate{cancel: true, sequence: b.CalendarSequence + 1},
		companyOrganizer(b.Company, b.PageURL))
	if err != nil {
		return Message{}, err
	}
	m.Attachments = append(m.Attachments, att)
	return m, nil
}

// ShownReference is the booking's reference as people read it: the short reference as ABCD-2345, or
// the identifier for a booking that has none.
func ShownReference(b Booking) string {
	if len(b.Reference) == 8 {
		return b.Reference[:4] + "-" + b.Reference[4:]
	}
	if b.Reference != "" {
		return b.Reference
	}
	return b.Identifier
}

// calendarName is the .ics attachment's name: prefix and the shown reference.
func calendarName(prefix string, b Booking) string {
	return prefix + fileSafe(ShownReference(b)) + ".ics"
}

// CompanyNotice is the copy of a booking's confirmation or cancellation (kind NoticeConfirmation or
// NoticeCancellation) sent to one of the company's notification addresses. It is written in b.Culture:
// pass the booking with Culture set to the company's default culture (QueueConfirmation does).
// Returns an error for another kind or an empty address.
func CompanyNotice(to string, b Booking, kind string) (Message, error) {
	if kind != NoticeConfirmation && kind != NoticeCancellation {
		return Message{}, fmt.Errorf("notify: company notice of kind %q", kind)
	}
	if strings.TrimSpace(to) == "" {
		return Message{}, errors.New("notify: company notice without an e-mail address")
	}
	t := newTranslator(NormalizeCulture(b.Culture))
	prefix := "notice.conf."
	if kind == NoticeCancellation {
		prefix = "notice.cancel."
		b.PaymentState = "cancelada"
	}
	d := newDoc(t, b.Company, t.T(prefix+"title"), "")
	d.Intro = []string{t.T(prefix+"intro", "company", b.Company.Name)}
	customer := []row{{Label: t.T("customer"), Value: b.ContactName}, {Label: t.T("email"), Value: b.Email}}
	if b.IsGift {
		customer = append(customer, row{Label: t.T("gift.heading"), Value: b.GiftName + " <" + b.GiftEmail + ">"})
	}
	d.Blocks = append([]block{{Rows: customer}}, bookingBlocks(t, b, true)...)
	d.Blocks = append(d.Blocks, block{Rows: summaryRows(t, b)})
	if b.VoucherCode != "" {
		d.Blocks = append(d.Blocks, block{Heading: t.T("voucher.heading"), Code: b.VoucherCode})
	}
	return message(KindCompanyNotice, t, to,
		t.T(prefix+"subject", "ref", ShownReference(b), "name", b.ContactName), d)
}

// bookingBlocks are the booked lines (with prices when priced) and the drivers who have a name (a
// voucher's drivers may have none; then there is no drivers block).
func bookingBlocks(t translator, b Booking, priced bool) []block {
	var out []block
	if len(b.Lines) > 0 {
		out = append(out, block{Heading: t.T("items"), Items: lineItems(t, b, priced)})
	}
	var named []string
	for _, d := range b.Drivers {
		if d = strings.TrimSpace(d); d != "" {
			named = append(named, d)
		}
	}
	if len(named) > 0 {
		out = append(out, block{Heading: t.T("drivers"), List: named})
	}
	return out
}

// lineItems shows each line as "2 × Name" with its sessions' date, time and circuit.
func lineItems(t translator, b Booking, priced bool) []item {
	items := make([]item, 0, len(b.Lines))
	for _, l := range b.Lines {
		it := item{Title: l.Name}
		if l.Quantity > 1 {
			it.Title = strconv.Itoa(l.Quantity) + " × " + l.Name
		}
		if priced {
			it.Amount = t.money(l.TotalCents, b.Company)
		}
		for _, s := range l.Sessions {
			it.Details = append(it.Details, sessionText(t, s))
		}
		items = append(items, it)
	}
	return items
}

// sessionText is "Saturday, 9 May 2026 at 18:30 · Circuit": the session's date and hour at the circuit
// written out as the pages write dates in sentences (longDate), then the circuit.
func sessionText(t translator, s Session) string {
	txt := t.T("session", "when", t.longDate(s.Date, s.Time), "circuit", s.Circuit)
	if s.Circuit == "" {
		txt = strings.TrimSuffix(txt, " · ")
	}
	return txt
}

// summaryRows are the reference, discount, total and payment state.
func summaryRows(t translator, b Booking) []row {
	rows := []row{{Label: t.T("ref"), Value: ShownReference(b), LTR: true}}
	if b.DiscountCents != 0 {
		rows = append(rows, row{Label: t.T("discount"), Value: t.money(-abs(b.DiscountCents), b.Company), LTR: true})
	}
	rows = append(rows, row{Label: t.T("total"), Value: t.money(b.TotalCents, b.Company), Strong: true, LTR: true})
	if b.Money != nil {
		return append(rows, moneyRows(t, b)...)
	}
	return append(rows, row{Label: t.T("payment"), Value: t.T(paymentKey(b))})
}

// paymentKey names the payment state a customer sees: paid, partially paid, cancelled, pay at the
// circuit (when nothing is paid and the booking is paid on arrival), or pending payment.
func paymentKey(b Booking) string {
	switch b.PaymentState {
	case "pagada":
		return "state.paid"
	case "parcialmentepagada":
		return "state.partial"
	case "cancelada":
		return "state.cancelled"
	}
	if b.PayAtCircuit {
		return "state.atCircuit"
	}
	return "state.pending"
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// fileSafe keeps letters, digits, '-' and '_' of s, for attachment names.
func fileSafe(s string) string {
	out := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
			return r
		}
		return -1
	}, s)
	if out == "" {
		return "booking"
	}
	return out
}

// newDoc starts a document in the translator's language for the company.
func newDoc(t translator, c Company, title, greetName string) doc {
	d := doc{Lang: t.culture, Company: c, Title: title,
		Footer: t.T("footer", "company", c.Name), WebLabel: t.T("web")}
	if greetName != "" {
		d.Greeting = t.T("greeting", "name", greetName)
	}
	return d
}

// message renders d into a Message of the kind to the address.
func message(kind string, t translator, to, subject string, d doc) (Message, error) {
	html, text, err := render(d)
	if err != nil {
		return Message{}, fmt.Errorf("notify: render %s: %w", kind, err)
	}
	m := Message{Kind: kind, Culture: t.culture, To: strings.TrimSpace(to), Subject: subject, Text: text, HTML: html,
		FromName: strings.TrimSpace(d.Company.Name)}
	// The circuit's contact address, when it is one (a bad one must not make the mail undeliverable).
	if a, err := mail.ParseAddress(d.Company.ContactEmail); err == nil {
		m.ReplyTo = a.Address
	}
	return m, nil
}
