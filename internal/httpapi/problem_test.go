package httpapi_test

import (
	"context"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/captcha"
	"pitlane/internal/httpapi"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// solve fetches a challenge over HTTP and solves it as the widget would.
func (e *clubEnv) solve(t *testing.T) string {
	t.Helper()
	res := e.api.Do("GET", "/api/captcha/challenge", nil)
	if res.Status != 200 {
		t.Fatalf("challenge: %d %s", res.Status, res.Body)
	}
	var c captcha.Challenge
	res.JSON(t, &c)
	payload, err := captcha.Solve(c)
	if err != nil {
		t.Fatal(err)
	}
	return payload
}

// count runs a COUNT(*) query.
func (e *clubEnv) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	var n int
	err := e.db.Read(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRow(context.Background(), q, args...).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestProblemReport(t *testing.T) {
	t.Parallel()
	e := newClubEnv(t, storetest.Open(t, store.SQLite), httpapi.RateLimits{})
	ctx := context.Background()
	err := e.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'problem', 'help@circuit.example')`,
			e.fix.CompanyID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	report := func(captcha string, edit func(map[string]any)) map[string]any {
		b := map[string]any{"subject": "Payment page", "text": "The pay button does nothing.", "captcha": captcha,
			"replyEmail": "ana@example.com", "idCompany": e.fix.CompanyID, "page": "/booking/fixture-key"}
		if edit != nil {
			edit(b)
		}
		return b
	}
	const path = "/api/emails/sendProblemReport"
	good := e.solve(t)
	reused := e.solve(t)
	e.run(t, []row{
		{name: "captcha missing", method: "POST", path: path, body: report("", nil), status: 422, code: apperr.Unprocessable, field: "captcha", text: "required"},
		{name: "captcha garbage", method: "POST", path: path, body: report("bm90IGEgcGF5bG9hZA==", nil), status: 422, code: apperr.Unprocessable, field: "captcha", text: "invalid"},
		{name: "text of 501 characters", method: "POST", path: path, body: report(good, func(b map[string]any) { b["text"] = strings.Repeat("é", 501) }),
			status: 422, code: apperr.Unprocessable, field: "text", text: "500"},
		{name: "no subject", method: "POST", path: path, body: report(good, func(b map[string]any) { b["subject"] = "  " }),
			status: 422, code: apperr.Unprocessable, field: "subject", text: "required"},
		{name: "bad reply address", method: "POST", path: path, body: report(good, func(b map[string]any) { b["replyEmail"] = "ana@" }),
			status: 422, code: apperr.Unprocessable, field: "replyEmail"},
		{name: "unknown company", method: "POST", path: path, body: report(good, func(b map[string]any) { b["idCompany"] = e.fix.CompanyID + 99 }),
			status: 404, code: apperr.NotFound},
		{name: "unknown field", method: "POST", path: path, body: report(good, func(b map[string]any) { b["cc"] = "x" }), status: 400, code: apperr.Invalid},
		// The mistakes above did not use the captcha up: the corrected report goes through with it.
		{name: "text of exactly 500 characters is received and mailed", method: "POST", path: path,
			body: report(good, func(b map[string]any) { b["text"] = strings.Repeat("é", 500) }), status: 201,
			check: func(t *testing.T, res *apitest.Response) {
				if !strings.Contains(string(res.Body), `"received":true`) {
					t.Errorf("body %s", res.Body)
				}
				if n := e.count(t, `SELECT COUNT(*) FROM problem_reports WHERE company_id = ? AND reply_email = 'ana@example.com'`, e.fix.CompanyID); n != 1 {
					t.Errorf("%d reports stored, want 1", n)
				}
				if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails WHERE to_addr = 'help@circuit.example' AND kind = 'problem_report'`); n != 1 {
					t.Errorf("%d e-mails to the company's problem address, want 1", n)
				}
			}},
		{name: "the same solution again", method: "POST", path: path, body: report(good, nil), status: 422, code: apperr.Unprocessable, field: "captcha", text: "already used"},
		{name: "without company or reply address: stored only", method: "POST", path: path,
			body: report(reused, func(b map[string]any) { delete(b, "idCompany"); delete(b, "replyEmail"); delete(b, "page") }), status: 201,
			check: func(t *testing.T, res *apitest.Response) {
				if n := e.count(t, `SELECT COUNT(*) FROM problem_reports WHERE company_id IS NULL AND reply_email IS NULL`); n != 1 {
					t.Errorf("%d reports without company stored, want 1", n)
				}
				if n := e.count(t, `SELECT COUNT(*) FROM outbox_emails`); n != 1 {
					t.Errorf("%d e-mails in the outbox, want only the first report's", n)
				}
			}},
	})
	t.Run("expired challenge", func(t *testing.T) {
		late := e.solve(t)
		e.clk.Advance(captcha.DefaultTTL)
		res := e.api.Do("POST", path, report(late, nil))
		if res.Status != 422 {
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
		checkError(t, res, apperr.Unprocessable, "captcha", "expired")
	})
}
