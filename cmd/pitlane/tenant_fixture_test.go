package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"pitlane/internal/store"
)

// tenantNow is the instant the tenant test runs at: Tuesday 1 December 2026, 09:00 UTC. Both
// companies' bookings were sold the day before, for sessions on 10 December.
var tenantNow = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// tenant is one company of the tenant test with a paid booking (two drivers, a session, a cart, a
// member, a payment with its ledger entry) and an audit entry. Every text of its rows contains its
// mark ("alfa" or "bravo"), so a leak of another company's row is found by searching for the mark.
type tenant struct {
	mark        string
	company     int64
	circuit     int64
	install     int64 // the company's installation
	product     int64
	booking     int64
	payment     int64  // the first booking's payment (online)
	identifier  string // the booking's identifier (the orderId or token of staff calls)
	cartToken   string
	member      int64
	variant     int64  // the company's circuit variant
	category    int64  // the company's product category
	seq         int    // bookings added so far
	lastPayment int64  // the payment of the booking added last
	publiImage  string // address of an advertising image uploaded to the company (tenant_events_test.go)
	event       int64  // an event of the company with its ticket (tenant_events_test.go)
	teamUser    int64  // a DESK member of the company (the Team tab's routes)
	invitation  int64  // an open invitation to the company
	waitEntry   int64  // a waiting-list entry of the booked session (10 December, 10:00)
	teamSession int64  // a live session of teamUser (the Team tab's sessions)
	apiToken    int64  // a personal API token of the company, created by teamUser
	reference   string // the first booking's short reference (the check-in look-up's probe)
	creditCode  string // a credit note of the company, kept from a second booking (the credit look-up's probe)
}

// seedTenant writes a company with the mark (lower case, e.g. "bravo") and one booking.
func seedTenant(t *testing.T, db *store.DB, mark string) *tenant {
	t.Helper()
	title := strings.ToUpper(mark[:1]) + mark[1:]
	tn := &tenant{mark: mark}
	ctx := context.Background()
	err := db.Write(ctx, func(tx *store.Tx) error {
		ins := func(dst *int64, q string, args ...any) error {
			return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(dst)
		}
		if err := ins(&tn.company, `INSERT INTO companies (name, public_key, token, currency, currency_symbol, time_zone,
			payments_active, is_refund_enabled, feature_licences, created_at, updated_at)
			VALUES (?, ?, ?, 'EUR', '€', 'Europe/Madrid', 1, 1, 1, 1, 1)`, title+" Karting", mark+"-public-key", mark+"-company-token"); err != nil {
			return err
		}
		if err := ins(&tn.install, `INSERT INTO installations (company_id, name, time_zone, max_days_booking, max_participants, created_at, updated_at)
			VALUES (?, ?, 'Europe/Madrid', 60, 12, 1, 1)`, tn.company, title+" Installation"); err != nil {
			return err
		}
		if err := ins(&tn.circuit, `INSERT INTO circuits (installation_id, name) VALUES (?, ?)`, tn.install, title+" Track"); err != nil {
			return err
		}
		if err := ins(&tn.variant, `INSERT INTO variants (company_id, circuit_id, id_local, name) VALUES (?, ?, ?, ?)`,
			tn.company, tn.circuit, mark+"-local", title+" Variant"); err != nil {
			return err
		}
		if err := ins(&tn.product, `INSERT INTO products (company_id, kind, id_local, name, price_cents, variant_id, created_at, updated_at)
			VALUES (?, 'PRODUCT', ?, ?, 2000, ?, 1, 1)`, tn.company, mark+"-product", title+" Sprint", tn.variant); err != nil {
			return err
		}
		if err := ins(&tn.category, `INSERT INTO categories (company_id, name, created_at) VALUES (?, ?, 1)`,
			tn.company, title+" Category"); err != nil {
			return err
		}
		if err := ins(&tn.teamUser, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
			VALUES (?, ?, 'x', 1, 1)`, mark+".team@"+mark+".example", title+" Team"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO memberships (user_id, company_id, role) VALUES (?, ?, 'DESK')`, tn.teamUser, tn.company); err != nil {
			return err
		}
		if err := ins(&tn.teamSession, `INSERT INTO admin_sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, address)
			VALUES (?, ?, ?, ?, ?, 'Probe browser', '192.0.2.7')`, mark+"-session-hash", tn.teamUser, tenantNow.UnixMilli(),
			tenantNow.UnixMilli(), tenantNow.Add(12*time.Hour).UnixMilli()); err != nil {
			return err
		}
		if err := ins(&tn.apiToken, `INSERT INTO api_tokens (company_id, user_id, name, role, token_hash, created_at)
			VALUES (?, ?, ?, 'DESK', ?, ?)`, tn.company, tn.teamUser, title+" probe token", mark+"-api-token-hash", tenantNow.UnixMilli()); err != nil {
			return err
		}
		if err := ins(&tn.invitation, `INSERT INTO staff_invitations (company_id, email, role, token_hash, invited_by_email, created_at, expires_at)
			VALUES (?, ?, 'DESK', ?, ?, ?, ?)`, tn.company, mark+".invitee@"+mark+".example", mark+"-invitation-hash",
			mark+".staff@"+mark+".example", tenantNow.UnixMilli(), tenantNow.Add(72*time.Hour).UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO audit_log (company_id, user_email, action, entity, entity_id, details, created_at)
			VALUES (?, ?, 'booking.cancel', 'booking', ?, ?, ?)`, tn.company, mark+".staff@"+mark+".example", mark+"-audited",
			`{"note":"`+mark+` audited change"}`, tenantNow.Add(-time.Hour).UnixMilli()); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatalf("seed %s: %v", mark, err)
	}
	tn.booking, tn.identifier, tn.cartToken, tn.member = tn.addBooking(t, db)
	tn.reference = strings.ToUpper(mark[:4]) + "2345"
	if err := db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE bookings SET reference = ? WHERE id = ?`, tn.reference, tn.booking)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	tn.payment = tn.lastPayment
	madrid, _ := time.LoadLocation("Europe/Madrid")
	starts := time.Date(2026, 12, 10, 10, 0, 0, 0, madrid).UnixMilli()
	if err := db.Write(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO waitlist_entries (company_id, session_key, product_id, circuit_id, starts_at, local_date,
			local_time, unit_cents, name, email, email_key, phone, drivers, culture, state, leave_token, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, '2026-12-10', '10:00:00', 2000, ?, ?, ?, '+34600999888', 2, 'es-ES', 'waiting', ?, 1, 1) RETURNING id`,
			tn.company, fmt.Sprintf("c:%d:%d", tn.circuit, starts), tn.product, tn.circuit, starts, title+"waiter",
			mark+".waiter@"+mark+".example", mark+".waiter@"+mark+".example", mark+"-leave-token").Scan(&tn.waitEntry)
	}); err != nil {
		t.Fatalf("seed %s waiting list: %v", mark, err)
	}
	credited, _, _, _ := tn.addBooking(t, db)
	tn.creditCode = fmt.Sprintf("CRED%012d", tn.company)
	if err := db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO credit_notes (company_id, code, booking_id, customer_name, customer_email, amount_cents,
				balance_cents, currency, created_at, expires_at) VALUES (?, ?, ?, ?, ?, 4000, 4000, 'EUR', ?, ?)`,
			tn.company, tn.creditCode, credited, title+" credited", mark+".credited@"+mark+".example",
			tenantNow.UnixMilli(), tenantNow.AddDate(1, 0, 0).UnixMilli())
		return err
	}); err != nil {
		t.Fatalf("seed %s credit note: %v", mark, err)
	}
	tn.publiImage = seedPubliImage(t, db, tn)
	tn.event = seedEvent(t, db, tn)
	return tn
}

// addBooking adds a paid booking of two drivers for 10 December at 10:00 (circuit time) by a new
// member, with its cart, session, payment and ledger entry, sold the day before tenantNow.
func (tn *tenant) addBooking(t *testing.T, db *store.DB) (booking int64, identifier, cartToken string, member int64) {
	t.Helper()
	tn.seq++
	n := string(rune('0' + tn.seq))
	title := strings.ToUpper(tn.mark[:1]) + tn.mark[1:]
	identifier, cartToken = strings.ToUpper(tn.mark)+"-BKG-000"+n, tn.mark+"-cart-token-"+n
	sold := tenantNow.Add(-24 * time.Hour).UnixMilli()
	madrid, _ := time.LoadLocation("Europe/Madrid")
	starts := time.Date(2026, 12, 10, 10, 0, 0, 0, madrid).UnixMilli()
	ctx := context.Background()
	err := db.Write(ctx, func(tx *store.Tx) error {
		ins := func(dst *int64, q string, args ...any) error {
			return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(dst)
		}
		if err := ins(&member, `INSERT INTO members (company_id, nick, name, surname, birthday, phone, email, unsubscribe_key_hash, created_at, updated_at)
			VALUES (?, ?, ?, ?, '1990-05-04', '+34600000000', ?, ?, ?, ?)`, tn.company, tn.mark+"nick"+n, title+"member", title+"surname",
			tn.mark+".member"+n+"@"+tn.mark+".example", tn.mark+"-unsubscribe-"+n, sold, sold); err != nil {
			return err
		}
		var cart, line, payment int64
		if err := ins(&cart, `INSERT INTO carts (token, company_id, status, created_at, updated_at) VALUES (?, ?, 'ordered', ?, ?)`,
			cartToken, tn.company, sold, sold); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO cart_lines (cart_id, product_id, kind, quantity, unit_price_cents, original_price_cents,
			discount_cents, total_cents, created_at) VALUES (?, ?, 'PRODUCT', 2, 2000, 2000, 0, 4000, ?)`, cart, tn.product, sold); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
			VALUES (?, ?, '2026-12-10', '10:00:00', 12, 2, 0)
			ON CONFLICT (circuit_id, starts_at) DO UPDATE SET booked = slots.booked + 2`, tn.circuit, starts); err != nil {
			return err
		}
		if err := ins(&booking, `INSERT INTO bookings (identifier, company_id, cart_id, source, status, payment_mode, culture,
			contact_name, contact_surname, phone, email, birth_date, member_id, original_total_cents, total_cents,
			booking_date, first_starts_at, places_booked, created_at, updated_at)
			VALUES (?, ?, ?, 'BOOKING', 'pagada', 'online', 'es-ES', ?, ?, '+34611222333', ?, '1990-05-04', ?, 4000, 4000,
			'2026-12-10', ?, 1, ?, ?)`, identifier, tn.company, cart, title+"contact", title+"contactsurname",
			tn.mark+".contact"+n+"@"+tn.mark+".example", member, starts, sold, sold); err != nil {
			return err
		}
		if err := ins(&line, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
			original_price_cents, total_cents, hold_identifier) VALUES (?, ?, 'PRODUCT', ?, 1, 2, 2000, 2000, 4000, ?)`,
			booking, tn.product, title+" Sprint", tn.mark+"-hold-"+n); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time, product_id, places)
			VALUES (?, 0, ?, ?, '2026-12-10', '10:00:00', ?, 2)`, line, tn.circuit, starts, tn.product); err != nil {
			return err
		}
		for i, name := range []string{title + "driverone", title + "drivertwo"} {
			if _, err := tx.Exec(ctx, `INSERT INTO drivers (booking_id, booking_line_id, position, name, email, member_id)
				VALUES (?, ?, ?, ?, ?, ?)`, booking, line, i, name, tn.mark+".driver@"+tn.mark+".example", member); err != nil {
				return err
			}
		}
		if err := ins(&payment, `INSERT INTO payments (company_id, booking_id, provider, provider_ref, status, amount_cents, currency, created_at, updated_at)
			VALUES (?, ?, 'simulated', ?, 'approved', 4000, 'EUR', ?, ?)`, tn.company, booking, tn.mark+"-pay-ref-"+n, sold, sold); err != nil {
			return err
		}
		// The simulated provider's own record of the approved checkout, so a refund through it works.
		if _, err := tx.Exec(ctx, `INSERT INTO sim_checkouts (ref, payment_id, amount_cents, currency, success_url, cancel_url,
			notify_url, status, created_at, expires_at, decided_at) VALUES (?, ?, 4000, 'EUR', 'http://example.com/ok',
			'http://example.com/ko', 'http://example.com/api/payment/notify/simulated', 'approved', ?, ?, ?)`,
			tn.mark+"-pay-ref-"+n, payment, sold, sold+3600_000, sold); err != nil {
			return err
		}
		tn.lastPayment = payment
		_, err := tx.Exec(ctx, `INSERT INTO payment_entries (payment_id, booking_id, booking_line_id, kind, amount_cents, provider, provider_event_id, created_at)
			VALUES (?, ?, ?, 'charge', 4000, 'simulated', ?, ?)`, payment, booking, line, tn.mark+"-event-"+n, sold)
		return err
	})
	if err != nil {
		t.Fatalf("booking of %s: %v", tn.mark, err)
	}
	return booking, identifier, cartToken, member
}
