package company_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
)

// pngOf encodes a w×h image painted with c as PNG.
func pngOf(t testing.TB, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// hugeHeader is a PNG signature and an IHDR chunk claiming w×h pixels, with nothing after it.
func hugeHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := append([]byte("IHDR"), ihdr...)
	_ = binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.Write(chunk)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func photoField(err error) string {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return ""
	}
	return e.Fields["photo"]
}

func TestCheckPubliPhotoAcceptsA300x700PNGAndStoresJPEG(t *testing.T) {
	raw := pngOf(t, 300, 700, color.NRGBA{200, 30, 30, 255})
	p, err := company.CheckPubliPhoto(raw)
	if err != nil {
		t.Fatalf("a 300×700 PNG: %v", err)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(p.JPEG))
	if err != nil || format != "jpeg" || cfg.Width != 300 || cfg.Height != 700 {
		t.Fatalf("stored image: %s %dx%d %v, want a 300×700 JPEG", format, cfg.Width, cfg.Height, err)
	}
	img, _ := jpeg.Decode(bytes.NewReader(p.JPEG))
	if r, g, b, _ := img.At(150, 350).RGBA(); r>>8 < 180 || g>>8 > 60 || b>>8 > 60 {
		t.Errorf("the colour did not survive: %d %d %d", r>>8, g>>8, b>>8)
	}
	if len(p.SHA256) != 64 || company.PhotoPath(p.SHA256) != "/api/publi/image/"+p.SHA256+".jpg" {
		t.Errorf("address %q", company.PhotoPath(p.SHA256))
	}
	again, _ := company.CheckPubliPhoto(raw)
	if again.SHA256 != p.SHA256 {
		t.Errorf("the same upload got another address: the address must depend on the content only")
	}
}

func TestCheckPubliPhotoRefusals(t *testing.T) {
	var jpg bytes.Buffer
	_ = jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 300, 700)), nil)
	// A PNG over 0.5 MB: noise compresses badly.
	noisy := image.NewNRGBA(image.Rect(0, 0, 300, 700))
	seed := uint32(1)
	for i := range noisy.Pix {
		seed = seed*1664525 + 1013904223
		noisy.Pix[i] = byte(seed >> 24)
	}
	var big bytes.Buffer
	_ = png.Encode(&big, noisy)
	if big.Len() <= company.PubliMaxBytes {
		t.Fatalf("the noisy PNG is only %d bytes", big.Len())
	}
	for name, c := range map[string]struct {
		raw  []byte
		want string
	}{
		"wrong width":          {pngOf(t, 301, 700, color.White), "must be 300×700 pixels, not 301×700"},
		"wrong height":         {pngOf(t, 300, 699, color.White), "must be 300×700 pixels, not 300×699"},
		"landscape":            {pngOf(t, 700, 300, color.White), "must be 300×700 pixels, not 700×300"},
		"a JPEG named .png":    {jpg.Bytes(), "must be a PNG image"},
		"text":                 {[]byte("hello"), "must be a PNG image"},
		"a truncated PNG":      {pngOf(t, 300, 700, color.White)[:60], "must be a PNG image"},
		"over 0.5 MB":          {big.Bytes(), "must be at most 524288 bytes"},
		"60,000×60,000 header": {hugeHeader(60000, 60000), "must be 300×700 pixels, not 60000×60000"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := company.CheckPubliPhoto(c.raw)
			if !apperr.Is(err, apperr.Unprocessable) || photoField(err) != c.want {
				t.Errorf("got %v (photo: %q), want 422 %q", err, photoField(err), c.want)
			}
		})
	}
}

// A header claiming a huge image is refused from the header alone: fast, without allocating pixels.
func TestCheckPubliPhotoRefusesAHugeHeaderFast(t *testing.T) {
	raw := hugeHeader(60000, 60000)
	start := time.Now()
	allocs := testing.AllocsPerRun(20, func() { _, _ = company.CheckPubliPhoto(raw) })
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("21 refusals took %v", d)
	}
	var m1, m2 runtimeMem
	m1.read()
	_, _ = company.CheckPubliPhoto(raw)
	m2.read()
	if grew := m2.total - m1.total; grew > 1<<20 {
		t.Errorf("refusing the header allocated %d bytes (%.0f allocations), want far below the 14 GB it claims", grew, allocs)
	}
}

func TestDecodePhotoBase64(t *testing.T) {
	raw := pngOf(t, 2, 2, color.White)
	for _, text := range []string{base64.StdEncoding.EncodeToString(raw), "data:image/png;base64," + base64.StdEncoding.EncodeToString(raw),
		base64.RawStdEncoding.EncodeToString(raw)} {
		got, err := company.DecodePhotoBase64(text)
		if err != nil || !bytes.Equal(got, raw) {
			t.Errorf("%.30q: %v", text, err)
		}
	}
	if _, err := company.DecodePhotoBase64("not base64!"); !apperr.Is(err, apperr.Invalid) {
		t.Errorf("not base64: %v, want 400", err)
	}
	huge := base64.StdEncoding.EncodeToString(make([]byte, company.PubliMaxBytes+10))
	if _, err := company.DecodePhotoBase64(huge); photoField(err) != "must be at most 524288 bytes" {
		t.Errorf("over the limit: %v", err)
	}
}

func TestSumOfPhotoPath(t *testing.T) {
	sum := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	if got, ok := company.SumOfPhotoPath("/api/publi/image/" + sum + ".jpg"); !ok || got != sum {
		t.Errorf("a photo path: %q %v", got, ok)
	}
	for _, p := range []string{"/api/publi/image/" + sum, "/api/publi/image/" + sum[:63] + ".jpg", "/demo/publi-left.svg",
		"https://evil.example/api/publi/image/" + sum + ".jpg", "/api/publi/image/" + "0123456789ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef.jpg",
		"/api/publi/image/../../" + sum + ".jpg"} {
		if _, ok := company.SumOfPhotoPath(p); ok {
			t.Errorf("%q taken as a photo path", p)
		}
	}
}
