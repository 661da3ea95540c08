package httpapi

import (
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"
	"unicode/utf8"

	"pitlane/internal/apperr"
	"pitlane/internal/errtrack"
	"pitlane/internal/metrics"
)

// withMetrics records every answered request by its route pattern (never the raw path, so the label
// set stays small), method, status and duration.
func withMetrics(m *metrics.Metrics, pattern func(*http.Request) string, next http.Handler) http.Handler {
	if m == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w}
		start := time.Now()
		defer func() {
			status := rec.status
			if status == 0 {
				status = http.StatusOK
			}
			m.ObserveRequest(pattern(r), r.Method, status, time.Since(start))
		}()
		next.ServeHTTP(rec, r)
	})
}

// routePattern returns the pattern of the outer mux that serves r, or of the API mux for /api/ paths.
func routePattern(outer, api *http.ServeMux) func(*http.Request) string {
	return func(r *http.Request) string {
		_, p := outer.Handler(r)
		if p == "/api/" || p == "/api" {
			_, p = api.Handler(r)
		}
		return p
	}
}

// loopbackOnly serves h to clients on this machine only (the metrics on the main address when
// PITLANE_METRICS_ADDR does not give them an address of their own).
func loopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		a, perr := netip.ParseAddr(host)
		if err != nil || perr != nil || !a.IsLoopback() {
			writeError(w, r, apperr.New(apperr.Forbidden, "Metrics are served to this machine only; set PITLANE_METRICS_ADDR to expose them."))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// clientErrorReport is what the web apps send about a failed call or an uncaught error. It carries no
// personal data: the page and the call are paths without their query strings, and the message is cut.
type clientErrorReport struct {
	App       string `json:"app"`  // customer | admin
	Kind      string `json:"kind"` // api | uncaught | rejection
	Message   string `json:"message"`
	Page      string `json:"page"`
	Call      string `json:"call,omitempty"` // e.g. "POST /api/prebooking"
	Status    int    `json:"status,omitempty"`
	RequestID string `json:"requestId,omitempty"`
	Release   string `json:"release,omitempty"`
}

// maxClientErrorBytes bounds a report's body.
const maxClientErrorBytes = 4 << 10

// postClientError logs a web app's error report structurally, counts it and forwards it to Sentry when
// configured; 204, or 400 when malformed.
func (s *Server) postClientError(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxClientErrorBytes)
	var rep clientErrorReport
	if err := decodeJSON(r, &rep); err != nil {
		writeError(w, r, err)
		return
	}
	fe := apperr.FieldErrors{}
	if rep.App != "customer" && rep.App != "admin" {
		fe.Add("app", "must be customer or admin")
	}
	if rep.Kind != "api" && rep.Kind != "uncaught" && rep.Kind != "rejection" {
		fe.Add("kind", "must be api, uncaught or rejection")
	}
	if err := fe.Err(apperr.Invalid, "The report is malformed."); err != nil {
		writeError(w, r, err)
		return
	}
	clean := errtrack.ClientError{
		App: rep.App, Kind: rep.Kind, Message: clip(rep.Message, 300), Page: pathOnly(rep.Page),
		Call: clip(pathOnly(rep.Call), 200), Status: rep.Status,
		CallRequestID: clip(rep.RequestID, 64), Release: clip(rep.Release, 64),
	}
	logger(r.Context()).LogAttrs(r.Context(), slog.LevelWarn, "client error",
		slog.String("app", clean.App), slog.String("kind", clean.Kind),
		slog.String("message", clean.Message), slog.String("page", clean.Page),
		slog.String("call", clean.Call), slog.Int("status", clean.Status),
		slog.String("call_request_id", clean.CallRequestID), slog.String("release", clean.Release))
	s.deps.Errors.ClientError(clean)
	if s.deps.Metrics != nil {
		s.deps.Metrics.ClientError(rep.App, rep.Kind)
	}
	w.WriteHeader(http.StatusNoContent)
}

// secretSegments are path prefixes whose next segment is a secret (a cancel token, an unsubscribe key,
// a booking reference): it never reaches the logs.
var secretSegments = []string{"/cancelBooking/", "/member/unsubscribe/", "/api/booking/cancelBooking/",
	"/api/member/unsubscribe/", "/api/booking/status/", "/api/payment/shopping-cart/", "/pay/sim/"}

// pathOnly drops a query string or fragment (they may carry tokens or e-mails), masks secret path
// segments and bounds the length. A call may start with its method ("POST /api/…").
func pathOnly(s string) string {
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	for _, prefix := range secretSegments {
		i := strings.Index(s, prefix)
		if i < 0 {
			continue
		}
		rest := s[i+len(prefix):]
		end := strings.IndexByte(rest, '/')
		if end < 0 {
			end = len(rest)
		}
		s = s[:i+len(prefix)] + "…" + rest[end:]
	}
	return clip(s, 200)
}

// clip cuts s to at most n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
