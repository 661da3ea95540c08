package captcha

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// SecretName names the HMAC key in the shared secrets (app_secrets), so every instance signs and checks
// challenges with the same key.
const SecretName = "captcha_hmac"

// Defaults of a Service.
const (
	// DefaultMaxNumber bounds the secret number: about 25,000 hashes on average, well under a second
	// on a phone.
	DefaultMaxNumber = 50_000
	// DefaultTTL is how long a challenge may be solved and used: long enough to write a report after
	// ticking the box.
	DefaultTTL = 20 * time.Minute
)

// Store is what a Service needs from the database.
type Store interface {
	// Secret returns the shared secret called name, creating it at random on first use.
	Secret(ctx context.Context, name string, now time.Time) ([]byte, error)
	// SpendCaptcha records the challenge as used until expires. Returns apperr.Conflict if it was
	// already used.
	SpendCaptcha(ctx context.Context, challenge string, expires time.Time) error
	// DeleteSpentCaptchas forgets spent challenges that expired before now and returns how many.
	DeleteSpentCaptchas(ctx context.Context, now time.Time) (int64, error)
}

// Service issues and verifies challenges.
type Service struct {
	store     Store
	clock     clock.Clock
	ttl       time.Duration
	maxNumber int64

	mu  sync.Mutex
	key []byte // loaded once from the store
}

// NewService returns a Service with the default difficulty and lifetime.
func NewService(s Store, clk clock.Clock) *Service {
	return &Service{store: s, clock: clk, ttl: DefaultTTL, maxNumber: DefaultMaxNumber}
}

// hmacKey returns the shared key, loading it on first use.
func (s *Service) hmacKey(ctx context.Context) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key != nil {
		return s.key, nil
	}
	k, err := s.store.Secret(ctx, SecretName, s.clock.Now())
	if err != nil {
		return nil, err
	}
	s.key = k
	return k, nil
}

// Challenge issues a new challenge.
func (s *Service) Challenge(ctx context.Context) (Challenge, error) {
	key, err := s.hmacKey(ctx)
	if err != nil {
		return Challenge{}, err
	}
	return NewChallenge(key, s.clock.Now(), s.ttl, s.maxNumber), nil
}

// errField is the answer for a captcha that is missing or does not pass, on the field "captcha".
func errField(msg string) error {
	return apperr.WithFields(apperr.Unprocessable, "The captcha was not solved; please try again.",
		map[string]string{"captcha": msg})
}

// Verify checks a payload from the widget and spends its challenge, so the same solution is accepted
// once only, on any instance. Returns apperr.Unprocessable with the field "captcha" when the payload is
// missing, malformed, wrong, expired or already used.
func (s *Service) Verify(ctx context.Context, payload string) error {
	if strings.TrimSpace(payload) == "" {
		return errField("required")
	}
	p, err := Decode(payload)
	if err != nil {
		return errField("invalid")
	}
	key, err := s.hmacKey(ctx)
	if err != nil {
		return err
	}
	expires, err := Check(key, p, s.clock.Now())
	switch {
	case errors.Is(err, ErrExpired):
		return errField("expired")
	case err != nil:
		return errField("invalid")
	}
	err = s.store.SpendCaptcha(ctx, strings.ToLower(p.Challenge), expires)
	if apperr.Is(err, apperr.Conflict) {
		return errField("already used")
	}
	return err
}

// Housekeep forgets spent challenges that have expired (they can no longer pass Check) and returns how
// many.
func (s *Service) Housekeep(ctx context.Context) (int64, error) {
	return s.store.DeleteSpentCaptchas(ctx, s.clock.Now())
}
