package frontdesk_test

import (
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/frontdesk"
)

// The no-show rule: only once the session started, never on a cancelled, arrived or dateless booking.
func TestNoShowProblem(t *testing.T) {
	start := time.Date(2026, 12, 5, 18, 0, 0, 0, time.UTC)
	cases := []struct {
		name    string
		status  string
		arrived bool
		first   *time.Time
		now     time.Time
		want    apperr.Code
	}{
		{"started", checkout.StatusPaid, false, &start, start.Add(time.Minute), ""},
		{"at the start", checkout.StatusPending, false, &start, start, ""},
		{"not started", checkout.StatusPaid, false, &start, start.Add(-time.Minute), apperr.Unprocessable},
		{"cancelled", checkout.StatusCancelled, false, &start, start.Add(time.Hour), apperr.Unprocessable},
		{"arrived", checkout.StatusPaid, true, &start, start.Add(time.Hour), apperr.Conflict},
		{"no session", checkout.StatusPaid, false, nil, start, apperr.Unprocessable},
	}
	for _, c := range cases {
		err := frontdesk.NoShowProblem(c.status, c.arrived, c.first, c.now)
		if got := apperr.CodeOf(err); (err == nil) != (c.want == "") || (err != nil && got != c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
