package terms_test

import (
	"testing"

	"pitlane/internal/terms"
)

func TestPick(t *testing.T) {
	all := []terms.Terms{{"es-ES", "es"}, {"en-US", "us"}, {"en-GB", "gb"}, {"da", "da"}, {"pt-BR", "br"}}
	cases := []struct {
		name    string
		have    []terms.Terms
		def     string
		wanted  string
		culture string
	}{
		{"exact", all, "", "es-ES", "es-ES"},
		{"exact, other case", all, "", "EN-us", "en-US"},
		{"language of a culture", all, "", "es", "es-ES"},
		{"other country of a language", all, "", "da-DK", "da"},
		{"pt-PT gets pt-BR", all, "", "pt-PT", "pt-BR"},
		{"English language code prefers the shortest, then alphabetical", all, "", "en", "en-GB"},
		{"unknown language: en-GB", all, "", "ar-SA", "en-GB"},
		{"no en-GB: any English", []terms.Terms{{"es-ES", "es"}, {"en-US", "us"}}, "", "de", "en-US"},
		{"no English: the default culture", []terms.Terms{{"es-ES", "es"}, {"da-DK", "da"}}, "da-DK", "de", "da-DK"},
		{"no English nor default: any", []terms.Terms{{"sv-SE", "sv"}, {"da-DK", "da"}}, "es-ES", "de", "da-DK"},
	}
	for _, c := range cases {
		got, ok := terms.Pick(terms.Company{DefaultCulture: c.def, Terms: c.have}, c.wanted)
		if !ok || got.Culture != c.culture {
			t.Errorf("%s: got %+v %v, want %s", c.name, got, ok, c.culture)
		}
	}
	if _, ok := terms.Pick(terms.Company{DefaultCulture: "en-GB"}, "en-GB"); ok {
		t.Error("a company without terms has some")
	}
}
