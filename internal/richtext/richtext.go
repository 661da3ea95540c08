// Package richtext makes staff-written rich text (a company's terms and conditions) safe to render on a
// public page: HTML sanitised by one bluemonday policy, and older plain texts turned into paragraphs.
package richtext

import (
	"html"
	"regexp"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

// Direction is the dir attribute's values kept: the rich-text editor writes dir="auto" on every
// paragraph, so that each runs in its own text's direction.
var Direction = regexp.MustCompile(`^(?i:rtl|ltr|auto)$`)

var policy = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowAttrs("dir").Matching(Direction).Globally()
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.AddTargetBlankToFullyQualifiedLinks(false)
	return p
})

// Sanitize returns s safe to render on a public page: bluemonday's UGC policy (no scripts, styles, event
// handlers, forms or frames; links only to http, https, mailto or relative addresses, with
// rel="nofollow" and rel="noopener" when they open a new tab), plus dir="auto".
func Sanitize(s string) string {
	return strings.TrimSpace(policy().Sanitize(s))
}

// markup recognises a text that is HTML: it has an element's start or end tag.
var markup = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9]*[\s/>]`)

// IsHTML reports whether s is written as HTML rather than as plain text.
func IsHTML(s string) bool { return markup.MatchString(s) }

// FromPlain writes a plain text as HTML: its blank-line-separated paragraphs as <p dir="auto">, single line
// breaks as <br>, every character escaped.
func FromPlain(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	var b strings.Builder
	for _, para := range regexp.MustCompile(`\n\s*\n`).Split(s, -1) {
		para = strings.TrimSpace(para)
		if para == "" {
			continue
		}
		lines := strings.Split(para, "\n")
		for i, l := range lines {
			lines[i] = html.EscapeString(strings.TrimSpace(l))
		}
		b.WriteString(`<p dir="auto">` + strings.Join(lines, "<br>") + "</p>")
	}
	return b.String()
}

// HTML returns a stored text as safe HTML: sanitised when it is HTML, made into paragraphs when it is
// plain text (terms written before the rich-text editor).
func HTML(s string) string {
	if IsHTML(s) {
		return Sanitize(s)
	}
	return FromPlain(s)
}
