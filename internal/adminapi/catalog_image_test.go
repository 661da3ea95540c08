package adminapi_test

import (
	"bytes"
	"image/png"
	"runtime"
	"strings"
	"testing"
	"time"

	"pitlane/internal/catalog"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Product images: a 500×500 PNG is stored re-encoded to 90×70 and served at its content address with
// immutable caching, once however often it is uploaded; a 500×501 PNG, a JPEG renamed .png and a
// small PNG whose header claims 60,000×60,000 pixels are refused and store nothing.
func TestProductImageUpload(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCatalogEnv(t, db)
		for name, raw := range map[string][]byte{
			"500x501.png":    pngOf(t, 500, 501),
			"photo.png":      jpegOf(t), // a JPEG renamed .png
			"bomb.png":       bombPNG(t, 60000, 60000),
			"truncated.png":  pngOf(t, 10, 10)[:40],
			"oversize.png":   append(pngOf(t, 1, 1), make([]byte, catalog.MaxImageBytes)...),
			"not base64.png": nil,
		} {
			photo := b64(raw)
			if raw == nil {
				photo = "%%%"
			}
			res := e.do("POST", "/api/product/photo", map[string]any{"name": name, "photo": photo})
			if res.Status != 422 && res.Status != 400 && res.Status != 413 {
				t.Errorf("%s: %d %s; want it refused", name, res.Status, res.Body)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM media`); n != 0 {
			t.Fatalf("refused images stored: %d", n)
		}

		res := e.do("POST", "/api/product/photo", map[string]any{"name": "sprintPhoto", "photo": b64(pngOf(t, 500, 500))})
		var out struct{ URL string }
		res.JSON(t, &out)
		if res.Status != 201 || !catalog.ValidImageURL(out.URL) {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		again := e.do("POST", "/api/product/photo", map[string]any{"name": "sprintPhoto", "photo": b64(pngOf(t, 500, 500))})
		if !strings.Contains(string(again.Body), out.URL) || count(t, db, `SELECT COUNT(*) FROM media`) != 1 {
			t.Errorf("the same image twice: %s, %d rows", again.Body, count(t, db, `SELECT COUNT(*) FROM media`))
		}
		img := e.api.Do("GET", out.URL, nil)
		if img.Status != 200 || img.Header.Get("Content-Type") != "image/png" ||
			!strings.Contains(img.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("serve: %d %v", img.Status, img.Header)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(img.Body))
		if err != nil || cfg.Width != catalog.ImageWidth || cfg.Height != catalog.ImageHeight {
			t.Errorf("served image %v %+v, want 90×70", err, cfg)
		}
		if res := e.api.Do("GET", catalog.ImagePrefix+strings.Repeat("0", 64)+".png", nil); res.Status != 404 {
			t.Errorf("unknown image: %d", res.Status)
		}
		// The address is a product's image, shown on the booking pages.
		b := product("Photo finish", e.variantA)
		b["image"] = out.URL
		if res := e.do("POST", "/api/product/createProduct", b); res.Status != 201 {
			t.Fatalf("product with image: %d %s", res.Status, res.Body)
		}
		if !strings.Contains(e.public(t), `"image":"`+out.URL+`"`) {
			t.Error("the booking pages do not get the product's image")
		}
	})
}

// A PNG whose header claims 60,000×60,000 pixels (14 GB decoded) is refused from its header: in
// milliseconds and without allocating more than a few kilobytes.
func TestImageBombRefusedCheaply(t *testing.T) {
	bomb := bombPNG(t, 60000, 60000)
	if _, err := png.DecodeConfig(bytes.NewReader(bomb)); err != nil {
		t.Fatalf("the test image is not a PNG header: %v", err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := catalog.ProcessImage(bomb)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("a 60,000×60,000 PNG was accepted")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("refusing it allocated %d bytes", alloc)
	}
	if took > 200*time.Millisecond {
		t.Errorf("refusing it took %v", took)
	}
}
