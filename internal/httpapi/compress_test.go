package httpapi

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// The web app's scripts reach a browser compressed and intact; images and ranges are left alone.
func TestWebAppIsServedCompressed(t *testing.T) {
	t.Parallel()
	script := strings.Repeat("console.log('pitlane');\n", 500)
	files := fstest.MapFS{
		"index.html":       {Data: []byte("<!doctype html><title>Pitlane</title>")},
		"assets/app-1.js":  {Data: []byte(script)},
		"assets/logo.png":  {Data: []byte("\x89PNG\r\n\x1a\nnot really")},
		"assets/style.css": {Data: []byte("body{margin:0}")},
	}
	h := withGzip(newSPA(files))
	get := func(path string, headers ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		for i := 0; i+1 < len(headers); i += 2 {
			req.Header.Set(headers[i], headers[i+1])
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	rec := get("/assets/app-1.js", "Accept-Encoding", "gzip, br")
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("script: %d %v", rec.Code, rec.Header())
	}
	if rec.Body.Len() >= len(script)/4 {
		t.Errorf("compressed to %d bytes from %d", rec.Body.Len(), len(script))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	if string(got) != script {
		t.Fatal("the decompressed script differs")
	}
	if rec := get("/booking-key", "Accept-Encoding", "gzip"); rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("the app page should be compressed too: %v", rec.Header())
	}
	if rec := get("/assets/app-1.js"); rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != script {
		t.Errorf("a client without gzip must get the plain file")
	}
	if rec := get("/assets/logo.png", "Accept-Encoding", "gzip"); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("images are not compressed again")
	}
	if rec := get("/assets/app-1.js", "Accept-Encoding", "gzip", "Range", "bytes=0-9"); rec.Code != http.StatusPartialContent || rec.Body.String() != script[:10] {
		t.Errorf("range: %d %q", rec.Code, rec.Body.String())
	}
}
