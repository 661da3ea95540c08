package demo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"pitlane/internal/catalog"
)

// Picture kinds of demo products: each has its own silhouette and background.
const (
	picAdult   = "adult"   // a kart
	picJunior  = "junior"  // a helmet
	picPack    = "pack"    // three karts in a row
	picVoucher = "voucher" // a gift card with a bow
	picEvent   = "event"   // a kart under a chequered flag
	picLicence = "licence" // a licence card
)

// Size of a generated product picture: twice the stored upload size (catalog.ImageWidth×ImageHeight),
// so that cards stay sharp on dense screens with the same proportions.
const (
	picWidth  = 2 * catalog.ImageWidth
	picHeight = 2 * catalog.ImageHeight
)

// productPicture is a generated picture of a demo product and the address it is served at.
type productPicture struct {
	name string // the media row's name
	sha  string // SHA-256 of png, hex
	png  []byte
}

// path is the address the product's image field holds.
func (p productPicture) path() string { return catalog.ImagePrefix + p.sha + ".png" }

var (
	reMinutes = regexp.MustCompile(`(?i)(\d+)\s*min`)
	reHours   = regexp.MustCompile(`(?i)(\d+)\s*(?:h|tim)`)
	reAtLeast = regexp.MustCompile(`(?i)(?:min\.|mínimo)\s*(\d+)`)
	reHeats   = regexp.MustCompile(`(?i)(\d+)\s*(?:heat|tanda)`)
)

// pictureLabel is the short text a product's picture shows, read from its name: "10 MIN" for a
// ten-minute heat, "6+" for a race of at least six drivers, "3X" for three heats, "2H" for a two-hour
// race, "GP" for a race without a figure; "" when the name has none of these.
func pictureLabel(kind, name string, items int) string {
	switch {
	case kind == picPack && items > 0:
		return strconv.Itoa(items) + "X"
	case reAtLeast.MatchString(name):
		return reAtLeast.FindStringSubmatch(name)[1] + "+"
	case reMinutes.MatchString(name):
		return reMinutes.FindStringSubmatch(name)[1] + " MIN"
	case reHeats.MatchString(name):
		return reHeats.FindStringSubmatch(name)[1] + "X"
	case reHours.MatchString(name):
		return reHours.FindStringSubmatch(name)[1] + "H"
	case kind == picEvent:
		return "GP"
	}
	return ""
}

// pictureKey is everything a product's picture depends on.
type pictureKey struct {
	primary, secondary color.NRGBA
	kind, label        string
	number             int
}

// pictures holds the pictures this process has drawn, by pictureKey. Encoding a picture (PNG at the best
// compression) was four fifths of the time a catalogue seeding took, paid again for every database the
// tests seed; a picture depends on its arguments alone, so it is drawn once. The demo's 18 pictures weigh
// a few tens of kilobytes.
var pictures sync.Map

// renderProductPicture draws a product's picture: a background in the company's colours shaded by
// kind, a chequered band, the kind's silhouette carrying the product's number (its position in the
// company's catalogue, so no two products of a company look alike) and the label in a dark plate.
// Drawn at seed time, once per process (pictures): no image comes from elsewhere. The PNG's bytes are
// shared: callers store them and change none.
func renderProductPicture(primary, secondary color.NRGBA, kind, label string, number int) productPicture {
	k := pictureKey{primary, secondary, kind, label, number}
	if p, ok := pictures.Load(k); ok {
		return p.(productPicture)
	}
	p, _ := pictures.LoadOrStore(k, drawProductPicture(k))
	return p.(productPicture)
}

// drawProductPicture draws and encodes the picture renderProductPicture describes.
func drawProductPicture(k pictureKey) productPicture {
	primary, secondary, kind, label, number := k.primary, k.secondary, k.kind, k.label, k.number
	c := newCanvas(picWidth, picHeight)
	base, accent := primary, secondary
	if kind == picJunior || kind == picVoucher {
		base, accent = secondary, primary
	}
	if kind == picLicence {
		base = color.NRGBA{90, 96, 110, 255}
	}
	c.gradient(base)
	if kind == picEvent {
		c.chequer(0, 0, picWidth, 28, 14)
	} else {
		c.chequer(0, 0, picWidth, 14, 7)
	}
	body := lighten(accent, 0.15)
	if kind == picAdult || kind == picEvent || kind == picPack {
		body = lighten(accent, 0.55) // a kart stands out of the background
	}
	switch kind {
	case picJunior:
		c.helmet(58, 74, 36, body)
	case picPack:
		c.kart(6, 100, 0.5, body)
		c.kart(40, 76, 0.5, lighten(body, 0.3))
		c.kart(74, 100, 0.5, body)
	case picVoucher:
		c.giftCard(24, 36, 100, 66, body)
	case picLicence:
		c.licenceCard(24, 34, 110, 70, body)
	default:
		c.kart(12, 98, 1, body)
	}
	c.numberPlate(picWidth-32, 44, 18, number)
	if label != "" {
		w := textWidth(label, 3)
		c.rect(picWidth-w-16, picHeight-34, picWidth-4, picHeight-6, color.NRGBA{20, 20, 24, 230})
		c.text(label, picWidth-w-10, picHeight-30, 3, color.NRGBA{255, 255, 255, 255})
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, c.img); err != nil {
		panic(err) // encoding an in-memory image into a buffer does not fail
	}
	sum := sha256.Sum256(buf.Bytes())
	return productPicture{name: "demo-" + kind + "-" + strconv.Itoa(number), sha: hex.EncodeToString(sum[:]), png: buf.Bytes()}
}

// pictureKind is the picture kind of a demo product from its ref: juniors get a helmet, gift cards
// and promotions a voucher, the others a kart.
func pictureKind(ref string) string {
	switch {
	case ref == "kids":
		return picJunior
	case strings.HasPrefix(ref, "gift") || ref == "xmas":
		return picVoucher
	}
	return picAdult
}

// lighten mixes c with white by f (0..1).
func lighten(c color.NRGBA, f float64) color.NRGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), 255}
}

// textWidth is the width in pixels of text written with square pixels of size scale.
func textWidth(text string, scale int) int {
	n := len([]rune(text))
	return n*6*scale - scale
}

// text writes text with its top-left corner at (x, y); runes without a glyph leave a gap.
func (c canvas) text(text string, x, y, scale int, col color.NRGBA) {
	for i, r := range []rune(text) {
		g, ok := glyphs[r]
		if !ok {
			continue
		}
		for row, line := range g {
			for colIdx, px := range line {
				if px == '#' {
					left, top := x+(i*6+colIdx)*scale, y+row*scale
					c.rect(left, top, left+scale, top+scale, col)
				}
			}
		}
	}
}

// numberPlate draws a white disc of radius r centred at (cx, cy) with the number in black.
func (c canvas) numberPlate(cx, cy, r, number int) {
	c.disc(cx, cy, r+2, color.NRGBA{20, 20, 24, 255})
	c.disc(cx, cy, r, color.NRGBA{255, 255, 255, 255})
	s := strconv.Itoa(number)
	c.text(s, cx-textWidth(s, 3)/2, cy-10, 3, color.NRGBA{20, 20, 24, 255})
}
