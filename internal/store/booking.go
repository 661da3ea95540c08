package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/member"
	"pitlane/internal/notify"
)

// CreateBooking implements checkout.Store: in one transaction it claims the idempotency key, locks the
// cart, re-checks that every pre-booking is a live hold of the cart, consumes the discount code's use,
// writes the booking with its lines, sessions, drivers and vouchers, links the contact's member, and then
// either books the places at once (paying at the circuit, or nothing to pay) and queues the
// confirmation mails, or keeps the holds live for the payment window and writes the payment row.
func (co Checkout) CreateBooking(ctx context.Context, nb checkout.NewBooking) (checkout.CreatedBooking, error) {
	var out checkout.CreatedBooking
	now := nb.Now.UnixMilli()
	err := co.db.Write(ctx, func(tx *Tx) error {
		out = checkout.CreatedBooking{}
		var companyID int64
		err := tx.QueryRow(ctx, `SELECT company_id FROM carts WHERE token = ?`, nb.CartToken).Scan(&companyID)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No shopping cart with that token.", map[string]string{"token": "unknown shopping cart"})
		}
		if err != nil {
			return err
		}
		if nb.IdempotencyKey != "" {
			replay, err := claimIdempotencyKey(ctx, tx, companyID, nb.IdempotencyKey, nb.RequestHash, now)
			if err != nil || replay != nil {
				out.Replay = replay
				return err
			}
		}
		cart, err := loadCart(ctx, tx, nb.CartToken, now, true)
		if err != nil {
			return err
		}
		lines, err := checkout.BookedLines(cart, nb.Identifiers)
		if err != nil {
			return err
		}
		priced, err := priceOrder(ctx, tx, cart, lines, nb.Now)
		if err != nil {
			return err
		}
		online := nb.Online && priced.TotalCents > 0
		out = checkout.CreatedBooking{CompanyID: companyID, Identifier: nb.Identifier, Online: online,
			Provider: cart.Company.PaymentProvider, TotalCents: priced.TotalCents, Currency: cart.Company.Currency,
			Email: nb.Contact.Email, Culture: nb.Culture, Description: describe(lines)}
		if out.BookingID, err = insertBooking(ctx, tx, nb, cart, priced, online); err != nil {
			return err
		}
		ref, err := setReference(ctx, tx, out.BookingID)
		if err != nil {
			return err
		}
		out.Reference = notify.ShownReference(notify.Booking{Reference: ref, Identifier: nb.Identifier})
		if err := insertBookingLines(ctx, tx, nb, cart, priced, online, out.BookingID); err != nil {
			return err
		}
		if err := linkMember(ctx, tx, nb, companyID, out.BookingID); err != nil {
			return err
		}
		booked, err := placeOrder(ctx, tx, &out, cart.ID, lines, nb.Now, nb.PaymentUntil)
		if err != nil || online {
			return err
		}
		if !booked {
			return apperr.New(apperr.Gone, "The places of this booking are no longer available; please try again.")
		}
		if err := storeAnswer(ctx, tx, companyID, nb.IdempotencyKey, nb.DoneAnswer); err != nil {
			return err
		}
		return queueConfirmation(ctx, tx, out.BookingID, nb.CancelURL, nb.Now)
	})
	return out, err
}

// priceOrder prices the booked lines of a cart with its discount code and takes the code's use: the
// first step CreateBooking and CreateEventBooking share once they have the cart locked and its lines.
func priceOrder(ctx context.Context, tx *Tx, cart checkout.Cart, lines []checkout.CartLine, now time.Time) (checkout.Priced, error) {
	priced := checkout.Price(lines, cart.Discount, func(checkout.CartLine) bool { return true })
	return priced, useDiscount(ctx, tx, cart, priced, now)
}

// placeOrder is the last step CreateBooking and CreateEventBooking share, once the booking row is
// written: the cart is ordered, then either (out.Online) the holds stay live for the payment window and
// the payment row is written, or they become the booking's and its places are booked at once. It
// reports whether the places were booked (never online: the provider's notification books them).
func placeOrder(ctx context.Context, tx *Tx, out *checkout.CreatedBooking, cartID int64, lines []checkout.CartLine,
	now, paymentUntil time.Time) (bool, error) {
	ms := now.UnixMilli()
	if _, err := tx.Exec(ctx, `UPDATE carts SET status = 'ordered', updated_at = ? WHERE id = ?`, ms, cartID); err != nil {
		return false, err
	}
	if out.Online {
		return false, waitForPayment(ctx, tx, now, paymentUntil, out, lines)
	}
	if err := convertHolds(ctx, tx, out.BookingID, lines, ms); err != nil {
		return false, err
	}
	return bookPlaces(ctx, tx, out.BookingID, ms)
}

// useDiscount takes one use of the cart's discount code when it discounts the booked lines: the code must
// still be valid today and have a use left (one conditional update, so concurrent bookings cannot take
// more uses than the limit).
func useDiscount(ctx context.Context, tx *Tx, cart checkout.Cart, p checkout.Priced, now time.Time) error {
	if cart.Discount == nil || p.DiscountCents == 0 {
		return nil
	}
	today := now.In(cart.Company.Location).Format("2006-01-02")
	if err := checkout.CheckUsable(*cart.Discount, today); err != nil {
		return err
	}
	res, err := tx.Exec(ctx, `UPDATE discount_codes SET used_count = used_count + 1
		WHERE id = ? AND (usage_limit IS NULL OR used_count < usage_limit)`, cart.Discount.ID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		if err == nil {
			err = apperr.WithFields(apperr.Gone, "This discount code has been used up.", map[string]string{"discount": "used up"})
		}
		return err
	}
	return nil
}

// insertBooking writes the bookings row.
func insertBooking(ctx context.Context, tx *Tx, nb checkout.NewBooking, cart checkout.Cart, p checkout.Priced, online bool) (int64, error) {
	now := nb.Now.UnixMilli()
	var first sql.NullInt64
	var date sql.NullString
	if err := tx.QueryRow(ctx, `SELECT MIN(hs.starts_at) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		WHERE h.identifier IN (`+Placeholders(len(nb.Identifiers))+`)`, anys(nb.Identifiers)...).Scan(&first); err != nil {
		return 0, err
	}
	if first.Valid {
		date.String, date.Valid = time.UnixMilli(first.Int64).In(checkoutLocation(firstCircuitZone(ctx, tx, nb.Identifiers, cart.Company.TimeZone))).Format("2006-01-02"), true
	}
	mode, status := checkout.ModeCircuit, checkout.StatusPending
	if nb.Online {
		mode = checkout.ModeOnline
		if !online {
			status = checkout.StatusPaid // nothing to pay
		}
	}
	var codeID any
	if cart.Discount != nil && p.DiscountCents > 0 {
		codeID = cart.Discount.ID
	}
	var cancelHash any
	if !online {
		cancelHash = checkout.HashToken(nb.CancelToken)
	}
	var giftName, giftEmail, giftMsg any
	if nb.Gift != nil {
		giftName, giftEmail, giftMsg = nb.Gift.Name, nb.Gift.Email, nb.Gift.Message
	}
	var key any
	if nb.IdempotencyKey != "" {
		key = nb.IdempotencyKey
	}
	var takenBy any
	if nb.TakenBy > 0 {
		takenBy = nb.TakenBy
	}
	c := nb.Contact
	return tx.insertID(ctx, `INSERT INTO bookings (identifier, company_id, cart_id, source, status, payment_mode, culture,
			contact_name, contact_surname, phone, email, birth_date, accept_promo, original_total_cents, discount_cents,
			total_cents, discount_code_id, cancel_token_hash, booking_date, first_starts_at, is_gift, gift_name, gift_email,
			gift_message, idempotency_key, taken_by, created_at, updated_at)
		VALUES (?, ?, ?, 'BOOKING', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		nb.Identifier, cart.CompanyID, cart.ID, status, mode, nb.Culture, c.Name, nullable(c.Surname), c.Phone, c.Email,
		nullable(c.BirthDate), flag(c.AcceptPromo), p.OriginalCents, p.DiscountCents, p.TotalCents, codeID, cancelHash,
		date, first, flag(nb.Gift != nil), giftName, giftEmail, giftMsg, key, takenBy, now, now)
}

// firstCircuitZone is the time zone of the installation of the first session's circuit (the company's
// when the booking has no session).
func firstCircuitZone(ctx context.Context, tx *Tx, identifiers []string, fallback string) string {
	var tz string
	err := tx.QueryRow(ctx, `SELECT i.time_zone FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		JOIN circuits c ON c.id = hs.circuit_id JOIN installations i ON i.id = c.installation_id
		WHERE h.identifier IN (`+Placeholders(len(identifiers))+`) ORDER BY hs.starts_at LIMIT 1`, anys(identifiers)...).Scan(&tz)
	if err != nil {
		return fallback
	}
	return tz
}

// insertBookingLines writes the booking's lines, their sessions (from the holds' sessions), drivers and,
// for vouchers, the redeemable voucher.
func insertBookingLines(ctx context.Context, tx *Tx, nb checkout.NewBooking, cart checkout.Cart, p checkout.Priced, online bool, bookingID int64) error {
	for _, l := range p.Lines {
		var holdID any
		if !online {
			holdID = l.HoldID
		}
		sessions := len(l.Dates)
		quantity := max(sessions, 1)
		if l.Kind != checkout.KindProduct {
			quantity = 1
		}
		var pack any
		if l.Kind == checkout.KindPack {
			pack = checkout.NewPackCode()
		}
		lineID, err := tx.insertID(ctx, `INSERT INTO booking_lines (booking_id, product_id, hold_id, hold_identifier, kind, name,
				quantity, num_drivers, unit_price_cents, original_price_cents, discount_cents, total_cents, pack_code)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			bookingID, l.ProductID, holdID, l.HoldIdentifier, l.Kind, l.ProductName, quantity, l.Quantity, l.UnitCents,
			l.OriginalUnitCents, l.DiscountCents, l.NetCents(), pack)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date,
				local_time, product_id, places)
			SELECT ?, hs.position, hs.circuit_id, hs.starts_at, s.local_date, s.local_time, hs.product_id, hs.places
			FROM hold_slots hs JOIN slots s ON s.circuit_id = hs.circuit_id AND s.starts_at = hs.starts_at
			WHERE hs.hold_id = ?`, lineID, l.HoldID); err != nil {
			return err
		}
		for i, d := range nb.Drivers[l.HoldIdentifier] {
			if _, err := tx.Exec(ctx, `INSERT INTO drivers (booking_id, booking_line_id, position, name, email, underage)
				VALUES (?, ?, ?, ?, ?, ?)`, bookingID, lineID, i, d.Name, nullable(d.Email), flag(d.Underage)); err != nil {
				return err
			}
		}
		if l.Kind == checkout.KindVoucher || cart.Company.VoucherMode && sessions == 0 {
			if err := insertVoucher(ctx, tx, nb, cart.CompanyID, bookingID, l); err != nil {
				return err
			}
		}
	}
	return nil
}

// insertVoucher writes the redeemable voucher of a line sold without a session.
func insertVoucher(ctx context.Context, tx *Tx, nb checkout.NewBooking, companyID, bookingID int64, l checkout.PricedLine) error {
	var name, email, msg any
	if nb.Gift != nil {
		name, email, msg = nb.Gift.Name, nb.Gift.Email, nullable(nb.Gift.Message)
	}
	expires := nb.Now.Add(checkout.VoucherValidity).Format("2006-01-02")
	_, err := tx.Exec(ctx, `INSERT INTO vouchers (company_id, booking_id, product_id, code, value_cents, num_drivers, status,
			recipient_name, recipient_email, message, expires_on, created_at)
		VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)`,
		companyID, bookingID, l.ProductID, checkout.NewVoucherCode(), l.NetCents(), l.Quantity, name, email, msg, expires,
		nb.Now.UnixMilli())
	return err
}

// linkMember finds or creates the contact's member and ties the booking to it. A walk-in taken at the
// counter without an e-mail address has no member (members are known by their address).
func linkMember(ctx context.Context, tx *Tx, nb checkout.NewBooking, companyID, bookingID int64) error {
	c := nb.Contact
	if strings.TrimSpace(c.Email) == "" {
		return nil
	}
	m, _, err := tx.UpsertMember(ctx, member.NewMember{CompanyID: companyID, Email: c.Email, Name: c.Name,
		Surname: c.Surname, Birthday: c.BirthDate, Phone: c.Phone, AcceptSendPromo: c.AcceptPromo}, nb.Now)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE bookings SET member_id = ? WHERE id = ?`, m.ID, bookingID)
	return err
}

// waitForPayment links the holds to the pending booking and keeps them live for the payment window, and
// writes the payment row.
func waitForPayment(ctx context.Context, tx *Tx, at, paymentUntil time.Time, out *checkout.CreatedBooking, lines []checkout.CartLine) error {
	now, until := at.UnixMilli(), paymentUntil.UnixMilli()
	for _, l := range lines {
		res, err := tx.Exec(ctx, `UPDATE holds SET pending_booking_id = ?,
				expires_at = CASE WHEN expires_at < ? THEN ? ELSE expires_at END
			WHERE id = ? AND `+liveHoldNoAlias+` AND pending_booking_id IS NULL`, out.BookingID, until, until, l.HoldID, now)
		if err := oneRow(res, err); err != nil {
			return err
		}
	}
	var err error
	out.PaymentID, err = tx.insertID(ctx, `INSERT INTO payments (company_id, booking_id, provider, status, amount_cents, currency,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		out.CompanyID, out.BookingID, out.Provider, checkout.PaymentCreated, out.TotalCents, out.Currency, now, now)
	return err
}

// convertHolds marks the booked holds as part of the booking, each only if still live.
func convertHolds(ctx context.Context, tx *Tx, bookingID int64, lines []checkout.CartLine, now int64) error {
	for _, l := range lines {
		res, err := tx.Exec(ctx, `UPDATE holds SET booking_id = ? WHERE id = ? AND `+liveHoldNoAlias+` AND pending_booking_id IS NULL`,
			bookingID, l.HoldID, now)
		if err := oneRow(res, err); err != nil {
			return err
		}
	}
	return markOffersBooked(ctx, tx, bookingID, now)
}

// liveHoldNoAlias is liveHold for statements on holds without an alias.
const liveHoldNoAlias = `expires_at > ? AND released_at IS NULL AND booking_id IS NULL`

// oneRow turns an update that changed no row into checkout.ErrHoldGone.
func oneRow(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return checkout.ErrHoldGone
	}
	return nil
}

// describe names the booked products, for the provider's payment page.
func describe(lines []checkout.CartLine) string {
	names := make([]string, 0, len(lines))
	for _, l := range lines {
		names = append(names, l.ProductName)
	}
	s := strings.Join(names, ", ")
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// queueConfirmation queues the confirmation mails of a booking (customer, gift receiver, company copies).
func queueConfirmation(ctx context.Context, tx *Tx, bookingID int64, cancelURL string, now time.Time) error {
	if event, err := queueEventConfirmation(ctx, tx, bookingID, now); event || err != nil { // event registrations: event_booking.go
		return err
	}
	b, companyID, culture, err := mailBooking(ctx, tx, bookingID, cancelURL)
	if err != nil {
		return err
	}
	if b.CancelURL != "" {
		if err := cancelOnlineNow(ctx, tx, bookingID, &b, now); err != nil {
			return err
		}
	}
	return notify.QueueConfirmation(ctx, tx, companyID, bookingID, b, culture, now)
}

// cancelOnlineNow keeps the confirmation's cancel link only when the customer can still cancel online
// at now (checkout.CancelReason, the cancel page's own rule): a booking made (or paid) inside the
// company's no-cancel window gets "contact the circuit" with its phone and e-mail instead, and one with
// no session (a voucher) no link, so the mail never promises what the page then refuses.
func cancelOnlineNow(ctx context.Context, tx *Tx, bookingID int64, b *notify.Booking, now time.Time) error {
	var status string
	var first sql.NullInt64
	var maxDays int
	if err := tx.QueryRow(ctx, `SELECT b.status, b.first_starts_at, c.cancel_booking_max_days
		FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.id = ?`, bookingID).Scan(&status, &first, &maxDays); err != nil {
		return translate(err)
	}
	var start *time.Time
	if first.Valid {
		s := time.UnixMilli(first.Int64).In(checkoutLocation(b.Company.TimeZone))
		start = &s
	}
	switch checkout.CancelReason(status, start, maxDays, now) {
	case "":
	case checkout.CancelReasonClosed, checkout.CancelReasonStarted:
		b.CancelURL, b.CancelClosed = "", true
	default:
		b.CancelURL = ""
	}
	return nil
}

// queueCancellation queues the cancellation mails of a booking (customer and company copies).
func queueCancellation(ctx context.Context, tx *Tx, bookingID int64, now time.Time) error {
	b, companyID, culture, err := mailBooking(ctx, tx, bookingID, "")
	if err != nil {
		return err
	}
	return notify.QueueCancellation(ctx, tx, companyID, bookingID, b, culture, now)
}
