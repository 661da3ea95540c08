package adminapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"pitlane/internal/billing"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
)

// refundAnswer is RefundResult.
type refundAnswer struct {
	Data struct {
		Refunded  float64 `json:"refunded"`
		Remaining float64 `json:"remaining"`
		Method    string  `json:"method"`
	} `json:"data"`
}

func TestRefundRules(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		s := e.seedSale(t, sale{company: e.a, cents: 5000})
		soon := e.seedSale(t, sale{company: e.a, cents: 5000, session: now.AddDate(0, 0, 2).Add(-time.Minute)}) // inside the 2-day window
		other := e.seedSale(t, sale{company: e.b, cents: 5000})
		cases := []struct {
			name   string
			body   string
			status int
		}{
			{"amount 0", refundJSON(e.a.CompanyID, s.identifier, 0), 400},
			{"negative amount", refundJSON(e.a.CompanyID, s.identifier, -100), 400},
			{"no amount", fmt.Sprintf(`{"idCompany":%d,"orderId":%q}`, e.a.CompanyID, s.identifier), 400},
			{"no booking named", fmt.Sprintf(`{"idCompany":%d,"amount":100}`, e.a.CompanyID), 400},
			{"more than refundable", refundJSON(e.a.CompanyID, s.identifier, 5001), 422},
			{"unknown booking", refundJSON(e.a.CompanyID, "PL-nope", 100), 404},
			{"another company's booking named in mine", refundJSON(e.a.CompanyID, other.identifier, 100), 404},
			{"another company", refundJSON(e.b.CompanyID, other.identifier, 100), 403},
			{"after the refund window", refundJSON(e.a.CompanyID, soon.identifier, 100), 422},
			{"exactly refundable", refundJSON(e.a.CompanyID, s.identifier, 5000), 200},
			{"nothing left", refundJSON(e.a.CompanyID, s.identifier, 1), 422},
		}
		for _, c := range cases {
			res := e.api.Do("POST", "/api/payment/execute-refund", c.body, e.auth...)
			if res.Status != c.status {
				t.Errorf("%s: status %d, want %d: %s", c.name, res.Status, c.status, res.Body)
			}
		}
		if got := e.ledgerRefunds(t, s.bookingID); got != 5000 {
			t.Errorf("ledger refunds %d, want 5000", got)
		}
		for _, id := range []int64{soon.bookingID, other.bookingID} {
			if got := e.ledgerRefunds(t, id); got != 0 {
				t.Errorf("a refused refund reached the ledger: %d", got)
			}
		}
		// Token is accepted in place of orderId; with refunds switched off, nothing goes.
		e.exec(t, `UPDATE companies SET is_refund_enabled = 0 WHERE id = ?`, e.a.CompanyID)
		fresh := e.seedSale(t, sale{company: e.a, cents: 1000})
		res := e.api.Do("POST", "/api/payment/execute-refund", fmt.Sprintf(`{"idCompany":%d,"token":%q,"amount":100}`, e.a.CompanyID, fresh.identifier), e.auth...)
		if res.Status != 422 || e.ledgerRefunds(t, fresh.bookingID) != 0 {
			t.Errorf("refunds disabled: %d %s", res.Status, res.Body)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM refunds WHERE status = 'pending'`); n != 0 {
			t.Errorf("%d reservations left pending", n)
		}
	})
}

func TestRefundTwiceThenNothingLeft(t *testing.T) {
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		s := e.seedSale(t, sale{company: e.a, cents: 5000, culture: "es-ES", email: "ana@example.com"})
		for i, c := range []struct {
			cents         int64
			remaining     float64
			paymentStatus string
		}{{3000, 20, "partially_refunded"}, {2000, 0, "refunded"}} {
			res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, c.cents), e.auth...)
			if res.Status != 200 {
				t.Fatalf("refund %d: %d %s", i, res.Status, res.Body)
			}
			var got refundAnswer
			res.JSON(t, &got)
			if cents(got.Data.Refunded) != c.cents || got.Data.Remaining != c.remaining || got.Data.Method != billing.MethodProvider {
				t.Errorf("refund %d: %+v", i, got.Data)
			}
			st := e.count(t, `SELECT COUNT(*) FROM payments WHERE id = ? AND status = '`+c.paymentStatus+`'`, s.paymentID)
			if st != 1 {
				t.Errorf("refund %d: payment is not %s", i, c.paymentStatus)
			}
		}
		res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 1), e.auth...)
		if res.Status != 422 {
			t.Errorf("refund of a fully refunded sale: %d %s", res.Status, res.Body)
		}
		// The simulated provider recorded both refunds, and the ledger holds one entry for each, by the admin.
		if got := e.count(t, `SELECT COALESCE(SUM(amount_cents), 0) FROM sim_events WHERE ref = ? AND outcome = 'refunded'`, s.ref); got != 5000 {
			t.Errorf("the provider refunded %d", got)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE booking_id = ? AND kind = 'refund' AND created_by = ?`, s.bookingID, e.adminID); n != 2 {
			t.Errorf("%d refund entries by the admin, want 2", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE company_id = ? AND action = 'payment.refund' AND entity_id = ? AND user_id = ?`,
			e.a.CompanyID, s.identifier, e.adminID); n != 2 {
			t.Errorf("%d audit entries, want 2", n)
		}
		// The provider's own refund notifications reach the API afterwards: they must not count twice.
		e.waitDelivered(t)
		if got := e.ledgerRefunds(t, s.bookingID); got != 5000 {
			t.Errorf("after the provider's notifications the ledger refunds %d, want 5000", got)
		}
		// The customer got a refund mail per refund, in Spanish.
		ctx := t.Context()
		var subjects []string
		err := e.db.Read(ctx, func(tx *store.Tx) error {
			rows, err := tx.Query(ctx, `SELECT subject FROM outbox_emails WHERE booking_id = ? AND kind = 'refund' AND culture = 'es-ES'
				AND to_addr = 'ana@example.com' ORDER BY id`, s.bookingID)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var sub string
				if err := rows.Scan(&sub); err != nil {
					return err
				}
				subjects = append(subjects, sub)
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(subjects) != 2 || !strings.HasPrefix(subjects[0], "Reembolso de 30,00\u00a0€") || !strings.HasPrefix(subjects[1], "Reembolso de 20,00\u00a0€") {
			t.Errorf("refund mails %q", subjects)
		}
	})
}

func TestCashRefund(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		s := e.seedSale(t, sale{company: e.a, provider: billing.CashProvider, cents: 3000, culture: "de-DE"})
		res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 1000), e.auth...)
		var got refundAnswer
		res.JSON(t, &got)
		if res.Status != 200 || got.Data.Method != billing.MethodCash || got.Data.Remaining != 20 {
			t.Fatalf("cash refund: %d %s", res.Status, res.Body)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM payment_entries WHERE booking_id = ? AND kind = 'refund' AND provider = 'cash' AND amount_cents = -1000`, s.bookingID); n != 1 {
			t.Errorf("%d cash refund entries", n)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM sim_events`); n != 0 {
			t.Errorf("a cash refund reached the card provider")
		}
		if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE booking_id = ? AND kind = 'refund' AND culture = 'de-DE' AND body_text LIKE '%bar ausgezahlt%'`, s.bookingID); n != 1 {
			t.Errorf("no German cash refund mail")
		}
	})
}

func TestRefundIdempotencyKey(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		s := e.seedSale(t, sale{company: e.a, cents: 5000})
		key := append(append([]string{}, e.auth...), "Idempotency-Key", "k-1")
		first := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 1000), key...)
		again := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 1000), key...)
		if first.Status != 200 || again.Status != 200 || string(first.Body) != string(again.Body) {
			t.Fatalf("same key twice: %d %s / %d %s", first.Status, first.Body, again.Status, again.Body)
		}
		if got := e.ledgerRefunds(t, s.bookingID); got != 1000 {
			t.Errorf("ledger refunds %d after a repeated request, want 1000", got)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM sim_events WHERE ref = ? AND outcome = 'refunded'`, s.ref); n != 1 {
			t.Errorf("the provider was asked %d times", n)
		}
		other := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 2000), key...)
		if other.Status != 409 {
			t.Errorf("same key, another body: %d %s", other.Status, other.Body)
		}
		key2 := append(append([]string{}, e.auth...), "Idempotency-Key", "k-2")
		if res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, s.identifier, 2000), key2...); res.Status != 200 {
			t.Errorf("a new key: %d %s", res.Status, res.Body)
		}
		if got := e.ledgerRefunds(t, s.bookingID); got != 3000 {
			t.Errorf("ledger refunds %d, want 3000", got)
		}
	})
}

// THE RACE: twenty refunds of 30 % of one sale at once. At most three fit; the ledger, counted with
// SQL, never holds more than was paid, and holds exactly what the successful answers said.
func TestConcurrentRefundsNeverExceedTheSale(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		s := e.seedSale(t, sale{company: e.a, cents: 10000})
		const n = 20
		var wg sync.WaitGroup
		statuses := make([]int, n)
		body := refundJSON(e.a.CompanyID, s.identifier, 3000)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("POST", e.srv.URL+"/api/payment/execute-refund", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+staffToken)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				statuses[i] = res.StatusCode
				apitest.Validate(t, "POST", "/api/payment/execute-refund", []byte(body), req.Header, &apitest.Response{Status: res.StatusCode, Header: res.Header, Body: raw})
				if res.StatusCode == 200 {
					var got refundAnswer
					if err := json.Unmarshal(raw, &got); err != nil || cents(got.Data.Refunded) != 3000 {
						t.Errorf("answer %s", raw)
					}
				}
			}()
		}
		wg.Wait()
		ok := 0
		for _, st := range statuses {
			switch st {
			case 200:
				ok++
			case 409, 422:
			default:
				t.Errorf("status %d", st)
			}
		}
		ledger := e.ledgerRefunds(t, s.bookingID)
		if ok < 1 || ok > 3 || ledger != int64(ok)*3000 || ledger > 10000 {
			t.Errorf("%d refunds succeeded and the ledger refunds %d of 10000", ok, ledger)
		}
		if got := e.count(t, `SELECT COALESCE(SUM(amount_cents), 0) FROM sim_events WHERE ref = ? AND outcome = 'refunded'`, s.ref); got != ledger {
			t.Errorf("the provider refunded %d, the ledger says %d", got, ledger)
		}
		if p := e.count(t, `SELECT COUNT(*) FROM refunds WHERE status = 'pending'`); p != 0 {
			t.Errorf("%d reservations left pending", p)
		}
		t.Logf("%s: %d of %d refunds succeeded; statuses %v", engine, ok, n, statuses)
	})
}

// The same Idempotency-Key sent ten times at once: one refund; every answer is the first answer or a
// 409 while it is still in progress.
func TestConcurrentSameIdempotencyKey(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		s := e.seedSale(t, sale{company: e.a, cents: 5000})
		body := refundJSON(e.a.CompanyID, s.identifier, 1000)
		var wg sync.WaitGroup
		answers := make([]string, 10)
		statuses := make([]int, 10)
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("POST", e.srv.URL+"/api/payment/execute-refund", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+staffToken)
				req.Header.Set("Idempotency-Key", "same")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				statuses[i], answers[i] = res.StatusCode, string(raw)
			}()
		}
		wg.Wait()
		first := ""
		for i, st := range statuses {
			switch {
			case st == 200 && first == "":
				first = answers[i]
			case st == 200 && answers[i] != first:
				t.Errorf("two different answers for one key: %s / %s", first, answers[i])
			case st != 200 && st != 409:
				t.Errorf("status %d: %s", st, answers[i])
			}
		}
		if first == "" {
			t.Errorf("no request succeeded: %v", statuses)
		}
		if got := e.ledgerRefunds(t, s.bookingID); got != 1000 {
			t.Errorf("one key refunded %d, want 1000", got)
		}
	})
}
