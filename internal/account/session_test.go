package account_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"testing"
	"time"

	"pitlane/internal/account"
)

func TestSessionPolicyCheck(t *testing.T) {
	t.Parallel()
	p := account.SessionPolicy{Idle: 30 * time.Minute, Max: 2 * time.Hour}
	signIn := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	s := account.SessionRecord{CreatedAt: signIn, LastSeenAt: signIn, ExpiresAt: signIn.Add(2 * time.Hour)}
	cases := []struct {
		name        string
		lastSeen    time.Duration // after sign-in
		now         time.Duration // after sign-in
		live, touch bool
	}{
		{"just signed in", 0, 0, true, false},
		{"59 s later", 0, 59 * time.Second, true, false},
		{"a minute later: write the use", 0, time.Minute, true, true},
		{"idle a second short of 30 min", 0, 30*time.Minute - time.Second, true, true},
		{"idle 30 min", 0, 30 * time.Minute, false, false},
		{"used recently, a second before the absolute expiry", 2*time.Hour - 10*time.Second, 2*time.Hour - time.Second, true, false},
		{"used recently, at the absolute expiry", 2*time.Hour - 10*time.Second, 2 * time.Hour, false, false},
	}
	for _, c := range cases {
		s.LastSeenAt = signIn.Add(c.lastSeen)
		live, touch := p.Check(s, signIn.Add(c.now))
		if live != c.live || touch != c.touch {
			t.Errorf("%s: live %v touch %v, want %v %v", c.name, live, touch, c.live, c.touch)
		}
	}
}

func TestThrottleRetryAfter(t *testing.T) {
	t.Parallel()
	th := account.Throttle{PerAccount: 5, PerPair: 5, PerAddress: 20, Window: 15 * time.Minute}
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	cases := []struct {
		name string
		gate account.Gate
		want time.Duration
	}{
		{"no limit reached", account.Gate{}, 0},
		{"pair: its 5th latest failure 5 min ago", account.Gate{PairLimitHit: now.Add(-5 * time.Minute)}, 10 * time.Minute},
		{"the account's limit alone asks for the captcha, never waits", account.Gate{AccountLimitHit: now.Add(-time.Minute)}, 0},
		{"address: its 20th latest failure 14 min ago", account.Gate{AddressLimitHit: now.Add(-14 * time.Minute)}, time.Minute},
		{"both: the longer wait wins", account.Gate{PairLimitHit: now.Add(-14 * time.Minute), AddressLimitHit: now.Add(-1 * time.Minute)}, 14 * time.Minute},
		{"less than a second left is a second", account.Gate{PairLimitHit: now.Add(-15*time.Minute + time.Millisecond)}, time.Second},
		{"a failure that has just left the window", account.Gate{PairLimitHit: now.Add(-15 * time.Minute)}, 0},
	}
	for _, c := range cases {
		if got := th.RetryAfter(c.gate, now); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	for d, want := range map[time.Duration]int{time.Millisecond: 1, time.Second: 1, 1500 * time.Millisecond: 2, 10 * time.Minute: 600} {
		if got := (&account.ThrottleError{RetryAfter: d}).RetryAfterSeconds(); got != want {
			t.Errorf("Retry-After of %v: %d, want %d", d, got, want)
		}
	}
}

func TestSessionTokensAreRandomAndStoredHashed(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		tok := account.NewSessionToken()
		raw, err := base64.RawURLEncoding.DecodeString(tok)
		if err != nil || len(raw) < 16 {
			t.Fatalf("token %q: %d bytes (%v), want at least 128 bits of URL-safe base64", tok, len(raw), err)
		}
		if seen[tok] {
			t.Fatalf("token %q twice", tok)
		}
		seen[tok] = true
	}
	sum := sha256.Sum256([]byte("abc"))
	if got := account.HashSessionToken("abc"); got != hex.EncodeToString(sum[:]) {
		t.Errorf("hash %q, want the SHA-256 in hex", got)
	}
}

func TestSortCompaniesByNameThenID(t *testing.T) {
	t.Parallel()
	got := account.SortCompanies([]account.Membership{
		{CompanyID: 3, CompanyName: "beta"}, {CompanyID: 2, CompanyName: "Alpha"}, {CompanyID: 1, CompanyName: "Beta"},
	})
	if got[0].CompanyID != 2 || got[1].CompanyID != 1 || got[2].CompanyID != 3 {
		t.Errorf("order %+v, want Alpha, Beta (1), beta (3)", got)
	}
	if account.SortCompanies(nil) == nil {
		t.Error("no companies must be an empty list, not null")
	}
}
