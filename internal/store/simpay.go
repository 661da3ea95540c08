package store

import (
	"context"
	"database/sql"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/payment"
	"pitlane/internal/payment/simulated"
)

// SimPay is the simulated payment provider's own records: checkouts, refunds and notifications
// (simulated.Store).
type SimPay struct{ db *DB }

// SimPay returns the store of this aggregate.
func (db *DB) SimPay() SimPay { return SimPay{db} }

// The simulated payment provider's tables (migration 00002) stand for a real provider's database:
// nothing of Pitlane's own model refers to them. These methods implement simulated.Store.

var _ simulated.Store = SimPay{}

const simCheckoutColumns = `ref, payment_id, amount_cents, currency, description, reference, email, culture,
	success_url, cancel_url, notify_url, status, decline_reason, created_at, expires_at, decided_at`

// SimInsertCheckout implements simulated.Store.
func (sp SimPay) SimInsertCheckout(ctx context.Context, c simulated.CheckoutRecord) error {
	return sp.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO sim_checkouts (`+simCheckoutColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
			c.Ref, c.PaymentID, c.AmountCents, c.Currency, c.Description, c.Reference, c.Email, c.Culture,
			c.SuccessURL, c.CancelURL, c.NotifyURL, c.Status, c.DeclineReason, c.CreatedAt.UnixMilli(), c.ExpiresAt.UnixMilli())
		return err
	})
}

// SimCheckout implements simulated.Store.
func (sp SimPay) SimCheckout(ctx context.Context, ref string) (simulated.CheckoutRecord, error) {
	var c simulated.CheckoutRecord
	err := sp.db.Read(ctx, func(tx *Tx) error {
		var err error
		c, err = simCheckout(ctx, tx, ref, false)
		return err
	})
	return c, err
}

func simCheckout(ctx context.Context, tx *Tx, ref string, lock bool) (simulated.CheckoutRecord, error) {
	// The company's name comes from a scalar subquery rather than a join, so that FOR UPDATE locks
	// only the checkout and a checkout whose payment is gone still reads.
	q := `SELECT ` + simCheckoutColumns + `, (SELECT co.name FROM payments p JOIN companies co ON co.id = p.company_id
		WHERE p.id = sim_checkouts.payment_id) FROM sim_checkouts WHERE ref = ?`
	if lock && tx.Engine() == Postgres {
		q += ` FOR UPDATE`
	}
	var c simulated.CheckoutRecord
	var created, expires int64
	var decided sql.NullInt64
	var company sql.NullString
	err := tx.QueryRow(ctx, q, ref).Scan(&c.Ref, &c.PaymentID, &c.AmountCents, &c.Currency, &c.Description,
		&c.Reference, &c.Email, &c.Culture, &c.SuccessURL, &c.CancelURL, &c.NotifyURL, &c.Status,
		&c.DeclineReason, &created, &expires, &decided, &company)
	if IsNoRows(err) {
		return c, apperr.New(apperr.NotFound, "No such payment page.")
	}
	if err != nil {
		return c, Translate(err)
	}
	c.CreatedAt, c.ExpiresAt, c.CompanyName = time.UnixMilli(created), time.UnixMilli(expires), company.String
	if decided.Valid {
		c.DecidedAt = time.UnixMilli(decided.Int64)
	}
	return c, nil
}

// SimDecide implements simulated.Store: one conditional update decides, so of two submissions at
// once only one wins.
func (sp SimPay) SimDecide(ctx context.Context, ref, status, reason string, at time.Time, ev simulated.Event) (simulated.CheckoutRecord, bool, error) {
	var c simulated.CheckoutRecord
	var decided bool
	err := sp.db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE sim_checkouts SET status = ?, decline_reason = ?, decided_at = ?
			WHERE ref = ? AND status = 'pending' AND expires_at > ?`, status, reason, at.UnixMilli(), ref, at.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if decided = n == 1; decided {
			if err := insertSimEvent(ctx, tx, ev); err != nil {
				return err
			}
		}
		c, err = simCheckout(ctx, tx, ref, false)
		return err
	})
	return c, decided, err
}

func insertSimEvent(ctx context.Context, tx *Tx, ev simulated.Event) error {
	var key any
	if ev.IdempotencyKey != "" {
		key = ev.IdempotencyKey
	}
	_, err := tx.Exec(ctx, `INSERT INTO sim_events (event_id, ref, outcome, amount_cents, idempotency_key, created_at,
		attempts, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
		ev.ID, ev.Ref, string(ev.Outcome), ev.AmountCents, key, ev.CreatedAt.UnixMilli(), ev.CreatedAt.UnixMilli())
	return err
}

// SimRefund implements simulated.Store. The checkout row is locked (PostgreSQL) or the write lock is
// held (SQLite) while refunds are summed and the new one is written, so two refunds at once cannot
// both pass the limit.
func (sp SimPay) SimRefund(ctx context.Context, ref string, ev simulated.Event) (simulated.Event, error) {
	out := ev
	err := sp.db.Write(ctx, func(tx *Tx) error {
		c, err := simCheckout(ctx, tx, ref, true)
		if err != nil {
			return err
		}
		if ev.IdempotencyKey != "" {
			var id string
			var amount, created int64
			err := tx.QueryRow(ctx, `SELECT event_id, amount_cents, created_at FROM sim_events
				WHERE ref = ? AND idempotency_key = ?`, ref, ev.IdempotencyKey).Scan(&id, &amount, &created)
			switch {
			case err == nil && amount == ev.AmountCents:
				out.ID, out.CreatedAt = id, time.UnixMilli(created)
				return nil
			case err == nil:
				return apperr.New(apperr.Conflict, "That idempotency key was used for a refund of another amount.")
			case !IsNoRows(err):
				return Translate(err)
			}
		}
		var refunded int64
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM sim_events WHERE ref = ? AND outcome = ?`,
			ref, string(payment.Refunded)).Scan(&refunded); err != nil {
			return err
		}
		if err := simulated.CheckRefund(c.Status, c.AmountCents, refunded, ev.AmountCents); err != nil {
			return err
		}
		return insertSimEvent(ctx, tx, ev)
	})
	return out, err
}

// SimClaimEvent implements simulated.Store with one conditional update, so that of several senders
// only one claims an attempt.
func (sp SimPay) SimClaimEvent(ctx context.Context, eventID string, now, leaseUntil time.Time, maxAttempts int) (simulated.Event, bool, error) {
	var ev simulated.Event
	var ok bool
	err := sp.db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE sim_events SET attempts = attempts + 1, next_attempt_at = ?
			WHERE event_id = ? AND delivered_at IS NULL AND next_attempt_at <= ? AND attempts < ?`,
			leaseUntil.UnixMilli(), eventID, now.UnixMilli(), maxAttempts)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		var outcome string
		var created int64
		var key sql.NullString
		err = tx.QueryRow(ctx, `SELECT e.event_id, e.ref, c.payment_id, c.notify_url, e.outcome, e.amount_cents,
			e.idempotency_key, e.created_at, e.attempts FROM sim_events e JOIN sim_checkouts c ON c.ref = e.ref
			WHERE e.event_id = ?`, eventID).Scan(&ev.ID, &ev.Ref, &ev.PaymentID, &ev.NotifyURL, &outcome,
			&ev.AmountCents, &key, &created, &ev.Attempts)
		if err != nil {
			return Translate(err)
		}
		ev.Outcome, ev.IdempotencyKey, ev.CreatedAt, ok = payment.Outcome(outcome), key.String, time.UnixMilli(created), true
		return nil
	})
	return ev, ok, err
}

// SimEventDelivered implements simulated.Store.
func (sp SimPay) SimEventDelivered(ctx context.Context, eventID string, at time.Time) error {
	return sp.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE sim_events SET delivered_at = ?, last_error = '' WHERE event_id = ?`, at.UnixMilli(), eventID)
		return err
	})
}

// SimEventFailed implements simulated.Store.
func (sp SimPay) SimEventFailed(ctx context.Context, eventID, reason string, next time.Time) error {
	if len(reason) > 500 {
		reason = reason[:500]
	}
	return sp.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE sim_events SET last_error = ?, next_attempt_at = ? WHERE event_id = ? AND delivered_at IS NULL`,
			reason, next.UnixMilli(), eventID)
		return err
	})
}

// SimDueEvents implements simulated.Store, oldest due first.
func (sp SimPay) SimDueEvents(ctx context.Context, now time.Time, maxAttempts, limit int) ([]string, error) {
	var ids []string
	err := sp.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT event_id FROM sim_events WHERE delivered_at IS NULL AND next_attempt_at <= ?
			AND attempts < ? ORDER BY next_attempt_at, event_id LIMIT ?`, now.UnixMilli(), maxAttempts, limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	return ids, err
}

// SimSecret implements simulated.Store: the first instance to ask stores its candidate; every
// instance then reads the same secret.
func (sp SimPay) SimSecret(ctx context.Context, candidate string, now time.Time) (string, error) {
	var secret string
	err := sp.db.Write(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO sim_settings (name, value, created_at) VALUES ('signing_secret', ?, ?)
			ON CONFLICT (name) DO NOTHING`, candidate, now.UnixMilli()); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT value FROM sim_settings WHERE name = 'signing_secret'`).Scan(&secret)
	})
	return secret, err
}
