package account

import (
	"strings"
	"unicode"

	"github.com/trustelem/zxcvbn"
)

// MinPasswordScore is the least zxcvbn score (0 to 4) a new password must reach (issue 24): 3 is
// "safely unguessable: moderate protection from an offline slow-hash scenario" (about 10^8 guesses).
const MinPasswordScore = 3

// strengthMaxRunes bounds the part of a password the estimate reads: zxcvbn's matching grows with the
// square of the length, and past this length a password is never the weak one. The browser's meter
// (web/src/lib/passwordStrength.ts) reads the same length.
const strengthMaxRunes = 100

// PasswordScore is zxcvbn's score (0 to 4) of password, with the user's own words (e-mail, its local
// part, name) as inputs a password must not lean on.
func PasswordScore(password string, userInputs ...string) int {
	if r := []rune(password); len(r) > strengthMaxRunes {
		password = string(r[:strengthMaxRunes])
	}
	return zxcvbn.PasswordStrength(password, passwordInputs(userInputs)).Score
}

// passwordInputs splits the user's e-mail and name into the words the estimate penalises.
func passwordInputs(in []string) []string {
	var out []string
	for _, s := range in {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		out = append(out, s)
		out = append(out, strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })...)
	}
	return out
}

// Messages of a refused new password, as the field error says them (the web app translates by the
// field error's code, see passwordProblem).
const (
	msgPasswordShort = "The password must have at least 12 characters."
	msgPasswordWeak  = "This password is too easy to guess: it is common, or close to your name or e-mail. Add a few unusual words."
)

// passwordProblem is why a new password cannot be used, or "" when it can: shorter than
// MinPasswordLength (or longer than 1024 bytes), or scored below MinPasswordScore with the user's
// e-mail and name as inputs.
func passwordProblem(password string, userInputs ...string) string {
	if len([]rune(password)) < MinPasswordLength || len(password) > 1024 {
		return msgPasswordShort
	}
	if PasswordScore(password, userInputs...) < MinPasswordScore {
		return msgPasswordWeak
	}
	return ""
}

// CheckNewPassword returns msgPasswordShort or msgPasswordWeak when password cannot be set for the user
// of email and name, "" when it can: the rule of every path that sets a password (invitation, reset,
// change, `pitlane admin create`).
func CheckNewPassword(password, email, name string) string {
	return passwordProblem(password, email, name)
}
