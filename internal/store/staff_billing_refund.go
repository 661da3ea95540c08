package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/notify"
)

// refundKeyPrefix namespaces staff refund keys in idempotency_keys, which checkout's booking keys share.
const refundKeyPrefix = "refund:"

// ReserveRefund implements billing.Store. The sale's payment rows are locked in id order (FOR UPDATE on
// PostgreSQL; SQLite's single writer serialises the whole transaction) before what is left is summed,
// so of two concurrent refunds the second sees the first's reservation.
func (b Billing) ReserveRefund(ctx context.Context, r billing.Reservation) (billing.Reserved, error) {
	var out billing.Reserved
	err := b.db.Write(ctx, func(tx *Tx) error {
		out = billing.Reserved{}
		if r.IdempotencyKey != "" {
			replay, err := claimRefundKey(ctx, tx, r)
			if err != nil || replay != nil {
				out.Replay = replay
				return err
			}
		}
		var first sql.NullInt64
		var enabled, maxDays int
		var zone string
		err := tx.QueryRow(ctx, `SELECT b.id, b.first_starts_at, c.is_refund_enabled, c.refund_max_days, c.time_zone
			FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.company_id = ? AND b.identifier = ?`,
			r.CompanyID, r.Identifier).Scan(&out.BookingID, &first, &enabled, &maxDays, &zone)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No sale of this company has that booking identifier.", map[string]string{"orderId": "unknown"})
		}
		if err != nil {
			return err
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			return fmt.Errorf("company %d time zone %q: %w", r.CompanyID, zone, err)
		}
		var start *time.Time
		if first.Valid {
			s := time.UnixMilli(first.Int64)
			start = &s
		}
		if err := billing.CheckPolicy(billing.RefundPolicy{Enabled: enabled == 1, MaxDays: maxDays}, r.Now, start, loc); err != nil {
			return err
		}
		charges, err := lockCharges(ctx, tx, r.CompanyID, out.BookingID)
		if err != nil {
			return err
		}
		parts, err := billing.Allocate(charges, r.AmountCents)
		if err != nil {
			return err
		}
		out.Parts, err = reserveRefundParts(ctx, tx, r.CompanyID, out.BookingID, parts, r.IdempotencyKey, r.UserID, r.Now)
		return err
	})
	return out, err
}

// claimRefundKey records a new key as in progress, or answers a repeated one: the stored answer for
// the same body, apperr.Conflict for another body or while the first request still runs. On PostgreSQL
// a concurrent insert of the same key waits for the first transaction and then finds its row.
func claimRefundKey(ctx context.Context, tx *Tx, r billing.Reservation) (*billing.RefundResult, error) {
	key := refundKeyPrefix + r.IdempotencyKey
	res, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (company_id, key, request_hash, status, response, created_at)
		VALUES (?, ?, ?, 0, '', ?) ON CONFLICT DO NOTHING`, r.CompanyID, key, r.RequestHash, r.Now.UnixMilli())
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return nil, err
	}
	var hash, response string
	var status int
	if err := tx.QueryRow(ctx, `SELECT request_hash, status, response FROM idempotency_keys WHERE company_id = ? AND key = ?`,
		r.CompanyID, key).Scan(&hash, &status, &response); err != nil {
		return nil, translate(err)
	}
	switch {
	case hash != r.RequestHash:
		return nil, apperr.New(apperr.Conflict, "That Idempotency-Key was used for another refund request.")
	case status == 0:
		return nil, apperr.New(apperr.Conflict, "A refund with that Idempotency-Key is still in progress.")
	}
	var out billing.RefundResult
	if err := json.Unmarshal([]byte(response), &out); err != nil {
		return nil, fmt.Errorf("stored refund answer: %w", err)
	}
	return &out, nil
}

// lockCharges locks the booking's payments and returns each one that was charged, with its confirmed
// refunds and its pending reservations.
func lockCharges(ctx context.Context, tx *Tx, companyID, bookingID int64) ([]billing.Charge, error) {
	lock := `SELECT id FROM payments WHERE company_id = ? AND booking_id = ? ORDER BY id`
	if tx.Engine() == Postgres {
		lock += ` FOR UPDATE`
	}
	rows, err := tx.Query(ctx, lock, companyID, bookingID)
	if err != nil {
		return nil, err
	}
	for rows.Next() { // read every row, so every lock is taken before the sums
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return chargesOf(ctx, tx, companyID, bookingID)
}

// chargesOf returns each payment of the booking that was charged (its charges less the corrections of
// a desk payment), with its confirmed refunds and its pending reservations (lockCharges, after taking the locks; the cancel page's preview, without).
//
// A payment that spent a credit note, and every payment of a booking whose money was kept as a credit
// note, is left out: neither can be refunded as money (creditableOf counts them for a new note).
func chargesOf(ctx context.Context, tx *Tx, companyID, bookingID int64) ([]billing.Charge, error) {
	return chargesWhere(ctx, tx, companyID, bookingID, ` AND p.credit_note_id IS NULL
		AND NOT EXISTS (SELECT 1 FROM credit_notes n WHERE n.booking_id = p.booking_id)`)
}

// creditableOf returns every charged payment of the booking, those that spent a credit note included:
// what a cancellation keeping the money as credit counts.
func creditableOf(ctx context.Context, tx *Tx, companyID, bookingID int64) ([]billing.Charge, error) {
	return chargesWhere(ctx, tx, companyID, bookingID, "")
}

func chargesWhere(ctx context.Context, tx *Tx, companyID, bookingID int64, and string) ([]billing.Charge, error) {
	rows, err := tx.Query(ctx, `SELECT p.id, p.provider, COALESCE(p.provider_ref, ''),
			COALESCE((SELECT SUM(CASE WHEN e.kind = 'charge' THEN e.amount_cents ELSE -ABS(e.amount_cents) END)
				FROM payment_entries e WHERE e.payment_id = p.id AND e.kind IN ('charge', 'correction')), 0),
			COALESCE((SELECT SUM(ABS(e.amount_cents)) FROM payment_entries e WHERE e.payment_id = p.id AND e.kind = 'refund'), 0),
			COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.payment_id = p.id AND r.status = 'pending'), 0)
		FROM payments p WHERE p.company_id = ? AND p.booking_id = ?`+and+` ORDER BY p.id`, companyID, bookingID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []billing.Charge
	for rows.Next() {
		var c billing.Charge
		if err := rows.Scan(&c.PaymentID, &c.Provider, &c.ProviderRef, &c.Charged, &c.Refunded, &c.Pending); err != nil {
			return nil, err
		}
		if c.Charged > 0 {
			out = append(out, c)
		}
	}
	return out, rows.Err()
}

// SettleRefund implements billing.Store. A part already settled (by reconciliation, say) is skipped,
// so settling twice never writes a second entry; the entry's provider_event_id is the provider's refund
// id, so a provider notification of the same refund finds it recorded (payment_notifications) or, if
// it came first, the entry is kept and gains its author.
func (b Billing) SettleRefund(ctx context.Context, s billing.Settlement) (billing.RefundResult, error) {
	var out billing.RefundResult
	err := b.db.Write(ctx, func(tx *Tx) error {
		out = billing.RefundResult{Method: billing.MethodProvider}
		settled, err := settleRefundParts(ctx, tx, s)
		if err != nil {
			return err
		}
		out.RefundedCents = settled.refunded
		if settled.cash && out.RefundedCents > 0 {
			out.Method = billing.MethodCash
		}
		err = tx.QueryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN e.kind = 'charge' THEN e.amount_cents ELSE -ABS(e.amount_cents) END), 0)
			FROM payment_entries e JOIN payments p ON p.id = e.payment_id WHERE p.company_id = ? AND p.booking_id = ?`,
			s.CompanyID, s.BookingID).Scan(&out.RemainingCents)
		if err != nil {
			return err
		}
		out.RemainingCents = max(out.RemainingCents, 0)
		if out.RefundedCents > 0 {
			if err := refundMailAndAudit(ctx, tx, s, out, settled.refundIDs); err != nil {
				return err
			}
		}
		if s.IdempotencyKey == "" {
			return nil
		}
		key := refundKeyPrefix + s.IdempotencyKey
		if !settled.allOK {
			_, err := tx.Exec(ctx, `DELETE FROM idempotency_keys WHERE company_id = ? AND key = ? AND status = 0`, s.CompanyID, key)
			return err
		}
		raw, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE idempotency_keys SET status = 200, response = ? WHERE company_id = ? AND key = ? AND status = 0`,
			string(raw), s.CompanyID, key)
		return err
	})
	return out, err
}

// recordRefund writes a succeeded part into the ledger (a negative refund entry, as notifications
// write them) and sets the payment's status from its sums.
func recordRefund(ctx context.Context, tx *Tx, s billing.Settlement, o billing.PartOutcome, paymentID int64) error {
	now := s.Now.UnixMilli()
	var user any
	if s.UserID > 0 {
		user = s.UserID
	}
	if _, err := tx.Exec(ctx, `UPDATE refunds SET status = 'succeeded', provider_refund_id = ?, updated_at = ? WHERE id = ?`,
		o.ProviderRefundID, now, o.RefundID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider,
			provider_event_id, created_by, created_at) VALUES (?, ?, 'refund', ?, ?, ?, ?, ?)
		ON CONFLICT (provider, provider_event_id) DO UPDATE SET created_by = excluded.created_by`,
		paymentID, s.BookingID, -o.AmountCents, o.Provider, o.ProviderRefundID, user, now); err != nil {
		return err
	}
	if o.Provider != billing.CashProvider {
		if _, err := tx.Exec(ctx, `INSERT INTO payment_notifications (provider, provider_event_id, payload, received_at)
			VALUES (?, ?, '{"source":"staff refund"}', ?) ON CONFLICT DO NOTHING`, o.Provider, o.ProviderRefundID, now); err != nil {
			return err
		}
	}
	var charged, refunded int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN kind = 'charge' THEN amount_cents
				WHEN kind = 'correction' THEN -ABS(amount_cents) ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN kind = 'refund' THEN ABS(amount_cents) ELSE 0 END), 0)
		FROM payment_entries WHERE payment_id = ?`, paymentID).Scan(&charged, &refunded); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE payments SET status = ?, updated_at = ? WHERE id = ? AND company_id = ?`,
		billing.PaymentStatus(charged, refunded), now, paymentID, s.CompanyID)
	return err
}

// refundMailAndAudit queues the customer's refund mail (in the booking's language) and the audit entry
// of a refund, in the transaction that records it.
func refundMailAndAudit(ctx context.Context, tx *Tx, s billing.Settlement, r billing.RefundResult, refundIDs []int64) error {
	mb, companyID, _, err := mailBooking(ctx, tx, s.BookingID, "")
	if err != nil {
		return err
	}
	if strings.TrimSpace(mb.Email) != "" {
		m, err := notify.RefundNotice(mb, notify.Refund{AmountCents: r.RefundedCents, RemainingCents: r.RemainingCents,
			Cash: r.Method == billing.MethodCash})
		if err != nil {
			return err
		}
		id := s.BookingID
		m.CompanyID, m.BookingID = companyID, &id
		if err := tx.EnqueueEmail(ctx, m, s.Now); err != nil {
			return err
		}
	}
	return tx.InsertAudit(ctx, AuditEntry{CompanyID: s.CompanyID, UserID: s.UserID, UserEmail: s.UserEmail,
		Action: "payment.refund", Entity: "booking", EntityID: mb.Identifier, At: s.Now,
		Details: map[string]any{"amount": r.RefundedCents, "booking": mb.Identifier, "method": r.Method,
			"remaining": r.RemainingCents, "refunds": refundIDs}})
}

// PendingRefunds implements billing.Store: reservations still pending made before the instant, oldest
// first, with their payment and author. It serves reconciliation across every company.
func (b Billing) PendingRefunds(ctx context.Context, before time.Time, limit int) ([]billing.PendingRefund, error) {
	var out []billing.PendingRefund
	err := b.db.Read(ctx, func(tx *Tx) error {
		out = nil
		rows, err := tx.Query(ctx, `SELECT r.id, r.company_id, r.booking_id, r.payment_id, r.amount_cents, p.provider,
				COALESCE(p.provider_ref, ''), COALESCE(r.created_by, 0), COALESCE(u.email, ''), COALESCE(r.idempotency_key, '')
			FROM refunds r JOIN payments p ON p.id = r.payment_id LEFT JOIN admin_users u ON u.id = r.created_by
			WHERE r.status = 'pending' AND r.created_at < ? ORDER BY r.created_at, r.id LIMIT ?`, before.UnixMilli(), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p billing.PendingRefund
			if err := rows.Scan(&p.RefundID, &p.CompanyID, &p.BookingID, &p.PaymentID, &p.AmountCents, &p.Provider,
				&p.ProviderRef, &p.UserID, &p.UserEmail, &p.IdempotencyKey); err != nil {
				return err
			}
			out = append(out, p)
		}
		return rows.Err()
	})
	return out, err
}

// truncate cuts s to at most n bytes.
func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
