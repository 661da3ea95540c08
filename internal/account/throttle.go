package account

import (
	"fmt"
	"time"

	"pitlane/internal/apperr"
)

// Throttle limits failed sign-ins: at most PerAccount failures per normalised e-mail and PerAddress
// per client address within Window. Past either limit a sign-in is refused before any password is
// checked, until the oldest failure that keeps the count at the limit leaves the window.
type Throttle struct {
	PerAccount int
	PerAddress int
	Window     time.Duration
}

// DefaultThrottle allows 5 failures per account and 20 per address in 15 minutes: a person who
// forgot a password is not bothered, a guessing script gets 20 tries an hour per account.
func DefaultThrottle() Throttle {
	return Throttle{PerAccount: 5, PerAddress: 20, Window: 15 * time.Minute}
}

func (t Throttle) withDefaults() Throttle {
	d := DefaultThrottle()
	if t.PerAccount < 1 {
		t.PerAccount = d.PerAccount
	}
	if t.PerAddress < 1 {
		t.PerAddress = d.PerAddress
	}
	if t.Window <= 0 {
		t.Window = d.Window
	}
	return t
}

// Gate is what the store found about the failures of a sign-in's account and address in the window:
// for each, the failure that is the limit-th most recent one (zero when fewer failures than the limit
// are in the window). Such a failure means the limit is reached.
type Gate struct {
	AccountLimitHit time.Time
	AddressLimitHit time.Time
}

// RetryAfter is how long a sign-in must wait at now given the gate: zero when neither limit is
// reached, else until the failure that holds the count at the limit leaves the window (at least one
// second).
func (t Throttle) RetryAfter(g Gate, now time.Time) time.Duration {
	var wait time.Duration
	for _, hit := range []time.Time{g.AccountLimitHit, g.AddressLimitHit} {
		if hit.IsZero() {
			continue
		}
		if d := hit.Add(t.Window).Sub(now); d > wait {
			wait = d
		}
	}
	if wait <= 0 {
		return 0
	}
	return max(time.Second, wait)
}

// ThrottleError refuses a sign-in while the throttle holds; it is apperr.TooManyRequests to the HTTP
// layer, which sends RetryAfter as the Retry-After header.
type ThrottleError struct {
	RetryAfter time.Duration
}

// Error implements error.
func (e *ThrottleError) Error() string {
	return fmt.Sprintf("too many failed sign-ins; retry after %s", e.RetryAfter)
}

// As lets errors.As find the apperr.Error the HTTP layer writes.
func (e *ThrottleError) As(target any) bool {
	if p, ok := target.(**apperr.Error); ok {
		*p = apperr.New(apperr.TooManyRequests, "Too many failed sign-ins. Please wait before trying again.")
		return true
	}
	return false
}

// RetryAfterSeconds is RetryAfter in whole seconds, at least one.
func (e *ThrottleError) RetryAfterSeconds() int {
	return max(1, int((e.RetryAfter+time.Second-1)/time.Second))
}
