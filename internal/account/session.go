package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// Session lifetimes: the defaults of PITLANE_STAFF_SESSION_IDLE and PITLANE_STAFF_SESSION_MAX.
const (
	DefaultSessionIdle = 2 * time.Hour
	DefaultSessionMax  = 12 * time.Hour
	// TouchEvery is how stale a session's last_seen_at may get before a request writes it again: a
	// busy user costs one write a minute, not one per request. A session's real idle time is therefore
	// between Idle−TouchEvery and Idle.
	TouchEvery = time.Minute
)

// SessionPolicy says how long a staff session lives: Idle after its last use, Max after sign-in.
type SessionPolicy struct {
	Idle time.Duration
	Max  time.Duration
}

// withDefaults fills unset lifetimes with the defaults.
func (p SessionPolicy) withDefaults() SessionPolicy {
	if p.Idle <= 0 {
		p.Idle = DefaultSessionIdle
	}
	if p.Max <= 0 {
		p.Max = DefaultSessionMax
	}
	return p
}

// SessionRecord is a stored, unrevoked staff session with its user.
type SessionRecord struct {
	ID         int64
	UserID     int64
	Email      string
	Name       string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time // the absolute expiry
}

// Check applies the policy at now: whether the session is still live (neither past its absolute
// expiry nor idle for Idle or longer), and whether its last use should be written now.
func (p SessionPolicy) Check(s SessionRecord, now time.Time) (live, touch bool) {
	if !now.Before(s.ExpiresAt) || now.Sub(s.LastSeenAt) >= p.Idle {
		return false, false
	}
	return true, now.Sub(s.LastSeenAt) >= TouchEvery
}

// NewSessionToken returns a fresh opaque session token: 32 bytes (256 bits) from crypto/rand in
// unpadded URL-safe base64, so it fits a cookie and a header as is.
func NewSessionToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashSessionToken is what the database keeps of a token: its SHA-256 in hex. A token is long and
// random, so a fast hash is enough; a leaked table grants no session.
func HashSessionToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
