package member

import (
	"context"
	"regexp"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// Store is what a Service needs from the database.
type Store interface {
	// MemberByEmail returns the company's member with the e-mail, compared without regard to case.
	// Returns apperr.NotFound if there is none.
	MemberByEmail(ctx context.Context, companyID int64, email string) (Member, error)
	// Unsubscribe clears the promotional consent of the member whose key hashes to keyHash; repeating
	// it is harmless. Returns apperr.NotFound if no member has that key.
	Unsubscribe(ctx context.Context, keyHash string, now time.Time) error
	// HasUnsubscribeKey reports whether a member's key hashes to keyHash, changing nothing.
	HasUnsubscribeKey(ctx context.Context, keyHash string) (bool, error)
	// UnsubscribeState returns the member whose key hashes to keyHash (e-mail unmasked), changing
	// nothing. Returns apperr.NotFound if no member has that key.
	UnsubscribeState(ctx context.Context, keyHash string) (LinkState, error)
}

// Service answers the public member calls: the lookup by e-mail of the booking form and the
// unsubscribe link of e-mails.
type Service struct {
	store Store
	clock clock.Clock
}

// NewService returns a Service over the store.
func NewService(s Store, clk clock.Clock) *Service { return &Service{store: s, clock: clk} }

// emailPattern is the standard address pattern of the booking form.
var emailPattern = regexp.MustCompile(`^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$`)

// ValidEmail reports whether s (trimmed) is an address of the booking form's standard pattern, at most
// MaxEmailLength characters.
func ValidEmail(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) <= MaxEmailLength && emailPattern.MatchString(s)
}

// errNotMember is the lookup's answer for anyone who is not a member; the booking form reads 404 as
// "not a member".
func errNotMember() error { return apperr.New(apperr.NotFound, "Not a member.") }

// Lookup returns the company's member with the e-mail, whatever its case; unsubscribed members are
// still members. Returns apperr.Unprocessable (fields idCompany, email) for malformed input and
// apperr.NotFound when the e-mail is not a member's (an unknown company looks the same).
func (s *Service) Lookup(ctx context.Context, companyID int64, email string) (Member, error) {
	f := apperr.FieldErrors{}
	if companyID < 1 {
		f.Add("idCompany", "must be a positive integer")
	}
	if strings.TrimSpace(email) == "" {
		f.Add("email", "required")
	} else if !ValidEmail(email) {
		f.Add("email", "must be an e-mail address")
	}
	if err := f.Err(apperr.Unprocessable, "The lookup is not valid."); err != nil {
		return Member{}, err
	}
	m, err := s.store.MemberByEmail(ctx, companyID, NormalizeEmail(email))
	if apperr.Is(err, apperr.NotFound) {
		return Member{}, errNotMember()
	}
	return m, err
}

// Unsubscribe stops promotional e-mail to the member whose unsubscribe link carries key. Unsubscribing
// twice is harmless. Returns apperr.NotFound for a malformed or unknown key.
func (s *Service) Unsubscribe(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return errUnknownLink()
	}
	err := s.store.Unsubscribe(ctx, HashKey(key), s.clock.Now())
	if apperr.Is(err, apperr.NotFound) {
		return errUnknownLink()
	}
	return err
}

// errUnknownLink is the answer for a malformed or unknown unsubscribe key.
func errUnknownLink() error {
	return apperr.New(apperr.NotFound, "This unsubscribe link is not valid.")
}

// LinkState returns what the unsubscribe link's page shows (the member's masked e-mail, the circuit,
// whether they still receive news and offers), changing nothing. Returns apperr.NotFound for a
// malformed or unknown key.
func (s *Service) LinkState(ctx context.Context, key string) (LinkState, error) {
	if !ValidKey(key) {
		return LinkState{}, errUnknownLink()
	}
	st, err := s.store.UnsubscribeState(ctx, HashKey(key))
	if apperr.Is(err, apperr.NotFound) {
		return LinkState{}, errUnknownLink()
	}
	if err != nil {
		return LinkState{}, err
	}
	st.Email = MaskEmail(st.Email)
	return st, nil
}

// KnownKey reports whether the unsubscribe link's key is a member's, changing nothing (the page's
// status: an unknown link's page answers 404).
func (s *Service) KnownKey(ctx context.Context, key string) (bool, error) {
	if !ValidKey(key) {
		return false, nil
	}
	return s.store.HasUnsubscribeKey(ctx, HashKey(key))
}
