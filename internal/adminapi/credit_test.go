package adminapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/store"
)

// creditCancelAnswer is schema AdminCancelRefundResult with its credit note.
type creditCancelAnswer struct {
	Data struct {
		State  string       `json:"state"`
		Credit *creditNoteA `json:"credit"`
	} `json:"data"`
}

// creditNoteA is schema CreditNote.
type creditNoteA struct {
	Code      string  `json:"code"`
	Amount    float64 `json:"amount"`
	Balance   float64 `json:"balance"`
	ExpiresAt string  `json:"expiresAt"`
	Expired   bool    `json:"expired"`
	Reference string  `json:"reference"`
}

// cancelKeepingCredit sends POST /api/admin/cancel-booking with money credit as the admin.
func (e *env) cancelKeepingCredit(t *testing.T, booking int64) (int, creditCancelAnswer, errorAnswer) {
	t.Helper()
	res := e.api.Do("POST", "/api/admin/cancel-booking", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"money":"credit"}`,
		e.a.CompanyID, booking), e.auth...)
	var ok creditCancelAnswer
	var bad errorAnswer
	target := any(&bad)
	if res.Status == http.StatusOK {
		target = &ok
	}
	if err := json.Unmarshal(res.Body, target); err != nil {
		t.Fatalf("%d %s: %v", res.Status, res.Body, err)
	}
	return res.Status, ok, bad
}

// payCredit sends POST /api/admin/record-payment with the method credit and the code.
func (e *env) payCredit(t *testing.T, booking, cents int64, code, key string, as []string) (int, deskAnswer, errorAnswer) {
	t.Helper()
	res := e.api.Do("POST", "/api/admin/record-payment", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"method":"credit","amount":%d,"creditCode":%q}`,
		e.a.CompanyID, booking, cents, code), append(append([]string(nil), as...), "Idempotency-Key", key)...)
	return decodeDesk(t, res.Status, res.Body)
}

// lookupCredit sends POST /api/admin/credit-lookup as the counter member.
func (e *env) lookupCredit(t *testing.T, code string) (int, creditNoteA, errorAnswer) {
	t.Helper()
	res := e.api.Do("POST", "/api/admin/credit-lookup", fmt.Sprintf(`{"idCompany":%d,"code":%q}`, e.a.CompanyID, code), e.desk...)
	var ok struct {
		Data creditNoteA `json:"data"`
	}
	var bad errorAnswer
	target := any(&bad)
	if res.Status == http.StatusOK {
		target = &ok
	}
	if err := json.Unmarshal(res.Body, target); err != nil {
		t.Fatalf("%d %s: %v", res.Status, res.Body, err)
	}
	return res.Status, ok.Data, bad
}

// paidBooking is a booking paid in full at the desk (87.00 in cash) at the tests' time.
func (e *env) paidBooking(t *testing.T, key string) int64 {
	t.Helper()
	id := e.seedDue(t, "pending")
	if status, got, bad := e.pay(t, id, "cash", 8700, key, e.desk); status != http.StatusOK || got.Data.State != "pagada" {
		t.Fatalf("paying booking %d: %d %+v %+v", id, status, got, bad)
	}
	return id
}

// noteInvariant checks, from the rows, that every note of company A holds its amount less its uses
// (never below 0) and returns the number of use rows.
func (e *env) noteInvariant(t *testing.T) int64 {
	t.Helper()
	if n := e.count(t, `SELECT COUNT(*) FROM credit_notes n WHERE n.company_id = ? AND n.balance_cents <> n.amount_cents
		- COALESCE((SELECT SUM(u.amount_cents) FROM credit_note_uses u WHERE u.credit_note_id = n.id), 0)`, e.a.CompanyID); n != 0 {
		t.Errorf("%d credit notes whose balance is not their amount less their uses", n)
	}
	return e.count(t, `SELECT COUNT(*) FROM credit_note_uses u JOIN credit_notes n ON n.id = u.credit_note_id WHERE n.company_id = ?`, e.a.CompanyID)
}

// Staff cancel a paid booking keeping its money as credit, on both engines: the booking is cancelled,
// nothing is refunded, a note for what was paid is issued with a code and a 12-month expiry, billing
// shows a credit row of amount 0 and its totals, the cash-up and the KPIs do not move (recounted from
// the ledger), the sale can no longer be refunded as money, the customer's mail gives the code, the
// details show the note, and both steps are audited. DESK may not; a booking with nothing paid has
// nothing to keep and stays as it was.
func TestCancelKeepingCredit(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		booking := e.paidBooking(t, "paid-1")
		totals := func(step string, want int64) {
			t.Helper()
			if got := cents(e.billingDay(t, now).TotalPriceConverted); got != want {
				t.Errorf("%s: billing totals %d, want %d", step, got, want)
			}
			if got := e.kpiDay(t, now); got != want {
				t.Errorf("%s: KPI billing %d, want %d", step, got, want)
			}
			if status, c := e.cashUp(t, now, e.auth); status != http.StatusOK || cents(c.Total.Net) != want {
				t.Errorf("%s: cash-up %d, net %v, want %d", step, status, c.Total.Net, want)
			}
			e.recountRollups(t)
		}
		totals("paid", 8700)

		res := e.api.Do("POST", "/api/admin/cancel-booking", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"money":"credit"}`,
			e.a.CompanyID, booking), e.desk...)
		if res.Status != http.StatusForbidden {
			t.Errorf("DESK keeping credit: %d, want 403", res.Status)
		}
		res = e.api.Do("POST", "/api/admin/cancel-booking", fmt.Sprintf(`{"idCompany":%d,"bookingId":%d,"money":"credit","refund":true}`,
			e.a.CompanyID, booking), e.auth...)
		if res.Status != http.StatusUnprocessableEntity {
			t.Errorf("money and refund disagreeing: %d, want 422", res.Status)
		}
		unpaid := e.seedDue(t, "pending")
		if status, _, bad := e.cancelKeepingCredit(t, unpaid); status != http.StatusUnprocessableEntity || bad.Fields["money"] == "" {
			t.Errorf("keeping credit of an unpaid booking: %d %+v", status, bad)
		}
		if s := e.bookingStatus(t, unpaid); s != "pending" {
			t.Errorf("the refused credit cancelled the unpaid booking: %s", s)
		}

		status, got, bad := e.cancelKeepingCredit(t, booking)
		if status != http.StatusOK || got.Data.State != "cancelada" || got.Data.Credit == nil {
			t.Fatalf("cancel keeping credit: %d %+v %+v", status, got, bad)
		}
		note := *got.Data.Credit
		if cents(note.Amount) != 8700 || cents(note.Balance) != 8700 || note.Expired || len(note.Code) != 19 || note.Code[4] != '-' {
			t.Errorf("the note: %+v", note)
		}
		if exp, err := time.Parse(time.RFC3339, note.ExpiresAt); err != nil || !exp.Equal(now.AddDate(1, 0, 0)) {
			t.Errorf("the note expires %s, want %s", note.ExpiresAt, now.AddDate(1, 0, 0).UTC().Format(time.RFC3339))
		}
		if s := e.bookingStatus(t, booking); s != "cancelada" {
			t.Errorf("the booking is %s", s)
		}
		if n := e.ledgerRefunds(t, booking); n != 0 {
			t.Errorf("keeping credit refunded %d", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM refunds WHERE booking_id = ?`, booking); n != 0 {
			t.Errorf("keeping credit reserved %d refunds", n)
		}
		totals("kept as credit", 8700)
		b := e.billingDay(t, now)
		var credit, sale int
		for _, r := range b.Payments {
			switch {
			case r.Type == "CREDIT":
				credit++
				if cents(r.PriceConverted) != 0 || cents(r.Credit) != 8700 || r.CreditCode == nil || *r.CreditCode != note.Code ||
					r.ShoppingCart.State != "CREDIT_ISSUED" {
					t.Errorf("the credit row: %+v", r)
				}
			case r.Type == "SALE" && r.IDBooking == booking:
				sale++
				if r.Refundable != 0 || r.RefundBlocked != "keptAsCredit" || cents(r.PriceConverted) != 8700 {
					t.Errorf("the credited sale: %+v", r)
				}
			}
		}
		if credit != 1 || sale != 1 || b.NumSells != 1 {
			t.Errorf("billing: %d credit rows, %d sales (%d counted); want 1, 1, 1", credit, sale, b.NumSells)
		}
		// The money became credit: no refund of it as money, and no second cancel.
		var identifier string
		e.readString(t, &identifier, `SELECT identifier FROM bookings WHERE id = ?`, booking)
		res = e.api.Do("POST", "/api/payment/execute-refund", fmt.Sprintf(`{"idCompany":%d,"orderId":%q,"amount":10}`,
			e.a.CompanyID, identifier), e.auth...)
		if res.Status == http.StatusOK || e.ledgerRefunds(t, booking) != 0 {
			t.Errorf("refunding a credited sale: %d %s", res.Status, res.Body)
		}
		if status, _, _ := e.cancelKeepingCredit(t, booking); status != http.StatusConflict {
			t.Errorf("a second cancel: %d, want 409", status)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM credit_notes WHERE booking_id = ?`, booking); n != 1 {
			t.Errorf("%d notes for the booking", n)
		}

		mail := e.customerMail(t, booking)
		if !strings.Contains(mail, note.Code) || !strings.Contains(mail, "87.00") || !strings.Contains(mail, "15 March 2027") {
			t.Errorf("the cancellation mail does not give the credit, its code and its last day:\n%s", mail)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'credit.issue'`, e.a.CompanyID); n != 1 {
			t.Errorf("%d credit.issue audit rows", n)
		}
		var details string
		e.readString(t, &details, `SELECT details FROM audit_log WHERE company_id = ? AND action = 'booking.cancel' AND entity_id = ?`,
			e.a.CompanyID, fmt.Sprint(booking))
		if !strings.Contains(details, `"credit":8700`) {
			t.Errorf("the cancel's audit row: %s", details)
		}

		res = e.api.Do("GET", fmt.Sprintf("/api/booking/master-data/%d?idCompany=%d", booking, e.a.CompanyID), nil, e.desk...)
		var m struct {
			Refundable    float64      `json:"refundable"`
			Creditable    float64      `json:"creditable"`
			RefundBlocked *string      `json:"refundBlocked"`
			CreditNote    *creditNoteA `json:"creditNote"`
		}
		if err := json.Unmarshal(res.Body, &m); err != nil || res.Status != http.StatusOK {
			t.Fatalf("details: %d %s", res.Status, res.Body)
		}
		if m.CreditNote == nil || m.CreditNote.Code != note.Code || cents(m.CreditNote.Balance) != 8700 || m.Refundable != 0 ||
			m.Creditable != 0 || m.RefundBlocked == nil || *m.RefundBlocked != "keptAsCredit" {
			t.Errorf("the details: %+v", m)
		}
	})
}

// The counter spends a credit note on other bookings, on both engines: the code is looked up live
// (unknown, empty, malformed refused), a part then the rest, more than the balance refused, a used-up
// note and an expired one refused; every use is a row, the balance is the amount less the uses, the
// spent money is not counted again by billing, the cash-up or the KPIs, a credit payment cannot be
// corrected, and each spend is audited.
func TestSpendCreditNote(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		source := e.paidBooking(t, "paid-source")
		status, got, _ := e.cancelKeepingCredit(t, source)
		if status != http.StatusOK || got.Data.Credit == nil {
			t.Fatalf("cancel keeping credit: %d", status)
		}
		code := got.Data.Credit.Code

		for _, c := range []struct {
			code  string
			want  int
			field string
		}{{"", 422, "required"}, {"not-a-code", 422, "malformed"}, {"0000-0000-0000-0000", 404, "unknown"}} {
			status, _, bad := e.lookupCredit(t, c.code)
			if status != c.want || bad.Fields["code"] != c.field {
				t.Errorf("look-up %q: %d %+v; want %d %s", c.code, status, bad, c.want, c.field)
			}
		}
		// Typed in lower case without dashes, it is found.
		status, found, _ := e.lookupCredit(t, strings.ToLower(strings.ReplaceAll(code, "-", "")))
		if status != http.StatusOK || found.Code != code || cents(found.Balance) != 8700 || found.Expired {
			t.Errorf("look-up: %d %+v", status, found)
		}

		first, second := e.seedDue(t, "pending"), e.seedDue(t, "pending")
		status, paid, bad := e.payCredit(t, first, 3000, code, "credit-1", e.desk)
		if status != http.StatusOK || paid.Data.State != "parcialmentepagada" || cents(paid.Data.Due) != 5700 {
			t.Fatalf("spending a part: %d %+v %+v", status, paid, bad)
		}
		creditPayment := paid.Data.PaymentID
		if _, found, _ = e.lookupCredit(t, code); cents(found.Balance) != 5700 {
			t.Errorf("after a part the balance is %v", found.Balance)
		}
		// More than the balance (on a booking that owes more) is refused and writes nothing.
		if status, _, bad := e.payCredit(t, second, 5701, code, "credit-over", e.desk); status != http.StatusUnprocessableEntity || bad.Fields["amount"] == "" {
			t.Errorf("over the balance: %d %+v", status, bad)
		}
		// The rest.
		status, paid, bad = e.payCredit(t, first, 5700, code, "credit-2", e.desk)
		if status != http.StatusOK || paid.Data.State != "pagada" || cents(paid.Data.Due) != 0 {
			t.Fatalf("spending the rest: %d %+v %+v", status, paid, bad)
		}
		if status, _, bad := e.payCredit(t, second, 100, code, "credit-empty", e.desk); status != http.StatusUnprocessableEntity || bad.Fields["creditCode"] != "used up" {
			t.Errorf("a used-up note: %d %+v", status, bad)
		}
		if n := e.noteInvariant(t); n != 2 {
			t.Errorf("%d use rows, want 2", n)
		}
		// Money taken once: billing, the cash-up and the KPIs still hold the first 87.00 alone.
		if got := cents(e.billingDay(t, now).TotalPriceConverted); got != 8700 {
			t.Errorf("billing totals %d after spending the note, want 8700", got)
		}
		if got := e.kpiDay(t, now); got != 8700 {
			t.Errorf("KPI billing %d after spending the note, want 8700", got)
		}
		if _, c := e.cashUp(t, now, e.auth); cents(c.Total.Net) != 8700 {
			t.Errorf("cash-up net %v after spending the note, want 87", c.Total.Net)
		}
		e.recountRollups(t)
		var credited bool
		for _, r := range e.billingDay(t, now).Payments {
			if r.IDBooking == first && r.Type == "SALE" {
				credited = strings.Join(r.Methods, ",") == "credit" && r.PriceConverted == 0
			}
		}
		if !credited {
			t.Errorf("billing does not show the sale paid by the note with the method credit and no money")
		}
		if status, _, bad := e.correct(t, first, creditPayment, 100, "typo", "fix-credit", e.auth); status != http.StatusUnprocessableEntity {
			t.Errorf("correcting a credit payment: %d %+v", status, bad)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'credit.spend'`, e.a.CompanyID); n != 2 {
			t.Errorf("%d credit.spend audit rows, want 2", n)
		}

		// A second note, spent after its expiry: refused, and the look-up says it expired.
		other := e.paidBooking(t, "paid-other")
		_, got, _ = e.cancelKeepingCredit(t, other)
		e.clk.Set(now.AddDate(1, 0, 0))
		if status, _, bad := e.payCredit(t, second, 100, got.Data.Credit.Code, "credit-late", e.desk); status != http.StatusUnprocessableEntity || bad.Fields["creditCode"] != "expired" {
			t.Errorf("an expired note: %d %+v", status, bad)
		}
		if _, found, _ := e.lookupCredit(t, got.Data.Credit.Code); !found.Expired {
			t.Errorf("the look-up of an expired note: %+v", found)
		}
		// Company B's counter does not find A's note.
		res := e.api.Do("POST", "/api/admin/credit-lookup", fmt.Sprintf(`{"idCompany":%d,"code":%q}`, e.b.CompanyID, code), e.desk...)
		if res.Status == http.StatusOK {
			t.Errorf("another company's look-up found the note: %s", res.Body)
		}
		if n := e.noteInvariant(t); n != 2 {
			t.Errorf("%d use rows after the refusals, want 2", n)
		}
	})
}

// Two desks spend the last of a credit note at the same instant, on both engines: one payment is
// recorded and the other refused, counted in rows (one use, one credit payment, balance 0).
func TestCreditNoteTwoDesksRace(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		t.Parallel()
		e := newEnv(t, engine, nil)
		source := e.paidBooking(t, "paid-race")
		_, got, _ := e.cancelKeepingCredit(t, source)
		if got.Data.Credit == nil {
			t.Fatal("no note")
		}
		code := got.Data.Credit.Code
		const desks = 4
		bookings := make([]int64, desks)
		for i := range bookings {
			bookings[i] = e.seedDue(t, "pending")
		}
		var wg sync.WaitGroup
		statuses := make([]int, desks)
		start := make(chan struct{})
		for i := range desks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				statuses[i], _, _ = e.payCredit(t, bookings[i], 8700, code, fmt.Sprintf("race-%d", i), e.desk)
			}()
		}
		close(start)
		wg.Wait()
		var ok int
		for _, s := range statuses {
			switch s {
			case http.StatusOK:
				ok++
			case http.StatusUnprocessableEntity:
			default:
				t.Errorf("a desk got %d", s)
			}
		}
		uses := e.noteInvariant(t)
		payments := e.count(t, `SELECT COUNT(*) FROM payments WHERE credit_note_id IS NOT NULL AND company_id = ?`, e.a.CompanyID)
		balance := e.count(t, `SELECT balance_cents FROM credit_notes WHERE booking_id = ?`, source)
		if ok != 1 || uses != 1 || payments != 1 || balance != 0 {
			t.Errorf("%d desks succeeded, %d uses, %d credit payments, balance %d; want 1, 1, 1, 0 (%v)", ok, uses, payments, balance, statuses)
		}
		var paid int64
		for _, b := range bookings {
			if e.bookingStatus(t, b) == "pagada" {
				paid++
			}
		}
		if paid != 1 {
			t.Errorf("%d bookings paid by the one note", paid)
		}
	})
}
