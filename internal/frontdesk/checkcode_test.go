package frontdesk_test

import (
	"strings"
	"testing"

	"pitlane/internal/frontdesk"
)

// TestCheckCode: a booking's code carries its reference and a token that only the secret makes; the
// code reads back in any case, and a token changed, moved to another reference or company, or made
// with another secret is not valid.
func TestCheckCode(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	code := frontdesk.CheckCode(secret, 7, "UE9BKTGR")
	ref, token, err := frontdesk.ParseCheckCode("  " + strings.ToLower(code) + "\n")
	if err != nil || ref != "UE9BKTGR" || !strings.HasPrefix(code, "PITLANE:UE9BKTGR:") {
		t.Fatalf("%q read as %q %q %v", code, ref, token, err)
	}
	if !frontdesk.ValidToken(secret, 7, ref, token) {
		t.Fatal("the genuine token is refused")
	}
	for name, ok := range map[string]bool{
		"another company":   frontdesk.ValidToken(secret, 8, ref, token),
		"another reference": frontdesk.ValidToken(secret, 7, "UE9BKTGS", token),
		"another secret":    frontdesk.ValidToken([]byte("x"), 7, ref, token),
		"one char changed":  frontdesk.ValidToken(secret, 7, ref, "Z"+token[1:]) && token[0] != 'Z',
		"empty":             frontdesk.ValidToken(secret, 7, ref, ""),
	} {
		if ok {
			t.Errorf("%s: accepted", name)
		}
	}
	for _, bad := range []string{"", "UE9BKTGR", "PITLANE:UE9BKTGR", "PITLANE:UE9B:" + token, "OTHER:UE9BKTGR:" + token, "PITLANE:UE9BKTGR:" + token[:10]} {
		if _, _, err := frontdesk.ParseCheckCode(bad); err == nil {
			t.Errorf("%q was read as a code", bad)
		}
	}
}
