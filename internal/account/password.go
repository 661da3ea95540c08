// Package account manages the administrators of the back office: their passwords (argon2id) and their
// memberships, a role in a company each. Sessions and login live elsewhere.
package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// The argon2id parameters of new hashes (OWASP's minimum: 19 MiB, two passes, one lane).
const (
	argonMemoryKiB = 19456
	argonTime      = 2
	argonThreads   = 1
	argonSaltLen   = 16
	argonKeyLen    = 32
)

// Bounds on the parameters CheckPassword accepts from a stored hash, so a corrupted or hostile row
// cannot make a login allocate gigabytes or spin for minutes.
const (
	maxMemoryKiB = 256 * 1024
	maxTime      = 10
	maxThreads   = 16
)

// ErrMalformedHash says a stored password hash is not an argon2id PHC string this package can check.
var ErrMalformedHash = errors.New("account: malformed password hash")

var b64 = base64.RawStdEncoding

// HashPassword returns the argon2id hash of password in PHC string format:
// $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>, with a fresh 16-byte salt and a 32-byte key, both
// in unpadded standard base64.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime,
		argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches the PHC-format argon2id hash encoded, comparing
// in constant time. It returns ErrMalformedHash (and false) when encoded cannot be parsed or its
// parameters are out of bounds.
func CheckPassword(encoded, password string) (bool, error) {
	p, err := parseHash(encoded)
	if err != nil {
		return false, err
	}
	key := argon2.IDKey([]byte(password), p.salt, p.time, p.memory, p.threads, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(key, p.key) == 1, nil
}

type argonParams struct {
	memory, time uint32
	threads      uint8
	salt, key    []byte
}

func parseHash(encoded string) (argonParams, error) {
	var p argonParams
	parts := strings.Split(encoded, "$")
	// "", "argon2id", "v=19", "m=…,t=…,p=…", salt, key
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, ErrMalformedHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return p, ErrMalformedHash
	}
	var m, t, threads uint64
	n, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &threads)
	if err != nil || n != 3 || fmt.Sprintf("m=%d,t=%d,p=%d", m, t, threads) != parts[3] {
		return p, ErrMalformedHash
	}
	if threads < 1 || threads > maxThreads || t < 1 || t > maxTime || m < 8*threads || m > maxMemoryKiB {
		return p, ErrMalformedHash
	}
	p.memory, p.time, p.threads = uint32(m), uint32(t), uint8(threads)
	if p.salt, err = b64.Strict().DecodeString(parts[4]); err != nil || len(p.salt) < 8 || len(p.salt) > 64 {
		return p, ErrMalformedHash
	}
	if p.key, err = b64.Strict().DecodeString(parts[5]); err != nil || len(p.key) < 16 || len(p.key) > 64 {
		return p, ErrMalformedHash
	}
	return p, nil
}

// passwordAlphabet has no look-alikes (0/o, 1/l/i) so a printed password is easy to type.
const passwordAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// GeneratePassword returns a new random password that is easy to read and type: four groups of five
// characters from a 31-character alphabet joined by dashes, e.g. "k7mq2-xr9tz-4hw8e-pn3ja" (23
// characters, about 99 bits from crypto/rand).
func GeneratePassword() string {
	const groups, size = 4, 5
	var b strings.Builder
	buf := make([]byte, 1)
	for g := 0; g < groups; g++ {
		if g > 0 {
			b.WriteByte('-')
		}
		for i := 0; i < size; {
			_, _ = rand.Read(buf) // crypto/rand.Read never fails
			// Reject bytes past the largest multiple of the alphabet size: no modulo bias.
			if int(buf[0]) >= 256-256%len(passwordAlphabet) {
				continue
			}
			b.WriteByte(passwordAlphabet[int(buf[0])%len(passwordAlphabet)])
			i++
		}
	}
	return b.String()
}
