package server

import (
	"io/fs"
	"net/http"

	"pitlane/internal/adminapi"
	"pitlane/internal/httpapi"
	"pitlane/internal/metrics"
	"pitlane/internal/sessions"
)

// Option adjusts what New wires, for the few callers that are not a server facing the internet.
type Option func(*options)

type options struct {
	rateLimits httpapi.RateLimits
	web        fs.FS // nil: the web app built into the binary
}

// WithWeb serves files as the web app instead of the one built into the binary: a test of the pages'
// statuses runs without a build.
func WithWeb(files fs.FS) Option {
	return func(o *options) { o.web = files }
}

// WithoutRateLimits turns the per-client limits of the public routes off (httpapi.RateLimits.Disabled):
// a load benchmark sends the load of many clients from one address.
func WithoutRateLimits() Option {
	return func(o *options) { o.rateLimits = httpapi.RateLimits{Disabled: true} }
}

// Handler is the whole HTTP layer: the JSON API, the staff API and the web app.
func (a *App) Handler() http.Handler { return a.handler }

// Sessions is the sessions engine as wired (availability answers reused for sessions.ReuseTTL).
func (a *App) Sessions() *sessions.Service { return a.sessions }

// Staff is the staff API, whose route table the tenant tests walk.
func (a *App) Staff() *adminapi.Server { return a.staff }

// Metrics records requests and serves the Prometheus page.
func (a *App) Metrics() *metrics.Metrics { return a.metrics }
