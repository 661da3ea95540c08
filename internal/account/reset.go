package account

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// The forgot-password link (issue 24): it works once and for ResetTTL, and an account receives at most
// ResetMailsPerHour of them an hour, so the call cannot be used to flood someone's mailbox.
const (
	ResetTTL          = time.Hour
	ResetMailsPerHour = 3
)

// ResetRequest is a reset link to create for the account of Email, if there is one.
type ResetRequest struct {
	Email     string // normalised
	TokenHash string
	Link      string // the reset page's path, "/reset-password/<token>": the mail puts the base URL before it
	Culture   string // the mail's language
	Now       time.Time
	ExpiresAt time.Time
}

// ResetRecord is an unused reset link found by its token.
type ResetRecord struct {
	ID        int64
	UserID    int64
	Email     string
	ExpiresAt time.Time
}

// ResetStore is what Resets needs from the database (store.Resets implements it).
type ResetStore interface {
	// CreateReset stores the link and queues its mail when the e-mail has an account that has had fewer
	// than ResetMailsPerHour links in the hour before r.Now, and records it in the audit log of each of
	// the account's companies. It reports whether it did; an unknown e-mail is no error.
	CreateReset(ctx context.Context, r ResetRequest) (bool, error)
	// ResetByToken returns the unused link whose token hashes to tokenHash, expired or not.
	// Returns apperr.NotFound if there is none.
	ResetByToken(ctx context.Context, tokenHash string) (ResetRecord, error)
	// CompleteReset uses the link id (once, and only before its expiry: apperr.NotFound otherwise), sets
	// the account's password hash, ends every other open link and every session of the account, forgets
	// its failed sign-ins, and records it in the audit log of each of the account's companies, in one
	// transaction.
	CompleteReset(ctx context.Context, id int64, hash string, now time.Time) error
}

// Resets runs the forgot-password flow: the request on the login page and the reset page.
type Resets struct {
	store ResetStore
	clock clock.Clock
}

// NewResets returns the forgot-password flow over the store.
func NewResets(s ResetStore, clk clock.Clock) *Resets { return &Resets{store: s, clock: clk} }

// ResetInfo is what the reset page shows: the PasswordResetInfo schema.
type ResetInfo struct {
	Email     string    `json:"email"`
	ExpiresAt time.Time `json:"expiresAt"`
}

var errNoReset = apperr.New(apperr.NotFound, "This link is not valid any more. Ask for a new one on the sign-in page.")

// Request sends a reset link to the account of email, in culture, if there is one (and it has had
// fewer than ResetMailsPerHour this hour). Whether there is an account is never told: the answer is
// the same. Returns apperr.Unprocessable (field email) only for something that is not an address.
func (r *Resets) Request(ctx context.Context, email, culture string) error {
	email = NormaliseEmail(email)
	if !ValidEmail(email) {
		return apperr.WithFields(apperr.Unprocessable, "Check the highlighted fields.",
			map[string]string{"email": "Enter a valid e-mail address."})
	}
	token := NewSessionToken()
	now := r.clock.Now()
	_, err := r.store.CreateReset(ctx, ResetRequest{Email: email, TokenHash: HashSessionToken(token),
		Link: "/reset-password/" + token, Culture: strings.TrimSpace(culture), Now: now, ExpiresAt: now.Add(ResetTTL)})
	return err
}

// open returns the unused, unexpired link of the token: apperr.NotFound or apperr.Gone (expired).
func (r *Resets) open(ctx context.Context, token string) (ResetRecord, error) {
	if token == "" || len(token) > 100 {
		return ResetRecord{}, errNoReset
	}
	rec, err := r.store.ResetByToken(ctx, HashSessionToken(token))
	if apperr.Is(err, apperr.NotFound) {
		return ResetRecord{}, errNoReset
	}
	if err != nil {
		return ResetRecord{}, err
	}
	if !r.clock.Now().Before(rec.ExpiresAt) {
		return ResetRecord{}, apperr.New(apperr.Gone, "This link expired. Ask for a new one on the sign-in page.")
	}
	return rec, nil
}

// Info reads the link of the token.
func (r *Resets) Info(ctx context.Context, token string) (ResetInfo, error) {
	rec, err := r.open(ctx, token)
	if err != nil {
		return ResetInfo{}, err
	}
	return ResetInfo{Email: rec.Email, ExpiresAt: rec.ExpiresAt.UTC()}, nil
}

// Complete sets the password of the link's account (once). Returns apperr.Unprocessable (field
// password), apperr.NotFound (unknown or used) and apperr.Gone (expired).
func (r *Resets) Complete(ctx context.Context, token, password string) error {
	rec, err := r.open(ctx, token)
	if err != nil {
		return err
	}
	if msg := passwordProblem(password, rec.Email); msg != "" {
		return apperr.WithFields(apperr.Unprocessable, "Check the highlighted fields.",
			map[string]string{"password": msg})
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	err = r.store.CompleteReset(ctx, rec.ID, hash, r.clock.Now())
	if apperr.Is(err, apperr.NotFound) {
		return errNoReset
	}
	return err
}
