package httpapi

import (
	"regexp"
	"strings"
)

// The single-page fallback serves the customer app only for the app's own routes
// (web/src/app/routes.tsx); any other path answers 404 with the same page, whose router then shows
// 'Page not found'. A route under a company key (/{key}, /{key}/landing, /{key}/landingEvents) is known
// only when a company has that key: one indexed read, the one the booking page's preload hints make.

// pageSegment is what one variable segment of a known route can be (an event key, a cancellation or
// unsubscribe token): URL-safe characters only.
var pageSegment = regexp.MustCompile(`^[A-Za-z0-9_.~-]{1,200}$`)

// pageKind is how the fallback treats a page path.
type pageKind int

const (
	pageUnknown     pageKind = iota // no route of the app: 404
	pageApp                         // a route of the app: 200
	pageCompany                     // a route under a company key: 200 if the company exists
	pageCompanyBook                 // the company's booking page /{key}: as pageCompany, with preload hints
)

// classifyPage tells what a cleaned page path (without its leading slash) is and, for a company's page,
// its key.
func classifyPage(name string) (pageKind, string) {
	if name == "" || name == "index.html" {
		return pageApp, ""
	}
	seg := strings.Split(name, "/")
	for _, s := range seg {
		if !pageSegment.MatchString(s) {
			return pageUnknown, ""
		}
	}
	switch len(seg) {
	case 1:
		if appPages[name] {
			return pageApp, ""
		}
		if key, ok := bookingPageKey(name); ok {
			return pageCompanyBook, key
		}
	case 2:
		switch seg[0] {
		case "event", "events", "cancelBooking", "kiosk":
			return pageApp, ""
		}
		if (seg[1] == "landing" || seg[1] == "landingEvents") && companyKeyPattern.MatchString(seg[0]) && !appPages[seg[0]] {
			return pageCompany, seg[0]
		}
	case 3:
		if (seg[0] == "event" && seg[2] == "register") || (seg[0] == "member" && seg[1] == "unsubscribe") {
			return pageApp, ""
		}
	}
	return pageUnknown, ""
}
