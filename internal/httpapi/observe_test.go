package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pitlane/internal/company"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/metrics"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestMetricsAndClientErrors: requests are counted by route pattern (not raw path), /metrics is served
// to loopback clients only, the database figures are there, and a web app's error report is logged
// without its query string or secret path segment and counted.
func TestMetricsAndClientErrors(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		_ = storetest.NewFixture(t, db, storetest.FixtureOptions{})
		logs := &syncBuffer{}
		m := metrics.New(db.SQL(), db, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
		h := httpapi.New(httpapi.Deps{
			Logger: slog.New(slog.NewJSONHandler(logs, nil)), DB: db, Web: webFS(), MaxBodyBytes: 4096,
			Companies: company.NewService(db.Companies()), Metrics: m, MetricsOnMain: true,
		})
		api := apitest.New(t, h)
		for range 2 {
			api.Do("GET", "/api/config/fixture-key", nil)
		}
		api.Do("GET", "/api/config/no-such-key", nil)
		if res := api.Do("POST", "/api/client-errors", map[string]any{
			"app": "customer", "kind": "api", "message": "Request failed", "status": 500,
			"page": "/cancelBooking/SECRET-TOKEN?email=a@b.example", "call": "GET /api/booking/cancelBooking/SECRET-TOKEN",
		}); res.Status != http.StatusNoContent {
			t.Fatalf("report: %d %s", res.Status, res.Body)
		}
		if res := api.Do("POST", "/api/client-errors", map[string]any{"app": "robot", "kind": "api", "message": "", "page": "/"}); res.Status != http.StatusBadRequest {
			t.Fatalf("bad report: %d", res.Status)
		}
		if res := api.Do("POST", "/api/client-errors", `{"app":"admin","kind":"api","message":"`+strings.Repeat("x", 5000)+`","page":"/"}`); res.Status != http.StatusBadRequest {
			t.Fatalf("oversized report: %d", res.Status)
		}
		if l := logs.String(); !strings.Contains(l, `"msg":"client error"`) || strings.Contains(l, "SECRET-TOKEN") || strings.Contains(l, "a@b.example") {
			t.Fatalf("the report's log line leaks or is missing:\n%s", l)
		}

		remote := httptest.NewRequest("GET", "/metrics", nil) // from 192.0.2.1
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, remote)
		if rec.Code != http.StatusForbidden {
			t.Fatalf("metrics from another machine: %d", rec.Code)
		}
		local := httptest.NewRequest("GET", "/metrics", nil)
		local.RemoteAddr = "127.0.0.1:40000"
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, local)
		body := rec.Body.String()
		for _, want := range []string{
			`pitlane_http_requests_total{method="GET",route="GET /api/config/{key}",status="200"} 2`,
			`pitlane_http_requests_total{method="GET",route="GET /api/config/{key}",status="404"} 1`,
			`pitlane_client_errors_total{app="customer",kind="api"} 1`,
			`pitlane_database_scrape_ok 1`,
			`pitlane_outbox_unsent `,
			`go_sql_max_open_connections{db_name="pitlane"}`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("/metrics lacks %q", want)
			}
		}
		if strings.Contains(body, "fixture-key") {
			t.Error("a raw path reached a metric label")
		}
	})
}
