package notify_test

import (
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/notify"
)

// isoDate is a numeric date as the mails wrote them before (2026-05-10, 10-05-2026).
var isoDate = regexp.MustCompile(`\b(\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4})\b`)

// sundayAtTwo is 10 May 2026 at 14:00 at the circuit, as the pages write it in a sentence in each
// language (formatLongDate: Intl with Latin digits, Arabic included).
var sundayAtTwo = map[string]string{
	"en-GB": "Sunday, 10 May 2026 at 14:00",
	"es-ES": "domingo, 10 de mayo de 2026, 14:00",
	"da-DK": "søndag den 10. maj 2026 kl. 14.00",
	"ar-SA": "الأحد، 10 مايو 2026 في 14:00",
	"de-DE": "Sonntag, 10. Mai 2026 um 14:00",
	"nb-NO": "søndag 10. mai 2026 kl. 14:00",
	"sv-SE": "söndag 10 maj 2026 kl. 14:00",
}

// Every mail a customer gets that names a session or an event writes its date and hour out in the
// mail's language, as the pages do, and no date in numbers: read from the MIME message as a mail client
// reads it (the text part decoded), in all seven languages.
func TestCustomerMailsWriteDatesAsThePagesDo(t *testing.T) {
	t.Parallel()
	for _, c := range notify.Cultures() {
		b := circuitBooking(c)
		gift := b
		gift.IsGift, gift.GiftName, gift.GiftEmail = true, "Pepe", "pepe@example.com"
		ev := notify.EventRegistration{Company: b.Company, Culture: c, EventName: "Resistencia nocturna", Nick: "speedy",
			Email: "speedy@example.com", StartLocal: "2026-05-10 14:00", EndLocal: "2026-05-10 14:00",
			StartUTC: "2026-05-10T12:00:00Z", EndUTC: "2026-05-10T14:00:00Z", TotalCents: 2500, Reference: "EV9K-2MQ4"}
		builds := map[string]func() (notify.Message, error){
			"confirmation": func() (notify.Message, error) { return notify.BookingConfirmation(b) },
			"cancellation": func() (notify.Message, error) { return notify.BookingCancellation(b) },
			"gift":         func() (notify.Message, error) { return notify.GiftVoucher(gift) },
			"refund": func() (notify.Message, error) {
				return notify.RefundNotice(b, notify.Refund{AmountCents: 1000, RemainingCents: 1200})
			},
			"event": func() (notify.Message, error) { return notify.EventRegistrationConfirmation(ev) },
		}
		for kind, build := range builds {
			m, err := build()
			if err != nil {
				t.Fatalf("%s %s: %v", c, kind, err)
			}
			got := readMail(t, notify.ComposeMIME(t, m))
			if got.language != c {
				t.Errorf("%s %s: Content-Language %q", c, kind, got.language)
			}
			if !strings.Contains(got.text, sundayAtTwo[c]) {
				t.Errorf("%s %s: the text lacks %q:\n%s", c, kind, sundayAtTwo[c], got.text)
			}
			for _, line := range strings.Split(got.text, "\n") {
				if strings.Contains(line, "://") {
					continue // a link's address is no sentence
				}
				if d := isoDate.FindString(line); d != "" {
					t.Errorf("%s %s: a date in numbers %q in %q", c, kind, d, line)
				}
			}
		}
	}
}
