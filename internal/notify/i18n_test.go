package notify

import (
	"regexp"
	"slices"
	"testing"
)

var placeholder = regexp.MustCompile(`\{[a-z]+\}`)

// Every language has every English key, no other key, no empty string, and the same placeholders:
// a language that lacks a string would show an English (or broken) line in a customer's e-mail.
func TestEveryLanguageHasEveryString(t *testing.T) {
	t.Parallel()
	if len(catalog) != len(cultures) {
		t.Fatalf("catalogue has %d languages, cultures lists %d", len(catalog), len(cultures))
	}
	for _, c := range cultures {
		msgs, ok := catalog[c]
		if !ok {
			t.Fatalf("%s has no strings", c)
		}
		for key, en := range enGB {
			s, ok := msgs[key]
			if !ok || s == "" {
				t.Errorf("%s lacks %q", c, key)
				continue
			}
			want := placeholder.FindAllString(en, -1)
			got := placeholder.FindAllString(s, -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Errorf("%s %q has placeholders %v, English has %v", c, key, got, want)
			}
		}
		for key := range msgs {
			if _, ok := enGB[key]; !ok {
				t.Errorf("%s has %q, which English lacks", c, key)
			}
		}
	}
}

func TestNormalizeCulture(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"es-ES": "es-ES", "es": "es-ES", "ES-es": "es-ES", "es_ES": "es-ES", "es-MX": "es-ES",
		"gb": "en-GB", "en-US": "en-GB", "": "en-GB", "fr-FR": "en-GB", "xx": "en-GB",
		"dk": "da-DK", "da": "da-DK", "sa": "ar-SA", "ar": "ar-SA", "ar-EG": "ar-SA",
		"de": "de-DE", "de-AT": "de-DE", "no": "nb-NO", "nb": "nb-NO", "nn-NO": "nb-NO",
		"sv-SE": "sv-SE", "sv": "sv-SE", " sv-se ": "sv-SE",
	} {
		if got := NormalizeCulture(in); got != want {
			t.Errorf("NormalizeCulture(%q) = %q, want %q", in, got, want)
		}
	}
}

// Dates in mails' sentences are written out as the pages write them (web/src/lib/format.test.ts
// formatLongDate; Intl.DateTimeFormat with a long weekday, day, month and year, h23 hours and Latin digits,
// as Node 20 writes them): the weekday and month in words, the language's order and joining words.
func TestLongDate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ culture, date, hm, want string }{
		{"en-GB", "2026-12-02", "12:00", "Wednesday, 2 December 2026 at 12:00"},
		{"en-GB", "2026-12-05", "10:00", "Saturday, 5 December 2026 at 10:00"},
		{"es-ES", "2026-12-02", "12:00", "miércoles, 2 de diciembre de 2026, 12:00"},
		{"es-ES", "2026-12-05", "10:00", "sábado, 5 de diciembre de 2026, 10:00"},
		{"da-DK", "2026-12-02", "12:00", "onsdag den 2. december 2026 kl. 12.00"},
		{"ar-SA", "2026-12-02", "12:00", "الأربعاء، 2 ديسمبر 2026 في 12:00"},
		{"de-DE", "2026-12-02", "12:00", "Mittwoch, 2. Dezember 2026 um 12:00"},
		{"nb-NO", "2026-12-02", "12:00", "onsdag 2. desember 2026 kl. 12:00"},
		{"sv-SE", "2026-12-02", "12:00", "onsdag 2 december 2026 kl. 12:00"},
		{"en-GB", "2026-01-09", "09:05", "Friday, 9 January 2026 at 09:05"},
		{"es-ES", "2026-01-09", "09:05:00", "viernes, 9 de enero de 2026, 09:05"},
		{"da-DK", "2026-01-09", "09:05", "fredag den 9. januar 2026 kl. 09.05"},
		{"ar-SA", "2026-01-09", "09:05", "الجمعة، 9 يناير 2026 في 09:05"},
		{"de-DE", "2026-03-01", "", "Sonntag, 1. März 2026"},
		{"nb-NO", "2026-01-09", "09:05", "fredag 9. januar 2026 kl. 09:05"},
		{"sv-SE", "2026-08-03", "09:05", "måndag 3 augusti 2026 kl. 09:05"},
		{"es-ES", "soon", "", "soon"},
	} {
		if got := newTranslator(tc.culture).longDate(tc.date, tc.hm); got != tc.want {
			t.Errorf("%s longDate(%q, %q) = %q, want %q", tc.culture, tc.date, tc.hm, got, tc.want)
		}
	}
	if got := newTranslator("es-ES").longDateTime("2026-06-20 21:00"); got != "sábado, 20 de junio de 2026, 21:00" {
		t.Errorf("longDateTime = %q", got)
	}
}

// Prices in mails are written as the pages write them (web/src/lib/format.test.ts, the same cases):
// the culture's decimal mark and grouping, the company's symbol where the language puts it.
func TestMoney(t *testing.T) {
	t.Parallel()
	eur := Company{Symbol: "€", Currency: "EUR"}
	dkk := Company{Symbol: "kr.", Currency: "DKK"}
	for _, tc := range []struct {
		culture string
		cents   int64
		c       Company
		want    string
	}{
		{"es-ES", 4400, eur, "44,00\u00a0€"},
		{"es-ES", 2200, eur, "22,00\u00a0€"},
		{"es-ES", 123456, eur, "1234,56\u00a0€"},
		{"es-ES", 1234567, eur, "12.345,67\u00a0€"},
		{"es-ES", -500, eur, "-5,00\u00a0€"},
		{"en-GB", 2200, eur, "€22.00"},
		{"en-GB", 125000, eur, "€1,250.00"},
		{"en-GB", 2500, dkk, "kr.\u00a025.00"},
		{"da-DK", 199950, dkk, "1.999,50\u00a0kr."},
		{"da-DK", 125000, dkk, "1.250,00\u00a0kr."},
		{"sv-SE", 125000, Company{Symbol: "kr", Currency: "SEK"}, "1\u00a0250,00\u00a0kr"},
		{"nb-NO", 125000, Company{Symbol: "kr", Currency: "NOK"}, "1\u00a0250,00\u00a0kr"},
		{"de-DE", 199950, eur, "1.999,50\u00a0€"},
		{"ar-SA", 2500, eur, "\u200f25.00\u00a0€"},
		{"es-ES", 19900, Company{Currency: "SAR"}, "199,00\u00a0SAR"},
		{"es-ES", 5, eur, "0,05\u00a0€"},
		{"en-GB", 250, Company{}, "2.50"},
	} {
		if got := newTranslator(tc.culture).money(tc.cents, tc.c); got != tc.want {
			t.Errorf("%s money(%d, %+v) = %q, want %q", tc.culture, tc.cents, tc.c, got, tc.want)
		}
	}
}
