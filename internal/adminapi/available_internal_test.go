package adminapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A service the server was built without answers 503 with its sentence, and the caller gets nil to
// stop on; a service that is there is returned and nothing is written.
func TestAvailableAnswers503WithoutTheService(t *testing.T) {
	r := httptest.NewRequest("GET", "/api/admin/terms", nil)
	w := httptest.NewRecorder()
	if got := available[TermsService](w, r, nil, "The terms are not available on this server."); got != nil {
		t.Fatalf("nil service: got %v", got)
	}
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "The terms are not available") {
		t.Errorf("nil service: %d %s, want 503 with the sentence", w.Code, w.Body)
	}
	w = httptest.NewRecorder()
	var svc TermsService = struct{ TermsService }{}
	if got := available(w, r, svc, "unused"); got != svc || w.Body.Len() != 0 || w.Code != http.StatusOK {
		t.Errorf("a service: got %v, wrote %d %q", got, w.Code, w.Body)
	}
}
