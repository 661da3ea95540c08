package checkout

import (
	"strings"
	"testing"
)

func TestNewReferenceUsesTheReadableAlphabet(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 2000 {
		r := NewReference()
		if len(r) != ReferenceLength {
			t.Fatalf("reference %q: length %d", r, len(r))
		}
		if strings.ContainsAny(r, "0O1I") {
			t.Fatalf("reference %q holds a confusable character", r)
		}
		if NormalizeReference(r) != r {
			t.Fatalf("reference %q is not in its own normal form", r)
		}
		seen[r] = true
	}
	if len(seen) < 1990 {
		t.Fatalf("only %d distinct references of 2000", len(seen))
	}
}

func TestFormatAndNormalizeReference(t *testing.T) {
	t.Parallel()
	if got := FormatReference("ABCD2345"); got != "ABCD-2345" {
		t.Fatalf("FormatReference = %q", got)
	}
	for in, want := range map[string]string{
		"abcd-2345": "ABCD2345", " ABCD 2345 ": "ABCD2345", "ABCD2345": "ABCD2345",
		"ABCD-0345": "", "ABC": "", "": "", "ABCD-23456": "",
	} {
		if got := NormalizeReference(in); got != want {
			t.Errorf("NormalizeReference(%q) = %q, want %q", in, got, want)
		}
	}
}
