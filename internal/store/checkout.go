package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
)

// Checkout is the customer's checkout: carts, discounts, bookings, their online payments and
// cancellation (checkout.Store and checkout.EventStore).
type Checkout struct{ db *DB }

// Checkout returns the store of this aggregate.
func (db *DB) Checkout() Checkout { return Checkout{db} }

// CheckoutCart implements checkout.Store.
func (co Checkout) CheckoutCart(ctx context.Context, token string, now time.Time) (checkout.Cart, error) {
	var c checkout.Cart
	err := co.db.Read(ctx, func(tx *Tx) error {
		var err error
		c, err = loadCart(ctx, tx, token, now.UnixMilli(), false)
		return err
	})
	return c, err
}

// loadCart reads a cart, its company's settings, its discount code and its lines; lock takes the cart's
// row lock on PostgreSQL (SQLite's write transaction holds the database lock already).
func loadCart(ctx context.Context, tx *Tx, token string, now int64, lock bool) (checkout.Cart, error) {
	var c checkout.Cart
	var codeID sql.NullInt64
	q := `SELECT id, token, company_id, status, discount_code_id FROM carts WHERE token = ?`
	if lock && tx.Engine() == Postgres {
		q += ` FOR UPDATE`
	}
	err := tx.QueryRow(ctx, q, token).Scan(&c.ID, &c.Token, &c.CompanyID, &c.Status, &codeID)
	if IsNoRows(err) {
		return c, apperr.WithFields(apperr.NotFound, "No shopping cart with that token.", map[string]string{"token": "unknown shopping cart"})
	}
	if err != nil {
		return c, translate(err)
	}
	if c.Company, err = checkoutCompany(ctx, tx, c.CompanyID); err != nil {
		return c, err
	}
	if codeID.Valid {
		code, err := scanDiscountCode(tx.QueryRow(ctx, `SELECT `+discountColumns+` FROM discount_codes WHERE id = ?`, codeID.Int64))
		if err != nil {
			return c, err
		}
		c.Discount = &code
	}
	if c.Lines, err = cartLines(ctx, tx, c.ID, now); err != nil {
		return c, err
	}
	released, err := stringsOf(ctx, tx, `SELECT identifier FROM holds WHERE cart_id = ? AND released_at IS NOT NULL`, c.ID)
	c.Released = make(map[string]bool, len(released))
	for _, id := range released {
		c.Released[id] = true
	}
	return c, err
}

// checkoutCompany reads the settings checkout rules depend on.
func checkoutCompany(ctx context.Context, tx *Tx, id int64) (checkout.CompanySettings, error) {
	var s checkout.CompanySettings
	var pay, voucher, show, optional int
	err := tx.QueryRow(ctx, `SELECT id, name, token, country, currency, time_zone, payments_active, payment_provider,
		voucher_mode, show_emails, email_optional, cancel_booking_max_days, default_culture FROM companies WHERE id = ?`, id).Scan(
		&s.ID, &s.Name, &s.Token, &s.Country, &s.Currency, &s.TimeZone, &pay, &s.PaymentProvider, &voucher, &show,
		&optional, &s.CancelBookingMaxDays, &s.DefaultCulture)
	s.PaymentsActive, s.VoucherMode, s.ShowEmails, s.EmailOptional = pay == 1, voucher == 1, show == 1, optional == 1
	s.Location = checkoutLocation(s.TimeZone)
	return s, translate(err)
}

const discountColumns = `id, code, kind, value, product_ids, COALESCE(event_id, 0), COALESCE(expires_on, ''), usage_limit, used_count`

func scanDiscountCode(s scanner) (checkout.DiscountCode, error) {
	var d checkout.DiscountCode
	var ids string
	var limit sql.NullInt64
	if err := s.Scan(&d.ID, &d.Code, &d.Kind, &d.Value, &ids, &d.EventID, &d.ExpiresOn, &limit, &d.UsedCount); err != nil {
		return d, translate(err)
	}
	if limit.Valid {
		d.UsageLimit = &limit.Int64
	}
	if err := json.Unmarshal([]byte(ids), &d.ProductIDs); err != nil {
		return d, fmt.Errorf("discount code %d: product_ids: %w", d.ID, err)
	}
	return d, nil
}

// cartLines reads a cart's lines with their holds and sessions, judging holds live at now.
func cartLines(ctx context.Context, tx *Tx, cartID, now int64) ([]checkout.CartLine, error) {
	rows, err := tx.Query(ctx, `SELECT cl.id, COALESCE(cl.hold_id, 0), COALESCE(h.identifier, ''), cl.product_id, p.name,
			COALESCE(p.event_id, 0), cl.kind, cl.quantity, cl.unit_price_cents, cl.original_price_cents, cl.total_cents,
			h.expires_at, h.released_at, h.booking_id, h.pending_booking_id
		FROM cart_lines cl JOIN products p ON p.id = cl.product_id LEFT JOIN holds h ON h.id = cl.hold_id
		WHERE cl.cart_id = ? ORDER BY cl.id`, cartID)
	if err != nil {
		return nil, err
	}
	var lines []checkout.CartLine
	index := map[int64]int{}
	for rows.Next() {
		var l checkout.CartLine
		var expires, released, booked, pending sql.NullInt64
		if err := rows.Scan(&l.ID, &l.HoldID, &l.HoldIdentifier, &l.ProductID, &l.ProductName, &l.EventID, &l.Kind,
			&l.Quantity, &l.UnitCents, &l.OriginalUnitCents, &l.TotalCents, &expires, &released, &booked, &pending); err != nil {
			rows.Close()
			return nil, err
		}
		if expires.Valid {
			l.ExpiresAt = time.UnixMilli(expires.Int64).UTC()
		}
		l.Live = l.HoldID != 0 && expires.Int64 > now && !released.Valid && !booked.Valid && !pending.Valid
		if l.HoldID != 0 {
			index[l.HoldID] = len(lines)
		}
		lines = append(lines, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT hs.hold_id, s.local_date, s.local_time, ci.name
		FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		JOIN slots s ON s.circuit_id = hs.circuit_id AND s.starts_at = hs.starts_at
		JOIN circuits ci ON ci.id = hs.circuit_id
		WHERE h.cart_id = ? ORDER BY hs.hold_id, hs.position`, cartID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var holdID int64
		var date, at, track string
		if err := rows.Scan(&holdID, &date, &at, &track); err != nil {
			return nil, err
		}
		i, ok := index[holdID]
		if !ok {
			continue
		}
		l := &lines[i]
		l.Dates = append(l.Dates, date+" "+at)
		if !strings.Contains(", "+l.TrackName+", ", ", "+track+", ") {
			if l.TrackName != "" {
				l.TrackName += ", "
			}
			l.TrackName += track
		}
	}
	return lines, rows.Err()
}

// ApplyCartDiscount implements checkout.Store.
func (co Checkout) ApplyCartDiscount(ctx context.Context, companyToken, cartToken, code string, now time.Time) error {
	return co.db.Write(ctx, func(tx *Tx) error {
		var companyID int64
		err := tx.QueryRow(ctx, `SELECT id FROM companies WHERE token = ?`, companyToken).Scan(&companyID)
		if IsNoRows(err) {
			return apperr.New(apperr.Unauthorized, "The company token is missing or unknown.")
		}
		if err != nil {
			return err
		}
		cart, err := loadCart(ctx, tx, cartToken, now.UnixMilli(), true)
		if err != nil {
			return err
		}
		if cart.CompanyID != companyID {
			return apperr.WithFields(apperr.NotFound, "No shopping cart with that token.", map[string]string{"token": "unknown shopping cart"})
		}
		var found *checkout.DiscountCode
		d, err := scanDiscountCode(tx.QueryRow(ctx, `SELECT `+discountColumns+` FROM discount_codes
			WHERE company_id = ? AND LOWER(code) = LOWER(?) ORDER BY CASE WHEN code = ? THEN 0 ELSE 1 END, id LIMIT 1`,
			companyID, code, code))
		switch {
		case err == nil:
			found = &d
		case !apperr.Is(err, apperr.NotFound):
			return err
		}
		today := now.In(cart.Company.Location).Format("2006-01-02")
		if err := checkout.CheckApply(cart, found, today); err != nil {
			return err
		}
		ms := now.UnixMilli()
		if _, err := tx.Exec(ctx, `UPDATE carts SET discount_code_id = ?, updated_at = ? WHERE id = ?`, found.ID, ms, cart.ID); err != nil {
			return err
		}
		shares := checkout.Allocate(*found, cart.Lines, checkout.LiveOnly)
		for i, l := range cart.Lines {
			if _, err := tx.Exec(ctx, `UPDATE cart_lines SET discount_cents = ? WHERE id = ?`, shares[i], l.ID); err != nil {
				return err
			}
		}
		return nil
	})
}

// checkoutLocation loads a company's time zone, UTC when unknown.
func checkoutLocation(name string) *time.Location {
	l, err := loadLocation(name)
	if err != nil {
		return time.UTC
	}
	return l
}

// InsertVoucherHold implements checkout.Store.
func (co Checkout) InsertVoucherHold(ctx context.Context, h checkout.NewVoucherHold) (int64, error) {
	var price int64
	err := co.db.Write(ctx, func(tx *Tx) error {
		var companyID int64
		var voucherMode, maxParticipants int
		err := tx.QueryRow(ctx, `SELECT id, voucher_mode, max_participants FROM companies WHERE token = ?`, h.CompanyToken).Scan(
			&companyID, &voucherMode, &maxParticipants)
		if IsNoRows(err) {
			return apperr.New(apperr.Unauthorized, "The company token is missing or unknown.")
		}
		if err != nil {
			return err
		}
		if voucherMode != 1 {
			return apperr.New(apperr.Unprocessable, "This company does not sell vouchers.")
		}
		var cartID int64
		err = tx.QueryRow(ctx, `SELECT id FROM carts WHERE token = ? AND company_id = ? AND status = 'open'`, h.CartToken, companyID).Scan(&cartID)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No open shopping cart with that token.", map[string]string{"token": "unknown shopping cart"})
		}
		if err != nil {
			return err
		}
		var unit int64
		var active int
		err = tx.QueryRow(ctx, `SELECT price_cents, is_active FROM products
			WHERE id = ? AND company_id = ? AND kind IN ('PRODUCT', 'PACK') AND deleted_at IS NULL`, h.ProductID, companyID).Scan(&unit, &active)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No such product.", map[string]string{"idProduct": "unknown product"})
		}
		if err != nil {
			return err
		}
		if active != 1 {
			return apperr.WithFields(apperr.Unprocessable, "The voucher is not valid.", map[string]string{"idProduct": "this product is not on sale"})
		}
		if price, err = checkout.VoucherPrice(unit, h.NumDrivers, maxParticipants); err != nil {
			return err
		}
		created := h.CreatedAt.UnixMilli()
		_, err = insertHold(ctx, tx, holdRow{Identifier: h.Identifier, Kind: "VOUCHER", CompanyID: companyID,
			CartID: cartID, ProductID: h.ProductID, NumDrivers: h.NumDrivers, PriceCents: price, UnitCents: unit,
			CreatedAt: created, ExpiresAt: h.ExpiresAt.UnixMilli()})
		return err
	})
	return price, err
}

// claimIdempotencyKey stores the key as in progress, first in the booking's transaction. If the key is
// known already (on PostgreSQL a concurrent first request is waited for), it returns the stored answer,
// or apperr.Conflict when the key was used for a different request.
func claimIdempotencyKey(ctx context.Context, tx *Tx, companyID int64, key, hash string, now int64) (*checkout.Answer, error) {
	var one int
	err := tx.QueryRow(ctx, `INSERT INTO idempotency_keys (company_id, key, request_hash, status, response, created_at)
		VALUES (?, ?, ?, 0, '', ?) ON CONFLICT DO NOTHING RETURNING 1`, companyID, key, hash, now).Scan(&one)
	if err == nil {
		return nil, nil
	}
	if !IsNoRows(err) {
		return nil, translate(err)
	}
	var stored string
	var a checkout.Answer
	var body string
	if err := tx.QueryRow(ctx, `SELECT request_hash, status, response FROM idempotency_keys WHERE company_id = ? AND key = ?`,
		companyID, key).Scan(&stored, &a.Status, &body); err != nil {
		return nil, translate(err)
	}
	if stored != hash {
		return nil, checkout.ErrKeyReused
	}
	a.Body, a.RequestHash = []byte(body), stored
	return &a, nil
}

// storeAnswer records the answer of an idempotency key (no-op without a key).
func storeAnswer(ctx context.Context, tx *Tx, companyID int64, key string, a checkout.Answer) error {
	if key == "" || a.Status == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `UPDATE idempotency_keys SET status = ?, response = ? WHERE company_id = ? AND key = ?`,
		a.Status, string(a.Body), companyID, key)
	return err
}

// IdempotentAnswer implements checkout.Store.
func (co Checkout) IdempotentAnswer(ctx context.Context, companyID int64, key string) (checkout.Answer, error) {
	var a checkout.Answer
	err := co.db.Read(ctx, func(tx *Tx) error {
		var body string
		err := tx.QueryRow(ctx, `SELECT status, response, request_hash FROM idempotency_keys WHERE company_id = ? AND key = ?`,
			companyID, key).Scan(&a.Status, &body, &a.RequestHash)
		a.Body = []byte(body)
		return translate(err)
	})
	return a, err
}
