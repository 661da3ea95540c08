// Package adminapi is the staff API of the back office: its own route table (routes.go), the staff
// session, CSRF and company-role middleware (scope.go) that every staff route goes through, and one
// file per resource. It shares the JSON and error helpers of the customer API through internal/httpx,
// and is mounted on the same /api/ mux by httpapi (Deps.Admin).
package adminapi

import (
	"log/slog"
	"net"
	"net/http"

	"pitlane/internal/clock"
)

// Deps is what the staff API needs, wired by cmd/pitlane.
type Deps struct {
	Logger *slog.Logger
	Clock  clock.Clock

	Auth     AuthService     // sign-in, sessions, memberships, the company header, audit log (auth.go)
	Bookings BookingsService // bookings, cart details, member, cancel, booking export (bookings.go)
	Billing  BillingService  // sales, refunds, billing export (billing.go)
	Desk     DeskService     // payments at the counter, corrections, cash-up (desk.go)
	Reports  ReportService   // KPIs and their daily series (kpi.go)
	Catalog  CatalogService  // categories, products, packs, images (catalog.go)
	Events   EventCreator    // the create-event dialog (events.go)
	Publi    PubliAdmin      // the advertising dialog (publi.go)
	Settings SettingsService // the settings dialog's booking settings and schedules (settings.go)
	Account  AccountService  // My account: the user's own name, e-mail and password (account.go)
	Team     TeamService     // the Team tab and the invitation page (team.go)
	Resets   ResetService    // forgot password: the reset link and its page (reset.go)
	Terms    TermsService    // the settings dialog's Terms tab (terms.go)
	// Checklist is the setup checklist a company sees until its first booking (setup_checklist.go).
	Checklist ChecklistReader
	Waitlist  WaitlistService // the waiting list per session and its settings (waitlist.go)
	Moves     MoveService     // moving a booking to another session (booking_move.go)
	// Access is a member's sessions and the company's personal API tokens (access.go).
	Access AccessService
	// FrontDesk is the counter's day: check-in and the Today view (frontdesk.go).
	FrontDesk FrontDeskService
	// Live carries change signals to open Today views (the realtime hub); nil: no live updates.
	Live LiveHub

	// SecureCookies marks the session cookie Secure (the public base URL is https).
	SecureCookies bool
	// PublicOrigins are the origins (scheme://host[:port]) a cookie-authenticated write may come from
	// besides the request's own host: the public base URL.
	PublicOrigins []string
	// MaxBodyBytes bounds request bodies (the company-id peek reads at most this much).
	MaxBodyBytes int64
	// ClientAddr names the client of a request for the sign-in throttle (httpapi.ClientAddrFunc: the
	// peer, or the client a trusted proxy names); nil uses the peer's address.
	ClientAddr func(*http.Request) string
}

// Server is the staff API.
type Server struct {
	deps Deps
}

// New returns the staff API over its dependencies.
func New(deps Deps) *Server {
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Clock == nil {
		deps.Clock = clock.System{}
	}
	if deps.MaxBodyBytes <= 0 {
		deps.MaxBodyBytes = 1 << 20
	}
	if deps.ClientAddr == nil {
		deps.ClientAddr = peerAddr
	}
	return &Server{deps: deps}
}

// Register adds every staff route to mux (the customer API's /api/ mux): the public sign-in routes
// as they are, every other route behind the scope middleware.
func (s *Server) Register(mux *http.ServeMux) {
	s.RegisterLimited(mux, func(h http.HandlerFunc) http.HandlerFunc { return h })
}

// RegisterLimited is Register with the routes whose path carries a secret (the invitation page's
// token) wrapped by guess, the public API's limiter for such calls (httpapi's RateGuess: a client may
// try a few tokens a minute, as with cancel links).
func (s *Server) RegisterLimited(mux *http.ServeMux, guess func(http.HandlerFunc) http.HandlerFunc) {
	for _, rt := range s.publicRoutes() {
		if rt.secret {
			mux.HandleFunc(rt.Pattern, guess(rt.handle))
			continue
		}
		mux.HandleFunc(rt.Pattern, rt.handle)
	}
	for _, rt := range s.assetRoutes() {
		mux.HandleFunc(rt.Pattern, rt.handle)
	}
	for _, rt := range s.Routes() {
		mux.Handle(rt.Pattern, s.scoped(rt))
	}
}

// peerAddr is the request's peer address without its port.
func peerAddr(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}
