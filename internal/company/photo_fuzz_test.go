package company_test

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
)

// FuzzCheckPubliPhoto: whatever the bytes, the check answers an accepted 300×700 JPEG or a 422 naming
// the photo, never panics and never accepts something it cannot decode.
func FuzzCheckPubliPhoto(f *testing.F) {
	f.Add(pngOf(f, 300, 700, color.White))
	f.Add(pngOf(f, 3, 7, color.Black))
	f.Add(hugeHeader(60000, 60000))
	f.Add(hugeHeader(300, 700))
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := company.CheckPubliPhoto(raw)
		if err != nil {
			if !apperr.Is(err, apperr.Unprocessable) || photoField(err) == "" {
				t.Fatalf("refusal %v is not a 422 naming the photo", err)
			}
			return
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(p.JPEG))
		if err != nil || format != "jpeg" || cfg.Width != company.PubliWidth || cfg.Height != company.PubliHeight {
			t.Fatalf("accepted bytes became %s %dx%d (%v)", format, cfg.Width, cfg.Height, err)
		}
	})
}
