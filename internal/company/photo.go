package company

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"strings"

	"pitlane/internal/apperr"
)

// Advertising image limits (admin spec, sections 5 and 9): a PNG of at most 0.5 MB and exactly
// 300×700 pixels, stored as a JPEG of quality 70.
const (
	PubliMaxBytes    = 512 * 1024
	PubliWidth       = 300
	PubliHeight      = 700
	PubliJPEGQuality = 70
)

// pngMagic is the signature every PNG file starts with.
var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// Photo is a checked advertising image, ready to store.
type Photo struct {
	JPEG   []byte
	SHA256 string // hex SHA-256 of JPEG: the image's content address
}

// PhotoFile is the file name of the address of the image whose hex SHA-256 is sum.
func PhotoFile(sum string) string { return sum + ".jpg" }

// PhotoPath is the address an advertising image with the hex SHA-256 sum is served at.
func PhotoPath(sum string) string { return "/api/publi/image/" + PhotoFile(sum) }

// SumOfPhotoPath returns the SHA-256 named by an address of PhotoPath's form, and whether it is one.
func SumOfPhotoPath(path string) (string, bool) {
	file, ok := strings.CutPrefix(path, "/api/publi/image/")
	if !ok {
		return "", false
	}
	return SumOfPhotoFile(file)
}

// SumOfPhotoFile returns the SHA-256 named by a file name of PhotoFile's form, and whether it is one.
func SumOfPhotoFile(file string) (string, bool) {
	sum, ok := strings.CutSuffix(file, ".jpg")
	if !ok || len(sum) != sha256.Size*2 || strings.ToLower(sum) != sum {
		return "", false
	}
	if _, err := hex.DecodeString(sum); err != nil {
		return "", false
	}
	return sum, true
}

// DecodePhotoBase64 reads the base64 text of an upload, with or without a data-URL prefix
// ("data:image/png;base64,"). Returns apperr.Invalid naming "photo" when it is not base64.
func DecodePhotoBase64(text string) ([]byte, error) {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "data:") {
		_, after, ok := strings.Cut(text, ",")
		if !ok {
			return nil, photoInvalid()
		}
		text = after
	}
	if base64.StdEncoding.DecodedLen(len(text)) > PubliMaxBytes+3 {
		return nil, photoRefused(fmt.Sprintf("must be at most %d bytes", PubliMaxBytes))
	}
	raw, err := base64.StdEncoding.DecodeString(text)
	if err != nil {
		if raw, err = base64.RawStdEncoding.DecodeString(text); err != nil {
			return nil, photoInvalid()
		}
	}
	return raw, nil
}

func photoInvalid() error {
	return apperr.WithFields(apperr.Invalid, "The photo is not base64.", map[string]string{"photo": "must be base64"})
}

func photoRefused(why string) error {
	return apperr.WithFields(apperr.Unprocessable, "The image is refused.", map[string]string{"photo": why})
}

// CheckPubliPhoto checks an uploaded advertising image and re-encodes it: raw must be a PNG (by its
// signature, whatever its name), at most PubliMaxBytes, exactly PubliWidth×PubliHeight — the size is
// read from the header with image.DecodeConfig before any pixel is decoded, so a header claiming a
// huge image costs nothing — and is returned as a JPEG of quality 70 with its SHA-256.
// Returns apperr.Unprocessable naming "photo" otherwise.
func CheckPubliPhoto(raw []byte) (Photo, error) {
	if len(raw) > PubliMaxBytes {
		return Photo{}, photoRefused(fmt.Sprintf("must be at most %d bytes", PubliMaxBytes))
	}
	if !bytes.HasPrefix(raw, pngMagic) {
		return Photo{}, photoRefused("must be a PNG image")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || format != "png" {
		return Photo{}, photoRefused("must be a PNG image")
	}
	if cfg.Width != PubliWidth || cfg.Height != PubliHeight {
		return Photo{}, photoRefused(fmt.Sprintf("must be %d×%d pixels, not %d×%d", PubliWidth, PubliHeight, cfg.Width, cfg.Height))
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return Photo{}, photoRefused("must be a PNG image")
	}
	return EncodePhoto(img)
}

// EncodePhoto encodes img as the stored JPEG (quality 70) with its content address. Transparent
// pixels are laid on white first (JPEG has no alpha).
func EncodePhoto(img image.Image) (Photo, error) {
	b := img.Bounds()
	flat := image.NewRGBA(b)
	draw.Draw(flat, b, image.White, image.Point{}, draw.Src)
	draw.Draw(flat, b, img, b.Min, draw.Over)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, flat, &jpeg.Options{Quality: PubliJPEGQuality}); err != nil {
		return Photo{}, err
	}
	sum := sha256.Sum256(buf.Bytes())
	return Photo{JPEG: buf.Bytes(), SHA256: hex.EncodeToString(sum[:])}, nil
}
