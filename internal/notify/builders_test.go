package notify

import (
	"bytes"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
)

var norte = Company{Name: "Karting Norte", Logo: "https://cdn.example/norte.png", Color: "#0055aa",
	WebURL: "https://norte.example", Currency: "EUR", Symbol: "€", TimeZone: "Europe/Madrid"}

// booking is a booking of a 10-minute race for two and a three-session pack, 5.00 off, not paid yet.
func booking(culture string) Booking {
	return Booking{
		Company: norte, Culture: culture, Identifier: "ABC123", ContactName: "Ana García", Email: "ana@example.com",
		Lines: []Line{
			{Name: "Karting 10 min", Quantity: 2, TotalCents: 3000, Sessions: []Session{
				{Date: "2026-05-09", Time: "18:30", StartUTC: "2026-05-09T16:30:00Z", EndUTC: "2026-05-09T16:40:00Z", Circuit: "Indoor"}}},
			{Name: "Grand Prix pack", Quantity: 1, TotalCents: 2000, Sessions: []Session{
				{Date: "2026-05-09", Time: "19:00", StartUTC: "2026-05-09T17:00:00Z", EndUTC: "2026-05-09T17:15:00Z", Circuit: "Outdoor"},
				{Date: "2026-05-09", Time: "19:30", StartUTC: "2026-05-09T17:30:00Z", EndUTC: "2026-05-09T17:45:00Z", Circuit: "Outdoor"}}},
		},
		Drivers:    []string{"Ana", "Luis"},
		TotalCents: 4500, DiscountCents: 500, PaymentState: "pending",
		CancelURL: "https://book.example/cancel/tok123",
		PageURL:   "https://book.example/success?booking=ABC123&company=norte",
		IsGift:    true, GiftName: "Pepe", GiftEmail: "pepe@example.com", GiftMessage: "Happy birthday!",
	}
}

func event(culture string) EventRegistration {
	return EventRegistration{Company: norte, Culture: culture, EventName: "Night Endurance", Nick: "speedy",
		Email: "speedy@example.com", StartLocal: "2026-06-20 21:00", EndLocal: "2026-06-20 23:00",
		StartUTC: "2026-06-20T19:00:00Z", EndUTC: "2026-06-20T21:00:00Z", Categories: []string{"Senior"},
		TotalCents: 2500, Reference: "EV-9"}
}

// builders builds every kind of message a customer or company gets, in the culture.
func builders(culture string) map[string]func() (Message, error) {
	b := booking(culture)
	return map[string]func() (Message, error){
		"confirmation": func() (Message, error) { return BookingConfirmation(b) },
		"gift":         func() (Message, error) { return GiftVoucher(b) },
		"cancellation": func() (Message, error) { return BookingCancellation(b) },
		"event":        func() (Message, error) { return EventRegistrationConfirmation(event(culture)) },
		"notice-conf":  func() (Message, error) { return CompanyNotice("desk@norte.example", b, NoticeConfirmation) },
		"notice-canc":  func() (Message, error) { return CompanyNotice("desk@norte.example", b, NoticeCancellation) },
	}
}

// Every message renders in all seven languages: written in that language (not English), with every
// placeholder filled, right to left in Arabic, and nothing html/template had to refuse.
func TestBuildersInEveryLanguage(t *testing.T) {
	t.Parallel()
	english := map[string]Message{}
	for name, build := range builders("en-GB") {
		m, err := build()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		english[name] = m
	}
	for _, c := range cultures {
		for name, build := range builders(c) {
			m, err := build()
			if err != nil {
				t.Fatalf("%s %s: %v", c, name, err)
			}
			if m.Culture != c || m.Kind == "" || m.To == "" || m.Subject == "" || m.Text == "" {
				t.Errorf("%s %s: culture %q kind %q to %q subject %q", c, name, m.Culture, m.Kind, m.To, m.Subject)
			}
			for part, s := range map[string]string{"subject": m.Subject, "text": m.Text, "html": m.HTML} {
				if p := placeholder.FindString(s); p != "" {
					t.Errorf("%s %s: %s keeps the placeholder %s", c, name, part, p)
				}
			}
			if strings.Contains(m.HTML, "ZgotmplZ") {
				t.Errorf("%s %s: the HTML has a value html/template refused", c, name)
			}
			if !strings.Contains(m.HTML, `lang="`+c+`"`) {
				t.Errorf("%s %s: html lang is not %s", c, name, c)
			}
			rtl := strings.Contains(m.HTML, `dir="rtl"`)
			if rtl != (c == "ar-SA") {
				t.Errorf("%s %s: dir=rtl is %v", c, name, rtl)
			}
			if c != "en-GB" && m.Subject == english[name].Subject {
				t.Errorf("%s %s: the subject is the English one: %q", c, name, m.Subject)
			}
		}
	}
}

// The confirmation shows what was booked with dates, times and circuits, the drivers, the discount,
// the total with two decimals and the symbol, the payment state, the gift and the cancel link.
func TestConfirmationShowsTheBooking(t *testing.T) {
	t.Parallel()
	m, err := BookingConfirmation(booking("en-GB"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != KindBookingConfirmation || m.To != "ana@example.com" {
		t.Fatalf("kind %q to %q", m.Kind, m.To)
	}
	if m.Subject != "Booking confirmed at Karting Norte – ABC123" {
		t.Errorf("subject %q", m.Subject)
	}
	for _, want := range []string{"2 × Karting 10 min", "€30.00", "Saturday, 9 May 2026 at 18:30 · Indoor", "Grand Prix pack",
		"Saturday, 9 May 2026 at 19:30 · Outdoor", "Ana", "Luis", "-€5.00", "€45.00", "Pending payment", "ABC123",
		"Pepe (pepe@example.com)", "Happy birthday!", "30 minutes before"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q", want)
		}
		if !strings.Contains(m.HTML, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if !strings.Contains(m.HTML, `<a href="https://book.example/cancel/tok123"`) || !strings.Contains(m.HTML, "Cancel my booking") {
		t.Error("HTML has no cancel link")
	}
	if !strings.Contains(m.Text, "Cancel my booking: https://book.example/cancel/tok123") {
		t.Error("text has no cancel link")
	}
	if !strings.Contains(m.HTML, "#0055aa") || !strings.Contains(m.HTML, `src="https://cdn.example/norte.png"`) {
		t.Error("HTML lacks the company colour or logo")
	}

	b := booking("en-GB")
	b.CancelURL, b.IsGift = "", false
	m, _ = BookingConfirmation(b)
	if strings.Contains(m.HTML, "Cancel my booking") || strings.Contains(m.Text, "Pepe") {
		t.Error("a booking that cannot be cancelled online shows a cancel link, or a non-gift shows a gift")
	}
}

func TestConfirmationInSpanishAndArabic(t *testing.T) {
	t.Parallel()
	m, _ := BookingConfirmation(booking("es"))
	if m.Culture != "es-ES" || !strings.Contains(m.Text, "sábado, 9 de mayo de 2026, 18:30 · Indoor") ||
		!strings.Contains(m.Subject, "Reserva confirmada") || !strings.Contains(m.Text, "Pendiente de pago") ||
		!strings.Contains(m.Text, "45,00\u00a0€") || !strings.Contains(m.Text, "-5,00\u00a0€") || strings.Contains(m.Text, "45.00") {
		t.Errorf("Spanish confirmation: %q\n%s", m.Subject, m.Text)
	}
	m, _ = BookingConfirmation(booking("ar-SA"))
	if !strings.Contains(m.HTML, `<html lang="ar-SA" dir="rtl">`) || !strings.Contains(m.HTML, "<span dir=\"ltr\">\u200f45.00\u00a0€</span>") {
		t.Error("Arabic confirmation is not right to left with left-to-right amounts")
	}
	m, _ = BookingConfirmation(booking("fr-FR"))
	if m.Culture != "en-GB" || !strings.Contains(m.Subject, "Booking confirmed") {
		t.Errorf("an unknown culture is not English: %q %q", m.Culture, m.Subject)
	}
}

func TestPaymentState(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		state  string
		atDesk bool
		want   string
	}{
		{"pagada", false, "Paid"}, {"pagada", true, "Paid"}, {"parcialmentepagada", false, "Partially paid"},
		{"pending", true, "Pay at the circuit"}, {"pending", false, "Pending payment"}, {"", false, "Pending payment"},
	} {
		b := booking("en-GB")
		b.PaymentState, b.PayAtCircuit = tc.state, tc.atDesk
		m, _ := BookingConfirmation(b)
		if !strings.Contains(m.Text, "Payment: "+tc.want+"\n") {
			t.Errorf("%s (at circuit %v): text lacks %q", tc.state, tc.atDesk, tc.want)
		}
	}
}

// The .ics has one entry per session with its UTC start and end, "<product> – <company>", the circuit
// and the cancel link, and calendar programs can read it.
func TestConfirmationCalendarFile(t *testing.T) {
	t.Parallel()
	m, err := BookingConfirmation(booking("de-DE"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Name != "booking-ABC123.ics" ||
		!strings.HasPrefix(m.Attachments[0].ContentType, "text/calendar") {
		t.Fatalf("attachments: %+v", m.Attachments)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(m.Attachments[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	events := cal.Events()
	if len(events) != 3 {
		t.Fatalf("%d events, want one per session (3)", len(events))
	}
	start, err := events[0].GetStartAt()
	if err != nil {
		t.Fatal(err)
	}
	end, _ := events[0].GetEndAt()
	if !start.Equal(time.Date(2026, 5, 9, 16, 30, 0, 0, time.UTC)) || !end.Equal(time.Date(2026, 5, 9, 16, 40, 0, 0, time.UTC)) {
		t.Errorf("first session %v – %v", start, end)
	}
	if !strings.Contains(string(m.Attachments[0].Data), "DTSTART:20260509T163000Z") {
		t.Error("start is not written in UTC")
	}
	prop := func(e *ics.VEvent, p ics.ComponentProperty) string {
		if v := e.GetProperty(p); v != nil {
			return v.Value
		}
		return ""
	}
	if got := prop(events[2], ics.ComponentPropertySummary); got != "Grand Prix pack – Karting Norte" {
		t.Errorf("summary %q", got)
	}
	if got := prop(events[2], ics.ComponentPropertyLocation); got != "Outdoor" {
		t.Errorf("location %q", got)
	}
	if got := prop(events[0], ics.ComponentPropertyUrl); got != "https://book.example/success?booking=ABC123&company=norte" {
		t.Errorf("url %q", got)
	}

	b := booking("en-GB")
	b.Lines[0].Sessions[0].StartUTC = "tomorrow"
	if _, err := BookingConfirmation(b); err == nil {
		t.Error("a session time that is not RFC 3339 was accepted")
	}
}

// What customers type is escaped in the HTML; an unsafe colour or link is not used.
func TestUserTextIsEscaped(t *testing.T) {
	t.Parallel()
	b := booking("en-GB")
	b.ContactName = `<script>alert("x")</script>`
	b.GiftMessage = `<img src=x onerror=alert(1)>`
	b.Company.Color = "red;background:url(javascript:alert(1))"
	b.CancelURL = "javascript:alert(1)"
	m, err := BookingConfirmation(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<img src=x") || strings.Contains(m.HTML, "javascript:") {
		t.Errorf("unescaped input in the HTML:\n%s", m.HTML)
	}
	if !strings.Contains(m.HTML, "&lt;script&gt;") || !strings.Contains(m.HTML, defaultColor) {
		t.Error("the name is not shown escaped, or the default colour is not used")
	}
}

// The gift e-mail goes to the receiver with the buyer's message, what was given and from whom, and
// shows no prices.
func TestGiftVoucher(t *testing.T) {
	t.Parallel()
	m, err := GiftVoucher(booking("sv-SE"))
	if err != nil {
		t.Fatal(err)
	}
	if m.To != "pepe@example.com" || m.Kind != KindGiftVoucher || !strings.Contains(m.Subject, "Ana García") {
		t.Fatalf("to %q kind %q subject %q", m.To, m.Kind, m.Subject)
	}
	for _, want := range []string{"Hej Pepe", "Happy birthday!", "Grand Prix pack", "lördag 9 maj 2026 kl. 19:00 · Outdoor", "Från: Ana García"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "€") || strings.Contains(m.Text, "tok123") {
		t.Error("the gift shows a price or the buyer's cancel link")
	}
	b := booking("en-GB")
	b.VoucherCode, b.Lines = "GIFT-7788", nil
	m, _ = GiftVoucher(b)
	if !strings.Contains(m.Text, "GIFT-7788") || len(m.Attachments) != 0 {
		t.Error("a voucher gift lacks its code, or has a calendar without sessions")
	}
	b.IsGift = false
	if _, err := GiftVoucher(b); err == nil {
		t.Error("a gift e-mail for a booking that is no gift")
	}
}

func TestCancellationAndCompanyNotice(t *testing.T) {
	t.Parallel()
	m, err := BookingCancellation(booking("da-DK"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != KindBookingCancellation || !strings.Contains(m.Subject, "annulleret") ||
		!strings.Contains(m.Text, "Betaling: Annulleret") || !strings.Contains(m.Text, "lørdag den 9. maj 2026 kl. 18.30 · Indoor") {
		t.Errorf("cancellation: %q\n%s", m.Subject, m.Text)
	}
	n, err := CompanyNotice("desk@norte.example", booking("nb-NO"), NoticeConfirmation)
	if err != nil {
		t.Fatal(err)
	}
	if n.Kind != KindCompanyNotice || n.To != "desk@norte.example" || n.Subject != "Ny bestilling ABC123 – Ana García" ||
		!strings.Contains(n.Text, "ana@example.com") || !strings.Contains(n.Text, "45,00\u00a0€") {
		t.Errorf("notice: %q\n%s", n.Subject, n.Text)
	}
	if _, err := CompanyNotice("desk@norte.example", booking("en-GB"), "problem"); err == nil {
		t.Error("a notice of kind problem was built")
	}
	b := booking("en-GB")
	b.Email = ""
	if _, err := BookingConfirmation(b); err == nil {
		t.Error("a confirmation without an address was built")
	}
}

func TestEventRegistrationAndProblemReport(t *testing.T) {
	t.Parallel()
	m, err := EventRegistrationConfirmation(event("es-ES"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Night Endurance", "speedy", "sábado, 20 de junio de 2026, 21:00", "sábado, 20 de junio de 2026, 23:00", "Senior", "EV-9", "25,00\u00a0€"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("event text lacks %q", want)
		}
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(m.Attachments[0].Data))
	if err != nil || len(cal.Events()) != 1 {
		t.Fatalf("event calendar: %v", err)
	}
	if start, _ := cal.Events()[0].GetStartAt(); !start.Equal(time.Date(2026, 6, 20, 19, 0, 0, 0, time.UTC)) {
		t.Errorf("event start %v", start)
	}

	p, err := ProblemReportMessage("ops@norte.example", ProblemReport{Company: norte, Subject: "Payment",
		Text: "The card page <b>hangs</b>.", ReplyEmail: "visitor@example.com", Page: "/booking/norte"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Kind != KindProblemReport || p.Culture != "en-GB" || p.Subject != "Problem report: Payment" ||
		!strings.Contains(p.Text, "The card page <b>hangs</b>.") || !strings.Contains(p.HTML, "&lt;b&gt;hangs") ||
		!strings.Contains(p.Text, "Reply to: visitor@example.com") {
		t.Errorf("problem report: %q\n%s", p.Subject, p.Text)
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	want := []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour, 12 * time.Hour, 24 * time.Hour}
	for i, w := range want {
		got, giveUp := RetryAfter(i + 1)
		if got != w || giveUp {
			t.Errorf("after attempt %d: wait %v give up %v, want %v", i+1, got, giveUp, w)
		}
	}
	if _, giveUp := RetryAfter(MaxAttempts); !giveUp {
		t.Errorf("attempt %d does not give up", MaxAttempts)
	}
}

// A voucher's drivers may have no names: the confirmation then lists no drivers rather than blank lines.
func TestConfirmationLeavesOutUnnamedDrivers(t *testing.T) {
	t.Parallel()
	b := booking("en-GB")
	b.Drivers = []string{"", " "}
	m, err := BookingConfirmation(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.Text, "Drivers\n") || strings.Contains(m.HTML, "<li") {
		t.Errorf("a drivers list without names:\n%s", m.Text)
	}
	b.Drivers = []string{"", "Ana"}
	if m, _ = BookingConfirmation(b); !strings.Contains(m.Text, "Drivers\n-------\n- Ana\n\n") {
		t.Errorf("the named driver is not listed alone:\n%s", m.Text)
	}
}

// An event registration paid with a discount says so: the code and what it saved in a sentence, and the
// code and the discount beside the total; the code and the amount keep their order in Arabic. Without
// a discount the mail says nothing of one.
func TestEventRegistrationMentionsTheDiscount(t *testing.T) {
	t.Parallel()
	e := event("en-GB")
	e.DiscountCents, e.DiscountCode, e.TotalCents = 500, "NIGHT25", 2000
	m, err := EventRegistrationConfirmation(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"You saved €5.00 with the discount code NIGHT25.", "Discount code: NIGHT25",
		"Discount: -€5.00", "Total: €20.00"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	if !strings.Contains(m.HTML, "You saved €5.00 with the discount code NIGHT25.") {
		t.Error("the HTML does not say what the code saved")
	}
	e.Culture = "ar-SA"
	m, _ = EventRegistrationConfirmation(e)
	if !strings.Contains(m.Text, "وفّرت \u2068\u200f5.00\u00a0€\u2069 باستخدام رمز الخصم \u2068NIGHT25\u2069.") {
		t.Errorf("Arabic: the saving is not isolated:\n%s", m.Text)
	}
	e.DiscountCode = ""
	e.Culture = "es-ES"
	m, _ = EventRegistrationConfirmation(e)
	if !strings.Contains(m.Text, "Has ahorrado 5,00\u00a0€ con un descuento.") {
		t.Errorf("a discount without a code:\n%s", m.Text)
	}
	m, _ = EventRegistrationConfirmation(event("en-GB"))
	if strings.Contains(m.Text, "saved") || strings.Contains(m.Text, "Discount") {
		t.Errorf("a registration without a discount mentions one:\n%s", m.Text)
	}
}

// A booking made inside the circuit's no-cancel window gets no "You can cancel online" and no cancel
// link: its confirmation says to contact the circuit, with its phone and e-mail (left to right, also
// in Arabic).
func TestConfirmationInsideTheNoCancelWindow(t *testing.T) {
	t.Parallel()
	b := booking("en-GB")
	b.Company.ContactPhone, b.Company.ContactEmail = "+34 942 12 34 56", "reservas@norte.example"
	b.CancelURL, b.CancelClosed = "", true
	m, err := BookingConfirmation(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"This booking can no longer be cancelled online: please contact Karting Norte.",
		"Phone: +34 942 12 34 56", "E-mail: reservas@norte.example"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "You can cancel") || strings.Contains(m.HTML, "Cancel my booking") {
		t.Errorf("the mail still offers online cancellation:\n%s", m.Text)
	}
	b.Culture = "ar-SA"
	m, _ = BookingConfirmation(b)
	if !strings.Contains(m.HTML, `<span dir="ltr">&#43;34 942 12 34 56</span>`) || !strings.Contains(m.Text, "لم يعد بالإمكان إلغاء هذا الحجز") {
		t.Errorf("Arabic: the phone is not left to right, or the sentence is missing:\n%s", m.Text)
	}
	// A circuit without a phone: the e-mail alone.
	b.Culture, b.Company.ContactPhone = "es-ES", ""
	m, _ = BookingConfirmation(b)
	if !strings.Contains(m.Text, "ya no se puede cancelar en línea") || strings.Contains(m.Text, "Teléfono") ||
		!strings.Contains(m.Text, "Correo electrónico: reservas@norte.example") {
		t.Errorf("Spanish without a phone:\n%s", m.Text)
	}
}
