package adminapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"pitlane/internal/report"
	"pitlane/internal/store"
)

// deskAnswer is schema DeskPaymentResult.
type deskAnswer struct {
	Data struct {
		PaymentID int64   `json:"paymentId"`
		EntryID   int64   `json:"entryId"`
		State     string  `json:"state"`
		Paid      float64 `json:"paid"`
		Due       float64 `json:"due"`
		Replayed  bool    `json:"replayed"`
	} `json:"data"`
}

// errorAnswer is schema Error.
type errorAnswer struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields"`
}

// cashUpAnswer is schema CashUp, the parts the tests read.
type cashUpAnswer struct {
	ByMethod []struct {
		Method  string `json:"method"`
		Takings struct {
			Net float64 `json:"net"`
		} `json:"takings"`
	} `json:"byMethod"`
	ByStaff []struct {
		Email   *string `json:"email"`
		Takings struct {
			Net float64 `json:"net"`
		} `json:"takings"`
	} `json:"byStaff"`
	Total struct {
		Charges, Corrections, Refunds, Net float64
		Count                              int
	} `json:"total"`
	Lines []struct {
		Kind      string `json:"kind"`
		Method    string `json:"method"`
		Reference string `json:"reference"`
	} `json:"lines"`
}

// seedDue writes a booking of company A to be paid at the circuit: pending, nothing paid, its places
// booked, three drivers of one product at 29.00, its session ten days ahead.
func (e *env) seedDue(t *testing.T, status string) int64 {
	t.Helper()
	e.seq++
	at := now.Add(-2 * time.Hour).UnixMilli()
	session := now.AddDate(0, 0, 10)
	id := e.insertID(t, `INSERT INTO bookings (identifier, company_id, source, status, payment_mode, culture, contact_name,
		phone, email, original_total_cents, total_cents, booking_date, first_starts_at, places_booked, reference, created_at, updated_at)
		VALUES (?, ?, 'BOOKING', ?, 'circuit', 'en-GB', 'Walk', '+34600000001', 'walk@example.com', 8700, 8700, ?, ?, 1, ?, ?, ?)`,
		fmt.Sprintf("DESK-%d-%04d", e.a.CompanyID, e.seq), e.a.CompanyID, status, session.In(madrid).Format("2006-01-02"),
		session.UnixMilli(), fmt.Sprintf("DSK%dTEST", e.seq), at, at)
	e.insertID(t, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
		original_price_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'Adult 10 min', 3, 3, 2900, 2900, 8700)`, id, e.a.Product)
	return id
}

// pay sends POST /api/admin/record-payment as the counter member (or with the headers given).
func (e *env) pay(t *testing.T, booking int64, method string, cents int64, key string, as []string) (int, deskAnswer, errorAnswer) {
	t.Helper()
	headers := append([]string(nil), as...)
	if key != "" {
		headers = append(headers, "Idempotency-Key", key)
	}
	res := e.api.Do("POST", "/api/admin/record-payment", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"method":%q,"amount":%d}`,
		e.a.CompanyID, booking, method, cents), headers...)
	return decodeDesk(t, res.Status, res.Body)
}

// correct sends POST /api/admin/correct-payment.
func (e *env) correct(t *testing.T, booking, payment, cents int64, reason, key string, as []string) (int, deskAnswer, errorAnswer) {
	t.Helper()
	headers := append(append([]string(nil), as...), "Idempotency-Key", key)
	res := e.api.Do("POST", "/api/admin/correct-payment", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"paymentId":%d,"amount":%d,"reason":%q}`,
		e.a.CompanyID, booking, payment, cents, reason), headers...)
	return decodeDesk(t, res.Status, res.Body)
}

func decodeDesk(t *testing.T, status int, body []byte) (int, deskAnswer, errorAnswer) {
	t.Helper()
	var ok deskAnswer
	var bad errorAnswer
	if status == http.StatusOK {
		if err := json.Unmarshal(body, &ok); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
	} else if err := json.Unmarshal(body, &bad); err != nil {
		t.Fatalf("%d %s: %v", status, body, err)
	}
	return status, ok, bad
}

// billingDay is company A's billing of one Madrid day.
func (e *env) billingDay(t *testing.T, day time.Time) billingAnswer {
	t.Helper()
	d := day.In(madrid).Format("2006-01-02")
	res := e.api.Do("POST", "/api/admin/retrieveBillingBetweenDates",
		fmt.Sprintf(`{"idCompany":%d,"dateIni":%q,"dateEnd":%q}`, e.a.CompanyID, d, d), e.auth...)
	if res.Status != http.StatusOK {
		t.Fatalf("billing %s: %d %s", d, res.Status, res.Body)
	}
	var out billingAnswer
	if err := json.Unmarshal(res.Body, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// cashUp is company A's cash-up of one Madrid day.
func (e *env) cashUp(t *testing.T, day time.Time, as []string) (int, cashUpAnswer) {
	t.Helper()
	res := e.api.Do("GET", fmt.Sprintf("/api/admin/cash-up?idCompany=%d&date=%s", e.a.CompanyID, day.In(madrid).Format("2006-01-02")), nil, as...)
	var out cashUpAnswer
	if res.Status == http.StatusOK {
		if err := json.Unmarshal(res.Body, &out); err != nil {
			t.Fatal(err)
		}
	}
	return res.Status, out
}

// kpiDay is the KPI billing figure of one Madrid day for company A, in cents.
func (e *env) kpiDay(t *testing.T, day time.Time) int64 {
	t.Helper()
	k, err := report.NewService(e.db.Reports()).Billing(context.Background(), e.a.CompanyID, report.Today(day, madrid))
	if err != nil {
		t.Fatal(err)
	}
	return cents(k.Total)
}

// recountRollups checks the KPI rollups against the ledger counted again from its lines: per quarter
// hour, charges less corrections, refunds and tickets (the bookings' first charges); per day the same.
func (e *env) recountRollups(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	read := func(q string) string {
		var out []string
		err := e.db.Read(ctx, func(tx *store.Tx) error {
			rows, err := tx.Query(ctx, q, e.a.CompanyID)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var a, b, c, d int64
				if err := rows.Scan(&a, &b, &c, &d); err != nil {
					return err
				}
				out = append(out, fmt.Sprint(a, b, c, d))
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(out, "; ")
	}
	// A charge that spent a credit note is no money taken (migration 00049).
	recount := `SELECT e.created_at / 900000 AS bucket,
			SUM(CASE WHEN p.credit_note_id IS NOT NULL THEN 0 WHEN e.kind = 'charge' THEN ABS(e.amount_cents)
				WHEN e.kind = 'correction' THEN -ABS(e.amount_cents) ELSE 0 END),
			SUM(CASE WHEN e.kind = 'refund' THEN ABS(e.amount_cents) ELSE 0 END),
			SUM(CASE WHEN e.kind = 'charge' AND e.id = (SELECT MIN(o.id) FROM payment_entries o
				WHERE o.booking_id = e.booking_id AND o.kind = 'charge') THEN 1 ELSE 0 END)
		FROM payment_entries e JOIN payments p ON p.id = e.payment_id WHERE p.company_id = ?
		GROUP BY e.created_at / 900000 ORDER BY bucket`
	kept := `SELECT bucket, charge_cents, refund_cents, tickets FROM kpi_ledger WHERE company_id = ? ORDER BY bucket`
	if a, b := read(recount), read(kept); a != b {
		t.Errorf("kpi_ledger differs from the ledger recounted:\nrecount %s\nkept    %s", a, b)
	}
	days := `SELECT day, charge_cents, refund_cents, tickets FROM kpi_ledger_days WHERE company_id = ? ORDER BY day`
	byDay := `SELECT bucket / 96 AS day, SUM(charge_cents), SUM(refund_cents), SUM(tickets) FROM kpi_ledger
		WHERE company_id = ? GROUP BY bucket / 96 ORDER BY day`
	if a, b := read(byDay), read(days); a != b {
		t.Errorf("kpi_ledger_days differs from kpi_ledger:\nby day %s\nkept   %s", a, b)
	}
}

// TestDeskPayments walks a booking paid at the circuit through the counter on both engines: a part
// payment in cash, a double tap, a key reused, an over-payment, the rest by card terminal the next
// day, a correction (refused to DESK), and after each step the booking's state, billing, the KPIs and
// the cash-up recounted from the ledger.
func TestDeskPayments(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		day1, day2 := now, now.Add(24*time.Hour)
		booking := e.seedDue(t, "pending")
		state := func() string {
			var s string
			ctx := context.Background()
			if err := e.db.Read(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT status FROM bookings WHERE id = ?`, booking).Scan(&s)
			}); err != nil {
				t.Fatal(err)
			}
			return s
		}
		ledger := func() int64 {
			return e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE booking_id = ?`, booking)*1000 +
				e.count(t, `SELECT COUNT(*) FROM payments WHERE booking_id = ?`, booking)*100 +
				e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ?`, e.a.CompanyID)
		}
		totals := func(step string, day time.Time, want int64) {
			t.Helper()
			b := e.billingDay(t, day)
			if got := cents(b.TotalPriceConverted); got != want {
				t.Errorf("%s: billing of %s totals %d, want %d", step, day.Format("01-02"), got, want)
			}
			if got := e.kpiDay(t, day); got != want {
				t.Errorf("%s: KPI billing of %s is %d, want %d", step, day.Format("01-02"), got, want)
			}
			if status, c := e.cashUp(t, day, e.auth); status != http.StatusOK || cents(c.Total.Net) != want {
				t.Errorf("%s: cash-up of %s: %d, net %v, want %d", step, day.Format("01-02"), status, c.Total.Net, want)
			}
			e.recountRollups(t)
		}
		totals("before", day1, 0)

		// A part payment in cash by the counter member.
		status, got, _ := e.pay(t, booking, "cash", 3000, "tap-1", e.desk)
		if status != http.StatusOK || got.Data.State != "parcialmentepagada" || cents(got.Data.Paid) != 3000 || cents(got.Data.Due) != 5700 {
			t.Fatalf("part payment: %d %+v", status, got)
		}
		if s := state(); s != "parcialmentepagada" {
			t.Errorf("after the part payment the booking is %s", s)
		}
		first := got.Data.PaymentID
		totals("part payment", day1, 3000)
		b := e.billingDay(t, day1)
		if len(b.Payments) != 1 || b.Payments[0].Type != "SALE" || strings.Join(b.Payments[0].Methods, ",") != "cash" ||
			b.Payments[0].By == nil || *b.Payments[0].By != "desk@kart.example" || b.BySource["BOOKING"].Total != 30 {
			t.Errorf("billing after the part payment: %+v", b)
		}

		// The double tap: the same key and body answer the first result and write nothing.
		before := ledger()
		status, again, _ := e.pay(t, booking, "cash", 3000, "tap-1", e.desk)
		if status != http.StatusOK || !again.Data.Replayed || again.Data.PaymentID != first || again.Data.State != "parcialmentepagada" {
			t.Errorf("double tap: %d %+v", status, again)
		}
		// The same key with another body is refused.
		if status, _, bad := e.pay(t, booking, "cash", 2000, "tap-1", e.desk); status != http.StatusConflict {
			t.Errorf("key reused for another amount: %d %+v", status, bad)
		}
		// Bad input: a clear 422 that changes nothing.
		for _, c := range []struct {
			name, method, key string
			cents             int64
			field             string
		}{
			{"over-payment", "cash", "over", 5701, "amount"},
			{"no amount", "cash", "zero", 0, "amount"},
			{"unknown method", "cheque", "cheque", 100, "method"},
			{"no key", "cash", "", 100, "Idempotency-Key"},
		} {
			status, _, bad := e.pay(t, booking, c.method, c.cents, c.key, e.desk)
			if status != http.StatusUnprocessableEntity || bad.Fields[c.field] == "" {
				t.Errorf("%s: %d %+v; want 422 naming %s", c.name, status, bad, c.field)
			}
		}
		if n := ledger(); n != before {
			t.Errorf("the refused requests wrote something: %d → %d", before, n)
		}
		totals("refusals", day1, 3000)

		// The rest by card terminal the next day, with the key an over-payment was refused under.
		e.clk.Set(day2)
		status, got, _ = e.pay(t, booking, "card_terminal", 5700, "over", e.desk)
		if status != http.StatusOK || got.Data.State != "pagada" || cents(got.Data.Due) != 0 || cents(got.Data.Paid) != 8700 {
			t.Fatalf("the rest: %d %+v", status, got)
		}
		second := got.Data.PaymentID
		if s := state(); s != "pagada" {
			t.Errorf("paid in full, the booking is %s", s)
		}
		totals("day 1 after the rest", day1, 3000)
		totals("the rest", day2, 5700)
		b = e.billingDay(t, day2)
		if len(b.Payments) != 1 || b.Payments[0].Type != "PAYMENT" || strings.Join(b.Payments[0].Methods, ",") != "card_terminal" || b.NumSells != 0 {
			t.Errorf("billing of the second day: %+v", b)
		}
		if status, _, bad := e.pay(t, booking, "cash", 100, "nothing-due", e.desk); status != http.StatusUnprocessableEntity {
			t.Errorf("paying a paid booking: %d %+v", status, bad)
		}

		// The counter may not correct; an admin may, with a reason, never more than the payment holds.
		before = ledger()
		if status, _, _ := e.correct(t, booking, second, 700, "terminal charged twice", "fix-1", e.desk); status != http.StatusForbidden {
			t.Errorf("DESK correcting: %d, want 403", status)
		}
		for _, c := range []struct {
			name    string
			payment int64
			cents   int64
			reason  string
			field   string
		}{
			{"more than it holds", first, 3001, "typo", "amount"},
			{"no reason", second, 700, "  ", "reason"},
			{"not positive", second, -5, "typo", "amount"},
		} {
			status, _, bad := e.correct(t, booking, c.payment, c.cents, c.reason, "bad-"+c.field, e.auth)
			if status != http.StatusUnprocessableEntity || bad.Fields[c.field] == "" {
				t.Errorf("%s: %d %+v; want 422 naming %s", c.name, status, bad, c.field)
			}
		}
		if n := ledger(); n != before {
			t.Errorf("the refused corrections wrote something: %d → %d", before, n)
		}
		status, got, _ = e.correct(t, booking, second, 700, "terminal charged twice", "fix-1", e.auth)
		if status != http.StatusOK || got.Data.State != "parcialmentepagada" || cents(got.Data.Due) != 700 || cents(got.Data.Paid) != 8000 {
			t.Fatalf("correction: %d %+v", status, got)
		}
		if status, again, _ := e.correct(t, booking, second, 700, "terminal charged twice", "fix-1", e.auth); status != http.StatusOK || !again.Data.Replayed {
			t.Errorf("correction repeated: %d %+v", status, again)
		}
		if s := state(); s != "parcialmentepagada" {
			t.Errorf("after the correction the booking is %s", s)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE booking_id = ? AND kind = 'correction' AND amount_cents = -700
			AND reason = 'terminal charged twice' AND created_by = ?`, booking, e.adminID); n != 1 {
			t.Errorf("%d correction lines, want 1", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE booking_id = ? AND kind = 'charge' AND amount_cents = 5700`, booking); n != 1 {
			t.Errorf("the corrected charge was edited: %d untouched charges of 57.00", n)
		}
		totals("correction", day2, 5000)
		b = e.billingDay(t, day2)
		var correction *float64
		for _, r := range b.Payments {
			if r.Type == "CORRECTION" && r.Reason != nil && *r.Reason == "terminal charged twice" {
				v := r.PriceConverted
				correction = &v
			}
		}
		if correction == nil || cents(*correction) != -700 {
			t.Errorf("billing shows no correction row of -7.00: %+v", b.Payments)
		}
		// The sale's refundable is its charges less the correction.
		b = e.billingDay(t, day1)
		if len(b.Payments) != 1 || cents(b.Payments[0].Refundable) != 8000 || b.Payments[0].ShoppingCart.State != "PAID" ||
			cents(b.Payments[0].Paid) != 8000 || cents(b.Payments[0].Refunded) != 0 {
			t.Errorf("the sale after the correction: %+v", b.Payments)
		}
		// Its details add up: drivers × unit price − discount = amount.
		if d := b.Payments[0].Details; len(d) != 1 || d[0].Drivers != 3 ||
			int64(d[0].Drivers)*cents(d[0].UnitPrice)-cents(d[0].DiscountPrice) != cents(d[0].PriceConverted) || cents(d[0].PriceConverted) != 8700 {
			t.Errorf("the sale's line does not add up: %+v", d)
		}

		// The cash-up of each day, per method and per staff member; DESK may not read it.
		if status, _ := e.cashUp(t, day2, e.desk); status != http.StatusForbidden {
			t.Errorf("DESK reading the cash-up: %d", status)
		}
		_, c1 := e.cashUp(t, day1, e.auth)
		_, c2 := e.cashUp(t, day2, e.auth)
		method := func(c cashUpAnswer, m string) int64 {
			for _, x := range c.ByMethod {
				if x.Method == m {
					return cents(x.Takings.Net)
				}
			}
			return -1
		}
		staff := func(c cashUpAnswer, email string) int64 {
			for _, x := range c.ByStaff {
				if x.Email != nil && *x.Email == email {
					return cents(x.Takings.Net)
				}
			}
			return -1
		}
		if method(c1, "cash") != 3000 || method(c1, "card_terminal") != 0 || staff(c1, "desk@kart.example") != 3000 {
			t.Errorf("cash-up of day 1: %+v", c1)
		}
		if method(c2, "card_terminal") != 5000 || method(c2, "cash") != 0 || staff(c2, "desk@kart.example") != 5700 ||
			staff(c2, "boss@kart.example") != -700 || c2.Total.Count != 2 || len(c2.Lines) != 2 || c2.Lines[1].Kind != "correction" {
			t.Errorf("cash-up of day 2: %+v", c2)
		}
		// The export says the same in a spreadsheet.
		res := e.api.Do("GET", fmt.Sprintf("/api/admin/cash-up?idCompany=%d&date=%s&format=csv&lang=es", e.a.CompanyID,
			day2.In(madrid).Format("2006-01-02")), nil, e.auth...)
		body := string(res.Body)
		if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(body, "Hora,Referencia,Reserva") || !strings.Contains(body, "card_terminal,57.00,7.00,0.00,50.00,2,,") ||
			!strings.Contains(body, "correction,card_terminal,boss@kart.example,-7.00,terminal charged twice") ||
			!strings.Contains(body, "Total,57.00,7.00,0.00,50.00,2,,") {
			t.Errorf("cash-up CSV: %d %s", res.Status, body)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action IN ('payment.desk', 'payment.correction')`, e.a.CompanyID); n != 3 {
			t.Errorf("%d audit entries of the counter, want 3", n)
		}

		// A cancelled booking takes no payment; another company's booking is not found.
		cancelled := e.seedDue(t, "cancelada")
		if status, _, _ := e.pay(t, cancelled, "cash", 100, "cancelled", e.desk); status != http.StatusUnprocessableEntity {
			t.Errorf("paying a cancelled booking: %d", status)
		}
		other := e.seedSale(t, sale{company: e.b, provider: "cash", cents: 1000})
		if status, _, _ := e.pay(t, other.bookingID, "cash", 100, "other", e.desk); status != http.StatusNotFound {
			t.Errorf("paying company B's booking from A: %d", status)
		}
	})
}
