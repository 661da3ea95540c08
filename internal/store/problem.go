package store

import (
	"context"
	"time"

	"pitlane/internal/notify"
	"pitlane/internal/problem"
)

// Problems is the problem reports customers send and where they go (with Companies, problem.Store: see
// ProblemDesk).
type Problems struct{ db *DB }

// Problems returns the store of this aggregate.
func (db *DB) Problems() Problems { return Problems{db} }

// ProblemAddresses returns the company's notification addresses for problem reports, in the order they
// were added; none is an empty list.
func (pr Problems) ProblemAddresses(ctx context.Context, companyID int64) ([]string, error) {
	var out []string
	err := pr.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, err = tx.CompanyNotifyEmails(ctx, companyID, notify.NoticeProblem)
		return err
	})
	return out, err
}

// SaveProblemReport stores a visitor's problem report and enqueues its e-mails in one transaction, so
// a stored report is always mailed and a mailed one always stored.
func (pr Problems) SaveProblemReport(ctx context.Context, r problem.Report, mails []notify.Message, now time.Time) error {
	return pr.db.Write(ctx, func(tx *Tx) error {
		var company any
		if r.CompanyID != 0 {
			company = r.CompanyID
		}
		if _, err := tx.Exec(ctx, `INSERT INTO problem_reports (company_id, subject, text, reply_email, page, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, company, r.Subject, r.Text, nullable(r.ReplyEmail), nullable(r.Page),
			now.UnixMilli()); err != nil {
			return err
		}
		for _, m := range mails {
			if err := tx.EnqueueEmail(ctx, m, now); err != nil {
				return err
			}
		}
		return nil
	})
}
