package store_test

import (
	"bytes"
	"context"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/notify"
	"pitlane/internal/problem"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A report and its e-mails are written together; terms come back per culture; secrets are created
// once and then shared.
func TestProblemTermsSecrets(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		err := db.Write(ctx, func(tx *store.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'problem', 'a@x.es'), (?, 'confirmation', 'b@x.es')`,
				f.CompanyID, f.CompanyID); err != nil {
				return err
			}
			return tx.InsertTerms(ctx, f.CompanyID, "es-ES", "Condiciones", memberNow)
		})
		if err != nil {
			t.Fatal(err)
		}
		addrs, err := db.Problems().ProblemAddresses(ctx, f.CompanyID)
		if err != nil || len(addrs) != 1 || addrs[0] != "a@x.es" {
			t.Fatalf("problem addresses %v, %v", addrs, err)
		}
		mail := notify.Message{CompanyID: f.CompanyID, Kind: notify.KindProblemReport, To: "a@x.es", Subject: "Problem report: x", Text: "x"}
		rep := problem.Report{CompanyID: f.CompanyID, Subject: "x", Text: "y"}
		if err := db.Problems().SaveProblemReport(ctx, rep, []notify.Message{mail}, memberNow); err != nil {
			t.Fatal(err)
		}
		if err := db.Problems().SaveProblemReport(ctx, problem.Report{Subject: "no company", Text: "z"}, nil, memberNow); err != nil {
			t.Fatal(err)
		}
		var reports, mails int
		err = db.Read(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM problem_reports`).Scan(&reports); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM outbox_emails WHERE to_addr = 'a@x.es'`).Scan(&mails)
		})
		if err != nil || reports != 2 || mails != 1 {
			t.Errorf("%d reports and %d mails (%v), want 2 and 1", reports, mails, err)
		}

		c, err := db.Companies().CompanyTerms(ctx, f.CompanyID)
		if err != nil || len(c.Terms) != 1 || c.Terms[0].Text != "Condiciones" || c.DefaultCulture == "" {
			t.Errorf("terms %+v, %v", c, err)
		}
		if _, err := db.Companies().CompanyTerms(ctx, f.CompanyID+99); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("terms of an unknown company: %v", err)
		}

		s1, err := db.Secrets().Secret(ctx, "test", memberNow)
		if err != nil || len(s1) != 32 {
			t.Fatalf("secret %x, %v", s1, err)
		}
		s2, _ := db.Secrets().Secret(ctx, "test", memberNow)
		other, _ := db.Secrets().Secret(ctx, "other", memberNow)
		if !bytes.Equal(s1, s2) || bytes.Equal(s1, other) {
			t.Error("a secret changed between calls, or two secrets are equal")
		}
	})
}
