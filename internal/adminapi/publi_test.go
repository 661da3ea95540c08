package adminapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// publiPNG is a w×h PNG painted with c, in base64.
func publiPNG(t *testing.T, w, h int, c color.Color) string {
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
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

// upload posts an advertising image and returns the answer.
func (e *evEnv) upload(t *testing.T, token string, company int64, name, photo string) (int, string) {
	t.Helper()
	res := e.api.Do("POST", "/api/publi/photo", map[string]any{"idCompany": company, "name": name, "photo": photo}, bearer(token)...)
	var out struct{ URL string }
	if res.Status == http.StatusCreated {
		res.JSON(t, &out)
	}
	return res.Status, out.URL
}

// Advertising images go up as 300×700 PNGs, come back as immutable JPEGs at a content address, and
// become the company's advertising (audited) only through updatePubli, whose links must be http(s);
// the public company data then serves them per culture, with the kiosk's settings.
func TestAdvertisingUploadUpdateAndPublicData(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		execSQL(t, db, `UPDATE companies SET default_culture = 'es-ES', publi = '{"isActive":true}' WHERE id = ?`, e.company)
		status, left := e.upload(t, e.admin, e.company, "left-default", publiPNG(t, 300, 700, color.NRGBA{200, 0, 0, 255}))
		if status != http.StatusCreated || !strings.HasPrefix(left, "/api/publi/image/") || !strings.HasSuffix(left, ".jpg") {
			t.Fatalf("upload: %d %q", status, left)
		}
		_, right := e.upload(t, e.admin, e.company, "right-eng", "data:image/png;base64,"+publiPNG(t, 300, 700, color.NRGBA{0, 0, 200, 255}))
		if _, again := e.upload(t, e.admin, e.company, "left again", publiPNG(t, 300, 700, color.NRGBA{200, 0, 0, 255})); again != left {
			t.Errorf("the same image got another address: %q, %q", again, left)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM media WHERE company_id = ?`, e.company); n != 2 {
			t.Errorf("%d stored images, want 2 (one per distinct image)", n)
		}

		img := e.api.Do("GET", left, nil)
		if img.Status != 200 || img.Header.Get("Content-Type") != "image/jpeg" ||
			img.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || img.Header.Get("ETag") == "" {
			t.Errorf("image: %d %v", img.Status, img.Header)
		}
		if cfg, format, err := image.DecodeConfig(bytes.NewReader(img.Body)); err != nil || format != "jpeg" || cfg.Width != 300 || cfg.Height != 700 {
			t.Errorf("served image %s %dx%d %v", format, cfg.Width, cfg.Height, err)
		}
		if res := e.api.Do("GET", left, nil, "If-None-Match", img.Header.Get("ETag")); res.Status != http.StatusNotModified {
			t.Errorf("revalidation: %d, want 304", res.Status)
		}
		if res := e.api.Do("GET", "/api/publi/image/"+strings.Repeat("ab", 32)+".jpg", nil); res.Status != http.StatusNotFound {
			t.Errorf("unknown image: %d", res.Status)
		}

		// Refused images: 422 naming the photo; nothing stored.
		for name, c := range map[string]struct {
			photo string
			want  int
		}{
			"wrong size": {publiPNG(t, 300, 699, color.White), http.StatusUnprocessableEntity},
			"not a PNG":  {base64.StdEncoding.EncodeToString([]byte("\xff\xd8\xff\xe0 a JPEG")), http.StatusUnprocessableEntity},
			"not base64": {"%%%", http.StatusBadRequest},
		} {
			if status, _ := e.upload(t, e.admin, e.company, name, c.photo); status != c.want {
				t.Errorf("%s: %d, want %d", name, status, c.want)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM media`); n != 2 {
			t.Errorf("refused uploads stored images: %d", n)
		}

		// updatePubli: links must be http(s); images must be this company's.
		body := map[string]any{"idCompany": e.company, "imgLeftDefault": left, "imgRightDefault": nil, "imgLeftENG": nil,
			"imgRightENG": right, "hyperlinkLeft": "javascript:alert(1)", "hyperlinkRight": "/promo"}
		res := e.api.Do("POST", "/api/company/updatePubli", body, bearer(e.admin)...)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), `"hyperlinkLeft"`) ||
			!strings.Contains(string(res.Body), `"hyperlinkRight"`) {
			t.Errorf("unsafe links: %d %s", res.Status, res.Body)
		}
		_, foreign := e.upload(t, e.super, e.other, "other", publiPNG(t, 300, 700, color.NRGBA{0, 150, 0, 255}))
		body["hyperlinkLeft"], body["hyperlinkRight"], body["imgLeftENG"] = "https://alpha.example/birthday", "", foreign
		res = e.api.Do("POST", "/api/company/updatePubli", body, bearer(e.admin)...)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), `"imgLeftENG"`) {
			t.Errorf("another company's image: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action = 'publi.update'`); n != 0 {
			t.Errorf("refused updates were audited as done: %d", n)
		}
		body["imgLeftENG"], body["kioskIdleSeconds"], body["defaultKioskLanguage"] = nil, 45, "en-GB"
		res = e.api.Do("POST", "/api/company/updatePubli", body, bearer(e.admin)...)
		if res.Status != http.StatusOK {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'publi.update'
			AND user_email = 'admin@alpha.example' AND details LIKE '%alpha.example/birthday%'`, e.company); n != 1 {
			t.Errorf("%d audit entries for the update, want 1", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'publi.photo'`, e.company); n != 3 {
			t.Errorf("%d audit entries for uploads, want 3", n)
		}

		// The public data: Spanish gets the default images, German the English variant (left missing:
		// the default one instead), with the link; the kiosk starts in English after 45 s idle.
		var pub struct {
			ID              int64
			Name            string
			DefaultLanguage string
			Data            string
			Kiosk           struct {
				DefaultLanguage string
				IdleSeconds     int
			}
			Advertising *struct {
				Culture                          string
				ImgLeft, ImgRight, HyperlinkLeft *string
				HyperlinkRight                   *string
			}
		}
		get := func(culture string) {
			t.Helper()
			res := e.api.Do("GET", "/api/company/"+strconv.FormatInt(e.company, 10)+"?culture="+culture, nil)
			if res.Status != 200 {
				t.Fatalf("company data: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &pub)
		}
		get("es-ES")
		a := pub.Advertising
		if pub.Name != "Alpha Karts" || pub.DefaultLanguage != "es-ES" || a == nil || a.Culture != "es" || *a.ImgLeft != left ||
			a.ImgRight == nil || *a.ImgRight != right || *a.HyperlinkLeft != "https://alpha.example/birthday" || a.HyperlinkRight != nil {
			t.Errorf("Spanish: %+v %+v", pub, a)
		}
		if pub.Kiosk.DefaultLanguage != "en-GB" || pub.Kiosk.IdleSeconds != 45 || !strings.Contains(pub.Data, `"kioskIdleSeconds":45`) ||
			!strings.Contains(pub.Data, `"defaultKioskLanguage":"en-GB"`) || !strings.Contains(pub.Data, `"publi":{`) {
			t.Errorf("kiosk settings %+v, data %s", pub.Kiosk, pub.Data)
		}
		get("de-DE")
		if a := pub.Advertising; a.Culture != "de" || *a.ImgLeft != left || *a.ImgRight != right {
			t.Errorf("German: %+v", a)
		}
		get("")
		if pub.Advertising.Culture != "gb" {
			t.Errorf("no culture: %+v, want the kiosk's (en-GB → gb)", pub.Advertising)
		}
		for target, want := range map[string]int{"/api/company/999999": 404, "/api/company/x": 400, "/api/company/0": 400} {
			if res := e.api.Do("GET", target, nil); res.Status != want {
				t.Errorf("%s: %d, want %d", target, res.Status, want)
			}
		}
	})
}

// The six advertising fields are required (null says "none"): a call that leaves any of them out is a
// 422 naming each one missing, and the company's advertising stays as it was — a body with only
// idCompany once answered 200 and erased every image and link.
func TestUpdatePubliMissingFieldsChangeNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		_, left := e.upload(t, e.admin, e.company, "left", publiPNG(t, 300, 700, color.NRGBA{200, 0, 0, 255}))
		full := map[string]any{"idCompany": e.company, "imgLeftDefault": left, "imgRightDefault": nil, "imgLeftENG": nil,
			"imgRightENG": left, "hyperlinkLeft": "https://alpha.example/birthday", "hyperlinkRight": nil}
		if res := e.api.Do("POST", "/api/company/updatePubli", full, bearer(e.admin)...); res.Status != http.StatusOK {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		stored := func() string {
			var s string
			if err := db.Read(context.Background(), func(tx *store.Tx) error {
				return tx.QueryRow(context.Background(), `SELECT publi FROM companies WHERE id = ?`, e.company).Scan(&s)
			}); err != nil {
				t.Fatal(err)
			}
			return s
		}
		before, audits := stored(), count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action = 'publi.update'`)
		all := []string{"imgLeftDefault", "imgRightDefault", "imgLeftENG", "imgRightENG", "hyperlinkLeft", "hyperlinkRight"}
		for name, c := range map[string]struct {
			body    any
			missing []string
		}{
			"only idCompany":      {map[string]any{"idCompany": e.company}, all},
			"only the kiosk":      {map[string]any{"idCompany": e.company, "isActive": false, "kioskIdleSeconds": 60}, all},
			"one link left out":   {without(full, "hyperlinkLeft"), []string{"hyperlinkLeft"}},
			"two images left out": {without(full, "imgLeftDefault", "imgRightENG"), []string{"imgLeftDefault", "imgRightENG"}},
			"nulls left out":      {without(full, "hyperlinkRight", "imgLeftENG"), []string{"hyperlinkRight", "imgLeftENG"}},
		} {
			res := e.api.Do("POST", "/api/company/updatePubli", c.body, bearer(e.admin)...)
			var out struct{ Fields map[string]string }
			res.JSON(t, &out)
			if res.Status != http.StatusUnprocessableEntity || len(out.Fields) != len(c.missing) {
				t.Errorf("%s: %d %s, want 422 naming %v", name, res.Status, res.Body, c.missing)
			}
			for _, f := range c.missing {
				if out.Fields[f] == "" {
					t.Errorf("%s: %s not named: %v", name, f, out.Fields)
				}
			}
			if after := stored(); after != before {
				t.Errorf("%s: advertising changed %s → %s", name, before, after)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action = 'publi.update'`); n != audits {
			t.Errorf("refused updates were audited: %d → %d", audits, n)
		}
	})
}

// without is a copy of m without the keys.
func without(m map[string]any, keys ...string) map[string]any {
	out := maps.Clone(m)
	for _, k := range keys {
		delete(out, k)
	}
	return out
}
