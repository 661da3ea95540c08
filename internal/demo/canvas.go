package demo

import (
	"image"
	"image/color"
)

// canvas paints the demo product pictures with a few filled shapes, blending by alpha.
type canvas struct{ img *image.NRGBA }

// newCanvas is an opaque w×h canvas.
func newCanvas(w, h int) canvas { return canvas{image.NewNRGBA(image.Rect(0, 0, w, h))} }

// blend paints col over the pixel at (x, y); points outside the canvas are ignored.
func (c canvas) blend(x, y int, col color.NRGBA) {
	if !(image.Point{x, y}).In(c.img.Rect) {
		return
	}
	if col.A == 255 {
		c.img.SetNRGBA(x, y, col)
		return
	}
	under := c.img.NRGBAAt(x, y)
	a := float64(col.A) / 255
	mix := func(top, bottom uint8) uint8 { return uint8(float64(top)*a + float64(bottom)*(1-a)) }
	c.img.SetNRGBA(x, y, color.NRGBA{mix(col.R, under.R), mix(col.G, under.G), mix(col.B, under.B), 255})
}

// rect fills [x0, x1)×[y0, y1).
func (c canvas) rect(x0, y0, x1, y1 int, col color.NRGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			c.blend(x, y, col)
		}
	}
}

// disc fills the disc of radius r centred at (cx, cy).
func (c canvas) disc(cx, cy, r int, col color.NRGBA) {
	for y := -r; y <= r; y++ {
		for x := -r; x <= r; x++ {
			if x*x+y*y <= r*r {
				c.blend(cx+x, cy+y, col)
			}
		}
	}
}

// gradient fills the canvas with base, darker towards the bottom, with faint diagonal speed lines.
func (c canvas) gradient(base color.NRGBA) {
	b := c.img.Rect
	for y := 0; y < b.Dy(); y++ {
		shade := 1 - 0.45*float64(y)/float64(b.Dy())
		row := color.NRGBA{uint8(float64(base.R) * shade), uint8(float64(base.G) * shade), uint8(float64(base.B) * shade), 255}
		for x := 0; x < b.Dx(); x++ {
			c.img.SetNRGBA(x, y, row)
			if (x+y)%24 < 3 {
				c.blend(x, y, color.NRGBA{255, 255, 255, 28})
			}
		}
	}
}

// chequer paints a chequered band of squares of side sq over [x0, x1)×[y0, y1).
func (c canvas) chequer(x0, y0, x1, y1, sq int) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if ((x-x0)/sq+(y-y0)/sq)%2 == 0 {
				c.img.SetNRGBA(x, y, color.NRGBA{250, 250, 250, 255})
			} else {
				c.img.SetNRGBA(x, y, color.NRGBA{24, 24, 28, 255})
			}
		}
	}
}

// kart draws a side view of a kart with its driver, the rear wheel's bottom-left near (x, y), scaled
// by s (1 is about 120 pixels long).
func (c canvas) kart(x, y int, s float64, body color.NRGBA) {
	at := func(v float64) int { return int(v * s) }
	dark := color.NRGBA{24, 24, 28, 255}
	// chassis, side pod and nose cone
	c.rect(x+at(6), y-at(20), x+at(118), y-at(12), dark)
	c.rect(x+at(30), y-at(30), x+at(96), y-at(16), body)
	c.rect(x+at(96), y-at(26), x+at(122), y-at(14), body)
	// seat, driver and helmet
	c.rect(x+at(34), y-at(44), x+at(50), y-at(28), dark)
	c.rect(x+at(44), y-at(50), x+at(66), y-at(30), lighten(body, 0.45))
	c.disc(x+at(56), y-at(60), at(11), color.NRGBA{245, 245, 245, 255})
	c.rect(x+at(58), y-at(64), x+at(68), y-at(58), dark)
	// steering wheel column
	c.rect(x+at(66), y-at(42), x+at(72), y-at(30), dark)
	// wheels with hubs
	for _, wx := range []int{x + at(22), x + at(104)} {
		c.disc(wx, y-at(12), at(12), dark)
		c.disc(wx, y-at(12), at(5), color.NRGBA{190, 190, 196, 255})
	}
}

// helmet draws a helmet seen from the side, centred at (cx, cy) with radius r, with a visor and stripe.
func (c canvas) helmet(cx, cy, r int, body color.NRGBA) {
	dark := color.NRGBA{24, 24, 28, 255}
	c.disc(cx, cy, r+2, dark)
	c.disc(cx, cy, r, body)
	c.rect(cx-r-2, cy+r/2, cx+r+6, cy+r/2+8, dark)                   // chin rim
	c.rect(cx, cy-r/3, cx+r+4, cy+r/4, color.NRGBA{40, 60, 90, 255}) // visor
	c.rect(cx, cy-r/3, cx+r+4, cy-r/3+4, color.NRGBA{180, 210, 240, 255})
	c.rect(cx-r+4, cy-4, cx-2, cy+2, color.NRGBA{255, 255, 255, 200}) // stripe
}

// giftCard draws a card w×h at (x, y) with a ribbon and a bow.
func (c canvas) giftCard(x, y, w, h int, body color.NRGBA) {
	dark := color.NRGBA{24, 24, 28, 255}
	c.rect(x-2, y-2, x+w+2, y+h+2, dark)
	c.rect(x, y, x+w, y+h, body)
	ribbon := color.NRGBA{250, 250, 250, 235}
	c.rect(x+w/3-4, y, x+w/3+4, y+h, ribbon)
	c.rect(x, y+h/2-4, x+w, y+h/2+4, ribbon)
	c.disc(x+w/3-9, y-4, 8, ribbon)
	c.disc(x+w/3+9, y-4, 8, ribbon)
	c.disc(x+w/3, y-2, 5, dark)
}

// licenceCard draws an identity card w×h at (x, y): a photo box and lines of text.
func (c canvas) licenceCard(x, y, w, h int, body color.NRGBA) {
	dark := color.NRGBA{24, 24, 28, 255}
	c.rect(x-2, y-2, x+w+2, y+h+2, dark)
	c.rect(x, y, x+w, y+h, color.NRGBA{245, 245, 240, 255})
	c.rect(x, y, x+w, y+14, body)
	c.rect(x+8, y+22, x+38, y+60, color.NRGBA{170, 176, 190, 255})
	c.disc(x+23, y+34, 7, color.NRGBA{120, 126, 140, 255})
	for i := 0; i < 4; i++ {
		c.rect(x+46, y+24+i*10, x+w-10-i*8, y+28+i*10, color.NRGBA{150, 150, 160, 255})
	}
}
