package checkout_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/getkin/kin-openapi/openapi3filter"

	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// The .ics download is checked against docs/openapi.yaml as a file.
func init() { openapi3filter.RegisterBodyDecoder("text/calendar", openapi3filter.FileBodyDecoder) }

// icsProp reads a property of a calendar entry.
func icsProp(e *ics.VEvent, p ics.ComponentProperty) string {
	if v := e.GetProperty(p); v != nil {
		return v.Value
	}
	return ""
}

// A booking made at the circuit gets a short reference that the done page's summary, the confirmation
// mail's subject and the downloadable .ics all show; the summary tells per line the session (local
// date and time), the product and the drivers, and how it is paid; the .ics is the mail's (same UIDs),
// at the circuit's address, linking to the booking's page. Unknown and cancelled bookings have no file.
func TestDonePageSummaryAndCalendar(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.exec(t, `UPDATE companies SET address = 'Calle Mayor 1, Madrid' WHERE id = ?`, e.fix.CompanyID)
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		res := e.saveBooking(t, save(cart, id, "Ana", "Luis"))
		if res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		ident := e.identifierOf(t, res)
		ref := e.str(t, `SELECT reference FROM bookings WHERE identifier = ?`, ident)
		if checkout.NormalizeReference(ref) != ref || ref == "" {
			t.Fatalf("stored reference %q", ref)
		}
		shown := checkout.FormatReference(ref)

		r := e.api.Do("GET", "/api/booking/summary/"+ident, nil)
		if r.Status != 200 {
			t.Fatalf("summary: %d %s", r.Status, r.Body)
		}
		var s checkout.Summary
		r.JSON(t, &s)
		if s.Reference != shown || s.PaymentMode != checkout.ModeCircuit || s.Paid != 0 || s.Total != 4000 || len(s.Lines) != 1 {
			t.Fatalf("summary %+v", s)
		}
		l := s.Lines[0]
		if len(l.Sessions) != 1 || l.Sessions[0].Date != day || l.Sessions[0].Time != "10:00" || strings.Join(l.Drivers, ",") != "Ana,Luis" ||
			!s.HasCalendar || s.TimeZone == "" {
			t.Errorf("line %+v", l)
		}

		subject := e.str(t, `SELECT subject FROM outbox_emails WHERE kind = ?`, notify.KindBookingConfirmation)
		if !strings.Contains(subject, shown) || strings.Contains(subject, ident) {
			t.Errorf("confirmation subject %q", subject)
		}
		var atts []notify.Attachment
		// The check-in QR (an inline PNG, issue 23) and the calendar file, last.
		if err := json.Unmarshal([]byte(e.str(t, `SELECT attachments FROM outbox_emails WHERE kind = ?`, notify.KindBookingConfirmation)), &atts); err != nil ||
			len(atts) != 2 || !atts[0].Inline || atts[0].ContentType != "image/png" {
			t.Fatalf("mail attachments: %v %d", err, len(atts))
		}
		if s.CheckCode == "" || !strings.HasPrefix(s.CheckCode, "PITLANE:"+strings.ReplaceAll(shown, "-", "")+":") {
			t.Errorf("the done page's check code %q for %s", s.CheckCode, shown)
		}
		mailCal, err := ics.ParseCalendar(bytes.NewReader(atts[len(atts)-1].Data))
		if err != nil {
			t.Fatal(err)
		}

		r = e.api.Do("GET", "/api/booking/ics/"+ident, nil)
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/calendar") ||
			!strings.Contains(r.Header.Get("Content-Disposition"), "booking-"+shown+".ics") {
			t.Fatalf("ics: %d %v", r.Status, r.Header)
		}
		cal, err := ics.ParseCalendar(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatal(err)
		}
		evs, mailEvs := cal.Events(), mailCal.Events()
		if len(evs) != 1 || len(mailEvs) != 1 || evs[0].Id() != mailEvs[0].Id() {
			t.Fatalf("events %d (mail %d), UIDs differ", len(evs), len(mailEvs))
		}
		ev := evs[0]
		if icsProp(ev, ics.ComponentPropertyLocation) != "Calle Mayor 1, Madrid" {
			t.Errorf("LOCATION %q", icsProp(ev, ics.ComponentPropertyLocation))
		}
		wantURL := base + "/success?booking=" + ident + "&company="
		for _, e := range []*ics.VEvent{ev, mailEvs[0]} {
			if u := icsProp(e, ics.ComponentPropertyUrl); !strings.HasPrefix(u, wantURL) || strings.Contains(u, "cancel") {
				t.Errorf("URL %q, want the booking's page", u)
			}
		}
		if !strings.Contains(icsProp(ev, ics.ComponentPropertyDescription), shown) {
			t.Errorf("DESCRIPTION %q", icsProp(ev, ics.ComponentPropertyDescription))
		}

		for _, path := range []string{"/api/booking/summary/", "/api/booking/ics/"} {
			if r := e.api.Do("GET", path+strings.Repeat("0", 32), nil); r.Status != 404 {
				t.Errorf("%s of an unknown booking: %d", path, r.Status)
			}
		}
		e.exec(t, `UPDATE bookings SET status = 'cancelada' WHERE identifier = ?`, ident)
		if r := e.api.Do("GET", "/api/booking/ics/"+ident, nil); r.Status != 404 {
			t.Errorf("ics of a cancelled booking: %d", r.Status)
		}
	})
}

// A calendar entry lasts the product's session, not the slot it is sold in: a "10 minutes" heat in a
// 15-minute slot is 10 minutes long in the mail's .ics and in the download; a product that sets no
// duration takes the whole slot.
func TestCalendarEntriesLastTheProductsDuration(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.exec(t, `UPDATE products SET data = '{"durationMinutes":10}' WHERE id = ?`, e.fix.Product)
		for _, c := range []struct {
			product int64
			time    string
			want    time.Duration
		}{
			{e.fix.Product, "10:00", 10 * time.Minute},
			{e.fix.Product2, "11:00", 15 * time.Minute}, // the fixture's interval
		} {
			cart := e.cart(t)
			res := e.saveBooking(t, save(cart, e.hold(t, cart, c.product, 1, at(c.time)), "Ana"))
			if res.Status != 200 {
				t.Fatalf("save: %d %s", res.Status, res.Body)
			}
			ident := e.identifierOf(t, res)
			r := e.api.Do("GET", "/api/booking/ics/"+ident, nil)
			if r.Status != 200 {
				t.Fatalf("ics: %d %s", r.Status, r.Body)
			}
			var atts []notify.Attachment
			if err := json.Unmarshal([]byte(e.str(t, `SELECT attachments FROM outbox_emails WHERE kind = ? ORDER BY id DESC LIMIT 1`,
				notify.KindBookingConfirmation)), &atts); err != nil || len(atts) != 2 {
				t.Fatalf("mail attachments: %v %d", err, len(atts))
			}
			for name, data := range map[string][]byte{"download": r.Body, "mail": atts[len(atts)-1].Data} {
				cal, err := ics.ParseCalendar(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				evs := cal.Events()
				if len(evs) != 1 {
					t.Fatalf("%s: %d events", name, len(evs))
				}
				start, err1 := evs[0].GetStartAt()
				end, err2 := evs[0].GetEndAt()
				if err1 != nil || err2 != nil {
					t.Fatalf("%s: %v %v", name, err1, err2)
				}
				if got := end.Sub(start); got != c.want {
					t.Errorf("%s of the %s session lasts %v, want %v", name, c.time, got, c.want)
				}
			}
		}
	})
}
