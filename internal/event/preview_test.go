package event

import (
	"errors"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/event/eventtest"
)

// The preview is what createFullEvent stores for the same template: the same bytes, payload by payload.
func TestPreviewTemplateIsWhatCreateStores(t *testing.T) {
	for _, p := range append([]string{"<h2>Cup</h2><p style=\"color: red\">Rules</p>"}, eventtest.XSSPayloads...) {
		html := "<p>Cup</p>" + p
		got, err := PreviewTemplate(html)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		e, err := CheckCreate(validCreate(t, func(m map[string]any) { m["templateHtml"] = html }), createNow, madrid)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		if got != e.TemplateHTML {
			t.Errorf("%q: preview %q, stored %q", p, got, e.TemplateHTML)
		}
	}
}

// A template over createFullEvent's limit is a 422 naming html; one at the limit previews.
func TestPreviewTemplateLimit(t *testing.T) {
	if _, err := PreviewTemplate(strings.Repeat("é", MaxTemplateHTML)); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
	_, err := PreviewTemplate(strings.Repeat("é", MaxTemplateHTML+1))
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.Unprocessable || e.Fields["html"] == "" {
		t.Errorf("over the limit: %v, want 422 naming html", err)
	}
	if got, err := PreviewTemplate(""); err != nil || got != "" {
		t.Errorf("blank: %q %v", got, err)
	}
}
