package httpapi

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// simText is every string the simulated card page shows, in one language.
type simText struct {
	Lang, Dir                                        string
	TestPayments, NoMoney                            string // the title's suffix and the header's notice
	Pay, PayTitle, Booking                           string
	ErrorsTitle, Number, Expiry, CVC, Name           string
	CancelReturn, TestCards, Approves, Declines, Any string
	Approved, NotMade, Made, Declined, Return        string
	ExpiredTitle, ExpiredText                        string
	MissingTitle, MissingText                        string
	BrokenTitle, BrokenText                          string
	// Messages translates the provider's English field errors and decline reasons; a message not listed
	// is shown as the provider wrote it.
	Messages map[string]string
}

// simLanguages are the page's languages, the customer app's seven.
var simLanguages = map[string]*simText{"en": &simEN, "es": &simES, "da": &simDA, "ar": &simAR, "de": &simDE, "nb": &simNB, "sv": &simSV}

// simLanguageAliases maps other tags of a language to the page's code.
var simLanguageAliases = map[string]string{"no": "nb", "nn": "nb"}

// simLanguageOf returns the page's code for a tag like "es", "es-ES" or "nb_NO"; "" when it is none of the seven.
func simLanguageOf(tag string) string {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(strings.ReplaceAll(tag, "_", "-"))), "-")
	if a, ok := simLanguageAliases[base]; ok {
		base = a
	}
	if _, ok := simLanguages[base]; ok {
		return base
	}
	return ""
}

// simPageText picks the page's language: ?lang= on the URL, then the booking's language (which the
// shop chose by the customer's own rule, falling back to the company's default), then the browser's
// Accept-Language, then English.
func simPageText(r *http.Request, culture string) *simText {
	if l := simLanguageOf(r.URL.Query().Get("lang")); l != "" {
		return simLanguages[l]
	}
	if l := simLanguageOf(culture); l != "" {
		return simLanguages[l]
	}
	if l := acceptedSimLanguage(r.Header.Get("Accept-Language")); l != "" {
		return simLanguages[l]
	}
	return &simEN
}

// acceptedSimLanguage returns the most preferred of the seven in an Accept-Language header, or "".
func acceptedSimLanguage(header string) string {
	type choice struct {
		lang string
		q    float64
	}
	var choices []choice
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = f
		}
		if l := simLanguageOf(tag); l != "" && q > 0 {
			choices = append(choices, choice{l, q})
		}
	}
	sort.SliceStable(choices, func(i, j int) bool { return choices[i].q > choices[j].q })
	if len(choices) == 0 {
		return ""
	}
	return choices[0].lang
}

// Message returns msg in the page's language when it is one the page knows.
func (t *simText) Message(msg string) string {
	if m, ok := t.Messages[msg]; ok {
		return m
	}
	return msg
}
