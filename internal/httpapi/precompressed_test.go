package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// precompressedApp is a built app with a script precompressed at build time (NAME.br, NAME.gz), one
// script without variants and an image.
func precompressedApp(t *testing.T) (http.Handler, string, []byte, []byte) {
	t.Helper()
	script := strings.Repeat("console.log('pitlane');\n", 500)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write([]byte(script))
	_ = zw.Close()
	// Brotli has no decoder in Go's standard library: these bytes stand for the .br file, and the test
	// checks that exactly they are sent, labelled br. (web/scripts/precompress.mjs writes real ones and
	// checks each by decompressing it.)
	br := []byte("\x1b\x00brotli-bytes-of-the-script")
	files := fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><title>Pitlane</title>")},
		"assets/app-1.js":      {Data: []byte(script)},
		"assets/app-1.js.br":   {Data: br},
		"assets/app-1.js.gz":   {Data: gz.Bytes()},
		"assets/plain-2.js":    {Data: []byte(script)},
		"assets/logo-3.png":    {Data: []byte("\x89PNG\r\n\x1a\nnot really")},
		"assets/logo-3.png.br": {Data: []byte("never sent")},
	}
	return withGzip(newSPA(files)), script, br, gz.Bytes()
}

// The app's files reach each browser in the best encoding it accepts, with the headers caches need.
func TestStaticFilesNegotiateThePrecompressedEncoding(t *testing.T) {
	t.Parallel()
	h, script, br, gz := precompressedApp(t)
	for _, tc := range []struct {
		name, accept, want string
	}{
		{"Chromium's header gets Brotli", "gzip, deflate, br, zstd", "br"},
		{"Brotli alone", "br", "br"},
		{"gzip alone", "gzip", "gzip"},
		{"x-gzip is gzip", "x-gzip", "gzip"},
		{"no header: the plain file", "", ""},
		{"br refused with q=0", "br;q=0, gzip", "gzip"},
		{"both refused", "br;q=0, gzip;q=0", ""},
		{"gzip preferred by q-value", "br;q=0.5, gzip;q=0.8", "gzip"},
		{"equal q-values: Brotli", "gzip;q=0.7, br;q=0.7", "br"},
		{"identity preferred", "identity, br;q=0.5", ""},
		{"any coding", "*", "br"},
		{"any coding but br", "br;q=0, *", "gzip"},
		{"only an unknown coding", "zstd", ""},
		{"case and spaces", " BR ; Q=1 , GZIP", "br"},
	} {
		req := httptest.NewRequest(http.MethodGet, "/assets/app-1.js", nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != tc.want {
			t.Errorf("%s (%q): %d, Content-Encoding %q, want %q", tc.name, tc.accept, res.StatusCode, res.Header.Get("Content-Encoding"), tc.want)
			continue
		}
		body := rec.Body.Bytes()
		switch tc.want {
		case "br":
			if !bytes.Equal(body, br) {
				t.Errorf("%s: the body is not the .br file", tc.name)
			}
		case "gzip":
			if !bytes.Equal(body, gz) {
				t.Errorf("%s: the body is not the .gz file", tc.name)
			}
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := io.ReadAll(zr); string(got) != script {
				t.Errorf("%s: the gzipped body does not decompress to the script", tc.name)
			}
		default:
			if string(body) != script {
				t.Errorf("%s: the plain body differs from the script", tc.name)
			}
		}
		if got := res.Header.Get("Content-Length"); got != strconv.Itoa(len(body)) {
			t.Errorf("%s: Content-Length %q for %d bytes", tc.name, got, len(body))
		}
		if got := res.Header.Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", tc.name, got)
		}
		if got := res.Header.Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
			t.Errorf("%s: Vary %q, want one Accept-Encoding", tc.name, got)
		}
		if res.Header.Get("ETag") == "" || res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: ETag %q, Cache-Control %q", tc.name, res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
		}
	}
}

// Each encoding has its own ETag, so a cache never answers a conditional request with another
// encoding's bytes; a matching If-None-Match gets 304.
func TestStaticFilesHaveAnETagPerEncoding(t *testing.T) {
	t.Parallel()
	h, _, _, _ := precompressedApp(t)
	do := func(method, accept, ifNoneMatch string) *http.Response {
		req := httptest.NewRequest(method, "/assets/app-1.js", nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	tags := map[string]string{}
	for _, accept := range []string{"br", "gzip", ""} {
		tag := do(http.MethodGet, accept, "").Header.Get("ETag")
		for other, seen := range tags {
			if seen == tag {
				t.Errorf("encodings %q and %q share the ETag %s", accept, other, tag)
			}
		}
		tags[accept] = tag
	}
	if res := do(http.MethodGet, "br", tags["br"]); res.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match with the br ETag: %d, want 304", res.StatusCode)
	}
	req := httptest.NewRequest(http.MethodGet, "/assets/app-1.js", nil)
	req.Header.Set("Accept-Encoding", "br")
	req.Header.Set("If-Match", `"another"`)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusPreconditionFailed || rec.Header().Get("Content-Length") != "" {
		t.Errorf("If-Match failing: %d with Content-Length %q, want 412 without the variant's length", rec.Code, rec.Header().Get("Content-Length"))
	}
	if res := do(http.MethodGet, "gzip", tags["br"]); res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("a gzip client with the br ETag: %d %q, want 200 gzip", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
}

// HEAD tells the encoding and length a GET would send, without a body.
func TestStaticFilesHead(t *testing.T) {
	t.Parallel()
	h, _, br, _ := precompressedApp(t)
	req := httptest.NewRequest(http.MethodHead, "/assets/app-1.js", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "br" {
		t.Fatalf("HEAD: %d %v", res.StatusCode, res.Header)
	}
	if res.Header.Get("Content-Length") != strconv.Itoa(len(br)) || rec.Body.Len() != 0 {
		t.Errorf("HEAD: Content-Length %q (want %d), body %d bytes", res.Header.Get("Content-Length"), len(br), rec.Body.Len())
	}
}

// Files without variants keep the on-the-fly gzip; images are never sent encoded; ranges get the
// plain file.
func TestStaticFilesWithoutVariants(t *testing.T) {
	t.Parallel()
	h, script, _, _ := precompressedApp(t)
	get := func(path, accept, rangeHeader string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Encoding", accept)
		if rangeHeader != "" {
			req.Header.Set("Range", rangeHeader)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	if rec := get("/assets/plain-2.js", "br", ""); rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != script {
		t.Errorf("no .br file, a br-only client: %q", rec.Header().Get("Content-Encoding"))
	}
	if rec := get("/assets/plain-2.js", "br, gzip", ""); rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("no variant, a gzip client: %q, want gzip on the fly", rec.Header().Get("Content-Encoding"))
	}
	if rec := get("/assets/plain-2.js", "gzip;q=0", ""); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 must not be gzipped on the fly: %q", rec.Header().Get("Content-Encoding"))
	}
	if rec := get("/assets/logo-3.png", "br, gzip", ""); rec.Header().Get("Content-Encoding") != "" || rec.Header().Get("Content-Type") != "image/png" {
		t.Errorf("image: %q %q", rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Type"))
	}
	if rec := get("/assets/app-1.js", "br, gzip", "bytes=0-9"); rec.Code != http.StatusPartialContent || rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != script[:10] {
		t.Errorf("range: %d %q %q", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
}

func TestAcceptedCodings(t *testing.T) {
	t.Parallel()
	got := acceptedCodings("gzip;q=0.5, br , identity;q=0, zstd;q=x, ;q=1")
	want := map[string]float64{"gzip": 0.5, "br": 1, "identity": 0, "zstd": 0}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %v, want %v", k, got[k], v)
		}
	}
}
