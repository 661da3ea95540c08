package adminapi_test

import (
	"maps"
	"net/http"
	"strings"
	"testing"

	"pitlane/internal/event/eventtest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// previewed is the answer of previewTemplate.
type previewed struct {
	Data struct{ HTML string }
}

// Every payload of the XSS set comes back from the preview call without scripts, event handlers or
// javascript: URLs, the safe part kept; the answers are checked against the contract by the test API.
func TestPreviewTemplateSanitisesTheXSSSet(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		before := e.eventRows(t)
		for _, p := range eventtest.XSSPayloads {
			res := e.api.Do("POST", "/api/event/previewTemplate", map[string]any{"idCompany": e.company, "html": "<h1>Night Cup</h1>" + p}, bearer(e.super)...)
			var out previewed
			res.JSON(t, &out)
			if res.Status != http.StatusOK {
				t.Fatalf("%q: %d %s", p, res.Status, res.Body)
			}
			if bad := eventtest.Unsafe(out.Data.HTML); len(bad) > 0 {
				t.Errorf("%q came back with %v: %s", p, bad, out.Data.HTML)
			}
			if !strings.HasPrefix(out.Data.HTML, "<h1>Night Cup</h1>") {
				t.Errorf("%q: the safe part was lost: %s", p, out.Data.HTML)
			}
		}
		if after := e.eventRows(t); !maps.Equal(before, after) {
			t.Errorf("previews wrote rows: %v → %v", before, after)
		}
	})
}

// The preview is a SUPERADMIN's, as createFullEvent: an ADMIN of the company, a SUPERADMIN naming a
// company where they are ADMIN and a caller without a session are refused; a template over the limit
// is a 422 naming html.
func TestPreviewTemplateRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEvEnv(t, db)
		body := func(id int64, html string) map[string]any { return map[string]any{"idCompany": id, "html": html} }
		if res := e.api.Do("POST", "/api/event/previewTemplate", body(e.company, "<p>x</p>"), bearer(e.admin)...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN: %d %s, want 403", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/event/previewTemplate", body(e.other, "<p>x</p>"), bearer(e.super)...); res.Status != http.StatusForbidden {
			t.Errorf("ADMIN of the other company: %d %s, want 403", res.Status, res.Body)
		}
		if res := e.api.Do("POST", "/api/event/previewTemplate", body(e.company, "<p>x</p>")); res.Status != http.StatusUnauthorized {
			t.Errorf("no session: %d, want 401", res.Status)
		}
		res := e.api.Do("POST", "/api/event/previewTemplate", body(e.company, strings.Repeat("a", 200_001)), bearer(e.super)...)
		if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), `"html"`) {
			t.Errorf("over the limit: %d %s, want 422 naming html", res.Status, res.Body)
		}
		res = e.api.Do("POST", "/api/event/previewTemplate", map[string]any{"idCompany": e.company, "html": "<p>x</p>", "extra": 1}, bearer(e.super)...)
		if res.Status != http.StatusBadRequest {
			t.Errorf("unknown field: %d %s, want 400", res.Status, res.Body)
		}
	})
}
