package store_test

import (
	"context"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/clock"
	"pitlane/internal/member"
	"pitlane/internal/problem"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// passCaptcha accepts every payload: the captcha is tested with the HTTP API.
type passCaptcha struct{}

func (passCaptcha) Verify(context.Context, string) error { return nil }

// A report from a cancellation or unsubscribe page names no company: the service finds it from the
// page's token in the database, stores the report with it and mails it to that company's problem
// address, even when the visitor claims another company; an unknown token leaves the report stored only.
func TestProblemReportFromTokenPages(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		cancelToken := checkout.NewCancelToken()
		unsubscribeKey := member.UnsubscribeKey([]byte("secret"), f.CompanyID, "ana@example.com")
		var other int64
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `INSERT INTO companies (name, public_key, token, created_at, updated_at)
				VALUES ('Other', 'other-key', 'other-token', 0, 0) RETURNING id`).Scan(&other); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'problem', 'desk@circuit.example'),
				(?, 'problem', 'desk@other.example')`, f.CompanyID, other); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO bookings (identifier, company_id, payment_mode, contact_name, phone, email,
				original_total_cents, total_cents, cancel_token_hash, created_at, updated_at)
				VALUES ('problem-page-booking', ?, 'circuit', 'Ana', '+34600', 'ana@example.com', 0, 0, ?, 0, 0)`,
				f.CompanyID, checkout.HashToken(cancelToken)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO members (company_id, nick, name, birthday, email, unsubscribe_key_hash, created_at, updated_at)
				VALUES (?, 'ana1', 'Ana', '1990-01-02', 'ana@example.com', ?, 0, 0)`, f.CompanyID, member.HashKey(unsubscribeKey))
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		svc := problem.NewService(db.ProblemDesk(), passCaptcha{}, clock.NewManual(memberNow))
		count := func(q string, args ...any) int {
			t.Helper()
			var n int
			if err := db.Read(ctx, func(tx *store.Tx) error { return tx.QueryRow(ctx, q, args...).Scan(&n) }); err != nil {
				t.Fatal(err)
			}
			return n
		}
		cases := []struct {
			name, page string
			claimed    int64
			company    int64 // 0: stored without a company
			to         string
		}{
			{"cancellation page", "/cancelBooking/" + cancelToken, 0, f.CompanyID, "desk@circuit.example"},
			{"cancellation page with a query", "/cancelBooking/" + cancelToken + "?lang=en", 0, f.CompanyID, "desk@circuit.example"},
			{"unsubscribe page", "/member/unsubscribe/" + unsubscribeKey, 0, f.CompanyID, "desk@circuit.example"},
			{"the token wins over a claimed company", "/cancelBooking/" + cancelToken, other, f.CompanyID, "desk@circuit.example"},
			{"unknown cancellation token", "/cancelBooking/" + checkout.NewCancelToken(), 0, 0, ""},
			{"unknown unsubscribe key", "/member/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA", 0, 0, ""},
			{"malformed token", "/cancelBooking/not%20a%20token", 0, 0, ""},
			{"another page keeps the claimed company", "/events/other-key", other, other, "desk@other.example"},
		}
		for i, c := range cases {
			subject := "report " + c.name
			err := svc.Send(ctx, problem.Request{Subject: subject, Text: "The page did not load.", Captcha: "x",
				IDCompany: c.claimed, Page: c.page})
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if c.company == 0 {
				if n := count(`SELECT COUNT(*) FROM problem_reports WHERE subject = ? AND company_id IS NULL`, subject); n != 1 {
					t.Errorf("%s: %d reports stored without a company, want 1", c.name, n)
				}
				if n := count(`SELECT COUNT(*) FROM outbox_emails WHERE subject = ?`, "Problem report: "+subject); n != 0 {
					t.Errorf("%s: %d mails, want none", c.name, n)
				}
				continue
			}
			if n := count(`SELECT COUNT(*) FROM problem_reports WHERE subject = ? AND company_id = ?`, subject, c.company); n != 1 {
				t.Errorf("%s: %d reports stored with company %d, want 1", c.name, n, c.company)
			}
			if n := count(`SELECT COUNT(*) FROM outbox_emails WHERE subject = ? AND to_addr = ? AND company_id = ?`,
				"Problem report: "+subject, c.to, c.company); n != 1 {
				t.Errorf("%s (case %d): %d mails to %s, want 1", c.name, i, n, c.to)
			}
			if n := count(`SELECT COUNT(*) FROM outbox_emails WHERE subject = ?`, "Problem report: "+subject); n != 1 {
				t.Errorf("%s: %d mails in all, want 1", c.name, n)
			}
		}
	})
}
