package captcha_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"pitlane/internal/captcha"
)

var (
	key = []byte("0123456789abcdef0123456789abcdef")
	t0  = time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
)

func solved(t *testing.T) (captcha.Challenge, captcha.Payload) {
	t.Helper()
	c := captcha.NewChallenge(key, t0, 10*time.Minute, 1000)
	raw, err := captcha.Solve(c)
	if err != nil {
		t.Fatal(err)
	}
	p, err := captcha.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	return c, p
}

// The challenge has the shape the altcha widget reads (v1 format) and expires where its salt says.
func TestChallengeShape(t *testing.T) {
	t.Parallel()
	c := captcha.NewChallenge(key, t0, 10*time.Minute, 50_000)
	raw, _ := json.Marshal(c)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	for _, k := range []string{"algorithm", "challenge", "maxnumber", "salt", "signature"} {
		if _, ok := m[k]; !ok {
			t.Errorf("challenge JSON lacks %q: %s", k, raw)
		}
	}
	if c.Algorithm != "SHA-256" || len(c.Challenge) != 64 || len(c.Signature) != 64 || c.MaxNumber != 50_000 {
		t.Errorf("challenge %+v", c)
	}
	want := "?expires=" + strconv.FormatInt(t0.Add(10*time.Minute).Unix(), 10) + "&"
	if !strings.HasSuffix(c.Salt, want) {
		t.Errorf("salt %q should end with %q", c.Salt, want)
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	_, good := solved(t)
	other := []byte("another key, another instance...")
	cases := []struct {
		name string
		edit func(p *captcha.Payload)
		key  []byte
		now  time.Time
		want error
	}{
		{"solved", func(*captcha.Payload) {}, key, t0.Add(time.Minute), nil},
		{"upper-case hex", func(p *captcha.Payload) { p.Challenge = strings.ToUpper(p.Challenge) }, key, t0, nil},
		{"expired", func(*captcha.Payload) {}, key, t0.Add(10 * time.Minute), captcha.ErrExpired},
		{"wrong number", func(p *captcha.Payload) { p.Number++ }, key, t0, captcha.ErrSolution},
		{"negative number", func(p *captcha.Payload) { p.Number = -1 }, key, t0, captcha.ErrMalformed},
		{"signed with another key", func(*captcha.Payload) {}, other, t0, captcha.ErrSignature},
		{"forged signature", func(p *captcha.Payload) { p.Signature = strings.Repeat("0", 64) }, key, t0, captcha.ErrSignature},
		{"other algorithm", func(p *captcha.Payload) { p.Algorithm = "SHA-1" }, key, t0, captcha.ErrAlgorithm},
		{"self-made challenge", func(p *captcha.Payload) {
			p.Salt = strings.Repeat("a", 24) + "?expires=9999999999&"
			p.Number = 1
			p.Challenge = selfHash(p.Salt, 1)
		}, key, t0, captcha.ErrSignature},
		{"later expiry spliced into the salt", func(p *captcha.Payload) {
			// Moving the number's first digit into the salt keeps salt+number, but not the salt's form.
			s := strconv.FormatInt(p.Number, 10)
			if len(s) < 2 {
				p.Salt += "0"
				return
			}
			p.Salt += s[:1]
			p.Number, _ = strconv.ParseInt(s[1:], 10, 64)
		}, key, t0, captcha.ErrMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := good
			tc.edit(&p)
			_, err := captcha.Check(tc.key, p, tc.now)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	if exp, _ := captcha.Check(key, good, t0); !exp.Equal(t0.Add(10 * time.Minute)) {
		t.Errorf("expiry %v, want %v", exp, t0.Add(10*time.Minute))
	}
}

func TestDecode(t *testing.T) {
	t.Parallel()
	_, p := solved(t)
	raw, _ := json.Marshal(p)
	for name, s := range map[string]string{
		"std":         base64.StdEncoding.EncodeToString(raw),
		"raw std":     base64.RawStdEncoding.EncodeToString(raw),
		"url":         base64.URLEncoding.EncodeToString(raw),
		"with spaces": " " + base64.StdEncoding.EncodeToString(raw) + "\n",
	} {
		got, err := captcha.Decode(s)
		if err != nil || got != p {
			t.Errorf("%s: %+v, %v", name, got, err)
		}
	}
	for _, bad := range []string{"", "not base64!", base64.StdEncoding.EncodeToString([]byte("not json")), strings.Repeat("A", 5000)} {
		if _, err := captcha.Decode(bad); !errors.Is(err, captcha.ErrMalformed) {
			t.Errorf("Decode(%.20q) = %v, want ErrMalformed", bad, err)
		}
	}
}

func TestSolveTakesUnderASecond(t *testing.T) {
	c := captcha.NewChallenge(key, t0, time.Minute, captcha.DefaultMaxNumber)
	start := time.Now()
	if _, err := captcha.Solve(c); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("solving the default difficulty took %v", d)
	}
}

// selfHash is what a forger computes: a valid hash over a salt of their own making.
func selfHash(salt string, n int64) string {
	sum := sha256.Sum256([]byte(salt + strconv.FormatInt(n, 10)))
	return hex.EncodeToString(sum[:])
}

// Whatever a client sends, Decode and Check answer with an error or a verified payload, never a panic,
// and nothing but a real solution passes.
func FuzzCheck(f *testing.F) {
	c := captcha.NewChallenge(key, t0, time.Minute, 100)
	good, _ := captcha.Solve(c)
	f.Add(good)
	f.Add("")
	f.Add("eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=")
	f.Fuzz(func(t *testing.T, payload string) {
		p, err := captcha.Decode(payload)
		if err != nil {
			return
		}
		if _, err := captcha.Check(key, p, t0); err == nil {
			mac := hmac.New(sha256.New, key)
			mac.Write([]byte(strings.ToLower(p.Challenge)))
			if !strings.EqualFold(p.Signature, hex.EncodeToString(mac.Sum(nil))) || selfHash(p.Salt, p.Number) != strings.ToLower(p.Challenge) {
				t.Fatalf("a payload that is not a solution of ours passed: %+v", p)
			}
		}
	})
}
