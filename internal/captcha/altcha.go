// Package captcha is a self-hosted ALTCHA proof of work: the server hands out a signed challenge, the
// browser widget (npm altcha 3.x) finds the number whose hash the challenge is, and the server checks
// the answer without any outside service. It speaks ALTCHA's original ("v1") challenge format, which
// the 3.x widget still solves: a challenge {algorithm, challenge, maxnumber, salt, signature} and a
// payload, base64 of JSON {algorithm, challenge, number, salt, signature, took}.
package captcha

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Algorithm is the only hash the server issues and accepts.
const Algorithm = "SHA-256"

// Challenge is what GET /api/captcha/challenge answers, the widget's input.
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"` // hex SHA-256 of salt + the secret number
	MaxNumber int64  `json:"maxnumber"`
	Salt      string `json:"salt"` // random hex, then "?expires=<unix seconds>&"
	Signature string `json:"signature"`
}

// Payload is what the widget sends back, base64-encoded JSON.
type Payload struct {
	Algorithm string  `json:"algorithm"`
	Challenge string  `json:"challenge"`
	Number    int64   `json:"number"`
	Salt      string  `json:"salt"`
	Signature string  `json:"signature"`
	Took      float64 `json:"took,omitempty"` // milliseconds the solver took; the widget sends a fraction
}

// Reasons a payload is refused. They are for logs and tests; the visitor is only told to try again.
var (
	ErrMalformed = errors.New("captcha: payload is not a base64 ALTCHA payload")
	ErrAlgorithm = errors.New("captcha: unsupported algorithm")
	ErrSolution  = errors.New("captcha: number does not solve the challenge")
	ErrSignature = errors.New("captcha: signature does not match")
	ErrExpired   = errors.New("captcha: challenge expired")
	ErrReplayed  = errors.New("captcha: challenge already used")
)

// The salt: 12 random bytes in hex and the expiry in Unix seconds. The trailing "&" stops digits of the
// number being shifted into the expiry (salt+number is hashed as one string), as ALTCHA's libraries do.
var saltPattern = regexp.MustCompile(`^[0-9a-f]{24}\?expires=([0-9]{1,12})&$`)

// hash is the hex SHA-256 of salt followed by the number in decimal.
func hash(salt string, number int64) string {
	sum := sha256.Sum256([]byte(salt + strconv.FormatInt(number, 10)))
	return hex.EncodeToString(sum[:])
}

// sign is the hex HMAC-SHA256 of the challenge under key.
func sign(key []byte, challenge string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(challenge))
	return hex.EncodeToString(mac.Sum(nil))
}

// NewChallenge makes a challenge signed with key that expires ttl after now; its secret number is drawn
// from crypto/rand in [0, maxNumber].
func NewChallenge(key []byte, now time.Time, ttl time.Duration, maxNumber int64) Challenge {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	var nb [8]byte
	_, _ = rand.Read(nb[:])
	number := int64(binary.BigEndian.Uint64(nb[:]) % uint64(maxNumber+1))
	salt := hex.EncodeToString(b[:]) + "?expires=" + strconv.FormatInt(now.Add(ttl).Unix(), 10) + "&"
	ch := hash(salt, number)
	return Challenge{Algorithm: Algorithm, Challenge: ch, MaxNumber: maxNumber, Salt: salt, Signature: sign(key, ch)}
}

// Decode reads a payload as the widget sends it (standard base64, with or without padding; URL-safe
// base64 is accepted too).
func Decode(payload string) (Payload, error) {
	payload = strings.TrimSpace(payload)
	if payload == "" || len(payload) > 2048 {
		return Payload{}, ErrMalformed
	}
	var raw []byte
	var err error
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if raw, err = enc.DecodeString(payload); err == nil {
			break
		}
	}
	if err != nil {
		return Payload{}, ErrMalformed
	}
	var p Payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return Payload{}, ErrMalformed
	}
	return p, nil
}

// Check verifies a decoded payload against key at now: the algorithm is SHA-256, the salt is ours and
// unexpired, sha256(salt+number) is the challenge, and the challenge carries our signature. It returns
// when the challenge expires, which is how long it must be remembered as spent. Replays are the
// caller's to refuse (Service.Verify does).
func Check(key []byte, p Payload, now time.Time) (expires time.Time, err error) {
	if p.Algorithm != Algorithm {
		return time.Time{}, ErrAlgorithm
	}
	m := saltPattern.FindStringSubmatch(p.Salt)
	if m == nil || len(p.Challenge) != 64 || p.Number < 0 {
		return time.Time{}, ErrMalformed
	}
	unix, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return time.Time{}, ErrMalformed
	}
	expires = time.Unix(unix, 0)
	if !hmac.Equal([]byte(hash(p.Salt, p.Number)), []byte(strings.ToLower(p.Challenge))) {
		return time.Time{}, ErrSolution
	}
	if !hmac.Equal([]byte(sign(key, strings.ToLower(p.Challenge))), []byte(strings.ToLower(p.Signature))) {
		return time.Time{}, ErrSignature
	}
	if !now.Before(expires) {
		return time.Time{}, ErrExpired
	}
	return expires, nil
}

// Solve finds the number of a challenge the way the widget does (counting up from 0) and returns the
// payload the widget would send. For tests and end-to-end scripts; fails if no number up to
// MaxNumber solves it.
func Solve(c Challenge) (string, error) {
	start := time.Now()
	for n := int64(0); n <= c.MaxNumber; n++ {
		if hash(c.Salt, n) == c.Challenge {
			p := Payload{Algorithm: c.Algorithm, Challenge: c.Challenge, Number: n, Salt: c.Salt,
				Signature: c.Signature, Took: float64(time.Since(start).Milliseconds())}
			return Encode(p), nil
		}
	}
	return "", ErrSolution
}

// Encode is the base64 JSON form of a payload, as the widget sends it.
func Encode(p Payload) string {
	raw, _ := json.Marshal(p) // a struct of strings and numbers always marshals
	return base64.StdEncoding.EncodeToString(raw)
}
