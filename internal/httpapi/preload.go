package httpapi

import (
	"context"
	"encoding/json"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
)

// The booking page's first requests are its company's configuration, its products and the script with
// its language's texts; the app can ask for them only once its own scripts have run and the
// configuration has arrived, two round trips after the page. Sent as Link preload headers with the page,
// they are fetched alongside the scripts instead (docs/performance.md). Finding them costs the page one
// indexed read of the company (the products themselves are not read here: that would double the
// catalogue's queries of every visit for the sake of one image hint).

// companyKeyPattern is what a company's public key in a booking page's path can be: URL-safe
// characters only, so it goes into a Link header as it is.
var companyKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,200}$`)

// appPages are the web app's own single-segment routes, which are not booking pages.
var appPages = map[string]bool{"login": true, "admin": true, "terms": true, "success": true}

// sameOriginPath is a path the server may name in a Link header: on this server, without characters
// that would end the header's URL.
var sameOriginPath = regexp.MustCompile(`^/[A-Za-z0-9._~/%-]+$`)

// languageAliases are the older short culture names in company data, mapped to the language they
// mean, as the web app maps them (web/src/lib/i18n/languages.ts).
var languageAliases = map[string]string{"gb": "en", "dk": "da", "sa": "ar", "se": "sv", "no": "nb", "nn": "nb"}

// preloadBudget bounds the lookups behind the hints: the page is never held up longer than this.
const preloadBudget = 300 * time.Millisecond

// bookingPageKey returns the company key of a booking page path ("KEY", the cleaned path without its
// leading slash), and whether the path is one.
func bookingPageKey(name string) (string, bool) {
	if appPages[name] || !companyKeyPattern.MatchString(name) {
		return "", false
	}
	return name, true
}

// localeChunks maps a language code to the web app's script with that language's booking-page texts
// (the chunk vite.config.ts names locale-<code>), read from the build's manifest; English has none
// (it is in the entry script).
func localeChunks(files fs.FS) map[string]string {
	b, err := fs.ReadFile(files, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var manifest map[string]struct {
		File string `json:"file"`
		Name string `json:"name"`
	}
	if json.Unmarshal(b, &manifest) != nil {
		return nil
	}
	out := map[string]string{}
	for _, chunk := range manifest {
		if code, ok := strings.CutPrefix(chunk.Name, "locale-"); ok && len(code) == 2 && sameOriginPath.MatchString("/"+chunk.File) {
			out[code] = "/" + chunk.File
		}
	}
	return out
}

// languageCode is the web app's language code for a culture ("es-ES" → "es").
func languageCode(culture string) string {
	primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(strings.ReplaceAll(culture, "_", "-"))), "-")
	if alias, ok := languageAliases[primary]; ok {
		return alias
	}
	return primary
}

// bookingPreloads tells whether a company has this key and lists the Link header values for its booking
// page: its configuration always, and, when the company is found within the budget, its products and its
// language's texts. Only a definite "no such company" makes the key unknown: a slow or failing read
// serves the page, whose own call for the configuration then decides.
func (s *Server) bookingPreloads(ctx context.Context, key string) ([]string, bool) {
	links := []string{"</api/config/" + key + ">; rel=preload; as=fetch; crossorigin=anonymous"}
	if s.deps.Companies == nil {
		return links, true
	}
	ctx, cancel := context.WithTimeout(ctx, preloadBudget)
	defer cancel()
	cfg, err := s.deps.Companies.Config(ctx, key)
	if err != nil {
		return links, !apperr.Is(err, apperr.NotFound)
	}
	links = append(links, "</api/product?idCompany="+strconv.FormatInt(cfg.IDCompany, 10)+">; rel=preload; as=fetch; crossorigin=anonymous")
	if chunk, ok := s.locales[languageCode(cfg.DefaultCulture)]; ok {
		links = append(links, "<"+chunk+">; rel=modulepreload")
	}
	return links, true
}

// pageKnown tells the web app's fallback whether the event, the booking (by its cancel token) or the
// member (by its unsubscribe key) a page names exists, with a read that changes nothing. A read that
// cannot decide in time (or a server without the service) serves the page: its own call then tells.
func (s *Server) pageKnown(ctx context.Context, kind pageKind, key string) bool {
	ctx, cancel := context.WithTimeout(ctx, preloadBudget)
	defer cancel()
	var err error
	switch kind {
	case pageEvent:
		if s.deps.Events == nil {
			return true
		}
		_, err = s.deps.Events.Info(ctx, key)
	case pageCancel:
		if s.deps.Checkout == nil {
			return true
		}
		_, err = s.deps.Checkout.CancelPreview(ctx, key)
	case pageUnsubscribe:
		if s.deps.Members == nil {
			return true
		}
		var known bool
		if known, err = s.deps.Members.KnownKey(ctx, key); err == nil {
			return known
		}
	default:
		return true
	}
	return !apperr.Is(err, apperr.NotFound)
}
