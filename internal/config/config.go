// Package config reads Pitlane's typed configuration from environment variables, each with a command-line
// flag twin and a default. Flags win over the environment. Secrets are masked when the config is logged.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"net/url"
	"reflect"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"
)

// Config is the server's configuration.
type Config struct {
	Addr            string        `env:"PITLANE_ADDR" envDefault:":8080"`
	DatabaseURL     string        `env:"PITLANE_DATABASE_URL" envDefault:"sqlite:data/pitlane.db"`
	BaseURL         string        `env:"PITLANE_BASE_URL"`
	Demo            bool          `env:"PITLANE_DEMO"`
	HoldTTL         time.Duration `env:"PITLANE_HOLD_TTL" envDefault:"10m"`
	LogLevel        string        `env:"PITLANE_LOG_LEVEL" envDefault:"info"`
	LogFormat       string        `env:"PITLANE_LOG_FORMAT" envDefault:"text"`
	MaxBodyBytes    int64         `env:"PITLANE_MAX_BODY_BYTES" envDefault:"1048576"`
	ShutdownTimeout time.Duration `env:"PITLANE_SHUTDOWN_TIMEOUT" envDefault:"20s"`
	Housekeeping    time.Duration `env:"PITLANE_HOUSEKEEPING_INTERVAL" envDefault:"1m"`
	// Reconcile is how often payments and refunds whose provider's answer is missing are checked with
	// the provider; a payment is checked once it waited ReconcileAfter for its notification.
	Reconcile       time.Duration `env:"PITLANE_RECONCILE_INTERVAL" envDefault:"1m"`
	ReconcileAfter  time.Duration `env:"PITLANE_RECONCILE_AFTER" envDefault:"5m"`
	SMTPURL         string        `env:"PITLANE_SMTP_URL"`
	MailFrom        string        `env:"PITLANE_MAIL_FROM" envDefault:"Pitlane <no-reply@pitlane.invalid>"`
	StripeSecretKey string        `env:"PITLANE_STRIPE_SECRET_KEY"`
	StripeWebhook   string        `env:"PITLANE_STRIPE_WEBHOOK_SECRET"`
	PaymentSecret   string        `env:"PITLANE_PAYMENT_SECRET"`
	TrustedProxies  string        `env:"PITLANE_TRUSTED_PROXIES"`
	MetricsAddr     string        `env:"PITLANE_METRICS_ADDR"`
	// SentryDSN: when set, the web apps' error reports and the server's panics and 5xx go to Sentry.
	SentryDSN string `env:"PITLANE_SENTRY_DSN"`
	// Staff sessions end after StaffSessionIdle without a request, and StaffSessionMax after sign-in.
	StaffSessionIdle time.Duration `env:"PITLANE_STAFF_SESSION_IDLE" envDefault:"2h"`
	StaffSessionMax  time.Duration `env:"PITLANE_STAFF_SESSION_MAX" envDefault:"12h"`
	// WebDir, when set, is a built web app (a web/dist) served instead of the one built into the binary:
	// the release test serves a second build at the same address (e2e/tests/admin-release-update.spec.ts).
	WebDir string `env:"PITLANE_WEB_DIR"`
}

// option describes one setting for the flag set and for --help.
type option struct {
	flag, env, usage string
	bind             func(fs *flag.FlagSet, name, usage string)
}

func (c *Config) options() []option {
	str := func(p *string) func(*flag.FlagSet, string, string) {
		return func(fs *flag.FlagSet, n, u string) { fs.StringVar(p, n, *p, u) }
	}
	dur := func(p *time.Duration) func(*flag.FlagSet, string, string) {
		return func(fs *flag.FlagSet, n, u string) { fs.DurationVar(p, n, *p, u) }
	}
	return []option{
		{"addr", "PITLANE_ADDR", "address to listen on", str(&c.Addr)},
		{"database-url", "PITLANE_DATABASE_URL", "sqlite:PATH for the embedded database, or postgres://… for PostgreSQL", str(&c.DatabaseURL)},
		{"base-url", "PITLANE_BASE_URL", "public URL of this server, for links in mails and payment returns (default: derived from the listen address)", str(&c.BaseURL)},
		{"demo", "PITLANE_DEMO", "seed the demo data when missing and print the demo URLs and logins", func(fs *flag.FlagSet, n, u string) { fs.BoolVar(&c.Demo, n, c.Demo, u) }},
		{"hold-ttl", "PITLANE_HOLD_TTL", "how long a pre-booking holds its places", dur(&c.HoldTTL)},
		{"log-level", "PITLANE_LOG_LEVEL", "debug, info, warn or error", str(&c.LogLevel)},
		{"log-format", "PITLANE_LOG_FORMAT", "text or json", str(&c.LogFormat)},
		{"max-body-bytes", "PITLANE_MAX_BODY_BYTES", "largest request body accepted", func(fs *flag.FlagSet, n, u string) { fs.Int64Var(&c.MaxBodyBytes, n, c.MaxBodyBytes, u) }},
		{"shutdown-timeout", "PITLANE_SHUTDOWN_TIMEOUT", "how long in-flight requests may take to finish on SIGTERM", dur(&c.ShutdownTimeout)},
		{"housekeeping-interval", "PITLANE_HOUSEKEEPING_INTERVAL", "how often expired pre-bookings are cleaned up (0 turns the job off)", dur(&c.Housekeeping)},
		{"reconcile-interval", "PITLANE_RECONCILE_INTERVAL", "how often payments and refunds still waiting for their provider's answer are checked with the provider (0 turns the job off)", dur(&c.Reconcile)},
		{"reconcile-after", "PITLANE_RECONCILE_AFTER", "how long a payment waits for its provider's notification before the provider is asked", dur(&c.ReconcileAfter)},
		{"smtp-url", "PITLANE_SMTP_URL", "smtp://user:password@host:port for outgoing mail (secret; empty keeps mails in the outbox)", str(&c.SMTPURL)},
		{"mail-from", "PITLANE_MAIL_FROM", "sender address of outgoing mail", str(&c.MailFrom)},
		{"stripe-secret-key", "PITLANE_STRIPE_SECRET_KEY", "Stripe secret API key (secret)", str(&c.StripeSecretKey)},
		{"stripe-webhook-secret", "PITLANE_STRIPE_WEBHOOK_SECRET", "Stripe webhook signing secret (secret)", str(&c.StripeWebhook)},
		{"trusted-proxies", "PITLANE_TRUSTED_PROXIES", "comma-separated addresses or CIDR ranges of load balancers whose X-Forwarded-For names the client", str(&c.TrustedProxies)},
		{"metrics-addr", "PITLANE_METRICS_ADDR", "address of a separate listener for /metrics (e.g. 127.0.0.1:9090); empty serves /metrics on the main address to loopback clients only", str(&c.MetricsAddr)},
		{"sentry-dsn", "PITLANE_SENTRY_DSN", "Sentry project DSN; when set, the web apps' error reports and the server's panics and 5xx answers are forwarded to Sentry (secret)", str(&c.SentryDSN)},
		{"staff-session-idle", "PITLANE_STAFF_SESSION_IDLE", "a staff session ends after this long without a request", dur(&c.StaffSessionIdle)},
		{"staff-session-max", "PITLANE_STAFF_SESSION_MAX", "a staff session ends this long after sign-in, however busy", dur(&c.StaffSessionMax)},
		{"web-dir", "PITLANE_WEB_DIR", "directory of a built web app (web/dist) to serve instead of the one built into the binary (tests)", str(&c.WebDir)},
		{"payment-secret", "PITLANE_PAYMENT_SECRET", "key that signs the simulated provider's notifications (secret; generated and kept in the database when empty)", str(&c.PaymentSecret)},
	}
}

// Load reads the environment and then the flags in args; usage and flag errors are written to out.
// The returned FlagSet has already parsed args; its remaining arguments are in fs.Args().
func Load(name string, args []string, environ map[string]string, out io.Writer) (*Config, *flag.FlagSet, error) {
	c := &Config{}
	if err := env.ParseWithOptions(c, env.Options{Environment: environ}); err != nil {
		return nil, nil, fmt.Errorf("configuration: %s", nameVariables(err.Error()))
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	for _, o := range c.options() {
		o.bind(fs, o.flag, fmt.Sprintf("%s [$%s]", o.usage, o.env))
	}
	if err := fs.Parse(args); err != nil {
		return nil, fs, err
	}
	return c, fs, c.Validate()
}

// Validate checks the values that can be checked without I/O.
func (c *Config) Validate() error {
	var errs []error
	if c.ReconcileAfter < time.Second {
		errs = append(errs, errors.New("PITLANE_RECONCILE_AFTER must be at least 1s"))
	}
	if c.HoldTTL < time.Second {
		errs = append(errs, errors.New("PITLANE_HOLD_TTL must be at least 1s"))
	}
	if c.StaffSessionIdle < 5*time.Minute {
		errs = append(errs, errors.New("PITLANE_STAFF_SESSION_IDLE must be at least 5m"))
	}
	if c.StaffSessionMax < c.StaffSessionIdle {
		errs = append(errs, errors.New("PITLANE_STAFF_SESSION_MAX must be at least PITLANE_STAFF_SESSION_IDLE"))
	}
	if c.MaxBodyBytes < 1024 {
		errs = append(errs, errors.New("PITLANE_MAX_BODY_BYTES must be at least 1024"))
	}
	if c.BaseURL != "" {
		if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, errors.New("PITLANE_BASE_URL must be an absolute http(s) URL"))
		}
	}
	if _, err := c.Proxies(); err != nil {
		errs = append(errs, err)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, errors.New("PITLANE_LOG_FORMAT must be text or json"))
	}
	return errors.Join(errs...)
}

// SlogLevel converts LogLevel to a slog level (info when unknown).
func (c *Config) SlogLevel() slog.Level {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return slog.LevelInfo
	}
	return l
}

// LogValue shows the configuration with secrets masked, for the start-up log line.
func (c *Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("addr", c.Addr),
		slog.String("database", maskURL(c.DatabaseURL)),
		slog.String("base_url", c.BaseURL),
		slog.Bool("demo", c.Demo),
		slog.Duration("hold_ttl", c.HoldTTL),
		slog.Duration("staff_session_idle", c.StaffSessionIdle),
		slog.Duration("staff_session_max", c.StaffSessionMax),
		slog.String("web_dir", c.WebDir),
		slog.String("smtp", maskURL(c.SMTPURL)),
		slog.String("stripe_secret_key", mask(c.StripeSecretKey)),
		slog.String("stripe_webhook_secret", mask(c.StripeWebhook)),
		slog.String("payment_secret", mask(c.PaymentSecret)),
		slog.String("sentry_dsn", mask(c.SentryDSN)),
	)
}

func mask(s string) string {
	if s == "" {
		return ""
	}
	return "*****"
}

// maskURL hides the password part of a URL.
func maskURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "*****")
	}
	return strings.Replace(u.String(), "%2A%2A%2A%2A%2A", "*****", 1)
}

// nameVariables replaces Go field names in an env parsing error with the variables an operator sets.
func nameVariables(msg string) string {
	t := reflect.TypeOf(Config{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if v := f.Tag.Get("env"); v != "" {
			msg = strings.ReplaceAll(msg, fmt.Sprintf("field %q", f.Name), v)
		}
	}
	return msg
}

// Proxies parses TrustedProxies: addresses (a /32 or /128) or CIDR ranges, comma-separated.
func (c *Config) Proxies() ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(c.TrustedProxies, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("PITLANE_TRUSTED_PROXIES: %q is not an address or CIDR range", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
