package main

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"strconv"
	"testing"
	"time"

	"pitlane/internal/catalog"
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

// seedEvent writes an event of the tenant on 20 December with its ticket (30 places), every text of
// them carrying the tenant's mark, and returns its id.
func seedEvent(t *testing.T, db *store.DB, tn *tenant) int64 {
	t.Helper()
	madrid, _ := time.LoadLocation("Europe/Madrid")
	ctx := t.Context()
	var id int64
	stock := int64(30)
	if err := db.Write(ctx, func(tx *store.Tx) error {
		var err error
		id, err = tx.InsertEvent(ctx, store.SeedEvent{CompanyID: tn.company, PublicKey: tn.mark + "-event-key", Name: tn.mark + " night cup",
			DateStart: "2026-12-20 19:00:00", DateEnd: "2026-12-20 22:00:00", StartsAt: time.Date(2026, 12, 20, 19, 0, 0, 0, madrid),
			EndsAt: time.Date(2026, 12, 20, 22, 0, 0, 0, madrid), TemplateHTML: "<p>" + tn.mark + " template</p>", Data: "{}"}, time.UnixMilli(1))
		if err != nil {
			return err
		}
		_, err = tx.InsertProduct(ctx, store.SeedProduct{CompanyID: tn.company, Kind: catalog.KindEvent, IDLocal: tn.mark + "-ev",
			Name: tn.mark + " night cup", PriceCents: 3000, MaxStock: &stock, Data: "{}", VariantID: &tn.variant, EventID: &id}, time.UnixMilli(1))
		return err
	}); err != nil {
		t.Fatalf("seed %s event: %v", tn.mark, err)
	}
	return id
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
		// The calendar's Edit (issue 25): B's event is no event of A (404); A's own is read, and its save
		// based on no version it ever had is refused as stale (409) or for its rules (422).
		"GET /api/event/fullEvent": func(d *tenant) []probe {
			return []probe{{path: "/api/event/fullEvent", query: url.Values{"id": {strconv.FormatInt(d.event, 10)}}}}
		},
		"POST /api/event/updateFullEvent": func(d *tenant) []probe {
			return []probe{{path: "/api/event/updateFullEvent", body: map[string]any{"id": d.event, "version": 0,
				"event": map[string]any{"name": d.mark + " cup renamed", "price": 20, "idLocalProduct": d.mark + "-ev", "maxStock": 1,
					"dateIni": "2026-12-20 19:00", "dateEnd": "2026-12-20 22:00"},
				"templateHtml": "<p>" + d.mark + "</p>", "addToLandingPage": false}}}
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
