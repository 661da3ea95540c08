package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/notify"
	"pitlane/internal/pricing"
)

// CustomerActor is the audit log's user_email of what a customer did through their cancellation link
// (there is no staff user).
const CustomerActor = "customer"

// cancelRefundKey is refunds.idempotency_key of the card refunds of a customer's cancellation: one
// cancellation per booking, so double clicks and two tabs find the same key.
func cancelRefundKey(bookingID int64) string { return "cancel:" + strconv.FormatInt(bookingID, 10) }

// cancelTarget is the booking a cancel token names, with its company's cancellation settings.
type cancelTarget struct {
	id, companyID int64
	identifier    string
	status        string
	first         *time.Time // in the circuit's time zone
	maxDays       int
	policy        string // the company's cancel_refund_policy
}

// findByCancelToken reads (and with lock, locks) the booking a cancel token hash names. Returns
// apperr.NotFound.
func findByCancelToken(ctx context.Context, tx *Tx, tokenHash string, lock bool) (cancelTarget, error) {
	q := `SELECT b.id, b.company_id, b.identifier, b.status, b.first_starts_at, b.cancel_token_hash,
			c.cancel_booking_max_days, c.time_zone, c.cancel_refund_policy
		FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.cancel_token_hash = ?`
	if lock && tx.Engine() == Postgres {
		q += ` FOR UPDATE OF b`
	}
	var t cancelTarget
	var first sql.NullInt64
	var stored, tz string
	err := tx.QueryRow(ctx, q, tokenHash).Scan(&t.id, &t.companyID, &t.identifier, &t.status, &first, &stored,
		&t.maxDays, &tz, &t.policy)
	if IsNoRows(err) || (err == nil && !checkout.SameHash(stored, tokenHash)) {
		return t, apperr.New(apperr.NotFound, "No booking with that cancellation link.")
	}
	if err != nil {
		return t, translate(err)
	}
	if first.Valid {
		s := time.UnixMilli(first.Int64).In(checkoutLocation(tz))
		t.first = &s
	}
	return t, nil
}

// splitCharges sums what the booking's charges have left to refund, free of in-flight refunds: card
// (provider) charges and cash (desk) charges apart.
func splitCharges(charges []billing.Charge) (online, cash int64) {
	for _, c := range charges {
		if c.Provider == billing.CashProvider {
			cash += c.Free()
		} else {
			online += c.Free()
		}
	}
	return online, cash
}

// CancelByToken implements checkout.Store. The booking row is locked first (PostgreSQL: FOR UPDATE;
// SQLite: the write transaction), so of two cancellations at once the second finds it cancelada and is
// a replay: the refund is reserved once. The card refunds are pending refunds rows keyed
// cancelRefundKey, which staff refunds count as in flight and reconciliation settles if the process
// stops before the providers' answers are recorded.
func (co Checkout) CancelByToken(ctx context.Context, tokenHash string, now time.Time) (checkout.CustomerCancelled, error) {
	var out checkout.CustomerCancelled
	err := co.db.Write(ctx, func(tx *Tx) error {
		t, err := findByCancelToken(ctx, tx, tokenHash, true)
		if err != nil {
			return err
		}
		out = checkout.CustomerCancelled{BookingID: t.id, CompanyID: t.companyID}
		if t.status == checkout.StatusCancelled {
			out.Replay = true
			return nil
		}
		if err := checkout.CheckCancel(t.status, t.first, t.maxDays, now); err != nil {
			return err
		}
		if err := cancelBookingRows(ctx, tx, t.id, t.status, now); err != nil {
			return err
		}
		charges, err := lockCharges(ctx, tx, t.companyID, t.id)
		if err != nil {
			return err
		}
		online, cash := splitCharges(charges)
		toCard, atDesk := checkout.PlanRefund(t.policy, online, cash)
		var parts []billing.Part
		for _, c := range charges {
			if toCard == 0 || c.Provider == billing.CashProvider || c.Free() == 0 {
				continue
			}
			parts = append(parts, billing.Part{PaymentID: c.PaymentID, Provider: c.Provider, ProviderRef: c.ProviderRef, AmountCents: c.Free()})
		}
		if out.Parts, err = reserveRefundParts(ctx, tx, t.companyID, t.id, parts, cancelRefundKey(t.id), 0, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE bookings SET cancel_refund_policy = ?, refund_owed_cents = ?,
				needs_refund = CASE WHEN ? > 0 THEN 1 ELSE needs_refund END WHERE id = ?`,
			t.policy, atDesk, atDesk, t.id); err != nil {
			return err
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: t.companyID, UserEmail: CustomerActor,
			Action: "booking.cancel", Entity: "booking", EntityID: strconv.FormatInt(t.id, 10), At: now,
			Details: map[string]any{"identifier": t.identifier, "previousStatus": t.status, "status": checkout.StatusCancelled,
				"refundPolicy": t.policy, "toCard": toCard, "atDesk": atDesk}}); err != nil {
			return err
		}
		if len(out.Parts) > 0 {
			return nil // the mails wait for the providers' answers (SettleCancelRefunds)
		}
		return queueCustomerCancellation(ctx, tx, t.id, now)
	})
	return out, err
}

// SettleCancelRefunds implements checkout.Store. A part settled already (by reconciliation) is
// skipped. A refund the provider refused becomes an amount owed at the desk, so the customer is never
// left with neither their money nor a record of the debt.
func (co Checkout) SettleCancelRefunds(ctx context.Context, c checkout.CustomerCancelled, outcomes []billing.PartOutcome, now time.Time) error {
	return co.db.Write(ctx, func(tx *Tx) error {
		s := billing.Settlement{CompanyID: c.CompanyID, BookingID: c.BookingID, UserID: c.By.UserID, UserEmail: c.By.Email,
			Outcomes: outcomes, Now: now}
		source := "staff cancellation"
		if c.By.Email == "" {
			s.UserEmail, source = CustomerActor, "customer cancellation"
		}
		settled, err := settleRefundParts(ctx, tx, s)
		if err != nil {
			return err
		}
		refunded, owed := settled.refunded, settled.failed
		if owed > 0 {
			if _, err := tx.Exec(ctx, `UPDATE bookings SET refund_owed_cents = refund_owed_cents + ?, needs_refund = 1,
					updated_at = ? WHERE id = ? AND company_id = ?`, owed, now.UnixMilli(), c.BookingID, c.CompanyID); err != nil {
				return err
			}
		}
		if refunded > 0 {
			if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: c.CompanyID, UserID: s.UserID, UserEmail: s.UserEmail,
				Action: "payment.refund", Entity: "booking", EntityID: strconv.FormatInt(c.BookingID, 10), At: now,
				Details: map[string]any{"amount": refunded, "method": billing.MethodProvider, "owed": owed,
					"source": source}}); err != nil {
				return err
			}
		}
		return queueCustomerCancellation(ctx, tx, c.BookingID, now)
	})
}

// queueCustomerCancellation queues the cancellation mails of a booking the customer cancelled, saying
// what happened to its money.
func queueCustomerCancellation(ctx context.Context, tx *Tx, bookingID int64, now time.Time) error {
	b, companyID, culture, err := mailBooking(ctx, tx, bookingID, "")
	if err != nil {
		return err
	}
	m, err := storedCancelMoney(ctx, tx, companyID, bookingID)
	if err != nil {
		return err
	}
	if m != nil {
		// A staff cancellation hands desk (cash) payments back at the counter: the mail says so apart.
		var cash int64
		if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r JOIN payments p ON p.id = r.payment_id
			WHERE r.booking_id = ? AND r.idempotency_key = ? AND r.status = 'succeeded' AND p.provider = ?`,
			bookingID, cancelRefundKey(bookingID), billing.CashProvider).Scan(&cash); err != nil {
			return err
		}
		b.Money = &notify.CancelMoney{Policy: m.Policy, PaidCents: int64(m.Paid), RefundedCents: int64(m.ToCard) - cash,
			CashCents: cash, OwedCents: int64(m.AtDesk)}
	}
	// A staff cancellation that kept the money as a credit note: the mail gives its amount, code and expiry.
	note, err := creditOfBooking(ctx, tx, bookingID)
	if err != nil {
		return err
	}
	if note != nil {
		var zone string
		if err := tx.QueryRow(ctx, `SELECT time_zone FROM companies WHERE id = ?`, companyID).Scan(&zone); err != nil {
			return err
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			return fmt.Errorf("company %d time zone %q: %w", companyID, zone, err)
		}
		// The last day it can be spent: the day before it expires, at the circuit.
		until := note.ExpiresAt.In(loc).Add(-time.Millisecond).Format(time.DateOnly)
		b.Money = &notify.CancelMoney{Policy: "credit", PaidCents: note.AmountCents, CreditCents: note.AmountCents,
			CreditCode: billing.FormatCreditCode(note.Code), CreditUntil: until}
	}
	return notify.QueueCancellation(ctx, tx, companyID, bookingID, b, culture, now)
}

// storedCancelMoney is what the customer's cancellation of a booking did with the money: the card
// refunds of its key (confirmed or still pending), what is owed at the desk, and what was paid before.
// nil for a booking the customer did not cancel.
func storedCancelMoney(ctx context.Context, tx *Tx, companyID, bookingID int64) (*checkout.CancelMoney, error) {
	var policy sql.NullString
	var owed, succeeded, pending, net int64
	err := tx.QueryRow(ctx, `SELECT b.cancel_refund_policy, b.refund_owed_cents,
			COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.booking_id = b.id AND r.idempotency_key = ? AND r.status = 'succeeded'), 0),
			COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.booking_id = b.id AND r.idempotency_key = ? AND r.status = 'pending'), 0),
			COALESCE((SELECT SUM(CASE WHEN e.kind = 'charge' THEN e.amount_cents ELSE -ABS(e.amount_cents) END)
				FROM payment_entries e JOIN payments p ON p.id = e.payment_id WHERE p.booking_id = b.id), 0)
		FROM bookings b WHERE b.id = ? AND b.company_id = ?`,
		cancelRefundKey(bookingID), cancelRefundKey(bookingID), bookingID, companyID).Scan(&policy, &owed, &succeeded, &pending, &net)
	if err != nil {
		return nil, translate(err)
	}
	if !policy.Valid {
		return nil, nil
	}
	return &checkout.CancelMoney{Policy: policy.String, Paid: pricing.Cents(max(net, 0) + succeeded),
		ToCard: pricing.Cents(succeeded + pending), AtDesk: pricing.Cents(owed), Pending: pending > 0}, nil
}
