package notify

import (
	"regexp"
	"slices"
	"testing"
)

// TestMailStringsInEveryCulture: every mail's strings table has every English key in every culture the
// mails speak, non-empty, with the same placeholders, so no mail falls back or loses a value in one
// language.
func TestMailStringsInEveryCulture(t *testing.T) {
	tables := map[string]map[string]messages{
		"password reset": resetStrings,
		"waiting list":   waitStrings,
		"invitation":     inviteStrings,
	}
	ph := regexp.MustCompile(`\{[a-z]+\}`)
	placeholders := func(s string) []string {
		p := ph.FindAllString(s, -1)
		slices.Sort(p)
		return p
	}
	for name, table := range tables {
		for _, c := range cultures {
			msgs, ok := table[c]
			if !ok {
				t.Errorf("%s: no strings in %s", name, c)
				continue
			}
			if len(msgs) != len(table[DefaultCulture]) {
				t.Errorf("%s: %s has %d keys, English %d", name, c, len(msgs), len(table[DefaultCulture]))
			}
			for k, en := range table[DefaultCulture] {
				got := msgs[k]
				if got == "" {
					t.Errorf("%s: %s lacks %q", name, c, k)
					continue
				}
				if a, b := placeholders(en), placeholders(got); !slices.Equal(a, b) {
					t.Errorf("%s: %s %q has placeholders %v, English %v", name, c, k, b, a)
				}
			}
		}
	}
}
