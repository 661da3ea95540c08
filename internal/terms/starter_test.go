package terms

import (
	"strings"
	"testing"
)

// Every app language has neutral terms with the same paragraphs as the English ones, naming the company.
func TestStartersInEveryLanguage(t *testing.T) {
	en, _ := Starter("en-GB", "Fjord Karting")
	want := len(strings.Split(en.Text, "\n\n"))
	for _, culture := range Cultures() {
		s, ok := Starter(culture, "Fjord Karting")
		if !ok || s.Culture != culture {
			t.Errorf("%s: starter in %q (own: %v)", culture, s.Culture, ok)
		}
		if n := len(strings.Split(s.Text, "\n\n")); n != want {
			t.Errorf("%s: %d paragraphs, English has %d", culture, n, want)
		}
		if !strings.Contains(s.Text, "Fjord Karting") || strings.Contains(s.Text, "{company}") {
			t.Errorf("%s: the company is not named", culture)
		}
	}
	if s, ok := Starter("fi-FI", "X"); ok || s.Culture != "en-GB" {
		t.Errorf("a language without a starter: %q, %v; want English", s.Culture, ok)
	}
}
