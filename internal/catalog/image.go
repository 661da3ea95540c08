package catalog

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"image"
	"image/png"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/draw"

	"pitlane/internal/apperr"
)

// Limits of a product image (admin spec, sections 5 and 9).
const (
	MaxImageBytes  = 512 * 1024 // 0.5 MB of PNG file
	MaxImageSide   = 500        // pixels, width and height, read from the header
	ImageWidth     = 90         // the stored image's size
	ImageHeight    = 70
	maxImageLabel  = 200
	imageMediaType = "image/png"
)

// pngMagic starts every PNG file.
var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// MediaStore keeps uploaded images in the database, so that every instance serves them.
type MediaStore interface {
	// SaveImage stores a PNG under its SHA-256 (hex) unless those bytes are stored already, and records
	// the audit entry.
	SaveImage(ctx context.Context, companyID int64, name, sha string, content []byte, by Actor, atMillis int64) error
	// Image returns the stored PNG with that SHA-256; apperr.NotFound if none.
	Image(ctx context.Context, sha string) ([]byte, error)
}

// imageError is the 422 of a refused image.
func imageError(msg string) error {
	return apperr.WithFields(apperr.Unprocessable, msg, map[string]string{"photo": msg})
}

// ProcessImage checks an uploaded product image and re-encodes it to ImageWidth×ImageHeight PNG. It
// refuses, before decoding any pixel, a file over MaxImageBytes, anything that is not a PNG (a JPEG
// renamed .png included) and a PNG whose header declares more than MaxImageSide pixels a side: a small
// file that claims 60,000×60,000 pixels is refused after reading its header, without allocating it.
func ProcessImage(raw []byte) ([]byte, error) {
	if len(raw) > MaxImageBytes {
		return nil, imageError("The image is larger than 0.5 MB.")
	}
	if !bytes.HasPrefix(raw, pngMagic) {
		return nil, imageError("The image must be a PNG file.")
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, imageError("The image is not a readable PNG file.")
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide {
		return nil, imageError("The image must be at most 500×500 pixels.")
	}
	src, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, imageError("The image is not a readable PNG file.")
	}
	dst := image.NewNRGBA(image.Rect(0, 0, ImageWidth, ImageHeight))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, dst); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// UploadImage decodes a base64 photo (a data-URL prefix is tolerated), checks and re-encodes it
// (ProcessImage), stores it and returns its content-addressed address.
func (s *AdminService) UploadImage(ctx context.Context, companyID int64, name, photo string, by Actor) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || utf8.RuneCountInString(name) > maxImageLabel {
		return "", apperr.WithFields(apperr.Unprocessable, "The image needs a name.", map[string]string{"name": "required, at most 200 characters"})
	}
	if _, after, ok := strings.Cut(photo, ";base64,"); ok && strings.HasPrefix(photo, "data:") {
		photo = after
	}
	photo = strings.TrimSpace(photo)
	if photo == "" {
		return "", imageError("The image is empty.")
	}
	if base64.StdEncoding.DecodedLen(len(photo)) > MaxImageBytes+3 {
		return "", imageError("The image is larger than 0.5 MB.")
	}
	raw, err := base64.StdEncoding.DecodeString(photo)
	if err != nil {
		return "", apperr.WithFields(apperr.Invalid, "The photo is not base64.", map[string]string{"photo": "must be base64"})
	}
	out, err := ProcessImage(raw)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(out)
	sha := hex.EncodeToString(sum[:])
	if err := s.media.SaveImage(ctx, companyID, name, sha, out, by, s.clock.Now().UnixMilli()); err != nil {
		return "", err
	}
	return ImagePrefix + sha + ".png", nil
}

// Image returns a stored image by its name ("<sha256>.png"); apperr.NotFound for any other name.
func (s *AdminService) Image(ctx context.Context, name string) ([]byte, error) {
	if !ValidImageName(name) {
		return nil, apperr.New(apperr.NotFound, "No such image.")
	}
	return s.media.Image(ctx, strings.TrimSuffix(name, ".png"))
}

// ImageMediaType is the content type of every stored product image.
func ImageMediaType() string { return imageMediaType }
