package notify

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

// TestConfirmationCarriesCheckQR: a confirmation with a check code shows the QR inline (an <img> of a
// cid: part the mail carries as an inline PNG, so clients that block remote images still show it), in
// every language; the .ics stays the last attachment; without a code there is no QR.
func TestConfirmationCarriesCheckQR(t *testing.T) {
	for _, culture := range []string{"en-GB", "es-ES", "de-DE", "da-DK", "nb-NO", "sv-SE", "ar-SA"} {
		b := booking(culture)
		b.Reference = "UE9BKTGR"
		b.CheckCode = "PITLANE:UE9BKTGR:AAAABBBBCCCCDDDDEEEEFFFF"
		m, err := BookingConfirmation(b)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.HTML, `src="cid:`+CheckQRContentID+`"`) {
			t.Errorf("%s: the HTML does not show the QR:\n%s", culture, m.HTML)
		}
		var qr *Attachment
		for i := range m.Attachments {
			if m.Attachments[i].Inline {
				qr = &m.Attachments[i]
			}
		}
		if qr == nil || qr.ContentID != CheckQRContentID || qr.ContentType != "image/png" {
			t.Fatalf("%s: no inline QR part: %+v", culture, m.Attachments)
		}
		img, err := png.Decode(bytes.NewReader(qr.Data))
		if err != nil || img.Bounds().Dx() < 150 || img.Bounds().Dx() != img.Bounds().Dy() {
			t.Errorf("%s: the QR is not a square PNG large enough to scan: %v %v", culture, err, img)
		}
		if last := m.Attachments[len(m.Attachments)-1]; !strings.HasSuffix(last.Name, ".ics") {
			t.Errorf("%s: the last attachment is %s", culture, last.Name)
		}
		if strings.Contains(m.HTML, "checkin.") {
			t.Errorf("%s: an untranslated key in the mail", culture)
		}
	}
	m, err := BookingConfirmation(booking("en-GB"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "cid:") {
		t.Error("a booking without a check code got a QR")
	}
}
