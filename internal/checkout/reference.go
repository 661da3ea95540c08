package checkout

import (
	"crypto/rand"
	"strings"
)

// ReferenceAlphabet is the alphabet of a booking's short reference: capital letters and digits without
// 0, O, 1 and I, which people read out and type wrongly.
const ReferenceAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// ReferenceLength is the number of characters of a short reference (40 bits).
const ReferenceLength = 8

// NewReference draws a booking's short human reference: ReferenceLength characters of
// ReferenceAlphabet from crypto/rand, stored without the dash (FormatReference adds it). It is unique
// per company only because the store retries on a unique violation.
func NewReference() string {
	var b [ReferenceLength]byte
	// 256 is a multiple of len(ReferenceAlphabet) (32), so b % 32 is uniform.
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	out := make([]byte, ReferenceLength)
	for i, v := range b {
		out[i] = ReferenceAlphabet[int(v)%len(ReferenceAlphabet)]
	}
	return string(out)
}

// FormatReference shows a stored reference as people read it: "ABCD2345" → "ABCD-2345". Anything that
// is not a stored reference (empty, another length) is returned unchanged.
func FormatReference(ref string) string {
	if len(ref) != ReferenceLength {
		return ref
	}
	return ref[:4] + "-" + ref[4:]
}

// NormalizeReference turns what a person typed ("abcd-2345", "ABCD 2345") into the stored form
// ("ABCD2345"), or "" when it cannot be a reference.
func NormalizeReference(s string) string {
	s = strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(s)))
	if len(s) != ReferenceLength {
		return ""
	}
	for _, r := range s {
		if !strings.ContainsRune(ReferenceAlphabet, r) {
			return ""
		}
	}
	return s
}
