package httpapi_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/frontdesk"
	"pitlane/internal/notify"
	"pitlane/internal/payment"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestEventRegistrationCheckInQR: a paid event registration's confirmation mail carries the check-in QR
// (an inline PNG the HTML shows by its cid, drawn from the same check code as the done page's), and that
// code finds the registration at the desk (the event and the registrant) and marks it arrived once: the
// same scan again changes nothing, an altered code is refused. On both engines.
func TestEventRegistrationCheckInQR(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newEvSaveWorld(t, db)
		night := w.evKeys(t, w.norte.ID)["Copa Norte Nocturna"]
		r := w.register(t, night.Key, "visitor-qr1")
		res := w.api.Do("POST", "/api/event/saveEvent", payload(r, func(m map[string]any) { m["nick"] = "Ana Ruiz" }), bearer(w.norteToken(t))...)
		if res.Status != 200 {
			t.Fatalf("saveEvent → %d %s", res.Status, res.Body)
		}
		var bookingID, paymentID int64
		var identifier string
		if err := db.Read(w.ctx, func(tx *store.Tx) error {
			return tx.QueryRow(w.ctx, `SELECT b.id, b.identifier, p.id FROM event_registrations r JOIN bookings b ON b.id = r.booking_id
				JOIN payments p ON p.booking_id = b.id JOIN events e ON e.id = r.event_id WHERE e.public_key = ?`, night.Key).
				Scan(&bookingID, &identifier, &paymentID)
		}); err != nil {
			t.Fatal(err)
		}
		if n := w.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ?`, bookingID); n != 0 {
			t.Fatalf("%d mails before the payment", n)
		}
		applied, err := w.co.ApplyNotification(w.ctx, "fake", payment.Notification{EventID: "evt_qr1", ProviderRef: fmt.Sprintf("chk_%d", paymentID),
			PaymentID: paymentID, Outcome: payment.Approved, AmountCents: 4500}, []byte(`{}`))
		if err != nil || applied.BookingStatus != "pagada" {
			t.Fatalf("approve: %+v %v", applied, err)
		}

		// The done page's code: the booking's check code, as a session booking's.
		summary, err := w.co.Summary(w.ctx, identifier)
		if err != nil {
			t.Fatal(err)
		}
		code := summary.CheckCode
		if !strings.HasPrefix(code, "PITLANE:"+strings.ReplaceAll(summary.Reference, "-", "")+":") {
			t.Fatalf("the registration's check code %q (reference %s)", code, summary.Reference)
		}

		// The confirmation mail shows the QR of that code inline.
		var mailID int64
		if err := db.Read(w.ctx, func(tx *store.Tx) error {
			return tx.QueryRow(w.ctx, `SELECT id FROM outbox_emails WHERE booking_id = ? AND kind = 'event_registration'
				AND to_addr = 'ana@example.com'`, bookingID).Scan(&mailID)
		}); err != nil {
			t.Fatalf("the registration's confirmation: %v", err)
		}
		mail, err := db.Outbox().OutboxEmail(w.ctx, mailID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(mail.Message.HTML, `src="cid:`+notify.CheckQRContentID+`"`) || !strings.Contains(mail.Message.HTML, summary.Reference) {
			t.Errorf("the mail's HTML does not show the QR and its reference:\n%s", mail.Message.HTML)
		}
		want, err := notify.QRPNG(code)
		if err != nil {
			t.Fatal(err)
		}
		var qr *notify.Attachment
		for i, a := range mail.Message.Attachments {
			if a.Inline && a.ContentID == notify.CheckQRContentID {
				qr = &mail.Message.Attachments[i]
			}
		}
		if qr == nil || qr.ContentType != "image/png" || !bytes.Equal(qr.Data, want) {
			t.Fatalf("no inline QR part of the code %q in the mail: %+v", code, mail.Message.Attachments)
		}
		if last := mail.Message.Attachments[len(mail.Message.Attachments)-1]; !strings.HasSuffix(last.Name, ".ics") {
			t.Errorf("the last attachment is %s, want the .ics", last.Name)
		}

		// At the desk: the scanned code shows the event and the registrant, then marks the arrival once.
		desk := frontdesk.NewService(db.FrontDesk(), w.clk)
		found, err := desk.FindBooking(w.ctx, w.norte.ID, "", code)
		if err != nil {
			t.Fatalf("look-up by the code: %v", err)
		}
		if found.Name != "Ana Ruiz" || found.Reference != summary.Reference || found.Arrived || len(found.Sessions) != 1 ||
			found.Sessions[0].Name != "Copa Norte Nocturna" {
			t.Errorf("look-up: %+v", found)
		}
		token := code[strings.LastIndex(code, ":")+1:]
		flip := "A"
		if token[0] == 'A' {
			flip = "B"
		}
		altered := code[:len(code)-len(token)] + flip + token[1:]
		mark := func(c string) (frontdesk.Arrival, error) {
			m, err := frontdesk.Scanned(frontdesk.Mark{CompanyID: w.norte.ID, UserEmail: "desk@norte.example"}, c)
			if err != nil {
				return frontdesk.Arrival{}, err
			}
			return desk.MarkArrived(w.ctx, m)
		}
		if _, err := mark(altered); !apperr.Is(err, apperr.Unprocessable) {
			t.Errorf("an altered code: %v, want refused", err)
		}
		first, err := mark(code)
		if err != nil || !first.Arrived || first.AlreadyArrived || first.BookingID != bookingID {
			t.Fatalf("the scan: %+v %v", first, err)
		}
		again, err := mark(code)
		if err != nil || !again.AlreadyArrived {
			t.Errorf("the scan repeated: %+v %v", again, err)
		}
		if n := w.count(t, `SELECT COUNT(*) FROM booking_arrivals WHERE booking_id = ?`, bookingID); n != 1 {
			t.Errorf("%d arrival rows after two scans, want 1", n)
		}
		if found, err := desk.FindBooking(w.ctx, w.norte.ID, "", code); err != nil || !found.Arrived {
			t.Errorf("look-up after the scan: %+v %v", found, err)
		}
	})
}
