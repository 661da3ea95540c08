package store

import (
	"context"
	"database/sql"
	"time"

	"pitlane/internal/metrics"
)

// MetricCounts implements metrics.Stats: database-wide figures for a Prometheus scrape, read in one
// read transaction with grouped counts (indexed by status where it matters: the outbox).
func (db *DB) MetricCounts(ctx context.Context, now time.Time) (metrics.Counts, error) {
	c := metrics.Counts{BookingsByStatus: map[string]float64{}, PaymentsByStatus: map[string]float64{}}
	err := db.Read(ctx, func(tx *Tx) error {
		for _, q := range []struct {
			sql string
			out map[string]float64
		}{
			{`SELECT status, COUNT(*) FROM bookings GROUP BY status`, c.BookingsByStatus},
			{`SELECT status, COUNT(*) FROM payments GROUP BY status`, c.PaymentsByStatus},
		} {
			rows, err := tx.Query(ctx, q.sql)
			if err != nil {
				return err
			}
			for rows.Next() {
				var s string
				var n float64
				if err := rows.Scan(&s, &n); err != nil {
					_ = rows.Close()
					return err
				}
				q.out[s] = n
			}
			if err := rows.Close(); err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(amount_cents), 0) FROM payment_entries WHERE kind = 'refund'`).
			Scan(&c.Refunds, &c.RefundedCents); err != nil {
			return err
		}
		var oldest sql.NullInt64
		if err := tx.QueryRow(ctx, `SELECT COUNT(*), MIN(created_at) FROM outbox_emails WHERE status IN ('pending', 'sending')`).
			Scan(&c.OutboxUnsent, &oldest); err != nil {
			return err
		}
		if oldest.Valid {
			c.OutboxOldestAge = now.Sub(time.UnixMilli(oldest.Int64))
		}
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM outbox_emails WHERE status = 'failed'`).Scan(&c.OutboxFailed)
	})
	return c, err
}
