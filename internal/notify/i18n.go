package notify

import (
	"fmt"
	"strconv"
	"strings"
)

// cultures are the languages messages are written in; DefaultCulture is used for anything else.
var cultures = []string{"en-GB", "es-ES", "da-DK", "ar-SA", "de-DE", "nb-NO", "sv-SE"}

// Cultures returns the languages messages are written in.
func Cultures() []string { return append([]string(nil), cultures...) }

// DefaultCulture is the language of a message whose culture is unknown.
const DefaultCulture = "en-GB"

// cultureAliases maps lower-case culture names and the legacy short codes the specs use (gb, es, dk,
// sa, de, no, sv) to the supported cultures.
var cultureAliases = map[string]string{
	"en": "en-GB", "gb": "en-GB", "en-gb": "en-GB", "en-us": "en-GB", "eng": "en-GB",
	"es": "es-ES", "es-es": "es-ES", "spa": "es-ES",
	"da": "da-DK", "dk": "da-DK", "da-dk": "da-DK",
	"ar": "ar-SA", "sa": "ar-SA", "ar-sa": "ar-SA",
	"de": "de-DE", "de-de": "de-DE", "de-at": "de-DE", "de-ch": "de-DE",
	"nb": "nb-NO", "no": "nb-NO", "nn": "nb-NO", "nb-no": "nb-NO", "nn-no": "nb-NO", "no-no": "nb-NO",
	"sv": "sv-SE", "se": "sv-SE", "sv-se": "sv-SE",
}

// NormalizeCulture returns the supported culture named by c ("es", "es-es", "ES-es" → "es-ES"), or
// DefaultCulture when c names none of them.
func NormalizeCulture(c string) string {
	k := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(c), "_", "-"))
	if v, ok := cultureAliases[k]; ok {
		return v
	}
	if i := strings.IndexByte(k, '-'); i > 0 {
		if v, ok := cultureAliases[k[:i]]; ok {
			return v
		}
	}
	return DefaultCulture
}

// messages is one language's strings by key. A string may hold placeholders like {name}.
type messages map[string]string

// catalog holds every language's strings; a test checks they all have the same keys and placeholders.
var catalog = map[string]messages{
	"en-GB": enGB,
	"es-ES": esES,
	"da-DK": daDK,
	"ar-SA": arSA,
	"de-DE": deDE,
	"nb-NO": nbNO,
	"sv-SE": svSE,
}

// translator writes strings in one culture.
type translator struct {
	culture string
	msgs    messages
}

// newTranslator returns the translator of the (already normalised) culture.
func newTranslator(culture string) translator {
	return translator{culture: culture, msgs: catalog[culture]}
}

// T returns the string of key with its placeholders filled from pairs ("name", "Ana", …). A key the
// language lacks is a programming error (the catalogue test catches it): T then falls back to English.
func (t translator) T(key string, pairs ...string) string {
	s, ok := t.msgs[key]
	if !ok {
		if s, ok = enGB[key]; !ok {
			panic(fmt.Sprintf("notify: no string %q", key))
		}
	}
	if len(pairs) == 0 {
		return s
	}
	olds := make([]string, 0, len(pairs))
	for i := 0; i+1 < len(pairs); i += 2 {
		olds = append(olds, "{"+pairs[i]+"}", pairs[i+1])
	}
	return strings.NewReplacer(olds...).Replace(s)
}

// isolate wraps a value put into a right-to-left sentence (an amount, a code) in Unicode first-strong
// isolates, as the pages' isolate does, so that "NOCHE10." or "€ 5.00" keep their order in Arabic; in a
// left-to-right language the value is returned as it is.
func (t translator) isolate(s string) string {
	if t.culture != "ar-SA" {
		return s
	}
	return "\u2068" + s + "\u2069"
}

// numberStyle is how a language writes a two-decimal amount, as the web app's formatPrice does
// (web/src/lib/format.ts NUMBER_STYLES, after Intl's CLDR data for the bare language code).
type numberStyle struct {
	decimal, group string
	groupFrom      int    // digits the integer part needs before it is grouped: 4, or 5 in Spanish
	currencyFirst  bool   // the currency before the number (English)
	lead           string // what precedes an amount (Arabic: a right-to-left mark)
}

const nbsp = "\u00a0"

// numberStyles are the seven languages' styles; any other language writes as English does.
var numberStyles = map[string]numberStyle{
	"en": {decimal: ".", group: ",", groupFrom: 4, currencyFirst: true},
	"es": {decimal: ",", group: ".", groupFrom: 5},
	"da": {decimal: ",", group: ".", groupFrom: 4},
	"ar": {decimal: ".", group: ",", groupFrom: 4, lead: "\u200f"},
	"de": {decimal: ",", group: ".", groupFrom: 4},
	"nb": {decimal: ",", group: nbsp, groupFrom: 4},
	"sv": {decimal: ",", group: nbsp, groupFrom: 4},
}

// signApart are the currencies whose English sign is their code, written apart from the number even
// when the company's symbol replaces it ("DKK 22.00", "kr. 22.00"), as Intl does; the others' sign
// goes against it ("€22.00").
var signApart = map[string]bool{"DKK": true, "SEK": true, "NOK": true, "CHF": true}

// money writes cents as the culture's pages write prices (formatPrice): "44,00 €" in Spanish,
// "€44.00" in English, "1.250,00 kr." in Danish, with the company's symbol (else its currency code).
func (t translator) money(cents int64, c Company) string {
	lang, _, _ := strings.Cut(strings.ToLower(t.culture), "-")
	st, ok := numberStyles[lang]
	if !ok {
		st = numberStyles["en"]
	}
	sym := c.Symbol
	if sym == "" {
		sym = c.Currency
	}
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	integer := strconv.FormatInt(cents/100, 10)
	if len(integer) >= st.groupFrom {
		var b strings.Builder
		for i, d := range integer {
			if i > 0 && (len(integer)-i)%3 == 0 {
				b.WriteString(st.group)
			}
			b.WriteRune(d)
		}
		integer = b.String()
	}
	number := fmt.Sprintf("%s%s%02d", integer, st.decimal, cents%100)
	switch {
	case sym == "":
		return sign + number
	case st.currencyFirst && signApart[c.Currency]:
		return sign + sym + nbsp + number
	case st.currencyFirst:
		return sign + sym + number
	default:
		return st.lead + sign + number + nbsp + sym
	}
}
