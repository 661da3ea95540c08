package catalog

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// FuzzProcessImage feeds arbitrary bytes to the upload parser: it never panics, and whatever it accepts
// is a 90×70 PNG.
func FuzzProcessImage(f *testing.F) {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 3, 2)))
	f.Add(b.Bytes())
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	f.Add([]byte{0xff, 0xd8, 0xff, 0xe0})
	f.Fuzz(func(t *testing.T, raw []byte) {
		out, err := ProcessImage(raw)
		if err != nil {
			return
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(out))
		if err != nil || cfg.Width != ImageWidth || cfg.Height != ImageHeight {
			t.Fatalf("accepted input gave %v %+v", err, cfg)
		}
	})
}
