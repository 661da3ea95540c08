package company

import (
	"net/url"
	"strings"

	"pitlane/internal/apperr"
)

// SafeLink reports whether a company-provided link (a landing button, an event's landing link, the web
// or newsletter address) may be put in an href: an absolute http or https URL with a host, or a path on
// this site ("/…", not "//…", which a browser reads as another host). Every other scheme — javascript:,
// data:, vbscript:, and the same hidden behind case, whitespace, control characters or entities that a
// browser would strip — is refused. The empty link is safe: it renders as a disabled button.
func SafeLink(link string) bool {
	if link == "" {
		return true
	}
	for _, r := range link {
		// Browsers strip tabs and newlines inside URLs and trim control characters and spaces: refusing
		// them leaves nothing for a browser to reassemble into "javascript:".
		if r <= 0x20 || r == 0x7f || r == '\\' {
			return false
		}
	}
	if strings.HasPrefix(link, "/") {
		return !strings.HasPrefix(link, "//")
	}
	u, err := url.Parse(link)
	if err != nil {
		return false
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && strings.HasPrefix(strings.ToLower(link), u.Scheme+"://")
}

// CheckLink returns apperr.Unprocessable naming field when link is not a SafeLink.
func CheckLink(field, link string) error {
	if SafeLink(link) {
		return nil
	}
	return apperr.WithFields(apperr.Unprocessable, "The link is not allowed.",
		map[string]string{field: "must be an http(s) address or a path on this site"})
}

// SafeOrEmpty returns link if it is a SafeLink and "" otherwise: a link written before the check, or
// behind its back, renders as a disabled button instead of reaching an href.
func SafeOrEmpty(link string) string {
	if SafeLink(link) {
		return link
	}
	return ""
}

// SafePtr is SafeOrEmpty for an optional link: an unsafe one becomes nil.
func SafePtr(link *string) *string {
	if link == nil || SafeLink(*link) {
		return link
	}
	return nil
}

// CheckCompanyLinks returns apperr.Unprocessable naming the first company-provided link of c that is not
// a SafeLink: the web and newsletter addresses and the advertising banners' links.
func CheckCompanyLinks(c Company) error {
	for field, link := range map[string]*string{"webUrl": c.WebURL, "newsletterUrl": c.NewsletterURL,
		"publi.hyperlinkLeft": c.Publi.HyperlinkLeft, "publi.hyperlinkRight": c.Publi.HyperlinkRight} {
		if link != nil {
			if err := CheckLink(field, *link); err != nil {
				return err
			}
		}
	}
	return nil
}
