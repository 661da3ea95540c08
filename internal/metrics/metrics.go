// Package metrics exposes Pitlane's Prometheus metrics: HTTP requests by route pattern, status and
// duration; holds taken and refused; what the database says of bookings, payments, refunds and the mail
// outbox (read at scrape time, so every instance reports the same database-wide figures: aggregate them
// with max(), not sum()); the database pool; live-viewer connections. docs/operations.md lists each
// metric and suggests alerts.
package metrics

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Stats is what the database tells at scrape time.
type Stats interface {
	// MetricCounts returns bookings by status, payments by status, refund count and cents, and the
	// outbox's unsent mails and the age of the oldest, read in one short read transaction.
	MetricCounts(ctx context.Context, now time.Time) (Counts, error)
}

// Counts are the database-wide figures of one scrape.
type Counts struct {
	BookingsByStatus map[string]float64
	PaymentsByStatus map[string]float64
	Refunds          float64
	RefundedCents    float64
	OutboxUnsent     float64
	OutboxOldestAge  time.Duration
	OutboxFailed     float64
}

// Viewers counts live-viewer websocket connections of this instance.
type Viewers interface{ Connections() int }

// Metrics holds the registry and the instruments the HTTP layer updates.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	holds    *prometheus.CounterVec
	clientEr *prometheus.CounterVec
}

// New registers every metric. pool is the database's connection pool (nil: none); stats and viewers may
// be nil in tests.
func New(pool *sql.DB, stats Stats, viewers Viewers, log *slog.Logger) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pitlane_http_requests_total", Help: "HTTP requests by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "pitlane_http_request_duration_seconds", Help: "HTTP request duration by route pattern and method.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "method"}),
		holds: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pitlane_holds_total", Help: "Pre-booking requests of this instance by outcome: taken, same_user (420), no_stock (421), refused (other 4xx), error (5xx).",
		}, []string{"outcome"}),
		clientEr: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pitlane_client_errors_total", Help: "Errors reported by the web apps (POST /api/client-errors) by app and kind.",
		}, []string{"app", "kind"}),
	}
	reg.MustRegister(m.requests, m.duration, m.holds, m.clientEr,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if pool != nil {
		reg.MustRegister(collectors.NewDBStatsCollector(pool, "pitlane"))
	}
	if viewers != nil {
		reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "pitlane_live_viewer_connections", Help: "Open live-viewer websocket connections on this instance.",
		}, func() float64 { return float64(viewers.Connections()) }))
	}
	if stats != nil {
		reg.MustRegister(&dbCollector{stats: stats, log: log})
	}
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// ObserveRequest records one answered request. route is the matched pattern ("" for none).
func (m *Metrics) ObserveRequest(route, method string, status int, d time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route, method).Observe(d.Seconds())
	if route == "POST /api/prebooking" {
		m.holds.WithLabelValues(holdOutcome(status)).Inc()
	}
}

// ClientError counts one error reported by a web app.
func (m *Metrics) ClientError(app, kind string) { m.clientEr.WithLabelValues(app, kind).Inc() }

func holdOutcome(status int) string {
	switch {
	case status >= 200 && status < 300:
		return "taken"
	case status == 420:
		return "same_user"
	case status == 421:
		return "no_stock"
	case status >= 500:
		return "error"
	}
	return "refused"
}

// dbCollector reads the database-wide figures at each scrape.
type dbCollector struct {
	stats Stats
	log   *slog.Logger
}

var (
	descBookings = prometheus.NewDesc("pitlane_bookings", "Bookings in the database by status.", []string{"status"}, nil)
	descPayments = prometheus.NewDesc("pitlane_payments", "Provider payments in the database by status.", []string{"status"}, nil)
	descRefunds  = prometheus.NewDesc("pitlane_refunds", "Refund ledger entries in the database.", nil, nil)
	descRefunded = prometheus.NewDesc("pitlane_refunded_cents", "Money refunded, in cents, over the whole ledger.", nil, nil)
	descOutbox   = prometheus.NewDesc("pitlane_outbox_unsent", "Mails waiting or being sent.", nil, nil)
	descOutAge   = prometheus.NewDesc("pitlane_outbox_oldest_unsent_age_seconds", "Age of the oldest mail not yet sent (0 when none).", nil, nil)
	descOutFail  = prometheus.NewDesc("pitlane_outbox_failed", "Mails given up after every retry.", nil, nil)
	descScrapeOK = prometheus.NewDesc("pitlane_database_scrape_ok", "1 when the database figures could be read at this scrape.", nil, nil)
)

// Describe implements prometheus.Collector.
func (c *dbCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descBookings, descPayments, descRefunds, descRefunded, descOutbox, descOutAge, descOutFail, descScrapeOK} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *dbCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	n, err := c.stats.MetricCounts(ctx, time.Now())
	if err != nil {
		if c.log != nil {
			c.log.Warn("metrics: database figures not read", "error", err)
		}
		ch <- prometheus.MustNewConstMetric(descScrapeOK, prometheus.GaugeValue, 0)
		return
	}
	for s, v := range n.BookingsByStatus {
		ch <- prometheus.MustNewConstMetric(descBookings, prometheus.GaugeValue, v, s)
	}
	for s, v := range n.PaymentsByStatus {
		ch <- prometheus.MustNewConstMetric(descPayments, prometheus.GaugeValue, v, s)
	}
	ch <- prometheus.MustNewConstMetric(descRefunds, prometheus.GaugeValue, n.Refunds)
	ch <- prometheus.MustNewConstMetric(descRefunded, prometheus.GaugeValue, n.RefundedCents)
	ch <- prometheus.MustNewConstMetric(descOutbox, prometheus.GaugeValue, n.OutboxUnsent)
	ch <- prometheus.MustNewConstMetric(descOutAge, prometheus.GaugeValue, n.OutboxOldestAge.Seconds())
	ch <- prometheus.MustNewConstMetric(descOutFail, prometheus.GaugeValue, n.OutboxFailed)
	ch <- prometheus.MustNewConstMetric(descScrapeOK, prometheus.GaugeValue, 1)
}
