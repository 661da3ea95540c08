package httpapi

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// The web build (web/scripts/precompress.mjs) writes NAME.br (Brotli, quality 11) and NAME.gz (gzip -9)
// beside each of the app's text files. The server sends the smallest one the browser accepts: Brotli is
// about 15 % smaller than gzip on the app's scripts, and a file compressed at build time costs no CPU per
// request (on-the-fly gzip in withGzip runs at a faster, weaker level).

// contentCoding is one of the representations of a static file: identity, or a precompressed variant.
type contentCoding struct {
	name   string // the Content-Encoding value; "" for identity
	suffix string // the file name suffix of the variant
}

// precompressedCodings are the variants looked for, best first: on equal preference Brotli wins.
var precompressedCodings = []contentCoding{{name: "br", suffix: ".br"}, {name: "gzip", suffix: ".gz"}}

// acceptedCodings parses an Accept-Encoding header into coding → q-value (RFC 9110 §12.5.3). Names are
// lower-cased; a malformed q-value counts as 0, "x-gzip" as gzip.
func acceptedCodings(header string) map[string]float64 {
	accepted := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(part, ";")
		name := strings.ToLower(strings.TrimSpace(fields[0]))
		if name == "" {
			continue
		}
		if name == "x-gzip" {
			name = "gzip"
		}
		q := 1.0
		for _, param := range fields[1:] {
			key, value, ok := strings.Cut(strings.TrimSpace(param), "=")
			if !ok || strings.ToLower(strings.TrimSpace(key)) != "q" {
				continue
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if err != nil || v < 0 || v > 1 {
				v = 0
			}
			q = v
		}
		accepted[name] = q
	}
	return accepted
}

// codingQuality is the q-value a parsed Accept-Encoding gives a coding: its own, else "*"'s, else 0.
// Identity, when neither it nor "*" is named, is acceptable but the least preferred (RFC 9110 leaves its
// weight open; a browser that names codings wants one of them): a tiny positive value.
func codingQuality(accepted map[string]float64, coding string) float64 {
	if q, ok := accepted[coding]; ok {
		return q
	}
	if q, ok := accepted["*"]; ok {
		return q
	}
	if coding == "identity" {
		return 0.0001
	}
	return 0
}

// acceptsCoding reports whether an Accept-Encoding header allows a coding (q > 0).
func acceptsCoding(header, coding string) bool {
	return codingQuality(acceptedCodings(header), coding) > 0
}

// precompressedFiles serves the web app's static files with their precompressed variants.
type precompressedFiles struct {
	files fs.FS
	etags sync.Map // file name of the representation → its ETag (a hash of its bytes)
}

// choose picks the representation of name to send: the precompressed variant with the highest q-value
// in the request's Accept-Encoding that exists (Brotli before gzip when equal), unless identity is
// preferred over both. It returns the coding and the file to open.
func (p *precompressedFiles) choose(r *http.Request, name string) (contentCoding, string) {
	header := r.Header.Get("Accept-Encoding")
	if header == "" || r.Header.Get("Range") != "" {
		// Ranges are answered from the plain file, whose byte offsets a client can resume.
		return contentCoding{}, name
	}
	accepted := acceptedCodings(header)
	best, bestFile, bestQ := contentCoding{}, name, codingQuality(accepted, "identity")
	for _, c := range precompressedCodings {
		q := codingQuality(accepted, c.name)
		// A variant beats identity when it is at least as welcome (it is smaller), and an earlier
		// variant only when it is strictly more welcome.
		if q <= 0 || q < bestQ || (best.name != "" && q == bestQ) {
			continue
		}
		if st, err := fs.Stat(p.files, name+c.suffix); err == nil && !st.IsDir() {
			best, bestFile, bestQ = c, name+c.suffix, q
		}
	}
	return best, bestFile
}

// etag is a strong validator of one representation's bytes, computed once per file.
func (p *precompressedFiles) etag(file string, rs io.ReadSeeker) (string, error) {
	if v, ok := p.etags.Load(file); ok {
		return v.(string), nil
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, rs); err != nil {
		return "", err
	}
	if _, err := rs.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := `"` + base64.RawURLEncoding.EncodeToString(sum.Sum(nil)[:12]) + `"`
	p.etags.Store(file, tag)
	return tag, nil
}

// serve answers with the file name (which exists and is not a directory) in the best representation
// the client accepts, with Vary: Accept-Encoding, the Content-Type of name, the Content-Length and an
// ETag of the bytes sent (so each encoding has its own). It reports false, having written nothing, when
// the file cannot be read or is not seekable; the caller then serves it another way.
func (p *precompressedFiles) serve(w http.ResponseWriter, r *http.Request, name string) bool {
	ctype := mime.TypeByExtension(path.Ext(name))
	coding, file := contentCoding{}, name
	if ctype != "" && compressible(ctype) {
		coding, file = p.choose(r, name)
	}
	f, err := p.files.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	rs, seekable := f.(io.ReadSeeker)
	if err != nil || !seekable {
		return false
	}
	tag, err := p.etag(file, rs)
	if err != nil {
		return false
	}
	h := w.Header()
	if ctype != "" && compressible(ctype) {
		addVary(h, "Accept-Encoding")
	}
	if ctype != "" {
		h.Set("Content-Type", ctype)
	}
	if coding.name != "" {
		h.Set("Content-Encoding", coding.name)
	}
	h.Set("ETag", tag)
	if coding.name != "" {
		// http.ServeContent leaves Content-Length out when Content-Encoding is set; the variant is sent
		// whole (ranges get the plain file), so its size is the length.
		h.Set("Content-Length", strconv.FormatInt(st.Size(), 10))
		w = lengthOnlyWith200{w}
	}
	http.ServeContent(w, r, name, st.ModTime(), rs)
	return true
}

// lengthOnlyWith200 drops the Content-Length set for a variant when http.ServeContent answers with
// another status (a failed precondition), whose body is not the variant.
type lengthOnlyWith200 struct{ http.ResponseWriter }

func (l lengthOnlyWith200) WriteHeader(code int) {
	if code != http.StatusOK {
		l.Header().Del("Content-Length")
	}
	l.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (l lengthOnlyWith200) Unwrap() http.ResponseWriter { return l.ResponseWriter }

// addVary adds a field name to the Vary header unless it is already there.
func addVary(h http.Header, field string) {
	for _, v := range h.Values("Vary") {
		for _, f := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), field) {
				return
			}
		}
	}
	h.Add("Vary", field)
}
