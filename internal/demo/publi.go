package demo

import (
	"context"
	"image"
	"image/color"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/company"
	"pitlane/internal/store"
)

// demoPubli is a generated advertising image of a demo company, with the publi field it fills.
type demoPubli struct {
	field string // "left-default", "right-default", "left-eng", "right-eng"
	photo company.Photo
}

// glyphs is a 5×7 bitmap of the few capitals, digits and signs the demo images write (one row a string).
var glyphs = map[rune][7]string{
	'E': {"#####", "#....", "#....", "####.", "#....", "#....", "#####"},
	'S': {".####", "#....", "#....", ".###.", "....#", "....#", "####."},
	'N': {"#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"},
	'G': {".####", "#....", "#....", "#.###", "#...#", "#...#", ".###."},
	'B': {"####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."},
	'M': {"#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"},
	'I': {"#####", "..#..", "..#..", "..#..", "..#..", "..#..", "#####"},
	'X': {"#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"},
	'H': {"#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"},
	'P': {"####.", "#...#", "#...#", "####.", "#....", "#....", "#...."},
	'+': {".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."},
	'0': {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."},
	'1': {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."},
	'2': {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"},
	'3': {"####.", "....#", "....#", ".###.", "....#", "....#", "####."},
	'4': {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."},
	'5': {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."},
	'6': {".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."},
	'7': {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."},
	'8': {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."},
	'9': {".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."},
}

// advertisingImages draws the demo company's four side images (300×700): a gradient of the company's
// colour with a chequered flag band, the language code in large letters (the default culture's
// "ES", the English variant's "GB") and stripes leaning outwards, so the kiosk shows which image is
// which. Drawn at seed time: no image comes from elsewhere.
func advertisingImages(primary, secondary color.NRGBA, code string) []demoPubli {
	var out []demoPubli
	for _, v := range []struct {
		field string
		left  bool
		text  string
		base  color.NRGBA
	}{
		{"left-default", true, code, primary}, {"right-default", false, code, primary},
		{"left-eng", true, "GB", secondary}, {"right-eng", false, "GB", secondary},
	} {
		p, err := company.EncodePhoto(drawAd(v.base, v.left, v.text))
		if err != nil {
			panic(err) // encoding an in-memory image into a buffer does not fail
		}
		out = append(out, demoPubli{field: v.field, photo: p})
	}
	return out
}

// drawAd paints one side image.
func drawAd(base color.NRGBA, left bool, text string) *image.NRGBA {
	w, h := company.PubliWidth, company.PubliHeight
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		shade := 1 - 0.5*float64(y)/float64(h) // darker towards the bottom
		for x := 0; x < w; x++ {
			c := color.NRGBA{uint8(float64(base.R) * shade), uint8(float64(base.G) * shade), uint8(float64(base.B) * shade), 255}
			d := x + y/3
			if left {
				d = (w - x) + y/3
			}
			if d%60 < 8 { // stripes leaning outwards
				c = color.NRGBA{255, 255, 255, 60 + c.A/2}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	for y := 80; y < 140; y++ { // the chequered flag band
		for x := 0; x < w; x++ {
			if (x/20+y/20)%2 == 0 {
				img.SetNRGBA(x, y, color.NRGBA{255, 255, 255, 255})
			} else {
				img.SetNRGBA(x, y, color.NRGBA{20, 20, 20, 255})
			}
		}
	}
	for y := 300; y < 300+7*20+40; y++ { // a plate behind the letters
		for x := 20; x < w-20; x++ {
			img.SetNRGBA(x, y, color.NRGBA{base.R / 3, base.G / 3, base.B / 3, 255})
		}
	}
	writeText(img, text, 320, 20)
	return img
}

// writeText writes text centred at height top with square pixels of size scale.
func writeText(img *image.NRGBA, text string, top, scale int) {
	width := len(text)*6*scale - scale
	left := (img.Bounds().Dx() - width) / 2
	for i, r := range text {
		g, ok := glyphs[r]
		if !ok {
			continue
		}
		for row, line := range g {
			for col, px := range line {
				if px != '#' {
					continue
				}
				for dy := 0; dy < scale; dy++ {
					for dx := 0; dx < scale; dx++ {
						img.SetNRGBA(left+(i*6+col)*scale+dx, top+row*scale+dy, color.NRGBA{255, 255, 255, 255})
					}
				}
			}
		}
	}
}

// hexColour reads "#rrggbb"; anything else is a dark grey.
func hexColour(s string) color.NRGBA {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(s) != 7 {
		return color.NRGBA{60, 60, 60, 255}
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

// withGeneratedPubli gives c, whose advertising is active but has no images, the four generated
// images' addresses; it returns the images to store once the company exists (none otherwise).
func withGeneratedPubli(c *company.Company) []demoPubli {
	p := &c.Publi
	if !p.IsActive || p.ImgLeftDefault != nil || p.ImgLeftENG != nil {
		return nil
	}
	imgs := advertisingImages(hexColour(c.PrimaryColor), hexColour(c.SecondaryColor), strings.ToUpper(company.PubliCulture(c.DefaultCulture)))
	for _, img := range imgs {
		path := company.PhotoPath(img.photo.SHA256)
		switch img.field {
		case "left-default":
			p.ImgLeftDefault = &path
		case "right-default":
			p.ImgRightDefault = &path
		case "left-eng":
			p.ImgLeftENG = &path
		case "right-eng":
			p.ImgRightENG = &path
		}
	}
	return imgs
}

// storePubli stores the generated images of the company.
func storePubli(ctx context.Context, tx *store.Tx, companyID int64, imgs []demoPubli, now time.Time) error {
	for _, img := range imgs {
		if err := tx.InsertMedia(ctx, companyID, "demo-"+img.field, img.photo, now); err != nil {
			return err
		}
	}
	return nil
}
