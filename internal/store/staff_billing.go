package store

import (
	"context"
	"database/sql"
	"slices"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/billing"
)

// Billing is the staff side of the money ledger: the sales and refunds of a company between dates, and
// staff refunds (staff_billing_refund.go). It implements billing.Store; every query carries the
// company in its WHERE clause.
//
// The ledger is payments + payment_entries. A sale is a booking with charge entries; it is dated by its
// first charge. Refund entries are stored with kind 'refund' and a negative amount_cents (as the
// payment notifications write them); they are read with ABS so either sign is counted once as a
// refund. A booking paid at the circuit ('circuit' payment_mode) enters billing when the desk settles
// it: a payments row with provider 'cash' (provider_ref NULL, status approved) and one charge entry
// with provider 'cash' and a unique provider_event_id (e.g. "cash-<booking identifier>"). Such a sale
// is refunded as a recorded cash refund, without a gateway.
type Billing struct{ db *DB }

// Billing returns the staff billing store.
func (db *DB) Billing() Billing { return Billing{db: db} }

// BillingCompany implements billing.Store.
func (b Billing) BillingCompany(ctx context.Context, companyID int64) (billing.CompanyInfo, error) {
	var c billing.CompanyInfo
	var enabled int
	err := b.db.Read(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `SELECT time_zone, currency_symbol, currency, is_refund_enabled, refund_max_days
			FROM companies WHERE id = ?`, companyID).
			Scan(&c.TimeZone, &c.Symbol, &c.Currency, &enabled, &c.Refunds.MaxDays)
	})
	c.Refunds.Enabled = enabled == 1
	return c, translate(err)
}

// saleColumns are the booking columns of a billing row, for scanRowBooking.
const saleColumns = `b.id, b.identifier, COALESCE(b.reference, ''), b.contact_name, COALESCE(b.contact_surname, ''), b.phone,
	b.email, b.source, b.payment_mode, b.total_cents`

func bookingFields(r *billing.Row, surname *string) []any {
	return []any{&r.BookingID, &r.Identifier, &r.Reference, &r.ContactName, surname, &r.Phone, &r.Email, &r.Source,
		&r.PaymentMode, &r.TotalCents}
}

// inRange is the subquery of the company's bookings with a ledger entry in [from, to).
const inRange = `SELECT e.booking_id FROM payment_entries e JOIN payments p ON p.id = e.payment_id
	WHERE p.company_id = ? AND e.created_at >= ? AND e.created_at < ?`

// Sales implements billing.Store with five set queries whatever the number of rows: the sales grouped
// by booking, the other ledger lines of the range (refunds, corrections, later payments), the methods
// and authors of the sales' charges, the lines and the lines' sessions of the bookings involved.
func (b Billing) Sales(ctx context.Context, companyID int64, from, to time.Time) ([]billing.Row, error) {
	f, t := from.UnixMilli(), to.UnixMilli()
	var rows []billing.Row
	err := b.db.Read(ctx, func(tx *Tx) error {
		rows = nil
		// A charge that spent a credit note is no money taken (charged, money: 0), and a sale whose money
		// was kept as a credit note has nothing left to refund.
		q, err := tx.Query(ctx, `SELECT `+saleColumns+`, s.charged, s.net, s.money, s.refunded, s.first_charge, b.first_starts_at,
				CASE WHEN EXISTS (SELECT 1 FROM credit_notes n WHERE n.booking_id = b.id) THEN 1 ELSE 0 END
			FROM (SELECT e.booking_id,
					SUM(CASE WHEN e.kind = 'charge' AND p.credit_note_id IS NULL AND e.created_at >= ? AND e.created_at < ? THEN e.amount_cents ELSE 0 END) AS charged,
					SUM(CASE WHEN e.kind = 'charge' THEN e.amount_cents WHEN e.kind = 'correction' THEN -ABS(e.amount_cents) ELSE 0 END) AS net,
					SUM(CASE WHEN p.credit_note_id IS NOT NULL THEN 0 WHEN e.kind = 'charge' THEN e.amount_cents
						WHEN e.kind = 'correction' THEN -ABS(e.amount_cents) ELSE 0 END) AS money,
					SUM(CASE WHEN e.kind = 'refund' THEN ABS(e.amount_cents) ELSE 0 END) AS refunded,
					MIN(CASE WHEN e.kind = 'charge' THEN e.created_at END) AS first_charge
				FROM payment_entries e JOIN payments p ON p.id = e.payment_id
				WHERE p.company_id = ? AND e.booking_id IN (`+inRange+` AND e.kind = 'charge')
				GROUP BY e.booking_id) s
			JOIN bookings b ON b.id = s.booking_id
			WHERE b.company_id = ? AND s.first_charge >= ? AND s.first_charge < ?`,
			f, t, companyID, companyID, f, t, companyID, f, t)
		if err != nil {
			return err
		}
		sales := map[int64]int{}
		for q.Next() {
			var r billing.Row
			var surname string
			var charged, net, money, refunded, at int64
			var first sql.NullInt64
			var credited int
			if err := q.Scan(append(bookingFields(&r, &surname), &charged, &net, &money, &refunded, &at, &first, &credited)...); err != nil {
				q.Close()
				return err
			}
			r.ID, r.Type, r.At = "S"+strconv.FormatInt(r.BookingID, 10), billing.TypeSale, time.UnixMilli(at).UTC()
			r.ContactName = fullName(r.ContactName, surname)
			r.AmountCents, r.RefundableCents = charged, max(money-refunded, 0)
			if credited == 1 {
				r.RefundableCents, r.KeptAsCredit = 0, true
			}
			r.PaidCents, r.RefundedCents = net, refunded
			r.State = billing.SaleState(net, refunded)
			if first.Valid {
				s := time.UnixMilli(first.Int64).UTC()
				r.FirstStart = &s
			}
			sales[r.BookingID] = len(rows)
			rows = append(rows, r)
		}
		q.Close()
		if err := q.Err(); err != nil {
			return err
		}
		if err := saleMethods(ctx, tx, companyID, f, t, rows, sales); err != nil {
			return err
		}
		// Every other line of the range: refunds, corrections, and charges of sales first charged before it.
		q, err = tx.Query(ctx, `SELECT `+saleColumns+`, e.id, e.kind, ABS(e.amount_cents), e.created_at, `+ledgerMethod+`,
				COALESCE(u.email, ''), COALESCE(e.reason, '')
			FROM payment_entries e JOIN payments p ON p.id = e.payment_id JOIN bookings b ON b.id = e.booking_id
			LEFT JOIN admin_users u ON u.id = e.created_by
			WHERE p.company_id = ? AND b.company_id = ? AND e.created_at >= ? AND e.created_at < ?
				AND (e.kind <> 'charge' OR EXISTS (SELECT 1 FROM payment_entries o
					WHERE o.booking_id = e.booking_id AND o.kind = 'charge' AND o.created_at < ?))`,
			companyID, companyID, f, t, f)
		if err != nil {
			return err
		}
		for q.Next() {
			var r billing.Row
			var surname, kind, method string
			var id, amount, at int64
			if err := q.Scan(append(bookingFields(&r, &surname), &id, &kind, &amount, &at, &method, &r.By, &r.Reason)...); err != nil {
				q.Close()
				return err
			}
			r.At, r.Methods = time.UnixMilli(at).UTC(), []string{method}
			r.ContactName = fullName(r.ContactName, surname)
			switch kind {
			case billing.KindCharge:
				r.ID, r.Type, r.State, r.AmountCents = "P"+strconv.FormatInt(id, 10), billing.TypePayment, billing.StatePayment, amount
				if method == billing.DeskCredit { // paid by a credit note: no money taken
					r.AmountCents, r.CreditCents = 0, amount
				}
			case billing.KindCorrection:
				r.ID, r.Type, r.State, r.AmountCents = "C"+strconv.FormatInt(id, 10), billing.TypeCorrection, billing.StateCorrection, -amount
			default:
				r.ID, r.Type, r.State, r.AmountCents = "R"+strconv.FormatInt(id, 10), billing.TypeRefund, billing.StateRefund, -amount
			}
			r.Lines = []billing.Line{{ID: id, Kind: r.Type, Quantity: 1, Drivers: 1, UnitCents: r.AmountCents,
				OriginalUnitCents: r.AmountCents, TotalCents: r.AmountCents}}
			rows = append(rows, r)
		}
		q.Close()
		if err := q.Err(); err != nil {
			return err
		}
		if rows, err = creditIssuedRows(ctx, tx, companyID, f, t, rows); err != nil {
			return err
		}
		return attachLines(ctx, tx, companyID, f, t, rows)
	})
	if err != nil {
		return nil, err
	}
	sortRows(rows)
	return rows, nil
}

// saleMethods gives each sale row the methods of its charges made in the range, in the order they were
// made, and the staff e-mail of its first desk charge.
func saleMethods(ctx context.Context, tx *Tx, companyID, from, to int64, rows []billing.Row, sales map[int64]int) error {
	q, err := tx.Query(ctx, `SELECT e.booking_id, `+ledgerMethod+`, COALESCE(u.email, '')
		FROM payment_entries e JOIN payments p ON p.id = e.payment_id LEFT JOIN admin_users u ON u.id = e.created_by
		WHERE p.company_id = ? AND e.kind = 'charge' AND e.created_at >= ? AND e.created_at < ?
		ORDER BY e.booking_id, e.created_at, e.id`, companyID, from, to)
	if err != nil {
		return err
	}
	defer q.Close()
	for q.Next() {
		var booking int64
		var method, by string
		if err := q.Scan(&booking, &method, &by); err != nil {
			return err
		}
		i, ok := sales[booking]
		if !ok {
			continue
		}
		if !slices.Contains(rows[i].Methods, method) {
			rows[i].Methods = append(rows[i].Methods, method)
		}
		if rows[i].By == "" {
			rows[i].By = by
		}
	}
	return q.Err()
}

// attachLines gives each sale row its booking's lines (with their sessions) and each refund row the
// names of what was sold, in two queries over the bookings with an entry in the range.
func attachLines(ctx context.Context, tx *Tx, companyID, from, to int64, rows []billing.Row) error {
	lines := map[int64][]billing.Line{}
	lineAt := map[int64][2]int64{} // line id → booking id, index
	q, err := tx.Query(ctx, `SELECT bl.booking_id, bl.id, bl.name, bl.kind, bl.quantity, bl.num_drivers, bl.unit_price_cents,
			bl.original_price_cents, bl.discount_cents, bl.total_cents
		FROM booking_lines bl JOIN bookings b ON b.id = bl.booking_id
		WHERE b.company_id = ? AND bl.booking_id IN (`+inRange+`) ORDER BY bl.booking_id, bl.id`, companyID, companyID, from, to)
	if err != nil {
		return err
	}
	for q.Next() {
		var booking int64
		var l billing.Line
		if err := q.Scan(&booking, &l.ID, &l.Name, &l.Kind, &l.Quantity, &l.Drivers, &l.UnitCents, &l.OriginalUnitCents,
			&l.DiscountCents, &l.TotalCents); err != nil {
			q.Close()
			return err
		}
		lineAt[l.ID] = [2]int64{booking, int64(len(lines[booking]))}
		lines[booking] = append(lines[booking], l)
	}
	q.Close()
	if err := q.Err(); err != nil {
		return err
	}
	q, err = tx.Query(ctx, `SELECT bs.booking_line_id, bs.local_date, bs.local_time
		FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id JOIN bookings b ON b.id = bl.booking_id
		WHERE b.company_id = ? AND bl.booking_id IN (`+inRange+`) ORDER BY bs.booking_line_id, bs.position`, companyID, companyID, from, to)
	if err != nil {
		return err
	}
	for q.Next() {
		var lineID int64
		var date, at string
		if err := q.Scan(&lineID, &date, &at); err != nil {
			q.Close()
			return err
		}
		if pos, ok := lineAt[lineID]; ok {
			l := &lines[pos[0]][pos[1]]
			l.Sessions = append(l.Sessions, date+" "+hhmm(at))
		}
	}
	q.Close()
	if err := q.Err(); err != nil {
		return err
	}
	for i := range rows {
		ls := lines[rows[i].BookingID]
		if rows[i].Type == billing.TypeSale {
			rows[i].Lines = ls
		} else if len(rows[i].Lines) == 1 {
			rows[i].Lines[0].Name = lineNames(ls)
		}
	}
	return nil
}

// lineNames is the names of a sale's lines, for its row's "name".
func lineNames(ls []billing.Line) string {
	names := make([]string, 0, len(ls))
	for _, l := range ls {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}

func fullName(name, surname string) string {
	if surname == "" {
		return name
	}
	return name + " " + surname
}

// sortRows orders rows by time, sales before the other rows at the same instant, then by id.
func sortRows(rows []billing.Row) {
	slices.SortStableFunc(rows, func(a, b billing.Row) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		if (a.Type == billing.TypeSale) != (b.Type == billing.TypeSale) {
			if a.Type == billing.TypeSale {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// creditIssuedRows adds a row for each credit note the company issued in [from, to): the money of a
// cancelled booking kept as credit. Its amount is 0, since the money was counted when it was paid and
// stays taken; CreditCents and CreditCode say what was issued.
func creditIssuedRows(ctx context.Context, tx *Tx, companyID, from, to int64, rows []billing.Row) ([]billing.Row, error) {
	q, err := tx.Query(ctx, `SELECT `+saleColumns+`, n.id, n.code, n.amount_cents, n.created_at, COALESCE(u.email, '')
		FROM credit_notes n JOIN bookings b ON b.id = n.booking_id LEFT JOIN admin_users u ON u.id = n.created_by
		WHERE n.company_id = ? AND b.company_id = ? AND n.created_at >= ? AND n.created_at < ?`, companyID, companyID, from, to)
	if err != nil {
		return rows, err
	}
	defer q.Close()
	for q.Next() {
		var r billing.Row
		var surname, code string
		var id, amount, at int64
		if err := q.Scan(append(bookingFields(&r, &surname), &id, &code, &amount, &at, &r.By)...); err != nil {
			return rows, err
		}
		r.ID, r.Type, r.State, r.At = "N"+strconv.FormatInt(id, 10), billing.TypeCreditIssued, billing.StateCreditIssued, time.UnixMilli(at).UTC()
		r.ContactName = fullName(r.ContactName, surname)
		r.CreditCents, r.CreditCode, r.Methods = amount, billing.FormatCreditCode(code), []string{billing.DeskCredit}
		r.Lines = []billing.Line{{ID: id, Kind: r.Type, Quantity: 1, Drivers: 1}}
		rows = append(rows, r)
	}
	return rows, q.Err()
}
