package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
)

// PubliPublic is the public side of companies' advertising: the company's public data (the kiosk's
// settings and images) and the stored images. *company.PubliService implements it.
type PubliPublic interface {
	// Public returns the company's public data with its advertising resolved for culture ("" is the
	// kiosk's language). Returns apperr.NotFound for an unknown company.
	Public(ctx context.Context, id int64, culture string) (company.Public, error)
	// Photo returns the stored JPEG named by file ("{sha256}.jpg"). Returns apperr.NotFound otherwise.
	Photo(ctx context.Context, file string) ([]byte, error)
}

// getCompanyPublic answers GET /api/company/{id}: the spec's company cloud data.
func (s *Server) getCompanyPublic(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		writeError(w, r, apperr.WithFields(apperr.Invalid, "The company id is malformed.", map[string]string{"id": "must be a positive integer"}))
		return
	}
	culture := r.URL.Query().Get("culture")
	if len(culture) > 20 {
		writeError(w, r, apperr.WithFields(apperr.Invalid, "The culture is malformed.", map[string]string{"culture": "at most 20 characters"}))
		return
	}
	out, err := s.deps.Publi.Public(r.Context(), id, culture)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// getPubliImage answers GET /api/publi/image/{file}: an advertising image by its content address,
// cacheable for ever (its address changes when its bytes do).
func (s *Server) getPubliImage(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	etag := `"` + file + `"`
	if _, ok := company.SumOfPhotoFile(file); ok && r.Header.Get("If-None-Match") == etag {
		w.Header().Set("ETag", etag)
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	img, err := s.deps.Publi.Photo(r.Context(), file)
	if err != nil {
		writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/jpeg")
	h.Set("Content-Length", strconv.Itoa(len(img)))
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", etag)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(img)
}
