package event

import (
	"regexp"
	"sync"

	"github.com/microcosm-cc/bluemonday"

	"pitlane/internal/richtext"
)

// templatePolicy is built once: a bluemonday policy is safe for concurrent use after construction.
var templatePolicy = sync.OnceValue(newTemplatePolicy)

// safeStyles are the CSS properties an event template may set in a style attribute. bluemonday
// checks each value with its own per-property rules, so url(…), expression(…) and the like are
// dropped.
var safeStyles = []string{
	"color", "background-color", "text-align", "text-decoration", "font-weight", "font-style",
	"font-size", "line-height", "margin", "margin-top", "margin-bottom", "margin-left", "margin-right",
	"padding", "padding-top", "padding-bottom", "padding-left", "padding-right", "border",
	"border-radius", "width", "max-width", "height", "display", "vertical-align", "list-style-type",
}

// newTemplatePolicy is the policy for admin-written event templates: bluemonday's UGC policy (no
// scripts, no event handlers, links and images only with http, https, mailto or relative URLs —
// no javascript: or data: URLs), plus style attributes limited to safeStyles, and links that may
// open in a new tab: target="_blank" is kept, and every such link gets rel="noopener" (and
// "nofollow", as every link does).
func newTemplatePolicy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowStyles(safeStyles...).Globally()
	// The rich-text editor writes dir="auto" on each paragraph: each runs in its own text's direction.
	p.AllowAttrs("dir").Matching(richtext.Direction).Globally()
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^_blank$`)).OnElements("a")
	p.AllowElements("section", "article", "header", "footer", "figure", "figcaption", "span", "div")
	return p
}

// SanitizeTemplate returns html made safe to render on a public page (see newTemplatePolicy).
// Event templates are sanitised when written and again when served.
func SanitizeTemplate(html string) string {
	return templatePolicy().Sanitize(html)
}
