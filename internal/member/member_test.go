package member_test

import (
	"strings"
	"testing"

	"pitlane/internal/member"
)

func TestUniqueNick(t *testing.T) {
	cases := []struct {
		base  string
		taken []string
		want  string
	}{
		{"Ana", nil, "Ana"},
		{"Ana", []string{"Ana"}, "Ana_1"},
		{"Ana", []string{"Ana", "Ana_1"}, "Ana_2"},
		{"Ana", []string{"Ana", "Ana_2"}, "Ana_1"},
		{"Ana", []string{"ana", "Ana_x"}, "Ana"},
		{"Ana_1", []string{"Ana_1"}, "Ana_1_1"},
	}
	for _, c := range cases {
		if got := member.UniqueNick(c.base, c.taken); got != c.want {
			t.Errorf("UniqueNick(%q, %v) = %q, want %q", c.base, c.taken, got, c.want)
		}
	}
}

func TestNickBase(t *testing.T) {
	cases := []struct{ nick, name, want string }{
		{"Speedy", "Ana", "Speedy"},
		{"  ", "Ana  María ", "Ana María"},
		{"", "", member.DefaultNick},
		{strings.Repeat("é", 60), "", strings.Repeat("é", member.MaxNickLength-6)},
	}
	for _, c := range cases {
		if got := member.NickBase(c.nick, c.name); got != c.want {
			t.Errorf("NickBase(%q, %q) = %q, want %q", c.nick, c.name, got, c.want)
		}
	}
}

// The unsubscribe key is the same for every message to a member (any case of the address), differs
// between members and companies, and is a valid, unguessable link key.
func TestUnsubscribeKey(t *testing.T) {
	secret := []byte("shared secret of the instances..")
	k := member.UnsubscribeKey(secret, 1, "Ana@Example.com")
	if k != member.UnsubscribeKey(secret, 1, " ana@example.com") {
		t.Error("the key depends on the address's case")
	}
	for _, other := range []string{
		member.UnsubscribeKey(secret, 2, "ana@example.com"),
		member.UnsubscribeKey(secret, 1, "bo@example.com"),
		member.UnsubscribeKey([]byte("another secret"), 1, "ana@example.com"),
	} {
		if other == k {
			t.Error("two members share a key")
		}
	}
	if len(k) != 22 || !member.ValidKey(k) {
		t.Errorf("key %q: want 22 URL-safe characters (128 bits)", k)
	}
	if h := member.HashKey(k); len(h) != 64 || h == k {
		t.Errorf("hash %q", h)
	}
}

func TestValidEmail(t *testing.T) {
	for s, want := range map[string]bool{
		"ana@example.com": true, " Ana.Lopez+b@sub.example.es ": true,
		"ana@": false, "ana@example": false, "ana example@x.com": false, "": false,
		"Ana <ana@example.com>": false, strings.Repeat("a", 250) + "@x.com": false,
	} {
		if got := member.ValidEmail(s); got != want {
			t.Errorf("ValidEmail(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestMaskEmail(t *testing.T) {
	for in, want := range map[string]string{
		"lucia@example.com":   "l•••a@example.com",
		"ab@example.com":      "a•••@example.com",
		"é@example.com":       "é•••@example.com",
		"ñandú@example.com":   "ñ•••ú@example.com",
		"@example.com":        "•••@example.com",
		"not-an-address":      "•••",
		"lu.cia+x@example.es": "l•••x@example.es",
	} {
		if got := member.MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
