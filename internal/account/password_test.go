package account_test

import (
	"encoding/base64"
	"errors"
	"regexp"
	"strings"
	"testing"

	"pitlane/internal/account"
)

// A hash made as a production binary makes it encodes production's parameters and verifies.
func TestPasswordHashRoundTrip(t *testing.T) {
	t.Parallel()
	hash, err := account.HashAtProductionCost("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`).MatchString(hash) {
		t.Fatalf("hash %q is not a PHC argon2id string with the expected parameters", hash)
	}
	if ok, err := account.CheckPassword(hash, "correct horse battery staple"); err != nil || !ok {
		t.Errorf("the right password does not verify: %v, %v", ok, err)
	}
	if ok, err := account.CheckPassword(hash, "correct horse battery stapler"); err != nil || ok {
		t.Errorf("a wrong password verifies: %v, %v", ok, err)
	}
	again, _ := account.HashAtProductionCost("correct horse battery staple")
	if again == hash {
		t.Error("two hashes of one password are equal: the salt is not random")
	}
}

func TestTamperedHashDoesNotVerify(t *testing.T) {
	t.Parallel()
	const pw = "s3cret-enough-password"
	hash, err := account.HashAtProductionCost(pw)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(hash, "$")
	key, _ := base64.RawStdEncoding.DecodeString(parts[5])
	key[0] ^= 1
	flipped := strings.Join(append(parts[:5:5], base64.RawStdEncoding.EncodeToString(key)), "$")
	otherSalt := strings.Join([]string{"", parts[1], parts[2], parts[3], "AAAAAAAAAAAAAAAAAAAAAA", parts[5]}, "$")
	weaker := strings.Replace(hash, "t=2", "t=1", 1)
	for name, h := range map[string]string{"flipped key bit": flipped, "other salt": otherSalt, "fewer passes": weaker} {
		if ok, err := account.CheckPassword(h, pw); ok || err != nil {
			t.Errorf("%s: CheckPassword = %v, %v; want false, nil", name, ok, err)
		}
	}
	malformed := []string{
		"",
		"plain-text-password",
		strings.Replace(hash, "argon2id", "argon2i", 1),
		strings.Replace(hash, "v=19", "v=16", 1),
		strings.Replace(hash, "m=19456", "m=99999999", 1),
		strings.Replace(hash, "p=1", "p=0", 1),
		strings.Replace(hash, "t=2", "t=2,x=1", 1),
		hash + "$extra",
		strings.Join([]string{"", parts[1], parts[2], parts[3], "!!!", parts[5]}, "$"),
		strings.Join([]string{"", parts[1], parts[2], parts[3], parts[4], "c2hvcnQ"}, "$"),
	}
	for _, h := range malformed {
		if ok, err := account.CheckPassword(h, pw); ok || !errors.Is(err, account.ErrMalformedHash) {
			t.Errorf("CheckPassword(%q) = %v, %v; want false, ErrMalformedHash", h, ok, err)
		}
	}
}

func TestGeneratePasswordIsLongReadableAndRandom(t *testing.T) {
	t.Parallel()
	shape := regexp.MustCompile(`^[a-hjkmnp-z2-9]{5}(-[a-hjkmnp-z2-9]{5}){3}$`)
	seen := map[string]bool{}
	for i := 0; i < 500; i++ {
		p := account.GeneratePassword()
		if len(p) < 16 || !shape.MatchString(p) {
			t.Fatalf("password %q: want four dash-separated groups of five unambiguous characters", p)
		}
		if seen[p] {
			t.Fatalf("password %q generated twice", p)
		}
		seen[p] = true
	}
}

func TestValidEmail(t *testing.T) {
	t.Parallel()
	cases := map[string]bool{
		"admin@circuitonorte.example": true,
		"a.b+c@sub.example.com":       true,
		"":                            false,
		"admin":                       false,
		"admin@localhost":             false,
		"Admin <admin@example.com>":   false,
		"a b@example.com":             false,
		"admin@example.com.":          false,
		"@example.com":                false,
		strings.Repeat("a", 250) + "@example.com": false,
	}
	for email, want := range cases {
		if got := account.ValidEmail(email); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", email, got, want)
		}
	}
}
