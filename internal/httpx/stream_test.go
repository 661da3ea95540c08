package httpx_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/httpx"
)

// An error met before a streamed answer's first byte is an ordinary error answer: its status, JSON, and
// not the headers the stream would have sent.
func TestStreamFailBeforeFirstByteIsAnErrorAnswer(t *testing.T) {
	rec := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	s := httpx.NewStream(rec, func(w http.ResponseWriter) { w.Header().Set("X-Streamed", "yes") })
	s.Fail(r, "list", apperr.New(apperr.Unprocessable, "The date range is too long."))
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "The date range is too long.") {
		t.Fatalf("got %d %s, want 422 with the message", rec.Code, rec.Body)
	}
	if rec.Header().Get("X-Streamed") != "" {
		t.Fatal("the stream's first-byte headers were sent with an error answer")
	}
}

// After the first byte, Fail cuts the connection (http.ErrAbortHandler): a client must not take the body
// written so far for a whole answer.
func TestStreamFailAfterFirstByteAborts(t *testing.T) {
	rec := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	s := httpx.NewStream(rec, func(w http.ResponseWriter) { httpx.JSONHeaders(w, http.StatusOK) })
	if _, err := s.Write([]byte(`{"data":[`)); err != nil {
		t.Fatal(err)
	}
	if !s.Started() || rec.Code != http.StatusOK || rec.Header().Get("Content-Type") == "" {
		t.Fatalf("after the first byte: started %v, status %d, content type %q", s.Started(), rec.Code, rec.Header().Get("Content-Type"))
	}
	defer func() {
		if p := recover(); p != http.ErrAbortHandler {
			t.Fatalf("Fail after the first byte: recovered %v, want http.ErrAbortHandler", p)
		}
	}()
	s.Fail(r, "list", errors.New("disk gone"))
	t.Fatal("Fail returned after the answer had started")
}
