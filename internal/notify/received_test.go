package notify_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"pitlane/internal/clock"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// receivedMail is a mail as a mail client reads it: decoded headers and the decoded calendar file.
type receivedMail struct {
	fromName, fromAddr, replyTo, subject, text string
	language                                   string // Content-Language
	calendarType                               string // the attachment's Content-Type
	calendar                                   *ics.Calendar
}

// readMail parses raw with net/mail and mime/multipart, decoding transfer encodings, and the .ics
// attachment with golang-ical.
func readMail(t *testing.T, raw string) receivedMail {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("not a mail message: %v", err)
	}
	var out receivedMail
	from, err := msg.Header.AddressList("From")
	if err != nil || len(from) != 1 {
		t.Fatalf("From %q: %v", msg.Header.Get("From"), err)
	}
	out.fromName, out.fromAddr = from[0].Name, from[0].Address
	out.language = msg.Header.Get("Content-Language")
	if rt := msg.Header.Get("Reply-To"); rt != "" {
		a, err := mail.ParseAddress(rt)
		if err != nil {
			t.Fatalf("Reply-To %q: %v", rt, err)
		}
		out.replyTo = a.Address
	}
	if out.subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatal(err)
	}
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(r *multipart.Reader)
	walk = func(r *multipart.Reader) {
		for {
			p, err := r.NextPart()
			if err != nil {
				return
			}
			ct, ps, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
			if strings.HasPrefix(ct, "multipart/") {
				walk(multipart.NewReader(p, ps["boundary"]))
				continue
			}
			var body io.Reader = p // multipart decodes quoted-printable itself
			if strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "base64") {
				body = base64.NewDecoder(base64.StdEncoding, p)
			} else if strings.EqualFold(p.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
				body = quotedprintable.NewReader(p)
			}
			data, err := io.ReadAll(body)
			if err != nil {
				t.Fatalf("part %s: %v", ct, err)
			}
			switch {
			case ct == "text/calendar":
				out.calendarType = p.Header.Get("Content-Type")
				if out.calendar, err = ics.ParseCalendar(bytes.NewReader(data)); err != nil {
					t.Fatalf("calendar: %v\n%s", err, data)
				}
			case ct == "text/plain" && out.text == "":
				out.text = string(data)
			}
		}
	}
	walk(multipart.NewReader(strings.NewReader(readAll(t, msg.Body)), params["boundary"]))
	return out
}

func readAll(t *testing.T, r io.Reader) string {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// circuitBooking is a booking of a circuit with an address and a contact address, in the culture.
func circuitBooking(culture string) notify.Booking {
	return notify.Booking{
		Company: notify.Company{Name: "Circuito Norte", Symbol: "€", Currency: "EUR", Color: "#c92a2a",
			Address: "Carretera de la Costa 12, 39300 Torrelavega", ContactEmail: "reservas@circuitonorte.example"},
		Culture: culture, Identifier: "0123456789abcdef0123456789abcdef", Reference: "KXR7PM42",
		PageURL:     "https://book.example/success?booking=0123456789abcdef0123456789abcdef&company=norte",
		ContactName: "Ana", Email: "ana@example.com",
		Lines: []notify.Line{{Name: "Tanda 10 min", Quantity: 1, TotalCents: 2200, Sessions: []notify.Session{
			{Date: "2026-05-10", Time: "14:00", StartUTC: "2026-05-10T12:00:00Z", EndUTC: "2026-05-10T12:10:00Z", Circuit: "Pista Grande"},
			{Date: "2026-05-10", Time: "15:00", StartUTC: "2026-05-10T13:00:00Z", EndUTC: "2026-05-10T13:10:00Z", Circuit: "Pista Grande"}}}},
		Drivers: []string{"Ana"}, TotalCents: 2200, PaymentState: "pagada",
		CancelURL: "https://book.example/cancelBooking/secret-token",
	}
}

// eventProps reads each event's UID, SEQUENCE, LOCATION, URL and STATUS.
func eventProps(cal *ics.Calendar) []map[ics.ComponentProperty]string {
	var out []map[ics.ComponentProperty]string
	for _, e := range cal.Events() {
		m := map[ics.ComponentProperty]string{}
		for _, p := range []ics.ComponentProperty{ics.ComponentPropertyUniqueId, ics.ComponentPropertySequence,
			ics.ComponentPropertyLocation, ics.ComponentPropertyUrl, ics.ComponentPropertyStatus, ics.ComponentPropertyDescription} {
			if v := e.GetProperty(p); v != nil {
				m[p] = v.Value
			}
		}
		out = append(out, m)
	}
	return out
}

func calendarMethod(cal *ics.Calendar) string {
	for _, p := range cal.CalendarProperties {
		if p.IANAToken == string(ics.PropertyMethod) {
			return p.Value
		}
	}
	return ""
}

// In every language, the confirmation and the cancellation of a booking arrive through the outbox and a
// real SMTP conversation from "<circuit> <configured address>" with Reply-To the circuit's contact, the
// short reference (not the identifier) in the subject and text, and calendar files a calendar program
// acts on: the confirmation publishes the sessions at the circuit's address with the booking's page as
// URL; the cancellation removes them (METHOD:CANCEL, the same UIDs, a higher SEQUENCE).
func TestMailsAsACustomerReceivesThem(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv, port := startSMTP(t, 0)
		cultures := notify.Cultures()
		for _, c := range cultures {
			b := circuitBooking(c)
			conf, err := notify.BookingConfirmation(b)
			if err != nil {
				t.Fatal(err)
			}
			canc, err := notify.BookingCancellation(b)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Write(ctx, func(tx *store.Tx) error {
				if err := tx.EnqueueEmail(ctx, conf, start); err != nil {
					return err
				}
				return tx.EnqueueEmail(ctx, canc, start)
			}); err != nil {
				t.Fatal(err)
			}
		}
		w := notify.NewWorker(db.Outbox(), newSender(t, port), clock.NewManual(start), slog.New(slog.DiscardHandler))
		if sent, err := w.RunOnce(ctx); err != nil || sent != 2*len(cultures) {
			t.Fatalf("sent %d, %v", sent, err)
		}
		msgs, err := srv.WaitForMessages(2*len(cultures), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		// The worker may deliver in any order: sort the mails by language and calendar method.
		got := map[string]map[string]receivedMail{}
		for _, raw := range msgs {
			m := readMail(t, raw.MsgRequest())
			if m.calendar == nil {
				t.Fatalf("%s mail %q: no calendar file", m.language, m.subject)
			}
			if got[m.language] == nil {
				got[m.language] = map[string]receivedMail{}
			}
			got[m.language][calendarMethod(m.calendar)] = m
		}
		b := circuitBooking("en-GB")
		for _, c := range cultures {
			conf, canc := got[c]["PUBLISH"], got[c]["CANCEL"]
			if conf.calendar == nil || canc.calendar == nil {
				t.Fatalf("%s: confirmation or cancellation missing (%d mails)", c, len(got[c]))
			}
			for kind, m := range map[string]receivedMail{"confirmation": conf, "cancellation": canc} {
				if m.fromName != "Circuito Norte" || m.fromAddr != "no-reply@pitlane.test" {
					t.Errorf("%s %s: From %q <%s>", c, kind, m.fromName, m.fromAddr)
				}
				if m.replyTo != "reservas@circuitonorte.example" {
					t.Errorf("%s %s: Reply-To %q", c, kind, m.replyTo)
				}
				if !strings.Contains(m.subject, "KXR7-PM42") || strings.Contains(m.subject, b.Identifier) {
					t.Errorf("%s %s: subject %q", c, kind, m.subject)
				}
				if !strings.Contains(m.text, "KXR7-PM42") {
					t.Errorf("%s %s: the text does not show the reference", c, kind)
				}
				if m.calendar == nil {
					t.Fatalf("%s %s: no calendar file", c, kind)
				}
			}
			pub, del := eventProps(conf.calendar), eventProps(canc.calendar)
			if calendarMethod(conf.calendar) != "PUBLISH" || calendarMethod(canc.calendar) != "CANCEL" {
				t.Errorf("%s: methods %q and %q", c, calendarMethod(conf.calendar), calendarMethod(canc.calendar))
			}
			if !strings.Contains(canc.calendarType, "method=CANCEL") {
				t.Errorf("%s: cancellation calendar part %q", c, canc.calendarType)
			}
			if len(pub) != 2 || len(del) != 2 {
				t.Fatalf("%s: %d and %d events, want 2 and 2", c, len(pub), len(del))
			}
			for j := range pub {
				p, d := pub[j], del[j]
				if p[ics.ComponentPropertyUniqueId] == "" || p[ics.ComponentPropertyUniqueId] != d[ics.ComponentPropertyUniqueId] {
					t.Errorf("%s event %d: UIDs %q and %q", c, j, p[ics.ComponentPropertyUniqueId], d[ics.ComponentPropertyUniqueId])
				}
				if p[ics.ComponentPropertySequence] != "0" || d[ics.ComponentPropertySequence] != "1" {
					t.Errorf("%s event %d: SEQUENCE %q then %q", c, j, p[ics.ComponentPropertySequence], d[ics.ComponentPropertySequence])
				}
				if d[ics.ComponentPropertyStatus] != "CANCELLED" {
					t.Errorf("%s event %d: cancelled STATUS %q", c, j, d[ics.ComponentPropertyStatus])
				}
				for _, e := range []map[ics.ComponentProperty]string{p, d} {
					if e[ics.ComponentPropertyLocation] != b.Company.Address {
						t.Errorf("%s event %d: LOCATION %q", c, j, e[ics.ComponentPropertyLocation])
					}
					if e[ics.ComponentPropertyUrl] != b.PageURL {
						t.Errorf("%s event %d: URL %q, want the booking's page", c, j, e[ics.ComponentPropertyUrl])
					}
					if !strings.Contains(e[ics.ComponentPropertyDescription], "KXR7-PM42") {
						t.Errorf("%s event %d: DESCRIPTION %q", c, j, e[ics.ComponentPropertyDescription])
					}
				}
			}
		}
	})
}
