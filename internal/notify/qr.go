package notify

import (
	"bytes"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/png"

	qrcode "github.com/yeqown/go-qrcode/v2"
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
	q, err := qrcode.NewWith(text, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil {
		return nil, fmt.Errorf("notify: qr code: %w", err)
	}
	var bits bitmapWriter
	if err := q.Save(&bits); err != nil {
		return nil, fmt.Errorf("notify: qr code: %w", err)
	}
	n := len(bits.rows)
	side := (n + 2*qrQuietModules) * qrModulePixels
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for y, row := range bits.rows {
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

// bitmapWriter keeps the modules of a QR code (true: dark), row by row.
type bitmapWriter struct{ rows [][]bool }

func (b *bitmapWriter) Write(m qrcode.Matrix) error { b.rows = m.Bitmap(); return nil }
func (b *bitmapWriter) Close() error                { return nil }

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
