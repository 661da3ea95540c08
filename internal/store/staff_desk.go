package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/pricing"
)

// Payments at the counter (billing.DeskStore). They are lines of the one ledger (payments +
// payment_entries), written in the transaction that sets the booking's state from that ledger:
//   - a desk payment is a payments row with provider 'cash' (billing.CashProvider: refunded as a
//     recorded refund, without a gateway) and its method, and one charge entry whose author
//     (created_by) is the staff member and whose provider_event_id is "desk:<company>:<key>";
//   - a correction is a 'correction' entry against one desk payment, stored negative with its reason,
//     provider_event_id "correction:<company>:<key>". History is never edited.
// The client's key is claimed in idempotency_keys ("desk:" or "desk-correction:" + key) in the same
// transaction, and its answer stored there: a retry or a double tap replays the first answer.

// The namespaces of the desk's keys in idempotency_keys.
const (
	deskKeyPrefix       = "desk:"
	correctionKeyPrefix = "desk-correction:"
)

// deskBooking is a booking row under lock, with its ledger's sums.
type deskBooking struct {
	id, total             int64
	identifier, reference string
	status, mode          string
	placesBooked          bool
	chargedNet, refunded  int64 // charges less corrections; refunds (positive)
}

// lockDeskBooking locks the company's booking and sums its ledger. Returns apperr.NotFound.
func lockDeskBooking(ctx context.Context, tx *Tx, companyID, bookingID int64) (deskBooking, error) {
	q := `SELECT id, total_cents, identifier, COALESCE(reference, ''), status, payment_mode, places_booked
		FROM bookings WHERE id = ? AND company_id = ?`
	if tx.Engine() == Postgres && !tx.readOnly { // a read (the check-in page's look-up) locks nothing
		q += ` FOR UPDATE`
	}
	var b deskBooking
	var placed int
	err := tx.QueryRow(ctx, q, bookingID, companyID).Scan(&b.id, &b.total, &b.identifier, &b.reference, &b.status, &b.mode, &placed)
	if IsNoRows(err) {
		return b, apperr.WithFields(apperr.NotFound, "No booking of this company with that id.", map[string]string{"bookingId": "unknown"})
	}
	if err != nil {
		return b, translate(err)
	}
	b.placesBooked = placed == 1
	b.reference = checkout.FormatReference(b.reference)
	err = tx.QueryRow(ctx, `SELECT
			COALESCE(SUM(CASE WHEN kind = 'charge' THEN ABS(amount_cents) WHEN kind = 'correction' THEN -ABS(amount_cents) ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN kind = 'refund' THEN ABS(amount_cents) ELSE 0 END), 0)
		FROM payment_entries WHERE booking_id = ?`, b.id).Scan(&b.chargedNet, &b.refunded)
	return b, err
}

// claimDeskKey claims the company's key for a desk request, or answers a repeated one: its stored
// answer for the same body, apperr.Conflict for another body. The claim and the answer are written in
// the request's own transaction, so a request that fails leaves no key behind; on PostgreSQL a
// concurrent claim of the same key waits for the first transaction and then finds its answer.
func claimDeskKey(ctx context.Context, tx *Tx, companyID int64, key, hash string, now time.Time) (*billing.DeskResult, error) {
	res, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (company_id, key, request_hash, status, response, created_at)
		VALUES (?, ?, ?, 0, '', ?) ON CONFLICT DO NOTHING`, companyID, key, hash, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return nil, err
	}
	var stored, response string
	if err := tx.QueryRow(ctx, `SELECT request_hash, response FROM idempotency_keys WHERE company_id = ? AND key = ?`,
		companyID, key).Scan(&stored, &response); err != nil {
		return nil, translate(err)
	}
	if stored != hash {
		return nil, apperr.New(apperr.Conflict, "That Idempotency-Key was used for another request.")
	}
	var out billing.DeskResult
	if err := json.Unmarshal([]byte(response), &out); err != nil {
		return nil, fmt.Errorf("stored desk answer: %w", err)
	}
	out.Replayed = true
	return &out, nil
}

// answerDeskKey stores a desk request's answer under its key.
func answerDeskKey(ctx context.Context, tx *Tx, companyID int64, key string, out billing.DeskResult) error {
	raw, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE idempotency_keys SET status = 200, response = ? WHERE company_id = ? AND key = ?`,
		string(raw), companyID, key)
	return err
}

// settleBookingState moves a booking by a desk line's event (checkout.EventCharge or EventCorrection:
// the state its ledger gives it; a cancelled booking stays cancelled), writing only a change, and fills
// the result's sums.
func settleBookingState(ctx context.Context, tx *Tx, b deskBooking, ev checkout.BookingEvent, chargedNet int64, now time.Time, out *billing.DeskResult) error {
	out.PaidCents = max(chargedNet-b.refunded, 0)
	out.DueCents = billing.Due(b.total, chargedNet)
	out.State = b.status
	t := checkout.Transition{Event: ev, TotalCents: b.total, ChargedCents: chargedNet}
	next, err := checkout.NextStatus(b.status, t)
	if err != nil || next == b.status {
		return err
	}
	out.State, err = moveBooking(ctx, tx, b.id, b.status, t, `, updated_at = ?`, now.UnixMilli())
	return err
}

// RecordDeskPayment implements billing.DeskStore.
func (b Billing) RecordDeskPayment(ctx context.Context, p billing.DeskPayment) (billing.DeskResult, error) {
	var out billing.DeskResult
	err := b.db.Write(ctx, func(tx *Tx) error {
		out = billing.DeskResult{}
		key := deskKeyPrefix + p.IdempotencyKey
		replay, err := claimDeskKey(ctx, tx, p.CompanyID, key, p.RequestHash, p.Now)
		if err != nil || replay != nil {
			if replay != nil {
				out = *replay
			}
			return err
		}
		bk, err := lockDeskBooking(ctx, tx, p.CompanyID, p.BookingID)
		if err != nil {
			return err
		}
		switch {
		case bk.status == checkout.StatusCancelled:
			return apperr.New(apperr.Unprocessable, "The booking is cancelled: no payment can be taken on it.")
		case bk.mode == checkout.ModeOnline && bk.status == checkout.StatusPending && !bk.placesBooked:
			return apperr.New(apperr.Unprocessable, "The booking is waiting for its online payment: take payment at the counter once it has failed or expired, on a new booking.")
		}
		if err := billing.CheckDeskPayment(p.AmountCents, billing.Due(bk.total, bk.chargedNet)); err != nil {
			return err
		}
		now := p.Now.UnixMilli()
		var user any
		if p.UserID > 0 {
			user = p.UserID
		}
		// A credit note's payment: its balance is taken first (the conditional UPDATE), the payment
		// names the note (payments.method stays NULL: billing reads the method "credit" from the note).
		var method, noteID any = p.Method, nil
		var note billing.CreditNote
		if p.Method == billing.DeskCredit {
			if note, err = spendCredit(ctx, tx, p.CompanyID, p.CreditCode, p.AmountCents, p.Now); err != nil {
				return err
			}
			method, noteID = nil, note.ID
		}
		if out.PaymentID, err = tx.insertID(ctx, `INSERT INTO payments (company_id, booking_id, provider, status, amount_cents,
				currency, method, credit_note_id, created_at, updated_at)
			SELECT ?, ?, ?, 'approved', ?, currency, ?, ?, ?, ? FROM companies WHERE id = ? RETURNING id`,
			p.CompanyID, bk.id, billing.CashProvider, p.AmountCents, method, noteID, now, now, p.CompanyID); err != nil {
			return err
		}
		if noteID != nil {
			if _, err := tx.Exec(ctx, `INSERT INTO credit_note_uses (credit_note_id, booking_id, payment_id, amount_cents, created_by, created_at)
				VALUES (?, ?, ?, ?, ?, ?)`, note.ID, bk.id, out.PaymentID, p.AmountCents, user, now); err != nil {
				return err
			}
			if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: p.CompanyID, UserID: p.UserID, UserEmail: p.UserEmail,
				Action: "credit.spend", Entity: "credit_note", EntityID: strconv.FormatInt(note.ID, 10), At: p.Now,
				Details: map[string]any{"booking": bk.identifier, "reference": bk.reference, "amount": p.AmountCents,
					"balance": note.BalanceCents, "payment": out.PaymentID}}); err != nil {
				return err
			}
		}
		if out.EntryID, err = tx.insertID(ctx, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider,
				provider_event_id, created_by, created_at) VALUES (?, ?, 'charge', ?, ?, ?, ?, ?) RETURNING id`,
			out.PaymentID, bk.id, p.AmountCents, billing.CashProvider,
			"desk:"+strconv.FormatInt(p.CompanyID, 10)+":"+p.IdempotencyKey, user, now); err != nil {
			return err
		}
		if err := settleBookingState(ctx, tx, bk, checkout.EventCharge, bk.chargedNet+p.AmountCents, p.Now, &out); err != nil {
			return err
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: p.CompanyID, UserID: p.UserID, UserEmail: p.UserEmail,
			Action: "payment.desk", Entity: "booking", EntityID: bk.identifier, At: p.Now,
			Details: map[string]any{"booking": bk.identifier, "reference": bk.reference, "method": p.Method,
				"amount": p.AmountCents, "payment": out.PaymentID, "due": out.DueCents, "state": out.State}}); err != nil {
			return err
		}
		return answerDeskKey(ctx, tx, p.CompanyID, key, out)
	})
	return out, err
}

// CorrectDeskPayment implements billing.DeskStore.
func (b Billing) CorrectDeskPayment(ctx context.Context, c billing.DeskCorrection) (billing.DeskResult, error) {
	var out billing.DeskResult
	err := b.db.Write(ctx, func(tx *Tx) error {
		out = billing.DeskResult{}
		key := correctionKeyPrefix + c.IdempotencyKey
		replay, err := claimDeskKey(ctx, tx, c.CompanyID, key, c.RequestHash, c.Now)
		if err != nil || replay != nil {
			if replay != nil {
				out = *replay
			}
			return err
		}
		bk, err := lockDeskBooking(ctx, tx, c.CompanyID, c.BookingID)
		if err != nil {
			return err
		}
		q := `SELECT provider, COALESCE(method, 'cash'), CASE WHEN credit_note_id IS NULL THEN 0 ELSE 1 END
			FROM payments WHERE id = ? AND booking_id = ? AND company_id = ?`
		if tx.Engine() == Postgres {
			q += ` FOR UPDATE`
		}
		var provider, method string
		var credit int
		err = tx.QueryRow(ctx, q, c.PaymentID, bk.id, c.CompanyID).Scan(&provider, &method, &credit)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No payment of this booking with that id.", map[string]string{"paymentId": "unknown"})
		}
		if err != nil {
			return err
		}
		if credit == 1 {
			return apperr.WithFields(apperr.Unprocessable, "A payment by credit note cannot be corrected: its note's uses are never edited.",
				map[string]string{"paymentId": "paid by a credit note"})
		}
		if provider != billing.CashProvider {
			return apperr.WithFields(apperr.Unprocessable, "An online payment is given back by a refund, not corrected.",
				map[string]string{"paymentId": "not a payment taken at the counter"})
		}
		var holds int64
		if err := tx.QueryRow(ctx, `SELECT
				COALESCE((SELECT SUM(CASE WHEN kind = 'charge' THEN ABS(amount_cents) ELSE -ABS(amount_cents) END)
					FROM payment_entries WHERE payment_id = ?), 0)
				- COALESCE((SELECT SUM(amount_cents) FROM refunds WHERE payment_id = ? AND status = 'pending'), 0)`,
			c.PaymentID, c.PaymentID).Scan(&holds); err != nil {
			return err
		}
		if c.AmountCents > holds {
			return apperr.WithFields(apperr.Unprocessable, "The correction is more than the payment holds ("+pricing.FormatCents(max(holds, 0))+").",
				map[string]string{"amount": "at most " + pricing.FormatCents(max(holds, 0))})
		}
		now := c.Now.UnixMilli()
		var user any
		if c.UserID > 0 {
			user = c.UserID
		}
		out.PaymentID = c.PaymentID
		if out.EntryID, err = tx.insertID(ctx, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider,
				provider_event_id, created_by, created_at, reason) VALUES (?, ?, 'correction', ?, ?, ?, ?, ?, ?) RETURNING id`,
			c.PaymentID, bk.id, -c.AmountCents, billing.CashProvider,
			"correction:"+strconv.FormatInt(c.CompanyID, 10)+":"+c.IdempotencyKey, user, now, c.Reason); err != nil {
			return err
		}
		if err := settleBookingState(ctx, tx, bk, checkout.EventCorrection, bk.chargedNet-c.AmountCents, c.Now, &out); err != nil {
			return err
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: c.CompanyID, UserID: c.UserID, UserEmail: c.UserEmail,
			Action: "payment.correction", Entity: "booking", EntityID: bk.identifier, At: c.Now,
			Details: map[string]any{"booking": bk.identifier, "reference": bk.reference, "method": method,
				"amount": c.AmountCents, "payment": c.PaymentID, "reason": c.Reason, "due": out.DueCents, "state": out.State}}); err != nil {
			return err
		}
		return answerDeskKey(ctx, tx, c.CompanyID, key, out)
	})
	return out, err
}

// ledgerMethod is the SQL of a ledger line's method: the desk payment's (cash for those written before
// methods existed), or online for a provider's.
const ledgerMethod = `CASE WHEN p.credit_note_id IS NOT NULL THEN 'credit' WHEN p.provider = 'cash' THEN COALESCE(p.method, 'cash') ELSE 'online' END`

// LedgerDay implements billing.DeskStore.
func (b Billing) LedgerDay(ctx context.Context, companyID int64, from, to time.Time) ([]billing.LedgerLine, error) {
	var out []billing.LedgerLine
	err := b.db.Read(ctx, func(tx *Tx) error {
		out = nil
		rows, err := tx.Query(ctx, `SELECT e.id, e.booking_id, b.identifier, COALESCE(b.reference, ''), e.kind, ABS(e.amount_cents),
				`+ledgerMethod+`, COALESCE(e.created_by, 0), COALESCE(u.name, ''), COALESCE(u.email, ''), e.created_at, COALESCE(e.reason, '')
			FROM payment_entries e JOIN payments p ON p.id = e.payment_id JOIN bookings b ON b.id = e.booking_id
			LEFT JOIN admin_users u ON u.id = e.created_by
			WHERE p.company_id = ? AND b.company_id = ? AND e.created_at >= ? AND e.created_at < ? AND p.credit_note_id IS NULL
			ORDER BY e.created_at, e.id`, companyID, companyID, from.UnixMilli(), to.UnixMilli())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var l billing.LedgerLine
			var at int64
			if err := rows.Scan(&l.EntryID, &l.BookingID, &l.Identifier, &l.Reference, &l.Kind, &l.AmountCents, &l.Method,
				&l.UserID, &l.UserName, &l.UserEmail, &at, &l.Reason); err != nil {
				return err
			}
			l.Reference = checkout.FormatReference(l.Reference)
			l.At = time.UnixMilli(at).UTC()
			out = append(out, l)
		}
		return rows.Err()
	})
	return out, err
}
