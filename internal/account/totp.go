package account

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/url"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// The second factor (issue 24): TOTP as RFC 6238 and every authenticator app use it (SHA-1, six
// digits, a 30-second step), a code of the step before or after also accepted (a phone's clock a
// little off), each step usable once.
const (
	totpPeriod = 30
	totpSkew   = 1
	// RecoveryCodeCount is how many recovery codes an enrolment gives.
	RecoveryCodeCount = 10
	// ChallengeTTL is how long the second step of a sign-in waits for its code.
	ChallengeTTL = 5 * time.Minute
	// SecondFactorLimit wrong codes of a user within SecondFactorWindow refuse further codes until the
	// oldest leaves the window: with three codes valid at a time, a guesser needs ~330 000 tries.
	SecondFactorLimit  = 10
	SecondFactorWindow = 15 * time.Minute
	// TOTPIssuer names the account in authenticator apps.
	TOTPIssuer = "Pitlane"
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// NewTOTPSecret returns a fresh 160-bit secret in unpadded base32 (RFC 4226's recommended length).
func NewTOTPSecret() (string, error) {
	k, err := totp.Generate(totp.GenerateOpts{Issuer: TOTPIssuer, AccountName: "x", SecretSize: 20, Rand: rand.Reader})
	if err != nil {
		return "", err
	}
	return k.Secret(), nil
}

// TOTPURI is the otpauth:// URI an authenticator app reads from the QR code: the issuer and the
// user's e-mail name the entry.
func TOTPURI(secret, email string) string {
	v := url.Values{}
	v.Set("secret", secret)
	v.Set("issuer", TOTPIssuer)
	v.Set("algorithm", "SHA1")
	v.Set("digits", "6")
	v.Set("period", "30")
	return "otpauth://totp/" + url.PathEscape(TOTPIssuer+":"+email) + "?" + v.Encode()
}

// TOTPCode is the code of secret at t (used by tests and by nobody else).
func TOTPCode(secret string, t time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, t, totpOpts)
}

// matchTOTP returns the 30-second step (Unix time / 30) whose code is code, looking at the step of now
// and its neighbours, or 0 when none matches.
func matchTOTP(secret, code string, now time.Time) int64 {
	code = strings.TrimSpace(code)
	if len(code) != 6 || secret == "" {
		return 0
	}
	step := now.Unix() / totpPeriod
	var found int64
	for off := int64(-totpSkew); off <= totpSkew; off++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix((step+off)*totpPeriod, 0), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			found = step + off
		}
	}
	return found
}

// looksLikeTOTP reports whether a code typed is an authenticator's six digits rather than a recovery
// code.
func looksLikeTOTP(code string) bool {
	code = strings.TrimSpace(code)
	if len(code) != 6 {
		return false
	}
	for _, r := range code {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// NewRecoveryCodes returns RecoveryCodeCount codes to show once ("k7mq2-xr9tz": ten characters of
// the password alphabet, about 49 bits each) and their hashes to store.
func NewRecoveryCodes() (codes, hashes []string) {
	for range RecoveryCodeCount {
		p := GeneratePassword() // four groups of five: keep two
		c := p[:11]
		codes = append(codes, c)
		hashes = append(hashes, HashRecoveryCode(c))
	}
	return codes, hashes
}

// HashRecoveryCode is the stored form of a recovery code: the SHA-256 of its characters without
// spaces or dashes, lower case (a code has ~49 random bits: a fast hash is enough, as for tokens).
func HashRecoveryCode(code string) string {
	c := strings.ToLower(strings.NewReplacer(" ", "", "-", "", "\t", "").Replace(code))
	sum := sha256.Sum256([]byte("recovery:" + c))
	return hex.EncodeToString(sum[:])
}
