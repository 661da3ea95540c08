package notify

import (
	"bytes"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/png"

	qrcode "github.com/skip2/go-qrcode"
)

// CheckQRContentID is the Content-ID of the check-in QR code inside a confirmation mail: the HTML
// shows it as <img src="cid:…">, so mail clients show it without loading anything remote (the logo is
// an absolute URL, which many clients block until asked).
const CheckQRContentID = "checkin-qr@pitlane"

// qrModulePixels and qrQuietModules size the PNG: 6 pixels a module and the standard 4-module margin.
const (
	qrModulePixels = 6
	qrQuietModules = 4
)

// QRPNG draws text as a black-on-white QR code PNG (error correction M), large enough to be read from
// a phone's screen or a print-out.
func QRPNG(text string) ([]byte, error) {
	// skip2/go-qrcode chooses the mask in a fixed order, so a code always draws the same picture
	// (yeqown/go-qrcode v2.3.0 scored the eight masks in goroutines and took a tie in whatever order they
	// finished: 379 of 400 concurrent renders of one code differed; docs/architecture.md).
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("notify: qr code: %w", err)
	}
	q.DisableBorder = true // the quiet zone is drawn below, qrQuietModules wide
	rows := q.Bitmap()
	n := len(rows)
	side := (n + 2*qrQuietModules) * qrModulePixels
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for y, row := range rows {
		for x, dark := range row {
			if !dark {
				continue
			}
			for dy := range qrModulePixels {
				for dx := range qrModulePixels {
					img.SetGray((x+qrQuietModules)*qrModulePixels+dx, (y+qrQuietModules)*qrModulePixels+dy, color.Gray{})
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// withCheckQR adds the booking's check-in QR code to a confirmation: a block that shows it (an inline
// image) and the PNG as an inline part of the mail. Nothing when the booking has no check code or no
// session (a voucher).
func withCheckQR(t translator, b Booking, blocks []block) ([]block, *Attachment, error) {
	if b.CheckCode == "" || len(bookingEvents(b)) == 0 {
		return blocks, nil, nil // a voucher has no session to check in to
	}
	return checkQR(t, b.CheckCode, ShownReference(b), blocks)
}

// checkQR appends the check-in block of a code (its QR as an inline image, the shown reference under
// it) to blocks and returns the PNG as the inline part the block's image names.
func checkQR(t translator, code, shownRef string, blocks []block) ([]block, *Attachment, error) {
	data, err := QRPNG(code)
	if err != nil {
		return nil, nil, err
	}
	blocks = append(blocks, block{Heading: t.T("checkin.heading"), Text: t.T("checkin.text"),
		Image: &mailImage{Src: template.URL("cid:" + CheckQRContentID), Alt: t.T("checkin.alt", "ref", shownRef), Size: 180},
		Code:  shownRef})
	return blocks, &Attachment{Name: "checkin-qr.png", ContentType: "image/png", Data: data, Inline: true, ContentID: CheckQRContentID}, nil
}
