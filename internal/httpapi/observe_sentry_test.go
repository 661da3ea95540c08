package httpapi_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
	"pitlane/internal/errtrack"
	"pitlane/internal/errtrack/sentrytest"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
)

// failingCompanies answers "broken" with an internal error, "panic" by panicking, "gone" with a 404.
type failingCompanies struct{}

func (failingCompanies) Config(_ context.Context, key string) (company.Config, error) {
	switch key {
	case "broken":
		return company.Config{}, errors.New("store: database is locked")
	case "panic":
		panic("nil map write")
	}
	return company.Config{}, apperr.New(apperr.NotFound, "No such company.")
}

// TestSentryForwarding: with PITLANE_SENTRY_DSN set, a web app's report (cleaned of its token and query
// string), a 500 and a panic reach Sentry's envelope endpoint (a local double); a 404 does not.
func TestSentryForwarding(t *testing.T) {
	double := sentrytest.New(t)
	tracker, err := errtrack.New(errtrack.Options{DSN: double.DSN()})
	if err != nil {
		t.Fatal(err)
	}
	h := httpapi.New(httpapi.Deps{
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Web: webFS(), Companies: failingCompanies{}, Errors: tracker,
	})
	api := apitest.New(t, h)
	if res := api.Do("POST", "/api/client-errors", map[string]any{
		"app": "customer", "kind": "api", "message": "HTTP 502", "status": 502,
		"page": "/cancelBooking/SECRET-TOKEN?email=a@b.example", "call": "GET /api/booking/cancel/{cancelToken}",
	}); res.Status != http.StatusNoContent {
		t.Fatalf("report: %d %s", res.Status, res.Body)
	}
	if res := api.Do("GET", "/api/config/gone", nil); res.Status != http.StatusNotFound {
		t.Fatalf("gone: %d", res.Status)
	}
	for _, key := range []string{"broken", "panic"} { // a 500 is not in the contract: called directly
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/config/"+key, nil))
		if rec.Code != http.StatusInternalServerError {
			t.Fatalf("%s: %d", key, rec.Code)
		}
	}
	tracker.Flush(10 * time.Second)
	events := double.WaitEvents(t, 3)
	var msgs []string
	for _, ev := range events {
		msgs = append(msgs, ev["message"].(string))
	}
	joined := strings.Join(msgs, "\n")
	for _, want := range []string{"HTTP 502", "HTTP 500 GET /api/config/{key}: store: database is locked", "panic: nil map write"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no event %q among:\n%s", want, joined)
		}
	}
	if len(events) != 3 {
		t.Errorf("%d events, want 3 (the 404 is not an error):\n%s", len(events), joined)
	}
	if raw := double.Raw(); strings.Contains(raw, "SECRET-TOKEN") || strings.Contains(raw, "a@b.example") {
		t.Errorf("a token or e-mail address reached Sentry:\n%s", raw)
	}
}
