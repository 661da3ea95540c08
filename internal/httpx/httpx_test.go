package httpx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request whose client went away while it waited (its context ended) is a warning and a 499, not an
// internal error; the same error on a live request is still a 500 logged as an error.
func TestWriteErrorOfAnAbandonedRequest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name    string
		cancel  bool
		err     error
		status  int
		level   string
		message string
	}{
		{"client gone, canceled", true, fmt.Errorf("begin: %w", context.Canceled), 499, "WARN", "request abandoned by the client"},
		{"client gone, deadline", true, fmt.Errorf("begin: %w", context.DeadlineExceeded), 499, "WARN", "request abandoned by the client"},
		{"client here, a context error of something else", false, fmt.Errorf("query: %w", context.DeadlineExceeded), 500, "ERROR", "internal error"},
		{"client gone, another error", true, errors.New("disk full"), 500, "ERROR", "internal error"},
	} {
		var logs bytes.Buffer
		ctx, cancel := context.WithCancel(WithRequest(context.Background(), "req-1", slog.New(slog.NewTextHandler(&logs, nil))))
		if c.cancel {
			cancel()
		}
		rec := httptest.NewRecorder()
		WriteError(rec, httptest.NewRequest("POST", "/api/x", nil).WithContext(ctx), c.err)
		cancel()
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d", c.name, rec.Code, c.status)
		}
		if line := logs.String(); !strings.Contains(line, "level="+c.level) || !strings.Contains(line, c.message) {
			t.Errorf("%s: logged %q, want %s %q", c.name, line, c.level, c.message)
		}
	}
}
