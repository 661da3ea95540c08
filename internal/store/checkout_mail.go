package store

import (
	"context"
	"net/url"
	"strings"
	"time"

	"pitlane/internal/member"
	"pitlane/internal/notify"
	"pitlane/internal/pricing"
)

// mailBooking reads what the confirmation and cancellation mails of a booking tell, and returns it with
// the booking's company and the company's default culture (the language of the company's copies).
func mailBooking(ctx context.Context, tx *Tx, bookingID int64, cancelURL string) (notify.Booking, int64, string, error) {
	var b notify.Booking
	var companyID int64
	var surname, mode, companyCulture, publicKey string
	var gift int
	err := tx.QueryRow(ctx, `SELECT b.company_id, b.identifier, b.culture, b.contact_name, COALESCE(b.contact_surname, ''),
			b.email, b.total_cents, b.discount_cents, b.status, b.payment_mode, b.is_gift, COALESCE(b.gift_name, ''),
			COALESCE(b.gift_email, ''), COALESCE(b.gift_message, ''), c.name, c.logo, c.primary_color,
			COALESCE(c.web_url, ''), c.currency, c.currency_symbol, c.time_zone, c.default_culture,
			COALESCE(b.reference, ''), c.address, c.contact_email, c.contact_phone, c.public_key,
			b.ics_sequence
		FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.id = ?`, bookingID).Scan(
		&companyID, &b.Identifier, &b.Culture, &b.ContactName, &surname, &b.Email, &b.TotalCents, &b.DiscountCents,
		&b.PaymentState, &mode, &gift, &b.GiftName, &b.GiftEmail, &b.GiftMessage, &b.Company.Name, &b.Company.Logo,
		&b.Company.Color, &b.Company.WebURL, &b.Company.Currency, &b.Company.Symbol, &b.Company.TimeZone, &companyCulture,
		&b.Reference, &b.Company.Address, &b.Company.ContactEmail, &b.Company.ContactPhone, &publicKey,
		&b.CalendarSequence)
	if err != nil {
		return b, 0, "", translate(err)
	}
	if surname != "" {
		b.ContactName += " " + surname
	}
	b.IsGift, b.PayAtCircuit, b.CancelURL = gift == 1, mode == "circuit", cancelURL
	b.PageURL = bookingPageURL(tx.db.webBase(), cancelURL, b.Identifier, publicKey)
	b.Company.Logo = notify.MailLogo(tx.db.webBase(), b.Company.Logo)
	if b.PaymentState != "cancelada" {
		if b.CheckCode, err = checkCodeOf(ctx, tx, companyID, b.Reference); err != nil {
			return b, 0, "", err
		}
	}
	if b.Lines, err = mailLines(ctx, tx, bookingID); err != nil {
		return b, 0, "", err
	}
	if b.Drivers, err = stringsOf(ctx, tx, `SELECT name FROM drivers WHERE booking_id = ? ORDER BY booking_line_id, position`, bookingID); err != nil {
		return b, 0, "", err
	}
	codes, err := stringsOf(ctx, tx, `SELECT code FROM vouchers WHERE booking_id = ? ORDER BY id`, bookingID)
	if err != nil {
		return b, 0, "", err
	}
	b.VoucherCode = strings.Join(codes, ", ")
	if b.UnsubscribeURL, err = unsubscribeURL(ctx, tx, bookingID, companyID, cancelURL); err != nil {
		return b, 0, "", err
	}
	return b, companyID, companyCulture, nil
}

// bookingPageURL is the booking's page on the web app (the success/status page, with the company so
// that it shows the circuit's branding): on base, or on the web app the cancel link belongs to when no
// base is known; "" when neither is.
func bookingPageURL(base, cancelURL, identifier, publicKey string) string {
	if base == "" {
		if b, _, ok := strings.Cut(cancelURL, "/cancelBooking/"); ok {
			base = b
		}
	}
	if base == "" {
		return ""
	}
	return base + "/success?booking=" + url.QueryEscape(identifier) + "&company=" + url.QueryEscape(publicKey)
}

// unsubscribeURL is the unsubscribe link of the booking's member when they accept news and offers,
// empty otherwise. The link goes on the web app the cancel link belongs to (the one absolute web-app
// URL the store is handed); without a cancel link there is none.
func unsubscribeURL(ctx context.Context, tx *Tx, bookingID, companyID int64, cancelURL string) (string, error) {
	base, _, ok := strings.Cut(cancelURL, "/cancelBooking/")
	if !ok {
		return "", nil
	}
	var email string
	var promo int
	err := tx.QueryRow(ctx, `SELECT m.email, m.accept_send_promo FROM bookings b JOIN members m ON m.id = b.member_id
		WHERE b.id = ?`, bookingID).Scan(&email, &promo)
	if IsNoRows(err) || (err == nil && promo != 1) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	secret, err := tx.lookupSecret(ctx, member.UnsubscribeSecret)
	if err != nil || secret == nil {
		return "", err
	}
	return notify.UnsubscribeURL(base, member.UnsubscribeKey(secret, companyID, email)), nil
}

// mailLines reads a booking's lines with their sessions for the mails.
func mailLines(ctx context.Context, tx *Tx, bookingID int64) ([]notify.Line, error) {
	rows, err := tx.Query(ctx, `SELECT id, name, num_drivers, total_cents FROM booking_lines WHERE booking_id = ? ORDER BY id`, bookingID)
	if err != nil {
		return nil, err
	}
	var lines []notify.Line
	index := map[int64]int{}
	for rows.Next() {
		var id int64
		var l notify.Line
		if err := rows.Scan(&id, &l.Name, &l.Quantity, &l.TotalCents); err != nil {
			rows.Close()
			return nil, err
		}
		index[id] = len(lines)
		lines = append(lines, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// A session lasts its product's duration (a pack's session: the pack item's product), else the slot.
	rows, err = tx.Query(ctx, `SELECT bs.booking_line_id, bs.local_date, bs.local_time, bs.starts_at, ci.name, i.interval_minutes,
			COALESCE(p.data, '')
		FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id
		JOIN circuits ci ON ci.id = bs.circuit_id JOIN installations i ON i.id = ci.installation_id
		LEFT JOIN products p ON p.id = bs.product_id
		WHERE bl.booking_id = ? ORDER BY bs.booking_line_id, bs.position`, bookingID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var lineID, start int64
		var date, at, circuit, data string
		var minutes int
		if err := rows.Scan(&lineID, &date, &at, &start, &circuit, &minutes, &data); err != nil {
			return nil, err
		}
		minutes = sessionMinutes(data, minutes)
		t := time.UnixMilli(start).UTC()
		if len(at) > 5 {
			at = at[:5]
		}
		i := index[lineID]
		lines[i].Sessions = append(lines[i].Sessions, notify.Session{Date: date, Time: at, Circuit: circuit,
			StartUTC: t.Format(time.RFC3339), EndUTC: t.Add(time.Duration(minutes) * time.Minute).Format(time.RFC3339)})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	return lines, eventSession(ctx, tx, bookingID, lines)
}

// sessionMinutes is how long a session of a product runs: the product's durationMinutes when its data
// sets one, else the slot's interval. Unreadable data falls back to the slot (a mail is still sent).
func sessionMinutes(productData string, interval int) int {
	d, err := pricing.ParseProductData(productData)
	if err != nil || d.DurationMinutes <= 0 {
		return interval
	}
	return d.DurationMinutes
}

// eventSession gives an event registration's line (it books no session slot) the event's date and
// time, so that its done page and its .ics tell when to come as a session booking's do. Lines of other
// bookings are left as they are.
func eventSession(ctx context.Context, tx *Tx, bookingID int64, lines []notify.Line) error {
	if len(lines) == 0 {
		return nil
	}
	for _, l := range lines {
		if len(l.Sessions) > 0 {
			return nil
		}
	}
	var local string
	var start, end int64
	err := tx.QueryRow(ctx, `SELECT e.date_start, e.starts_at, e.ends_at FROM event_registrations r
		JOIN events e ON e.id = r.event_id WHERE r.booking_id = ? ORDER BY r.id LIMIT 1`, bookingID).Scan(&local, &start, &end)
	if IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	date, at, _ := strings.Cut(local, " ")
	if len(at) > 5 {
		at = at[:5]
	}
	if end < start {
		end = start
	}
	lines[0].Sessions = []notify.Session{{Date: date, Time: at,
		StartUTC: time.UnixMilli(start).UTC().Format(time.RFC3339), EndUTC: time.UnixMilli(end).UTC().Format(time.RFC3339)}}
	return nil
}

// stringsOf runs a query of one text column.
func stringsOf(ctx context.Context, tx *Tx, q string, args ...any) ([]string, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
