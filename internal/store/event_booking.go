package store

import (
	"context"
	"encoding/json"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/notify"
)

// CreateEventBooking implements checkout.EventStore. It reuses the checkout's cart loading, discount
// and payment-window steps, so an event registration waits for its payment exactly like an online
// booking: the hold stays live (linked by pending_booking_id) and the payment row is written here;
// the provider's notification then books it (approveBooking), and queueConfirmation sends the event
// registration confirmation instead of a booking confirmation (queueEventConfirmation).
func (co Checkout) CreateEventBooking(ctx context.Context, nb checkout.NewEventBooking) (checkout.CreatedBooking, error) {
	var out checkout.CreatedBooking
	now := nb.Now.UnixMilli()
	err := co.db.Write(ctx, func(tx *Tx) error {
		out = checkout.CreatedBooking{}
		cart, err := loadCart(ctx, tx, nb.CartToken, now, true)
		if err != nil {
			return err
		}
		if cart.CompanyID != nb.CompanyID {
			return apperr.WithFields(apperr.Unprocessable, "The registration is not valid.",
				map[string]string{"token": "not a shopping cart of the event's company"})
		}
		lines, err := checkout.BookedLines(cart, []string{nb.HoldIdentifier})
		if apperr.Is(err, apperr.Unprocessable) {
			// Not in the cart: a dead hold swept by housekeeping looks the same. The visitor's time ran out.
			return checkout.ErrHoldGone
		}
		if err != nil {
			return err
		}
		if l := lines[0]; l.Kind != checkout.KindEvent || l.EventID != nb.EventID {
			return apperr.WithFields(apperr.Unprocessable, "The registration is not valid.",
				map[string]string{"identifiersPrebooking": "not a place of this event"})
		}
		priced, err := priceOrder(ctx, tx, cart, lines, nb.Now)
		if err != nil {
			return err
		}
		var name, dateStart string
		var startsAt int64
		if err := tx.QueryRow(ctx, `SELECT name, date_start, starts_at FROM events WHERE id = ?`, nb.EventID).
			Scan(&name, &dateStart, &startsAt); err != nil {
			return translate(err)
		}
		online := priced.TotalCents > 0
		out = checkout.CreatedBooking{CompanyID: cart.CompanyID, Identifier: nb.Identifier, Online: online,
			Provider: cart.Company.PaymentProvider, TotalCents: priced.TotalCents, Currency: cart.Company.Currency,
			Email: nb.Email, Culture: nb.Culture, Description: name}
		if out.BookingID, err = insertEventBooking(ctx, tx, nb, cart, priced, online, dateStart, startsAt); err != nil {
			return err
		}
		var ref string
		if err := tx.QueryRow(ctx, `SELECT COALESCE(reference, '') FROM bookings WHERE id = ?`, out.BookingID).Scan(&ref); err != nil {
			return err
		}
		out.Reference = notify.ShownReference(notify.Booking{Reference: ref, Identifier: nb.Identifier})
		// Nothing to pay (a free event, or a full discount): registered at once.
		if _, err := placeOrder(ctx, tx, &out, cart.ID, lines, nb.Now, nb.PaymentUntil); err != nil || online {
			return err
		}
		_, err = queueEventConfirmation(ctx, tx, out.BookingID, nb.Now)
		return err
	})
	return out, err
}

// insertEventBooking writes the booking of a registration, its one line and its event_registrations row.
func insertEventBooking(ctx context.Context, tx *Tx, nb checkout.NewEventBooking, cart checkout.Cart, p checkout.Priced,
	online bool, dateStart string, startsAt int64) (int64, error) {
	now := nb.Now.UnixMilli()
	status := checkout.StatusPending
	if !online {
		status = checkout.StatusPaid
	}
	var codeID any
	if cart.Discount != nil && p.DiscountCents > 0 {
		codeID = cart.Discount.ID
	}
	bookingDate := dateStart
	if len(bookingDate) > 10 {
		bookingDate = bookingDate[:10]
	}
	id, err := tx.insertID(ctx, `INSERT INTO bookings (identifier, company_id, cart_id, source, status, payment_mode, culture,
			contact_name, phone, email, original_total_cents, discount_cents, total_cents, discount_code_id, booking_date,
			first_starts_at, created_at, updated_at)
		VALUES (?, ?, ?, 'EVENT', ?, 'online', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		nb.Identifier, cart.CompanyID, cart.ID, status, nb.Culture, nb.Nick, nb.Phone, nb.Email, p.OriginalCents,
		p.DiscountCents, p.TotalCents, codeID, bookingDate, startsAt, now, now)
	if err != nil {
		return 0, err
	}
	if _, err := setReference(ctx, tx, id); err != nil {
		return 0, err
	}
	l := p.Lines[0]
	if _, err := tx.Exec(ctx, `INSERT INTO booking_lines (booking_id, product_id, hold_identifier, kind, name, quantity,
			num_drivers, unit_price_cents, original_price_cents, discount_cents, total_cents)
		VALUES (?, ?, ?, 'EVENT', ?, 1, 1, ?, ?, ?, ?)`,
		id, l.ProductID, l.HoldIdentifier, l.ProductName, l.UnitCents, l.OriginalUnitCents, l.DiscountCents, l.NetCents()); err != nil {
		return 0, err
	}
	cats := nb.Categories
	if cats == nil {
		cats = []string{}
	}
	catsJSON, err := json.Marshal(cats)
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `INSERT INTO event_registrations (event_id, booking_id, nick, is_team, phone, email, categories, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, nb.EventID, id, nb.Nick, flag(nb.IsTeam), nb.Phone, nb.Email, string(catsJSON), now)
	return id, err
}

// queueEventConfirmation queues the event registration confirmation of a booking that is an event
// registration — to the participant (notify.EventRegistrationConfirmation) and a copy to each of the
// company's confirmation addresses — and reports whether the booking was one. queueConfirmation calls
// it first, so a paid registration is confirmed by the checkout's notification handling.
func queueEventConfirmation(ctx context.Context, tx *Tx, bookingID int64, now time.Time) (bool, error) {
	return queueEventMail(ctx, tx, bookingID, now, true)
}

// queueEventMail is queueEventConfirmation, with the company's copies only when copies is true (a
// confirmation sent again by staff goes to the customer alone).
func queueEventMail(ctx context.Context, tx *Tx, bookingID int64, now time.Time, copies bool) (bool, error) {
	var e notify.EventRegistration
	var companyID, startsAt, endsAt int64
	var cats, publicKey, status string
	err := tx.QueryRow(ctx, `SELECT b.company_id, b.identifier, b.culture, b.status, b.total_cents, b.discount_cents,
			COALESCE(dc.code, ''), r.nick, r.email, r.categories,
			ev.name, ev.date_start, ev.date_end, ev.starts_at, ev.ends_at, c.name, c.logo, c.primary_color,
			COALESCE(c.web_url, ''), c.currency, c.currency_symbol, c.time_zone, COALESCE(b.reference, ''), c.address,
			c.contact_email, c.public_key
		FROM event_registrations r JOIN bookings b ON b.id = r.booking_id JOIN events ev ON ev.id = r.event_id
		JOIN companies c ON c.id = b.company_id LEFT JOIN discount_codes dc ON dc.id = b.discount_code_id
		WHERE r.booking_id = ? AND b.source = 'EVENT' ORDER BY r.id LIMIT 1`, bookingID).Scan(
		&companyID, &e.Identifier, &e.Culture, &status, &e.TotalCents, &e.DiscountCents, &e.DiscountCode, &e.Nick, &e.Email, &cats, &e.EventName, &e.StartLocal,
		&e.EndLocal, &startsAt, &endsAt, &e.Company.Name, &e.Company.Logo, &e.Company.Color, &e.Company.WebURL,
		&e.Company.Currency, &e.Company.Symbol, &e.Company.TimeZone, &e.Reference, &e.Company.Address,
		&e.Company.ContactEmail, &publicKey)
	if IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, translate(err)
	}
	if err := json.Unmarshal([]byte(cats), &e.Categories); err != nil {
		e.Categories = nil // a malformed list only loses the categories line of the mail
	}
	// The same check-in code as a booking's (a registration is a booking row with its reference).
	if status != checkout.StatusCancelled {
		if e.CheckCode, err = checkCodeOf(ctx, tx, companyID, e.Reference); err != nil {
			return true, err
		}
	}
	e.Reference = notify.ShownReference(notify.Booking{Reference: e.Reference, Identifier: e.Identifier})
	e.PageURL = bookingPageURL(tx.db.webBase(), "", e.Identifier, publicKey)
	e.Company.Logo = notify.MailLogo(tx.db.webBase(), e.Company.Logo)
	e.StartLocal, e.EndLocal = minutes(e.StartLocal), minutes(e.EndLocal)
	e.StartUTC = time.UnixMilli(startsAt).UTC().Format(time.RFC3339)
	e.EndUTC = time.UnixMilli(endsAt).UTC().Format(time.RFC3339)
	m, err := notify.EventRegistrationConfirmation(e)
	if err != nil {
		return true, err
	}
	id := bookingID
	m.CompanyID, m.BookingID = companyID, &id
	if err := tx.EnqueueEmail(ctx, m, now); err != nil {
		return true, err
	}
	if !copies {
		return true, nil
	}
	addrs, err := tx.CompanyNotifyEmails(ctx, companyID, notify.NoticeConfirmation)
	if err != nil || len(addrs) == 0 {
		return true, err
	}
	b, _, companyCulture, err := mailBooking(ctx, tx, bookingID, "")
	if err != nil {
		return true, err
	}
	b.Culture = companyCulture
	for _, a := range addrs {
		c, err := notify.CompanyNotice(a, b, notify.NoticeConfirmation)
		if err != nil {
			return true, err
		}
		c.CompanyID, c.BookingID = companyID, &id
		if err := tx.EnqueueEmail(ctx, c, now); err != nil {
			return true, err
		}
	}
	return true, nil
}

// minutes cuts a local "YYYY-MM-DD HH:MM:SS" to "YYYY-MM-DD HH:MM", as the mails show it.
func minutes(local string) string {
	if len(local) >= 16 {
		return local[:16]
	}
	return local
}
