package notify

import (
	"bytes"
	"image/png"
	"strings"
	"sync"
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

// TestEventConfirmationCarriesCheckQR: an event registration's confirmation with a check code shows the
// same check-in QR as a booking's (inline, before the .ics), in every language; without a code, none.
func TestEventConfirmationCarriesCheckQR(t *testing.T) {
	for _, culture := range []string{"en-GB", "es-ES", "de-DE", "da-DK", "nb-NO", "sv-SE", "ar-SA"} {
		e := event(culture)
		e.Reference = "UE9B-KTGR"
		e.CheckCode = "PITLANE:UE9BKTGR:AAAABBBBCCCCDDDDEEEEFFFF"
		m, err := EventRegistrationConfirmation(e)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.HTML, `src="cid:`+CheckQRContentID+`"`) || strings.Contains(m.HTML, "checkin.") {
			t.Errorf("%s: the HTML does not show the QR, or shows a key:\n%s", culture, m.HTML)
		}
		want, err := QRPNG(e.CheckCode)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Attachments) != 2 || !m.Attachments[0].Inline || m.Attachments[0].ContentID != CheckQRContentID ||
			!bytes.Equal(m.Attachments[0].Data, want) || !strings.HasSuffix(m.Attachments[1].Name, ".ics") {
			t.Errorf("%s: attachments %+v, want the QR of the code then the .ics", culture, m.Attachments)
		}
	}
	m, err := EventRegistrationConfirmation(event("en-GB"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "cid:") || len(m.Attachments) != 1 {
		t.Errorf("a registration without a check code got a QR: %+v", m.Attachments)
	}
}

// TestQRPNGIsTheSamePictureEveryTime: one code always draws the same QR, however many are drawn at once
// (the mail's QR and the one a test or the desk draws again must match byte for byte; the library used
// before scored the masks in goroutines and broke ties by whichever finished first).
func TestQRPNGIsTheSamePictureEveryTime(t *testing.T) {
	const code = "PITLANE:N5NZAUJE:RGRAKXIP3UFJHAD4SLINTAM6"
	want, err := QRPNG(code)
	if err != nil {
		t.Fatal(err)
	}
	got := make([][]byte, 64)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], _ = QRPNG(code)
		}()
	}
	wg.Wait()
	for i, g := range got {
		if !bytes.Equal(g, want) {
			t.Fatalf("render %d of the same code differs from the first", i)
		}
	}
}
