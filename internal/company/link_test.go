package company

import (
	"testing"

	"pitlane/internal/apperr"
)

// linkPayloads are script-carrying links from the OWASP XSS Filter Evasion Cheat Sheet and its URL
// classics: other schemes, the same hidden behind case, whitespace, control characters, entities and
// encodings, and protocol-relative addresses that leave the site. None may reach an href.
var linkPayloads = []string{
	"javascript:alert(1)",
	"JaVaScRiPt:alert('XSS')",
	" javascript:alert(1)",
	"javascript :alert(1)",
	"java\tscript:alert(1)",
	"java\nscript:alert(1)",
	"java\rscript:alert(1)",
	"\x01javascript:alert(1)",
	"\u00a0javascript:alert(1)",
	"javascript://example.com/%0Aalert(1)",
	"javascript:/*http://x*/alert(1)",
	"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
	"&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)",
	"%6A%61%76%61%73%63%72%69%70%74:alert(1)",
	"data:text/html;base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K",
	"DATA:text/html,<script>alert(1)</script>",
	"vbscript:msgbox(1)",
	"livescript:alert(1)",
	"file:///etc/passwd",
	"//xss.example/x.js",
	"/\\xss.example",
	"\\\\xss.example",
	"http:alert(1)",
	"https:/xss.example",
	"http//xss.example",
	"ftp://xss.example/",
	"mailto:x@example.com?body=<script>",
	`"><script>alert(1)</script>`,
	"<IMG SRC=javascript:alert('XSS')>",
	"x",
}

// Only http(s) addresses with a host and paths on this site are links a company may give.
func TestSafeLinkRefusesThePayloads(t *testing.T) {
	for _, p := range linkPayloads {
		if SafeLink(p) {
			t.Errorf("SafeLink(%q) = true", p)
		}
		if got := SafeOrEmpty(p); got != "" {
			t.Errorf("SafeOrEmpty(%q) = %q", p, got)
		}
		err := CheckLink("link", p)
		if !apperr.Is(err, apperr.Unprocessable) {
			t.Errorf("CheckLink(%q) = %v, want 422", p, err)
		}
	}
	for _, ok := range []string{"", "https://circuito-norte.example/cumpleanos", "http://example.com", "HTTPS://EXAMPLE.COM/x?y=1#z",
		"/norte-key-123", "/event/abc?x=1", "/norte-key/landingEvents"} {
		if !SafeLink(ok) || SafeOrEmpty(ok) != ok || CheckLink("link", ok) != nil {
			t.Errorf("SafeLink(%q) refused a good link", ok)
		}
	}
}

// The public config never carries a stored link that slipped past the write check, and the company's
// own links are checked together when it is written.
func TestConfigDropsUnsafeLinks(t *testing.T) {
	bad, good := "javascript:alert(1)", "https://example.com/x"
	cfg := ConfigOf(Company{Publi: Publi{HyperlinkLeft: &bad, HyperlinkRight: &good}},
		[]LandingButton{{Title: "a", Link: bad}, {Title: "b", Link: "/key-12345"}, {Title: "c", Link: "data:text/html,x"}})
	if cfg.Landing[0].Link != "" || cfg.Landing[1].Link != "/key-12345" || cfg.Landing[2].Link != "" {
		t.Errorf("landing links %q %q %q", cfg.Landing[0].Link, cfg.Landing[1].Link, cfg.Landing[2].Link)
	}
	if cfg.Publi.HyperlinkLeft != nil || cfg.Publi.HyperlinkRight == nil || *cfg.Publi.HyperlinkRight != good {
		t.Errorf("publi links %v %v", cfg.Publi.HyperlinkLeft, cfg.Publi.HyperlinkRight)
	}
	if err := CheckCompanyLinks(Company{NewsletterURL: &bad}); !apperr.Is(err, apperr.Unprocessable) {
		t.Errorf("a javascript: newsletter address: %v", err)
	}
	if err := CheckCompanyLinks(Company{WebURL: &good, NewsletterURL: &good}); err != nil {
		t.Errorf("good addresses: %v", err)
	}
}
