package adminapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"pitlane/internal/store"
)

// TestRefundBlockedReason: the billing row tells why a sale cannot be refunded
// (the same cases the refund call refuses with 422), so the back office can disable the button with
// the reason instead of offering an amount that Accept then fails on.
func TestRefundBlockedReason(t *testing.T) {
	t.Parallel()
	forEngines(t, func(t *testing.T, engine store.Engine) {
		e := newEnv(t, engine, nil)
		open := e.seedSale(t, sale{company: e.a, cents: 5000})
		closing := e.seedSale(t, sale{company: e.a, cents: 5000, session: now.AddDate(0, 0, 2).Add(-time.Minute)})
		started := e.seedSale(t, sale{company: e.a, cents: 15600, session: now.Add(-time.Hour)})
		full := e.seedSale(t, sale{company: e.a, cents: 3000, refunds: []refund{{cents: 3000, at: now.Add(-30 * time.Minute)}}})

		blocked := func(t *testing.T) map[string]string {
			t.Helper()
			res := e.api.Do("POST", "/api/admin/retrieveBillingBetweenDates",
				fmt.Sprintf(`{"idCompany":%d,"dateIni":"2026-03-01","dateEnd":"2026-03-31"}`, e.a.CompanyID), e.auth...)
			if res.Status != 200 {
				t.Fatalf("billing: %d %s", res.Status, res.Body)
			}
			var out struct {
				Payments []struct {
					Type          string `json:"type"`
					Token         string `json:"token"`
					RefundBlocked string `json:"refundBlocked"`
				} `json:"payments"`
			}
			res.JSON(t, &out)
			got := map[string]string{}
			for _, p := range out.Payments {
				if p.Type == "SALE" {
					got[p.Token] = p.RefundBlocked
				}
			}
			return got
		}
		// The fixture company refunds until 2 days before the session.
		want := map[string]string{open.identifier: "", closing.identifier: "windowClosed", started.identifier: "windowClosed",
			full.identifier: "fullyRefunded"}
		got := blocked(t)
		for id, w := range want {
			if got[id] != w {
				t.Errorf("billing row %s: refundBlocked %q, want %q", id, got[id], w)
			}
		}

		// Refunds until the session itself: the started one says so, and the server refuses it with 422
		// and that reason, where the dialog used to offer its €156.00.
		e.exec(t, `UPDATE companies SET refund_max_days = 0 WHERE id = ?`, e.a.CompanyID)
		if g := blocked(t); g[started.identifier] != "sessionStarted" || g[closing.identifier] != "" {
			t.Errorf("window of 0 days: %v", g)
		}
		res := e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, started.identifier, 15600), e.auth...)
		if res.Status != 422 || !strings.Contains(string(res.Body), "session has started") {
			t.Errorf("refund after the session started: %d %s", res.Status, res.Body)
		}
		res = e.api.Do("POST", "/api/payment/execute-refund", refundJSON(e.a.CompanyID, full.identifier, 1), e.auth...)
		if res.Status != 422 || !strings.Contains(string(res.Body), "refunded in full") {
			t.Errorf("refund of a fully refunded sale: %d %s", res.Status, res.Body)
		}

		// Refunds off: every sale says so, first.
		e.exec(t, `UPDATE companies SET is_refund_enabled = 0 WHERE id = ?`, e.a.CompanyID)
		for id, b := range blocked(t) {
			if b != "refundsOff" {
				t.Errorf("refunds off: row %s says %q", id, b)
			}
		}
		if n := e.ledgerRefunds(t, started.bookingID); n != 0 {
			t.Errorf("a refused refund reached the ledger: %d", n)
		}
	})
}
