// Package member is a company's club of customers: people who booked or registered once are members,
// found again by e-mail so the booking form can fill their data and lock their nickname. Each member
// has an unsubscribe link that stops promotional e-mail.
package member

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"
)

// NewMember is what a booking or an event registration knows of a person, used to find or create them.
type NewMember struct {
	CompanyID       int64
	Email           string
	Name            string
	Surname         string
	Nick            string // wanted nickname; Name when empty; made unique per company with _n
	Birthday        string // YYYY-MM-DD or empty
	Phone           string
	AcceptSendPromo bool
}

// Member is a stored member. Its JSON form is the member lookup result of the booking form.
type Member struct {
	ID              int64  `json:"-"`
	CompanyID       int64  `json:"-"`
	Nick            string `json:"nick"`
	Name            string `json:"name"`
	Surname         string `json:"surname"`
	Birthday        string `json:"birthday"`
	Phone           string `json:"phone"`
	Email           string `json:"email"`
	AcceptSendPromo bool   `json:"acceptSendPromo"`
}

// Limits of member fields.
const (
	MaxEmailLength = 254 // RFC 5321 path limit
	MaxNickLength  = 40  // runes, including a _n suffix
	// DefaultNick is the nickname of a member who gave neither a nickname nor a name.
	DefaultNick = "Driver"
)

// NormalizeEmail is the form e-mails are stored and compared in: trimmed and lower case, so a member
// is found whatever case they type their address in.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// NickBase is the nickname a new member asks for before it is made unique: the wanted nickname, else
// the name, else DefaultNick; inner runs of spaces collapsed, cut so that a suffix still fits.
func NickBase(nick, name string) string {
	base := strings.Join(strings.Fields(nick), " ")
	if base == "" {
		base = strings.Join(strings.Fields(name), " ")
	}
	if base == "" {
		base = DefaultNick
	}
	const room = MaxNickLength - 6 // leaves room for "_99999"
	if utf8.RuneCountInString(base) > room {
		base = string([]rune(base)[:room])
	}
	return base
}

// UniqueNick returns base if no nickname in taken equals it, else base_n with the smallest n ≥ 1 that
// is free (Ana, Ana_1, Ana_2…). taken may hold any nicknames; only exact matches count.
func UniqueNick(base string, taken []string) string {
	used := make(map[string]bool, len(taken))
	for _, t := range taken {
		used[t] = true
	}
	if !used[base] {
		return base
	}
	for n := 1; ; n++ {
		c := base + "_" + strconv.Itoa(n)
		if !used[c] {
			return c
		}
	}
}

// UnsubscribeSecret names the shared secret (app_secrets) unsubscribe keys are derived from.
const UnsubscribeSecret = "unsubscribe_hmac"

// unsubscribeKeyBytes is the size of an unsubscribe key: 128 bits.
const unsubscribeKeyBytes = 16

// UnsubscribeKey is the key of a member's unsubscribe link: 128 bits of HMAC-SHA256 under the shared
// secret over the company and the normalized e-mail, in unpadded URL-safe base64 (22 characters).
//
// The key is derived rather than drawn at random so that every e-mail to a member, not only the first,
// can carry a working link without the key being stored: the database keeps only its SHA-256
// (HashKey), and the link is recomputed from the secret when a message is written.
func UnsubscribeKey(secret []byte, companyID int64, email string) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("unsubscribe\x00"))
	mac.Write([]byte(strconv.FormatInt(companyID, 10)))
	mac.Write([]byte{0})
	mac.Write([]byte(NormalizeEmail(email)))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil)[:unsubscribeKeyBytes])
}

// HashKey is the SHA-256 in hex of a key, the form keys that grant an action are stored and looked up in.
func HashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// ValidKey reports whether key could be an unsubscribe key: 16 to 64 URL-safe base64 characters.
// Anything else is answered as unknown without touching the database.
func ValidKey(key string) bool {
	if len(key) < 16 || len(key) > 64 {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// LinkState is what an unsubscribe link's page shows of its member: whose address (masked), which
// circuit's news and offers, and whether they still receive them.
type LinkState struct {
	Email      string `json:"email"`
	Company    string `json:"company"`
	Logo       string `json:"logo,omitempty"`
	Color      string `json:"primaryColor,omitempty"`
	Subscribed bool   `json:"subscribed"`
	// DefaultCulture is the company's default culture, the language rule's last step on the page.
	DefaultCulture string `json:"defaultCulture"`
}

// MaskEmail hides most of an address's local part, so a forwarded or previewed link shows whose it is
// to its owner without spelling it out to anyone else: "lucia@example.com" → "l•••a@example.com",
// a local part of one or two characters keeps only its first.
func MaskEmail(email string) string {
	local, domain, ok := strings.Cut(email, "@")
	if !ok {
		return "•••"
	}
	r := []rune(local)
	switch {
	case len(r) == 0:
		return "•••@" + domain
	case len(r) <= 2:
		return string(r[0]) + "•••@" + domain
	}
	return string(r[0]) + "•••" + string(r[len(r)-1]) + "@" + domain
}
