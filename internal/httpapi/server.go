// Package httpapi is Pitlane's HTTP layer: the route table, middleware, JSON decoding and encoding,
// the one table from error code to status, and one file per resource. Handlers read like
// decode → validate → call the service → encode.
package httpapi

import (
	"context"
	"embed"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"pitlane/internal/catalog"
	"pitlane/internal/company"
	"pitlane/internal/errtrack"
	"pitlane/internal/metrics"
)

// CompanyService answers the public per-company configuration.
type CompanyService interface {
	// Config returns the configuration of the company with the public key; apperr.NotFound if none.
	Config(ctx context.Context, publicKey string) (company.Config, error)
}

// CatalogService lists what a company sells.
type CatalogService interface {
	// Products returns the company's bookable and event products; apperr.NotFound if no such company.
	Products(ctx context.Context, companyID int64) (catalog.ProductList, error)
}

// StaffAPI is the back office's API, which adds its own routes to the /api/ mux.
type StaffAPI interface {
	Register(mux *http.ServeMux)
}

// Deps is what the HTTP layer needs, wired by cmd/pitlane.
type Deps struct {
	Logger       *slog.Logger
	DB           Pinger
	Web          fs.FS
	MaxBodyBytes int64
	Companies    CompanyService
	Catalog      CatalogService
	Sessions     SessionsService
	Events       EventService    // events, event registration and landing pages
	SimPay       SimPayService   // the simulated provider's hosted card page; nil when it is not in use
	DevMail      bool            // --demo: serve the outbox at /dev/mail; without it /dev/ answers 404
	Outbox       DevMailStore    // the outbox the dev mail pages read (needed when DevMail)
	Members      MemberService   // member lookup by e-mail and unsubscribe links
	Terms        TermsService    // terms and conditions per company and culture
	Captcha      CaptchaService  // ALTCHA challenges for the problem report
	Problems     ProblemService  // problem reports from the footer
	Waitlist     WaitlistService // the waiting list of full sessions; nil leaves its routes out
	Publi        PubliPublic     // the company's public data (kiosk) and advertising images; nil leaves them out
	RateLimits   RateLimits      // per-client limits of public routes; the zero value limits nothing
	// TrustedProxies are the load balancers whose X-Forwarded-For names the real client.
	TrustedProxies []netip.Prefix

	// Checkout: carts, discounts, save booking, payment notifications, booking status, cancellation.
	Checkout CheckoutService

	// Metrics records requests and serves /metrics (nil: no metrics). MetricsOnMain serves them on the
	// main address, to loopback clients only (PITLANE_METRICS_ADDR unset).
	Metrics       *metrics.Metrics
	MetricsOnMain bool
	// Errors forwards the web apps' error reports, panics and 5xx answers to Sentry (nil: nowhere).
	Errors *errtrack.Tracker

	// Admin is the staff API (internal/adminapi), mounted on the same /api/ mux; nil leaves it out.
	Admin StaffAPI
	// StaffAuth resolves the staff session cookie sent with saveBooking (a staff member taking a
	// booking at the desk); nil: every booking is a customer's.
	StaffAuth StaffSessions

	Realtime      RealtimeHub // live viewers over the /ws socket; nil leaves /ws unrouted
	PublicOrigins []string    // origins allowed to open /ws besides the request's own host (the base URL)
	// SecureCookies: the public base URL is https. The staff cookie is then read by its __Host- name,
	// the origin rule wants https, and answers carry Strict-Transport-Security.
	SecureCookies bool
}

// Server is the HTTP API and web app server.
type Server struct {
	deps    Deps
	handler http.Handler
	limiter *rateLimiter      // per-client token buckets of the limited routes
	locales map[string]string // language code → the web app's script with its booking-page texts
}

// New builds the server's handler from its dependencies.
func New(deps Deps) *Server {
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Web == nil {
		deps.Web = embed.FS{} // no web app: every page answers that it is not built
	}
	if deps.MaxBodyBytes <= 0 {
		deps.MaxBodyBytes = 1 << 20
	}
	s := &Server{deps: deps, limiter: newRateLimiter(deps.RateLimits, time.Now), locales: localeChunks(deps.Web)}
	s.handler = s.routes()
	return s
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }
