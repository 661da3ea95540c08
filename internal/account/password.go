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
	"testing"

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

// argonCost is the work factor of a hash: memory in KiB, passes and lanes.
type argonCost struct {
	memory, time uint32
	threads      uint8
}

var (
	// productionCost is what every hash a real Pitlane binary writes costs.
	productionCost = argonCost{memory: argonMemoryKiB, time: argonTime, threads: argonThreads}
	// testCost is the smallest sound argon2id (64 KiB, one pass): a hash at production cost takes 0.3 s
	// under the race detector, and the tests hash at every seed and every test administrator.
	testCost = argonCost{memory: 64, time: 1, threads: 1}
)

// newHashCost is the cost of new hashes: testCost in a test binary, productionCost otherwise.
//
// This is safe: testing.Testing reports true only in a binary built by `go test` (cmd/go links it with
// -X testing.testBinary=1); `go build ./cmd/pitlane` and every other build never set it, so a server
// always hashes at productionCost, and the cheap hashes only ever land in a test's throwaway database.
// (The browser tests and the binary's process tests run the built server: production cost.) A hash
// carries its parameters ($argon2id$v=19$m=…,t=…,p=…$…) and CheckPassword verifies with those, so
// either cost verifies anywhere; nothing rehashes on login. TestNewHashCost proves the choice, and
// TestBuiltBinaryHashesAtProductionCost builds a program with `go build` and finds production's cost
// in its hash.
func newHashCost() argonCost { return costFor(testing.Testing()) }

// costInTests is the cost of new hashes in a test binary: testCost, unless a test of this package that
// measures the real cost sets it to productionCost for its duration (export_test.go).
var costInTests = testCost

// costFor is the cost of new hashes in a test binary (inTest) or in any other.
func costFor(inTest bool) argonCost {
	if inTest {
		return costInTests
	}
	return productionCost
}

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
//
// Test binaries hash at a far lower cost (see newHashCost); production binaries always at the above.
func HashPassword(password string) (string, error) { return hashWith(newHashCost(), password) }

func hashWith(c argonCost, password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, c.time, c.memory, c.threads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, c.memory, c.time,
		c.threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
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
