package checkout

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// NewIdentifier returns a booking's public identifier: 128 random bits as 32 hex characters. It is
// unguessable, so the status page it opens reveals nothing to someone who did not book.
func NewIdentifier() string {
	return hex.EncodeToString(randomBytes(16))
}

// NewCancelToken returns a cancellation token: 128 random bits, URL-safe base64 without padding (22
// characters). Only its HashToken is stored.
func NewCancelToken() string {
	return base64.RawURLEncoding.EncodeToString(randomBytes(16))
}

// HashToken is the SHA-256 in hex of a token, the form action-granting tokens are stored in.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// SameHash compares two token hashes in constant time.
func SameHash(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

// ValidCancelToken reports whether s could be a cancellation token (22 to 64 URL-safe base64
// characters); anything else is answered as unknown without a database look-up.
func ValidCancelToken(s string) bool {
	if len(s) < 22 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// voucherAlphabet is Crockford's base 32: no I, L, O or U, so a code read aloud or typed is unambiguous.
const voucherAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NewVoucherCode returns a redeemable voucher code XXXX-XXXX-XXXX-XXXX: 16 characters of 5 random bits
// each, 80 bits in all.
func NewVoucherCode() string {
	b := randomBytes(16)
	var sb strings.Builder
	for i, v := range b {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(voucherAlphabet[v&31])
	}
	return sb.String()
}

// NewPackCode returns the 6-character code that ties the sessions of a pack together.
func NewPackCode() string {
	b := randomBytes(6)
	out := make([]byte, len(b))
	for i, v := range b {
		out[i] = voucherAlphabet[v&31]
	}
	return string(out)
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return b
}
