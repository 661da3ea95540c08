package main

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"pitlane/internal/company"
	"pitlane/internal/store"
)

// markColour is a colour of its own for each tenant's images.
func markColour(mark string) color.NRGBA {
	return color.NRGBA{R: mark[0], G: mark[1], B: mark[len(mark)-1], A: 255}
}

// markPNG is a PNG of height h (700 is an advertising image's) in the tenant's colour, in base64.
func markPNG(mark string, h int) string {
	img := image.NewNRGBA(image.Rect(0, 0, company.PubliWidth, h))
	c := markColour(mark)
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err) // encoding an in-memory image into a buffer does not fail
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

// seedPubliImage stores an advertising image for the tenant, as an upload would, and returns its
// address.
func seedPubliImage(t *testing.T, db *store.DB, tn *tenant) string {
	t.Helper()
	raw, _ := base64.StdEncoding.DecodeString(markPNG(tn.mark, company.PubliHeight))
	p, err := company.CheckPubliPhoto(raw)
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if err := db.Write(ctx, func(tx *store.Tx) error {
		return tx.InsertMedia(ctx, tn.company, tn.mark+"-left", p, time.UnixMilli(1))
	}); err != nil {
		t.Fatal(err)
	}
	return company.PhotoPath(p.SHA256)
}

// eventTemplates are the staff route templates of issue 15. Phase (b) compares A's answers before and
// after B gets more data, the audit log's included, so these probes write nothing when they carry B's
// data: a template preview (which reads and writes nothing), an event whose name, code and category
// carry the tenant's mark (refused for its past start), an upload in the tenant's colour one pixel
// short (refused), and advertising naming the tenant's own uploaded image (refused for A when it is
// B's; accepted with A's).
func eventTemplates() map[string]func(d *tenant) []probe {
	return map[string]func(d *tenant) []probe{
		"POST /api/event/createFullEvent": func(d *tenant) []probe {
			return []probe{{path: "/api/event/createFullEvent", body: map[string]any{
				"event": map[string]any{"name": d.mark + " cup", "price": 20, "idLocalProduct": d.mark + "-ev", "teamEvent": false,
					"dateIni": "2026-11-01 10:00", "dateEnd": "2026-11-01 12:00"},
				"templateHtml": "<p>" + d.mark + "</p>", "addToLandingPage": true,
				"categorys": map[string]any{"title": d.mark, "excluding": true, "options": `[{"name":"` + d.mark + `","shortName":"X"}]`},
				"discount":  map[string]any{"code": d.mark + "-code", "price": 5}}}}
		},
		// The preview echoes the caller's own template sanitised: a tenant's mark in it would come back as
		// sent, not as a leak, so the probe carries none; what it checks is the route's scope and role.
		"POST /api/event/previewTemplate": func(*tenant) []probe {
			return []probe{{path: "/api/event/previewTemplate", body: map[string]any{"html": "<p>Preview</p><script>alert(1)</script>"}}}
		},
		"POST /api/publi/photo": func(d *tenant) []probe {
			return []probe{{path: "/api/publi/photo", body: map[string]any{"name": d.mark + "-upload", "photo": markPNG(d.mark, company.PubliHeight-1)}}}
		},
		"POST /api/company/updatePubli": func(d *tenant) []probe {
			return []probe{{path: "/api/company/updatePubli", body: map[string]any{"imgLeftDefault": d.publiImage, "imgRightDefault": nil,
				"imgLeftENG": nil, "imgRightENG": d.publiImage, "hyperlinkLeft": "https://karts.example/promo", "hyperlinkRight": nil}}}
		},
	}
}
