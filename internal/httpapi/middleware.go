package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"regexp"
	"runtime/debug"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/errtrack"
	"pitlane/internal/httpx"
)

func logger(ctx context.Context) *slog.Logger { return httpx.Logger(ctx) }

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// statusRecorder remembers the status and size of a response for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer (websocket hijacking, flushing).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// withRequestContext gives every request an id (kept from X-Request-Id when sane), a logger carrying it,
// an access log line, and turns a panic into a JSON 500 without details. Panics and 5xx answers go to
// the error tracker (Sentry, when configured) under the request's route pattern.
func withRequestContext(base *slog.Logger, errs *errtrack.Tracker, pattern func(*http.Request) string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !validRequestID.MatchString(id) {
			id = newRequestID()
		}
		l := base.With(slog.String("request_id", id))
		ctx := httpx.WithRequest(r.Context(), id, l)
		if errs != nil {
			ctx = httpx.WithFailureNote(ctx)
		}
		r = r.WithContext(ctx)
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		start := time.Now()
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				l.Error("panic", slog.Any("panic", p), slog.String("stack", string(debug.Stack())))
				errs.Panic(pattern(r), id, p)
				if rec.status == 0 {
					writeError(rec, r, apperr.New(apperr.Internal, "Internal error."))
				}
			} else if rec.status >= 500 && errs != nil && !probeRoutes[pattern(r)] {
				errs.ServerError(pattern(r), id, rec.status, httpx.FailureNote(ctx))
			}
			l.LogAttrs(ctx, slog.LevelInfo, "request",
				slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
				slog.Duration("duration", time.Since(start)))
		}()
		next.ServeHTTP(rec, r)
	})
}

// probeRoutes answer 503 by design while the instance is not ready: not errors to track.
var probeRoutes = map[string]bool{"GET /healthz": true, "GET /readyz": true}

// withSecurityHeaders sets the headers every answer carries; behind https (secure) also
// Strict-Transport-Security for a year, so a browser that has been here once never tries plain http
// (no includeSubDomains: a circuit's other sites on its domain are not ours to decide).
func withSecurityHeaders(secure bool, next http.Handler) http.Handler {
	const csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
		"frame-src 'self' https:; frame-ancestors 'self'; base-uri 'none'; form-action 'self' https:; object-src 'none'"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", permissionsPolicy(r.URL.Path))
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if secure {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// CheckInPagePath is the back office's check-in page: the one document allowed this site's camera (it
// scans the bookings' QR codes). The page is opened by a full load, so its own header applies.
const CheckInPagePath = "/admin/check-in"

// permissionsPolicy is the Permissions-Policy of an answer: no camera, microphone or location, but the
// camera for this site's own check-in page.
func permissionsPolicy(path string) string {
	if path == CheckInPagePath {
		return "camera=(self), microphone=(), geolocation=()"
	}
	return "camera=(), microphone=(), geolocation=()"
}

// withBodyLimit caps request bodies; decodeJSON reports an over-long body as a 400.
func withBodyLimit(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			writeError(w, r, apperr.New(apperr.Invalid, "The body is larger than %d bytes.", limit))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}
