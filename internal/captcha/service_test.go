package captcha_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/captcha"
	"pitlane/internal/clock"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// fieldOf is the message on the field "captcha" of an unprocessable error.
func fieldOf(err error) string {
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.Unprocessable {
		return fmt.Sprintf("not unprocessable: %v", err)
	}
	return e.Fields["captcha"]
}

// A solution passes once, on any instance sharing the database; a second use, an expired challenge and
// a missing payload are refused on the field "captcha"; housekeeping forgets expired spent challenges.
func TestServiceVerify(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewManual(t0)
		a, b := captcha.NewService(db.Secrets(), clk), captcha.NewService(db.Secrets(), clk) // two instances
		c, err := a.Challenge(ctx)
		if err != nil {
			t.Fatal(err)
		}
		payload, err := captcha.Solve(c)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Verify(ctx, payload); err != nil {
			t.Fatalf("another instance refused a good solution: %v", err)
		}
		if got := fieldOf(a.Verify(ctx, payload)); got != "already used" {
			t.Errorf("replay: captcha %q, want already used", got)
		}
		if got := fieldOf(a.Verify(ctx, "")); got != "required" {
			t.Errorf("missing: captcha %q, want required", got)
		}
		if got := fieldOf(a.Verify(ctx, "garbage")); got != "invalid" {
			t.Errorf("garbage: captcha %q, want invalid", got)
		}

		late, _ := a.Challenge(ctx)
		latePayload, _ := captcha.Solve(late)
		clk.Advance(captcha.DefaultTTL + time.Second)
		if got := fieldOf(a.Verify(ctx, latePayload)); got != "expired" {
			t.Errorf("expired: captcha %q, want expired", got)
		}
		n, err := a.Housekeep(ctx)
		if err != nil || n != 1 {
			t.Errorf("housekeeping deleted %d spent challenges (%v), want 1", n, err)
		}
	})
}
