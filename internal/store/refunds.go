package store

import (
	"context"
	"time"

	"pitlane/internal/billing"
)

// The store's half of billing.Refunder: every refund, whoever asks for it, reserves its parts with
// reserveRefundParts in the transaction that decides it and records the providers' answers with
// settleRefundParts.

// reserveRefundParts writes one pending refunds row per part of the booking (the parts' charges must
// be locked by lockCharges in the same transaction), under the idempotency key ("" for none) and the
// staff user (0 for none, a customer).
func reserveRefundParts(ctx context.Context, tx *Tx, companyID, bookingID int64, parts []billing.Part, key string,
	userID int64, now time.Time) ([]billing.ReservedPart, error) {
	var user any
	if userID > 0 {
		user = userID
	}
	out := make([]billing.ReservedPart, 0, len(parts))
	for _, p := range parts {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO refunds (company_id, booking_id, payment_id, amount_cents, status,
			idempotency_key, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?) RETURNING id`,
			companyID, bookingID, p.PaymentID, p.AmountCents, nullable(key), user,
			now.UnixMilli(), now.UnixMilli()).Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, billing.ReservedPart{RefundID: id, Part: p})
	}
	return out, nil
}

// settledParts is what settleRefundParts recorded.
type settledParts struct {
	refunded  int64   // what the providers gave back
	failed    int64   // what they refused
	allOK     bool    // no part failed
	cash      bool    // every part refunded was cash
	refundIDs []int64 // the refunds rows that succeeded
}

// settleRefundParts records the providers' answers: for each succeeded part a refund entry in the
// ledger and the payment's status (recordRefund), the row succeeded; for each failed part the row
// failed. A part settled already (by reconciliation, say) is skipped, so settling twice never writes
// a second entry.
func settleRefundParts(ctx context.Context, tx *Tx, s billing.Settlement) (settledParts, error) {
	out := settledParts{allOK: true, cash: true}
	for _, o := range s.Outcomes {
		var paymentID int64
		err := tx.QueryRow(ctx, `SELECT payment_id FROM refunds WHERE id = ? AND company_id = ? AND status = 'pending'`,
			o.RefundID, s.CompanyID).Scan(&paymentID)
		if IsNoRows(err) {
			continue // settled already
		}
		if err != nil {
			return out, err
		}
		if o.Err != "" {
			out.allOK = false
			out.failed += o.AmountCents
			if _, err := tx.Exec(ctx, `UPDATE refunds SET status = 'failed', error = ?, updated_at = ? WHERE id = ?`,
				truncate(o.Err, 500), s.Now.UnixMilli(), o.RefundID); err != nil {
				return out, err
			}
			continue
		}
		if err := recordRefund(ctx, tx, s, o, paymentID); err != nil {
			return out, err
		}
		out.refunded += o.AmountCents
		out.cash = out.cash && o.Provider == billing.CashProvider
		out.refundIDs = append(out.refundIDs, o.RefundID)
	}
	return out, nil
}
