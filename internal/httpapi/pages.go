package httpapi

import (
	"regexp"
	"strings"
)

// The single-page fallback serves the customer app only for the app's own routes
// (web/src/app/routes.tsx); any other path answers 404 with the same page, whose router then shows
// 'Page not found'. A route under a company key (/{key}, /{key}/landing, /{key}/landingEvents,
// /events/{key}, /kiosk/{key}) is known only when a company has that key: one indexed read, the one the
// booking page's preload hints make. So are an event's pages (/event/{key}, /event/{key}/register), a
// cancel page (/cancelBooking/{token}) and an unsubscribe page (/member/unsubscribe/{key}): each is
// 200 only when its event, booking or member exists, found by a read that changes nothing.
// /index.html is not a page: it redirects to /.

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
	pageEvent                       // an event's page or its registration: 200 if the event exists
	pageCancel                      // a booking's cancel page: 200 if a booking has the token
	pageUnsubscribe                 // a member's unsubscribe page: 200 if a member has the key
)

// classifyPage tells what a cleaned page path (without its leading slash) is and, for a page of one
// thing (a company, an event, a booking, a member), that thing's key.
func classifyPage(name string) (pageKind, string) {
	if name == "" {
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
		case "event":
			return pageEvent, seg[1]
		case "cancelBooking":
			return pageCancel, seg[1]
		case "events", "kiosk": // the company's events calendar and its kiosk
			if companyKeyPattern.MatchString(seg[1]) {
				return pageCompany, seg[1]
			}
			return pageUnknown, ""
		}
		if (seg[1] == "landing" || seg[1] == "landingEvents") && companyKeyPattern.MatchString(seg[0]) && !appPages[seg[0]] {
			return pageCompany, seg[0]
		}
	case 3:
		if seg[0] == "event" && seg[2] == "register" {
			return pageEvent, seg[1]
		}
		if seg[0] == "member" && seg[1] == "unsubscribe" {
			return pageUnsubscribe, seg[2]
		}
		// The waiting list's mail links: the page itself tells an unknown or ended link.
		if seg[0] == "waitlist" && (seg[1] == "offer" || seg[1] == "leave") && waitlistToken.MatchString(seg[2]) {
			return pageApp, ""
		}
	}
	return pageUnknown, ""
}
