package account

import (
	"context"
	"fmt"
	"time"

	"pitlane/internal/apperr"
)

// Throttle limits failed sign-ins within Window. Two limits refuse (429) before any password is
// checked: PerPair failures of one account from one client address, and PerAddress failures from one
// address whatever the account. The third, PerAccount failures of one account from anywhere, does not
// refuse: past it the sign-in asks for the proof-of-work captcha, so that guesses spread over many
// addresses cost work while the owner, from their own address, still gets in. A refusal lasts until
// the oldest failure that keeps the count at the limit leaves the window.
type Throttle struct {
	PerAccount int
	PerPair    int
	PerAddress int
	Window     time.Duration
}

// DefaultThrottle asks for the captcha after 5 failures of an account, and refuses after 5 failures
// of an account from one address or 20 from one address, in 15 minutes: a person who forgot a password
// is not bothered, a guessing script gets 20 tries an hour per address and pays a proof of work for
// each guess past the fifth on an account.
func DefaultThrottle() Throttle {
	return Throttle{PerAccount: 5, PerPair: 5, PerAddress: 20, Window: 15 * time.Minute}
}

func (t Throttle) withDefaults() Throttle {
	d := DefaultThrottle()
	if t.PerAccount < 1 {
		t.PerAccount = d.PerAccount
	}
	if t.PerPair < 1 {
		t.PerPair = d.PerPair
	}
	if t.PerAddress < 1 {
		t.PerAddress = d.PerAddress
	}
	if t.Window <= 0 {
		t.Window = d.Window
	}
	return t
}

// Gate is what the store found about the failures of a sign-in's account, its (account, address)
// pair and its address in the window: for each, the failure that is the limit-th most recent one (zero
// when fewer failures than the limit are in the window). Such a failure means the limit is reached.
type Gate struct {
	AccountLimitHit time.Time // reached: the captcha is asked for
	PairLimitHit    time.Time // reached: refused
	AddressLimitHit time.Time // reached: refused
}

// NeedsCaptcha reports whether the account's limit is reached, so a sign-in must solve the captcha.
func (g Gate) NeedsCaptcha() bool { return !g.AccountLimitHit.IsZero() }

// RetryAfter is how long a sign-in must wait at now given the gate: zero when neither the pair's nor
// the address's limit is reached, else until the failure that holds the count at the limit leaves the
// window (at least one second). The account's limit never makes a sign-in wait.
func (t Throttle) RetryAfter(g Gate, now time.Time) time.Duration {
	return retryAfter(t.Window, now, g.PairLimitHit, g.AddressLimitHit)
}

// retryAfter is the wait until the latest of the hits leaves the window, at least a second; zero
// when none is set or all have left.
func retryAfter(window time.Duration, now time.Time, hits ...time.Time) time.Duration {
	var wait time.Duration
	for _, hit := range hits {
		if hit.IsZero() {
			continue
		}
		if d := hit.Add(window).Sub(now); d > wait {
			wait = d
		}
	}
	if wait <= 0 {
		return 0
	}
	return max(time.Second, wait)
}

// CaptchaVerifier checks a proof-of-work payload (internal/captcha's Service, wired in
// internal/server; account does not import it).
type CaptchaVerifier interface {
	// Verify checks the payload and spends its challenge, so it passes once only. Returns
	// apperr.Unprocessable with the field "captcha" when the payload is missing, malformed, wrong,
	// expired or already used.
	Verify(ctx context.Context, payload string) error
}

// errCaptchaRequired answers a sign-in of an account past its limit that came without a captcha.
func errCaptchaRequired() error {
	return apperr.WithFields(apperr.Unprocessable,
		"There were several failed sign-ins to this account. Solve the check to go on.",
		map[string]string{"captcha": "required"})
}

// ThrottleError refuses a sign-in (or a current-password check) while the throttle holds; it is
// apperr.TooManyRequests to the HTTP layer, which sends RetryAfter as the Retry-After header.
type ThrottleError struct {
	RetryAfter time.Duration
	Message    string // the safe message; empty: the sign-in's
}

// Error implements error.
func (e *ThrottleError) Error() string {
	return fmt.Sprintf("too many failed attempts; retry after %s", e.RetryAfter)
}

// As lets errors.As find the apperr.Error the HTTP layer writes.
func (e *ThrottleError) As(target any) bool {
	if p, ok := target.(**apperr.Error); ok {
		msg := e.Message
		if msg == "" {
			msg = "Too many failed sign-ins. Please wait before trying again."
		}
		*p = apperr.New(apperr.TooManyRequests, "%s", msg)
		return true
	}
	return false
}

// RetryAfterSeconds is RetryAfter in whole seconds, at least one.
func (e *ThrottleError) RetryAfterSeconds() int {
	return max(1, int((e.RetryAfter+time.Second-1)/time.Second))
}
