package httpx

import (
	"net/http"
	"net/url"
	"strings"
)

// The staff session cookie and the origin rule, shared by the staff API (internal/adminapi) and the one
// booking call that honours the cookie (saveBooking, a booking taken at the desk: internal/httpapi).

// StaffCookieName is the staff session cookie's name. Behind https it carries the __Host- prefix, so a
// browser accepts it only when Secure, for the whole host (Path=/) and without a Domain: a sibling
// subdomain cannot plant or shadow it.
func StaffCookieName(secure bool) string {
	if secure {
		return "__Host-pitlane_staff"
	}
	return "pitlane_staff"
}

// StaffCookie returns the request's staff session token from the cookie, "" without one.
func StaffCookie(r *http.Request, secure bool) string {
	if c, err := r.Cookie(StaffCookieName(secure)); err == nil {
		return c.Value
	}
	return ""
}

// SameOrigin reports whether the request's Origin (or, without one, its Referer) is this site: the
// request's own host or one of the public origins (the base URL). Behind https (secure) the scheme must
// be https as well: a page served over plain http on the same host is another origin.
func SameOrigin(r *http.Request, publicOrigins []string, secure bool) bool {
	origin := r.Header.Get("Origin")
	if origin == "" || origin == "null" {
		ref, err := url.Parse(r.Header.Get("Referer"))
		if err != nil || ref.Host == "" {
			return false
		}
		origin = ref.Scheme + "://" + ref.Host
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) && (!secure || strings.EqualFold(u.Scheme, "https")) {
		return true
	}
	for _, o := range publicOrigins {
		if p, err := url.Parse(o); err == nil && strings.EqualFold(p.Scheme, u.Scheme) && strings.EqualFold(p.Host, u.Host) {
			return true
		}
	}
	return false
}
