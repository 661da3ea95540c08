package store

import (
	"context"
	"database/sql"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/pricing"
)

// CartDetails implements checkout.StaffStore: the booking is found by its identifier or by the token
// of the cart it was ordered from, always within the company.
func (b Bookings) CartDetails(ctx context.Context, companyID int64, token string) (checkout.CartDetails, error) {
	var out checkout.CartDetails
	err := b.db.Read(ctx, func(tx *Tx) error {
		var id, total int64
		err := tx.QueryRow(ctx, `SELECT b.id, b.identifier, b.status, b.total_cents FROM bookings b
			WHERE b.company_id = ? AND (b.identifier = ?
				OR b.cart_id = (SELECT c.id FROM carts c WHERE c.token = ? AND c.company_id = ?))
			ORDER BY b.id DESC LIMIT 1`, companyID, token, token, companyID).Scan(&id, &out.Token, &out.State, &total)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No sale of this company with that token.")
		}
		if err != nil {
			return translate(err)
		}
		out.Price = pricing.Cents(total)
		sessions, err := lineSessions(ctx, tx, id)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id, name, kind, quantity, num_drivers, unit_price_cents, original_price_cents, discount_cents,
			total_cents FROM booking_lines WHERE booking_id = ? ORDER BY id`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		out.Details = []checkout.SaleLine{}
		for rows.Next() {
			l := checkout.SaleLine{Token: out.Token}
			var unit, orig, disc, tot int64
			if err := rows.Scan(&l.ID, &l.Name, &l.Type, &l.Quantity, &l.Drivers, &unit, &orig, &disc, &tot); err != nil {
				return err
			}
			l.UnitPrice, l.OriginalUnitPrice, l.Discount, l.Price = pricing.Cents(unit), pricing.Cents(orig), pricing.Cents(disc), pricing.Cents(tot)
			l.Sessions = []string{}
			for _, s := range sessions[l.ID] {
				l.Sessions = append(l.Sessions, s.Date+" "+s.Time)
			}
			out.Details = append(out.Details, l)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		return refundLines(ctx, tx, id, &out)
	})
	return out, err
}

// refundLines appends a booking's refunds to its sale as negative REFUND lines (admin spec section 3),
// whichever sign the ledger stores them with.
func refundLines(ctx context.Context, tx *Tx, bookingID int64, out *checkout.CartDetails) error {
	rows, err := tx.Query(ctx, `SELECT id, amount_cents FROM payment_entries WHERE booking_id = ? AND kind = 'refund' ORDER BY id`, bookingID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, amount int64
		if err := rows.Scan(&id, &amount); err != nil {
			return err
		}
		neg := -pricing.Cents(max(amount, -amount))
		out.Details = append(out.Details, checkout.SaleLine{ID: id, Name: "Refund", Token: out.Token, Type: checkout.SaleLineRefund,
			Quantity: 1, Drivers: 1, UnitPrice: neg, OriginalUnitPrice: neg, Price: neg, Sessions: []string{}})
	}
	return rows.Err()
}

// lineSessions reads the sessions of a booking's lines, by line, in order.
func lineSessions(ctx context.Context, tx *Tx, bookingID int64) (map[int64][]checkout.MasterSession, error) {
	rows, err := tx.Query(ctx, `SELECT bs.booking_line_id, bs.local_date, SUBSTR(bs.local_time, 1, 5), c.name
		FROM booking_lines bl JOIN booking_slots bs ON bs.booking_line_id = bl.id JOIN circuits c ON c.id = bs.circuit_id
		WHERE bl.booking_id = ? ORDER BY bs.booking_line_id, bs.starts_at, bs.position`, bookingID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64][]checkout.MasterSession{}
	for rows.Next() {
		var line int64
		var s checkout.MasterSession
		if err := rows.Scan(&line, &s.Date, &s.Time, &s.Track); err != nil {
			return nil, err
		}
		out[line] = append(out[line], s)
	}
	return out, rows.Err()
}

// MasterData implements checkout.StaffStore.
func (b Bookings) MasterData(ctx context.Context, companyID, bookingID int64) (checkout.MasterData, error) {
	var m checkout.MasterData
	err := b.db.Read(ctx, func(tx *Tx) error {
		var created, total, orig, disc int64
		var cancelled, first, memberID sql.NullInt64
		var surname, birth, takenBy sql.NullString
		var owed int64
		var refunds, arrived, noShow int
		err := tx.QueryRow(ctx, `SELECT bookings.id, identifier, status, source, created_at, cancelled_at, culture, payment_mode,
				contact_name, contact_surname, phone, email, birth_date, member_id, total_cents, original_total_cents,
				discount_cents, first_starts_at, COALESCE(reference, ''), refund_owed_cents,
				(SELECT u.name FROM admin_users u WHERE u.id = bookings.taken_by),
				c.is_refund_enabled, c.refund_max_days, c.time_zone,
				(SELECT COUNT(*) FROM booking_arrivals a WHERE a.booking_id = bookings.id),
				(SELECT COUNT(*) FROM booking_no_shows n WHERE n.booking_id = bookings.id)
			FROM bookings, (SELECT is_refund_enabled, refund_max_days, time_zone FROM companies WHERE id = ?) c
			WHERE bookings.id = ? AND bookings.company_id = ?`, companyID, bookingID, companyID).Scan(&m.ID, &m.Identifier, &m.State,
			&m.Source, &created, &cancelled, &m.Culture, &m.PaymentMode, &m.Contact.Name, &surname, &m.Contact.Phone,
			&m.Contact.Email, &birth, &memberID, &total, &orig, &disc, &first, &m.Reference, &owed, &takenBy,
			&refunds, &m.RefundPolicy.MaxDays, &m.TimeZone, &arrived, &noShow)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No booking of this company with that id.")
		}
		if err != nil {
			return translate(err)
		}
		m.CreatedAt = time.UnixMilli(created).UTC()
		m.Arrived, m.NoShow = arrived > 0, noShow > 0
		m.Reference = checkout.FormatReference(m.Reference)
		m.CancelledAt = instantOrNil(cancelled)
		m.FirstStart = instantOrNil(first)
		m.Contact.Surname, m.Contact.BirthDate = stringOrNil(surname), stringOrNil(birth)
		m.TakenBy = stringOrNil(takenBy)
		if memberID.Valid {
			m.Contact.MemberID = &memberID.Int64
		}
		m.Total, m.OriginalTotal, m.Discount = pricing.Cents(total), pricing.Cents(orig), pricing.Cents(disc)
		m.RefundOwed = pricing.Cents(owed)
		m.RefundPolicy.Enabled = refunds == 1
		if m.Lines, err = masterLines(ctx, tx, m.ID); err != nil {
			return err
		}
		if m.Drivers, err = masterDrivers(ctx, tx, m.ID); err != nil {
			return err
		}
		if err := masterLedger(ctx, tx, &m); err != nil {
			return err
		}
		note, err := creditOfBooking(ctx, tx, m.ID)
		if err != nil || note == nil {
			return err
		}
		m.CreditNote = &checkout.MasterCredit{Code: billing.FormatCreditCode(note.Code), Amount: pricing.Cents(note.AmountCents),
			Balance: pricing.Cents(note.BalanceCents), CreatedAt: note.CreatedAt, ExpiresAt: note.ExpiresAt}
		return nil
	})
	return m, err
}

// masterLines reads a booking's lines with their sessions.
func masterLines(ctx context.Context, tx *Tx, bookingID int64) ([]checkout.MasterLine, error) {
	sessions, err := lineSessions(ctx, tx, bookingID)
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT id, name, kind, quantity, num_drivers, unit_price_cents, total_cents
		FROM booking_lines WHERE booking_id = ? ORDER BY id`, bookingID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []checkout.MasterLine{}
	for rows.Next() {
		var l checkout.MasterLine
		var unit, tot int64
		if err := rows.Scan(&l.ID, &l.Name, &l.Type, &l.Quantity, &l.NumDrivers, &unit, &tot); err != nil {
			return nil, err
		}
		l.UnitPrice, l.Total = pricing.Cents(unit), pricing.Cents(tot)
		l.Sessions = sessions[l.ID]
		if l.Sessions == nil {
			l.Sessions = []checkout.MasterSession{}
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// masterDrivers reads a booking's drivers in order.
func masterDrivers(ctx context.Context, tx *Tx, bookingID int64) ([]checkout.MasterDriver, error) {
	rows, err := tx.Query(ctx, `SELECT name, email, underage FROM drivers WHERE booking_id = ?
		ORDER BY booking_line_id, position`, bookingID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []checkout.MasterDriver{}
	for rows.Next() {
		var d checkout.MasterDriver
		var email sql.NullString
		var underage int
		if err := rows.Scan(&d.Name, &email, &underage); err != nil {
			return nil, err
		}
		d.Email, d.Underage = stringOrNil(email), underage == 1
		out = append(out, d)
	}
	return out, rows.Err()
}

// masterLedger reads a booking's payments, refunds and corrections and sums its ledger. Refund and
// correction entries count by their absolute amount, whichever sign the ledger stores them with.
func masterLedger(ctx context.Context, tx *Tx, m *checkout.MasterData) error {
	rows, err := tx.Query(ctx, `SELECT p.id, p.provider, p.status, p.amount_cents, p.created_at,
			CASE WHEN p.credit_note_id IS NOT NULL THEN 'credit' WHEN p.provider = 'cash' THEN COALESCE(p.method, 'cash') END,
			(SELECT u.email FROM payment_entries e JOIN admin_users u ON u.id = e.created_by
				WHERE e.payment_id = p.id AND e.kind = 'charge' ORDER BY e.id LIMIT 1)
		FROM payments p WHERE p.booking_id = ? ORDER BY p.id`, m.ID)
	if err != nil {
		return err
	}
	m.Payments = []checkout.MasterPayment{}
	index := map[int64]int{}
	for rows.Next() {
		var p checkout.MasterPayment
		var amount, at int64
		var method, by sql.NullString
		if err := rows.Scan(&p.ID, &p.Provider, &p.Status, &amount, &at, &method, &by); err != nil {
			rows.Close()
			return err
		}
		p.Amount, p.CreatedAt = pricing.Cents(amount), time.UnixMilli(at).UTC()
		p.Method, p.By = stringOrNil(method), stringOrNil(by)
		index[p.ID] = len(m.Payments)
		m.Payments = append(m.Payments, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = tx.Query(ctx, `SELECT e.payment_id, e.kind, e.amount_cents, e.created_at, u.email, COALESCE(e.reason, '')
		FROM payment_entries e LEFT JOIN admin_users u ON u.id = e.created_by WHERE e.booking_id = ? ORDER BY e.id`, m.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	m.Refunds = []checkout.MasterRefund{}
	m.Corrections = []checkout.MasterCorrection{}
	for rows.Next() {
		var kind, reason string
		var payment, amount, at int64
		var by sql.NullString
		if err := rows.Scan(&payment, &kind, &amount, &at, &by, &reason); err != nil {
			return err
		}
		amount = max(amount, -amount)
		var p *checkout.MasterPayment
		if i, ok := index[payment]; ok {
			p = &m.Payments[i]
		}
		switch kind {
		case "charge":
			m.ChargedCents += amount
			if p != nil {
				p.Holds += pricing.Cents(amount)
				if p.Method != nil && *p.Method == billing.DeskCredit {
					m.CreditPaidCents += amount
				}
			}
		case "correction":
			m.ChargedCents -= amount
			if p != nil {
				p.Holds -= pricing.Cents(amount)
				p.Corrected += pricing.Cents(amount)
			}
			m.Corrections = append(m.Corrections, checkout.MasterCorrection{PaymentID: payment, Amount: pricing.Cents(amount),
				Reason: reason, At: time.UnixMilli(at).UTC(), By: stringOrNil(by)})
		default:
			m.RefundedCents += amount
			if p != nil {
				p.Holds -= pricing.Cents(amount)
			}
			m.Refunds = append(m.Refunds, checkout.MasterRefund{Amount: pricing.Cents(amount), At: time.UnixMilli(at).UTC(), By: stringOrNil(by)})
		}
	}
	return rows.Err()
}

// Member implements checkout.StaffStore.
func (b Bookings) Member(ctx context.Context, companyID, memberID int64) (checkout.StaffMember, error) {
	var m checkout.StaffMember
	err := b.db.Read(ctx, func(tx *Tx) error {
		var surname, birthday, phone sql.NullString
		var promo int
		var created int64
		err := tx.QueryRow(ctx, `SELECT id, nick, name, surname, birthday, phone, email, accept_send_promo, created_at
			FROM members WHERE id = ? AND company_id = ?`, memberID, companyID).Scan(&m.ID, &m.Data.Nick, &m.Data.Name,
			&surname, &birthday, &phone, &m.Data.Email, &promo, &created)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No member of this company with that id.")
		}
		if err != nil {
			return translate(err)
		}
		m.Data.Surname, m.Data.Birthday, m.Data.Phone = stringOrNil(surname), stringOrNil(birthday), stringOrNil(phone)
		m.Data.AcceptSendPromo, m.Data.CreatedAt = promo == 1, time.UnixMilli(created).UTC()
		return nil
	})
	return m, err
}

// stringOrNil is a nullable text column as a pointer (nil for NULL).
func stringOrNil(s sql.NullString) *string {
	if !s.Valid {
		return nil
	}
	return &s.String
}

// instantOrNil is a nullable Unix-millisecond column as a UTC time (nil for NULL).
func instantOrNil(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := time.UnixMilli(v.Int64).UTC()
	return &t
}
