package company

import (
	"context"
	"crypto/rand"
	"encoding/base64"

	"pitlane/internal/apperr"
)

// Store is what Service needs from the database.
type Store interface {
	// CompanyByKey returns the company whose public key is key.
	// Returns apperr.NotFound if no company has that key.
	CompanyByKey(ctx context.Context, key string) (Company, error)
	// CompanyByID returns the company with the id. Returns apperr.NotFound if there is none.
	CompanyByID(ctx context.Context, id int64) (Company, error)
	// Companies returns every company ordered by id; none is not an error.
	Companies(ctx context.Context) ([]Company, error)
	// LandingButtons returns the company's landing buttons ordered by position (then id); none is
	// not an error.
	LandingButtons(ctx context.Context, companyID int64) ([]LandingButton, error)
}

// Service answers questions about companies.
type Service struct {
	store Store
}

// NewService returns a Service over the store.
func NewService(s Store) *Service { return &Service{store: s} }

// errNoCompany is the answer for an unknown or malformed public key: both look the same to a client.
func errNoCompany() error { return apperr.New(apperr.NotFound, "No company with that key.") }

// Config returns the public booking configuration of the company whose public key is publicKey.
// Returns apperr.NotFound if the key is malformed or no company has it.
func (s *Service) Config(ctx context.Context, publicKey string) (Config, error) {
	if !ValidKey(publicKey) {
		return Config{}, errNoCompany()
	}
	c, err := s.store.CompanyByKey(ctx, publicKey)
	if apperr.Is(err, apperr.NotFound) {
		return Config{}, errNoCompany()
	}
	if err != nil {
		return Config{}, err
	}
	landing, err := s.store.LandingButtons(ctx, c.ID)
	if err != nil {
		return Config{}, err
	}
	return ConfigOf(c, landing), nil
}

// ByID returns the company with the id. Returns apperr.NotFound if there is none.
func (s *Service) ByID(ctx context.Context, id int64) (Company, error) {
	c, err := s.store.CompanyByID(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		return Company{}, apperr.New(apperr.NotFound, "No company with that id.")
	}
	return c, err
}

// List returns every company ordered by id.
func (s *Service) List(ctx context.Context) ([]Company, error) {
	return s.store.Companies(ctx)
}

// Key sizes. Public keys are 16 random bytes (128 bits) and company tokens 24 random bytes (192 bits),
// both from crypto/rand and written in unpadded URL-safe base64: 22 and 32 characters of
// [A-Za-z0-9_-], safe in a URL path without escaping.
const (
	publicKeyBytes = 16
	tokenBytes     = 24
	// MaxKeyLength is the longest public key Config accepts (the API's limit).
	MaxKeyLength = 200
)

// NewPublicKey returns a new random public key for a company or an event: 22 URL-safe characters
// carrying 128 random bits.
func NewPublicKey() string { return randomText(publicKeyBytes) }

// NewToken returns a new random company token: 32 URL-safe characters carrying 192 random bits.
func NewToken() string { return randomText(tokenBytes) }

func randomText(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (it crashes the program rather than return short)
	return base64.RawURLEncoding.EncodeToString(b)
}

// ValidKey reports whether key could be a public key: 1 to MaxKeyLength characters of
// [A-Za-z0-9_-]. Keys from older systems may be longer than ours, so only the charset and the
// length limit are checked.
func ValidKey(key string) bool {
	if key == "" || len(key) > MaxKeyLength {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
