// Package errtrack forwards errors to Sentry when the operator sets PITLANE_SENTRY_DSN: the web apps'
// reports (POST /api/client-errors, already stripped of personal data by the browser and by httpapi)
// and the server's own panics and 5xx answers. There is no Sentry SDK in the web bundle: the browser
// reports to the server only, and the server forwards (docs/architecture.md, "Error intake").
//
// Events carry no request headers, cookies, query strings, bodies or client addresses: only the route
// pattern, the status, the request id and the error text.
package errtrack

import (
	"fmt"
	"strconv"
	"time"

	"github.com/getsentry/sentry-go"
)

// Options configure the forwarding.
type Options struct {
	DSN         string // Sentry's project DSN (e.g. https://key@o1.ingest.sentry.io/2)
	Environment string // shown in Sentry; "" leaves it unset
	Release     string // the build; "" lets the SDK take the binary's VCS revision
}

// Tracker sends events to Sentry. A nil *Tracker sends nothing, so callers need no check.
type Tracker struct {
	client *sentry.Client
}

// New returns a tracker for opts.DSN, or nil (forward nothing) when the DSN is empty. A malformed DSN is
// an error, so a typo fails the start-up instead of silently losing every event.
func New(opts Options) (*Tracker, error) {
	if opts.DSN == "" {
		return nil, nil
	}
	client, err := sentry.NewClient(sentry.ClientOptions{
		Dsn:         opts.DSN,
		Environment: opts.Environment,
		Release:     opts.Release,
		// Nothing collected automatically: no user, cookies, headers, bodies or query strings (the events
		// are built here from cleaned fields; scrub is the second belt).
		DataCollection: &sentry.DataCollection{
			UserInfo:    sentry.Set(false),
			Cookies:     &sentry.KeyValueCollectionBehavior{Mode: sentry.CollectionOff},
			HTTPHeaders: &sentry.HeaderCollectionConfig{Request: &sentry.KeyValueCollectionBehavior{Mode: sentry.CollectionOff}, Response: &sentry.KeyValueCollectionBehavior{Mode: sentry.CollectionOff}},
			HTTPBodies:  []sentry.BodyType{},
			QueryParams: &sentry.KeyValueCollectionBehavior{Mode: sentry.CollectionOff},
		},
		// No tracing, no logs: only error events.
		EnableTracing: false,
		BeforeSend:    scrub,
	})
	if err != nil {
		return nil, fmt.Errorf("PITLANE_SENTRY_DSN: %w", err)
	}
	return &Tracker{client: client}, nil
}

// scrub drops what an integration might have added that could identify a visitor.
func scrub(ev *sentry.Event, _ *sentry.EventHint) *sentry.Event {
	ev.User = sentry.User{}
	if ev.Request != nil {
		ev.Request = &sentry.Request{Method: ev.Request.Method, URL: ev.Request.URL}
	}
	return ev
}

// ClientError is a web app's report as httpapi accepted and cleaned it.
type ClientError struct {
	App, Kind, Message, Page, Call string
	Status                         int
	CallRequestID, Release         string
}

// ClientError forwards a web app's report as an error event grouped by app, kind, call and message.
func (t *Tracker) ClientError(c ClientError) {
	if t == nil {
		return
	}
	ev := sentry.NewEvent()
	ev.Level = sentry.LevelError
	ev.Platform = "javascript"
	ev.Logger = "client-errors"
	ev.Message = c.Message
	ev.Transaction = c.Page
	ev.Tags["source"] = "browser"
	ev.Tags["app"] = c.App
	ev.Tags["kind"] = c.Kind
	if c.Call != "" {
		ev.Tags["call"] = c.Call
	}
	if c.Status != 0 {
		ev.Tags["status"] = strconv.Itoa(c.Status)
	}
	if c.CallRequestID != "" {
		ev.Tags["request_id"] = c.CallRequestID
	}
	if c.Release != "" {
		ev.Tags["web_release"] = c.Release
	}
	ev.Fingerprint = []string{"client", c.App, c.Kind, c.Call, c.Message}
	t.client.CaptureEvent(ev, nil, sentry.NewScope())
}

// ServerError forwards a 5xx answer: route is the matched pattern ("GET /api/…"), detail the internal
// error's text or the panic's value ("" when only the status is known).
func (t *Tracker) ServerError(route, requestID string, status int, detail string) {
	if t == nil {
		return
	}
	msg := fmt.Sprintf("HTTP %d %s", status, route)
	if detail != "" {
		msg += ": " + detail
	}
	ev := sentry.NewEvent()
	ev.Level = sentry.LevelError
	ev.Logger = "http"
	ev.Message = msg
	ev.Transaction = route
	ev.Tags["source"] = "server"
	ev.Tags["status"] = strconv.Itoa(status)
	ev.Tags["request_id"] = requestID
	ev.Fingerprint = []string{"server", route, strconv.Itoa(status), detail}
	t.client.CaptureEvent(ev, nil, sentry.NewScope())
}

// Panic forwards a recovered panic with the stack of the goroutine that recovered it (called from the
// deferred recover, so the stack still holds the panicking frames).
func (t *Tracker) Panic(route, requestID string, value any) {
	if t == nil {
		return
	}
	text := fmt.Sprint(value)
	ev := sentry.NewEvent()
	ev.Level = sentry.LevelFatal
	ev.Logger = "http"
	ev.Message = "panic: " + text
	ev.Transaction = route
	ev.Exception = []sentry.Exception{{Type: "panic", Value: text, Stacktrace: sentry.NewStacktrace()}}
	ev.Tags["source"] = "server"
	ev.Tags["route"] = route
	ev.Tags["request_id"] = requestID
	t.client.CaptureEvent(ev, nil, sentry.NewScope())
}

// Flush waits up to timeout for queued events to leave; false when some did not.
func (t *Tracker) Flush(timeout time.Duration) bool {
	if t == nil {
		return true
	}
	return t.client.Flush(timeout)
}
