package checkout_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// The details dialog's calls: a sale's lines by booking identifier or cart token, the booking's master
// data with its ledger (refundable = charges less refunds, refunds signed by the staff e-mail) and the
// member; another company's booking or member is 404.
func TestStaffDetails(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		d.bookAtCircuit(t, at("18:00"), "Ana", "Bo")
		id := d.lastBooking(t)
		identifier := d.str(t, `SELECT identifier FROM bookings WHERE id = ?`, id)
		cart := d.str(t, `SELECT c.token FROM carts c JOIN bookings b ON b.cart_id = c.id WHERE b.id = ?`, id)
		other := d.seedBooking(t, seed{company: d.b.CompanyID, circuit: d.b.Circuit, product: d.b.Product, start: "2026-12-20 10:00",
			created: "2026-11-20 10:00"})
		otherIdentifier := d.str(t, `SELECT identifier FROM bookings WHERE id = ?`, other)

		type line struct {
			Name           string   `json:"name"`
			Token          string   `json:"token"`
			Quantity       int      `json:"quantity"`
			Drivers        int      `json:"drivers"`
			UnitPrice      float64  `json:"unitPriceConverted"`
			Discount       float64  `json:"discountPrice"`
			PriceConverted float64  `json:"priceConverted"`
			Sessions       []string `json:"sessions"`
		}
		for _, token := range []string{identifier, cart} {
			res := d.admin.Do("POST", "/api/admin/retrieveShoppingCartDetails", map[string]any{"idCompany": d.fix.CompanyID, "token": token}, as...)
			var out struct {
				Data struct {
					Token          string  `json:"token"`
					State          string  `json:"state"`
					PriceConverted float64 `json:"priceConverted"`
					Details        []line  `json:"details"`
				} `json:"data"`
			}
			if res.Status != 200 {
				t.Fatalf("cart details by %s: %d %s", token, res.Status, res.Body)
			}
			res.JSON(t, &out)
			if out.Data.Token != identifier || out.Data.State != "pending" || out.Data.PriceConverted != 40 || len(out.Data.Details) != 1 {
				t.Fatalf("cart details %+v", out.Data)
			}
			if l := out.Data.Details[0]; l.Name != "Adult 10 min" || l.PriceConverted != 40 || fmt.Sprint(l.Sessions) != "[2026-12-01 18:00]" {
				t.Errorf("line %+v", l)
			}
			// The line adds up: its two drivers × the unit price − the discount is its amount (issue 23).
			if l := out.Data.Details[0]; l.Drivers != 2 || float64(l.Drivers)*l.UnitPrice-l.Discount != l.PriceConverted {
				t.Errorf("the line does not add up: %d × %v − %v ≠ %v", l.Drivers, l.UnitPrice, l.Discount, l.PriceConverted)
			}
		}
		if res := d.admin.Do("POST", "/api/admin/retrieveShoppingCartDetails", map[string]any{"idCompany": d.fix.CompanyID,
			"token": otherIdentifier}, as...); res.Status != 404 {
			t.Errorf("another company's sale: %d", res.Status)
		}

		// A charge of 40.00 and a refund of 15.00 by the desk user.
		d.exec(t, `INSERT INTO payments (company_id, booking_id, provider, status, amount_cents, currency, created_at, updated_at)
			VALUES (?, ?, 'simulated', 'partially_refunded', 4000, 'EUR', 1, 1)`, d.fix.CompanyID, id)
		pay := d.count(t, `SELECT MAX(id) FROM payments`)
		d.exec(t, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
			VALUES (?, ?, 'charge', 4000, 'simulated', 'ev-1', 2)`, pay, id)
		d.exec(t, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_by, created_at)
			VALUES (?, ?, 'refund', -1500, 'simulated', 'ev-2', ?, 3)`, pay, id, d.user)

		// The refund shows in the sale as a negative REFUND line.
		res := d.admin.Do("POST", "/api/admin/retrieveShoppingCartDetails", map[string]any{"idCompany": d.fix.CompanyID, "token": identifier}, as...)
		var sale struct {
			Data struct {
				Details []struct {
					Type           string  `json:"type"`
					PriceConverted float64 `json:"priceConverted"`
				} `json:"details"`
			} `json:"data"`
		}
		res.JSON(t, &sale)
		if n := len(sale.Data.Details); n != 2 || sale.Data.Details[1].Type != "REFUND" || sale.Data.Details[1].PriceConverted != -15 {
			t.Errorf("sale with a refund: %s", res.Body)
		}

		res = d.admin.Do("GET", fmt.Sprintf("/api/booking/master-data/%d?idCompany=%d", id, d.fix.CompanyID), nil, as...)
		if res.Status != 200 {
			t.Fatalf("master data: %d %s", res.Status, res.Body)
		}
		var m struct {
			Identifier string `json:"identifier"`
			Contact    struct {
				Name     string  `json:"name"`
				Surname  *string `json:"surname"`
				MemberID *int64  `json:"memberId"`
			} `json:"contact"`
			Lines []struct {
				Sessions []struct{ Date, Time, Track string } `json:"sessions"`
			} `json:"lines"`
			Drivers  []struct{ Name string }    `json:"drivers"`
			Payments []struct{ Amount float64 } `json:"payments"`
			Refunds  []struct {
				Amount float64 `json:"amount"`
				By     *string `json:"by"`
			} `json:"refunds"`
			Total        float64 `json:"total"`
			Refundable   float64 `json:"refundable"`
			Paid         float64 `json:"paid"`
			Due          float64 `json:"due"`
			Cancellable  bool    `json:"cancellable"`
			CancelReason *string `json:"cancelReason"`
		}
		res.JSON(t, &m)
		if m.Identifier != identifier || m.Contact.Name != "Ana" || m.Contact.Surname == nil || *m.Contact.Surname != "García" ||
			m.Contact.MemberID == nil || len(m.Drivers) != 2 || m.Drivers[1].Name != "Bo" || m.Total != 40 {
			t.Errorf("master data %s", res.Body)
		}
		if len(m.Lines) != 1 || len(m.Lines[0].Sessions) != 1 || m.Lines[0].Sessions[0] != (struct{ Date, Time, Track string }{"2026-12-01", "18:00", "Track A"}) {
			t.Errorf("lines %+v", m.Lines)
		}
		if len(m.Payments) != 1 || len(m.Refunds) != 1 || m.Refunds[0].Amount != 15 || m.Refunds[0].By == nil ||
			*m.Refunds[0].By != "desk@kart.example" || m.Refundable != 25 || m.Paid != 25 || m.Due != 0 {
			t.Errorf("ledger: payments %+v refunds %+v refundable %v", m.Payments, m.Refunds, m.Refundable)
		}
		if !m.Cancellable || m.CancelReason != nil {
			t.Errorf("cancellable %v %v", m.Cancellable, m.CancelReason)
		}
		for _, c := range []struct {
			target string
			status int
		}{
			{fmt.Sprintf("/api/booking/master-data/%d?idCompany=%d", other, d.fix.CompanyID), 404},
			{fmt.Sprintf("/api/booking/master-data/x?idCompany=%d", d.fix.CompanyID), 400},
			{fmt.Sprintf("/api/private/member/%d?idCompany=%d", *m.Contact.MemberID, d.fix.CompanyID), 200},
			{fmt.Sprintf("/api/private/member/%d?idCompany=%d", *m.Contact.MemberID+1000, d.fix.CompanyID), 404},
		} {
			res := d.admin.Do("GET", c.target, nil, as...)
			if res.Status != c.status {
				t.Errorf("%s: %d %s", c.target, res.Status, res.Body)
			}
			if c.status == 200 {
				var mem struct {
					ID   int64                        `json:"id"`
					Data struct{ Name, Email string } `json:"data"`
				}
				if err := json.Unmarshal(res.Body, &mem); err != nil || mem.ID != *m.Contact.MemberID || mem.Data.Name != "Ana" ||
					mem.Data.Email != "ana@example.com" {
					t.Errorf("member %s", res.Body)
				}
			}
		}
		// Company B's member, asked in company A: 404.
		bMember := d.seedMember(t, d.b.CompanyID)
		if res := d.admin.Do("GET", fmt.Sprintf("/api/private/member/%d?idCompany=%d", bMember, d.fix.CompanyID), nil, as...); res.Status != 404 {
			t.Errorf("another company's member: %d", res.Status)
		}
	})
}

// seedMember writes a member of the company and returns its id.
func (d *desk) seedMember(t testing.TB, company int64) int64 {
	d.exec(t, `INSERT INTO members (company_id, nick, name, email, unsubscribe_key_hash, created_at, updated_at)
		VALUES (?, 'bnick', 'B', 'b@example.com', 'hash-b', 1, 1)`, company)
	return int64(d.count(t, `SELECT MAX(id) FROM members WHERE company_id = ?`, company))
}

// The details tell why the booking cannot be refunded (refundBlocked), the reason the dialog shows
// beside a disabled refund: nothing paid, fully refunded, the window over, the session started,
// refunds off; null while a refund is allowed.
func TestStaffDetailsRefundBlocked(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		d := newDesk(t, db)
		d.exec(t, `UPDATE companies SET is_refund_enabled = 1, refund_max_days = 1 WHERE id = ?`, d.fix.CompanyID)
		d.bookAtCircuit(t, at("18:00"), "Ana", "Bo")
		id := d.lastBooking(t)
		blocked := func(t *testing.T) string {
			t.Helper()
			res := d.admin.Do("GET", fmt.Sprintf("/api/booking/master-data/%d?idCompany=%d", id, d.fix.CompanyID), nil, as...)
			if res.Status != 200 {
				t.Fatalf("master data: %d %s", res.Status, res.Body)
			}
			var m struct {
				RefundBlocked *string `json:"refundBlocked"`
			}
			res.JSON(t, &m)
			if m.RefundBlocked == nil {
				return ""
			}
			return *m.RefundBlocked
		}
		// The session is today at 18:00 and the clock is 09:00; refunds until the session.
		d.exec(t, `UPDATE companies SET refund_max_days = 0 WHERE id = ?`, d.fix.CompanyID)
		if b := blocked(t); b != "nothingPaid" {
			t.Errorf("unpaid booking: %q", b)
		}
		d.exec(t, `INSERT INTO payments (company_id, booking_id, provider, status, amount_cents, currency, created_at, updated_at)
			VALUES (?, ?, 'simulated', 'approved', 4000, 'EUR', 1, 1)`, d.fix.CompanyID, id)
		pay := d.count(t, `SELECT MAX(id) FROM payments`)
		d.exec(t, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
			VALUES (?, ?, 'charge', 4000, 'simulated', 'ev-1', 2)`, pay, id)
		if b := blocked(t); b != "" {
			t.Errorf("paid, before the session: %q", b)
		}
		d.exec(t, `UPDATE companies SET refund_max_days = 1 WHERE id = ?`, d.fix.CompanyID)
		if b := blocked(t); b != "windowClosed" {
			t.Errorf("a day's window on the session's day: %q", b)
		}
		d.exec(t, `UPDATE companies SET refund_max_days = 0 WHERE id = ?`, d.fix.CompanyID)
		d.clk.Set(time.Date(2026, 12, 1, 18, 0, 1, 0, madrid))
		if b := blocked(t); b != "sessionStarted" {
			t.Errorf("after the session started: %q", b)
		}
		d.clk.Set(time.Date(2026, 12, 1, 9, 0, 0, 0, madrid))
		d.exec(t, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
			VALUES (?, ?, 'refund', -4000, 'simulated', 'ev-2', 3)`, pay, id)
		if b := blocked(t); b != "fullyRefunded" {
			t.Errorf("refunded in full: %q", b)
		}
		d.exec(t, `UPDATE companies SET is_refund_enabled = 0 WHERE id = ?`, d.fix.CompanyID)
		if b := blocked(t); b != "refundsOff" {
			t.Errorf("refunds off: %q", b)
		}
	})
}
