// Package server wires Pitlane's services and HTTP layer with explicit constructor calls: the one
// constructor that `pitlane serve` (cmd/pitlane) and the load benchmark (bench/) both use, so that what
// the benchmark measures is what ships.
package server

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"pitlane/internal/frontdesk"
	"strings"
	"sync"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/billing"
	"pitlane/internal/captcha"
	"pitlane/internal/catalog"
	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/config"
	"pitlane/internal/errtrack"
	"pitlane/internal/event"
	"pitlane/internal/httpapi"
	"pitlane/internal/member"
	"pitlane/internal/metrics"
	"pitlane/internal/move"
	"pitlane/internal/notify"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
	"pitlane/internal/payment/stripegw"
	"pitlane/internal/problem"
	"pitlane/internal/realtime"
	"pitlane/internal/report"
	"pitlane/internal/sessions"
	"pitlane/internal/setup"
	"pitlane/internal/store"
	"pitlane/internal/terms"
	"pitlane/internal/waitlist"
	"pitlane/web"
)

// App holds the wired services of a running server.
type App struct {
	cfg      *config.Config
	db       *store.DB
	clk      clock.Clock
	log      *slog.Logger
	handler  http.Handler
	sessions *sessions.Service
	checkout *checkout.Service
	billing  *billing.Service
	captcha  *captcha.Service
	auth     *account.Auth
	staff    *adminapi.Server // the staff API, whose route table the tenant test walks
	sim      *simulated.Provider
	hub      *realtime.Hub
	mailer   notify.Sender // nil: no SMTP configured, mails stay in the outbox
	metrics  *metrics.Metrics
	errors   *errtrack.Tracker // Sentry, when PITLANE_SENTRY_DSN is set; nil otherwise
}

// New wires the services and the HTTP layer with explicit constructor calls. base is the public
// URL of the server, used in mails and payment returns.
func New(cfg *config.Config, db *store.DB, clk clock.Clock, log *slog.Logger, base string, opts ...Option) (*App, error) {
	a := &App{cfg: cfg, db: db, clk: clk, log: log}
	o := options{rateLimits: httpapi.DefaultRateLimits()}
	for _, opt := range opts {
		opt(&o)
	}
	if o.web == nil && cfg.WebDir != "" {
		// A build served from a directory (PITLANE_WEB_DIR): one without its pages is a mistake, not a
		// server that answers 503 on every page.
		dir := os.DirFS(cfg.WebDir)
		if _, err := fs.Stat(dir, "admin.html"); err != nil {
			return nil, fmt.Errorf("web dir %s is not a built web app: %w", cfg.WebDir, err)
		}
		o.web = dir
	}
	if o.web == nil {
		o.web = web.Dist()
	}
	db.SetWebURL(base) // the mails' links to a booking's page
	sim, err := simulated.New(db.SimPay(), simulated.Config{BaseURL: base, Secret: cfg.PaymentSecret, Clock: clk, Logger: log})
	if err != nil {
		return nil, fmt.Errorf("simulated payment provider: %w", err)
	}
	a.sim = sim
	gateways := map[string]payment.Gateway{simulated.Name: sim}
	if cfg.StripeSecretKey != "" {
		gateways[stripegw.Name] = stripegw.New(stripegw.Config{SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhook, Clock: clk})
	}
	if cfg.SMTPURL != "" {
		if a.mailer, err = notify.NewSMTPSender(cfg.SMTPURL, cfg.MailFrom); err != nil {
			return nil, fmt.Errorf("mail: %w", err)
		}
	}

	proxies, err := cfg.Proxies()
	if err != nil {
		return nil, err
	}
	if a.errors, err = errtrack.New(errtrack.Options{DSN: cfg.SentryDSN}); err != nil {
		return nil, err
	}
	a.sessions = sessions.NewService(db.Holds(), clk, cfg.HoldTTL)
	a.sessions.SetReuseTTL(sessions.ReuseTTL) // availability answers reused for 1 s (docs/architecture.md)
	a.checkout = checkout.NewService(checkout.Deps{Store: db.Checkout(), Staff: db.Bookings(), Clock: clk, Gateways: gateways, BaseURL: base, HoldTTL: cfg.HoldTTL, Logger: log, ReconcileAfter: cfg.ReconcileAfter})
	a.captcha = captcha.NewService(db.Secrets(), clk)
	// Live viewers: with PostgreSQL, joins cross instances through LISTEN/NOTIFY.
	a.hub = realtime.New(context.Background(), realtime.Options{DatabaseURL: cfg.DatabaseURL, Logger: log})
	a.metrics = metrics.New(db.SQL(), db, a.hub, log)
	a.billing = billing.NewService(db.Billing(), gateways, clk, log)
	a.auth, err = account.NewAuth(db.Staff(), clk, account.AuthConfig{
		Sessions: account.SessionPolicy{Idle: cfg.StaffSessionIdle, Max: cfg.StaffSessionMax},
		// past 5 failures of an account from anywhere, its sign-in asks for the public forms' proof of work
		Captcha: a.captcha,
		// TOTP per user and the company switch requiring it (issue 24)
		SecondFactor: db.SecondFactor(),
	})
	if err != nil {
		return nil, err
	}
	profiles := account.NewProfiles(db.Profiles(), clk)
	publi := company.NewPubliService(db.Publi(), db.Companies().LandingButtons, clk.Now)
	wl := waitlist.NewService(db.Waitlist(), a.sessions, a.captcha, clk) // the waiting list: customers and staff
	staffAPI := adminapi.New(adminapi.Deps{
		Logger:        log,
		Clock:         clk,
		SecureCookies: strings.HasPrefix(base, "https://"),
		PublicOrigins: []string{base},
		MaxBodyBytes:  cfg.MaxBodyBytes,
		// auth: sign-in, sessions, memberships and the audit log
		Auth:       a.auth,
		ClientAddr: httpapi.ClientAddrFunc(proxies),
		// bookings: the bookings section and staff cancellation
		Bookings: a.checkout,
		// billing: sales, refunds
		Billing: a.billing,
		Desk:    a.billing,
		// the counter's day: arrival marks and the Today view, kept live through the realtime hub
		FrontDesk: frontdesk.NewService(db.FrontDesk(), clk),
		Live:      a.hub,
		// reports: KPIs
		Reports: report.NewService(db.Reports()),
		// catalogue: categories, products, packs, images; a write drops the company's reused availability
		Catalog: catalog.NewAdminService(db.CatalogAdmin(), db.Categories(), db.Media(), clk, func(ctx context.Context, id int64) {
			token, err := db.CatalogAdmin().CompanyToken(ctx, id)
			if err != nil {
				token = "" // not known: drop every company's reused answers rather than keep stale prices
			}
			a.sessions.CompanyChanged(token)
		}),
		// events and advertising (issue 15): the create-event and advertising dialogs
		Events: event.NewCreator(db.EventSite(), clk, base),
		Publi:  publi,
		// settings: booking settings and schedules; a save drops the company's reused availability answers
		Settings: setup.NewService(db.Settings(), clk, a.sessions.CompanyChanged),
		// my account: name, e-mail, password
		Account:       profiles,
		SecondFactors: account.NewSecondFactors(db.SecondFactor(), profiles, clk),
		// the team: members, invitations and the invitation page
		Team:      account.NewTeamService(db.Team(), clk),
		Resets:    account.NewResets(db.Resets(), clk),
		Terms:     terms.NewAdmin(db.Companies(), clk),
		Checklist: db.Companies(),
		Waitlist:  wl,
		// moving a booking to another session: planned as a hold, taken and given back by the store
		Moves: move.NewService(db.Bookings(), a.sessions, clk),
		// the SUPERADMIN's Company tab and the installations screen; a save drops the reused answers
		CompanySettings: company.NewSettingsService(db.CompanySettings(), clk.Now, a.sessions.CompanyChanged),
		Installations: setup.NewInstallations(db.Installations(), clk.Now, func(id int64) {
			token, err := db.CatalogAdmin().CompanyToken(context.Background(), id)
			if err != nil {
				token = ""
			}
			a.sessions.CompanyChanged(token)
		}),
		// a member's sessions (Team tab, My account) and the company's personal API tokens
		Access: account.NewAccess(db.Access(), clk, account.SessionPolicy{Idle: cfg.StaffSessionIdle, Max: cfg.StaffSessionMax}),
	})
	a.staff = staffAPI
	h := httpapi.New(httpapi.Deps{
		Logger:         log,
		DB:             db,
		Web:            o.web,
		MaxBodyBytes:   cfg.MaxBodyBytes,
		Companies:      company.NewService(db.Companies()),
		Catalog:        catalog.NewService(db.Catalog(), clk),
		Sessions:       a.sessions,
		Checkout:       a.checkout,
		Events:         event.NewService(db.EventSite(), checkout.NewEventCheckout(a.checkout, db.Checkout()), clk, cfg.HoldTTL),
		SimPay:         sim,
		DevMail:        cfg.Demo,
		Outbox:         db.Outbox(),
		Members:        member.NewService(db.Members(), clk),
		Terms:          terms.NewService(db.Companies()),
		Captcha:        a.captcha,
		Problems:       problem.NewService(db.ProblemDesk(), a.captcha, clk),
		Waitlist:       wl,
		Publi:          publi,
		RateLimits:     o.rateLimits,
		TrustedProxies: proxies,
		Realtime:       a.hub,
		Admin:          staffAPI,
		StaffAuth:      a.auth, // a staff member taking a booking at the desk (saveBooking)
		Metrics:        a.metrics,
		MetricsOnMain:  cfg.MetricsAddr == "",
		Errors:         a.errors,
		PublicOrigins:  []string{base},
		SecureCookies:  strings.HasPrefix(base, "https://"),
	})
	a.handler = h
	return a, nil
}

// StartJobs starts the periodic background jobs; the returned group finishes when ctx is cancelled.
// Several instances may run the same jobs: each is idempotent or claims its work with a lease.
func (a *App) StartJobs(ctx context.Context) *sync.WaitGroup {
	var wg sync.WaitGroup
	run := func(name string, interval time.Duration, fn func() (int64, error)) {
		if interval <= 0 {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			every(ctx, interval, func() {
				n, err := fn()
				if err != nil && ctx.Err() == nil {
					a.log.Warn("job failed", "job", name, "error", err)
				} else if n > 0 {
					a.log.Info("job done", "job", name, "count", n)
				}
			})
		}()
	}
	// Dead holds are never counted; deleting them an hour late keeps rows for support questions.
	run("housekeeping", a.cfg.Housekeeping, func() (int64, error) {
		n, err := a.sessions.Housekeep(ctx, time.Hour)
		if err != nil {
			return n, err
		}
		m, err := a.captcha.Housekeep(ctx)
		if err != nil {
			return n + m, err
		}
		k, err := a.auth.Housekeep(ctx) // ended staff sessions, sign-in failures out of the window
		return n + m + k, err
	})
	// Offers of the waiting list that ran out pass to the next entry lazily, when someone asks for the
	// session (store.reclaimSlot); this job does it for the sessions nobody asks for.
	run("waiting list", 30*time.Second, func() (int64, error) {
		n, err := a.db.Waitlist().Sweep(ctx, a.clk.Now())
		return int64(n), err
	})
	run("payment reconciliation", a.cfg.Reconcile, func() (int64, error) {
		n, err := a.checkout.Reconcile(ctx)
		return int64(n), err
	})
	// A staff refund left pending (the process stopped mid-way) is settled by asking its provider again.
	run("refund reconciliation", a.cfg.Reconcile, func() (int64, error) {
		n, err := a.billing.ResolvePending(ctx)
		return int64(n), err
	})
	run("simulated provider notifications", 30*time.Second, func() (int64, error) {
		n, err := a.sim.DeliverPending(ctx)
		return int64(n), err
	})
	if a.mailer != nil {
		w := notify.NewWorker(a.db.Outbox(), a.mailer, a.clk, a.log)
		wg.Add(1)
		go func() { defer wg.Done(); w.Run(ctx, 10*time.Second) }()
	}
	return &wg
}

// Close releases what the services hold, after the HTTP server stopped (Shutdown does not track
// upgraded websockets: closing the hub ends them with "going away").
func (a *App) Close() {
	a.sim.Close()
	_ = a.hub.Close()
	a.errors.Flush(2 * time.Second) // events still queued for Sentry
}

// every runs fn every interval until ctx is cancelled.
func every(ctx context.Context, interval time.Duration, fn func()) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}
