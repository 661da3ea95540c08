package store

import (
	"context"
	"time"

	"pitlane/internal/apperr"
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

// CompanyOfCancelToken implements problem.PageTokens: the company of the booking whose cancellation
// token hashes to tokenHash. Returns apperr.NotFound if there is none.
func (pr Problems) CompanyOfCancelToken(ctx context.Context, tokenHash string) (int64, error) {
	return pr.companyOf(ctx, `SELECT company_id FROM bookings WHERE cancel_token_hash = ?`, tokenHash,
		"No booking with that cancellation link.")
}

// CompanyOfUnsubscribeKey implements problem.PageTokens: the company of the member whose unsubscribe
// key hashes to keyHash. Returns apperr.NotFound if there is none.
func (pr Problems) CompanyOfUnsubscribeKey(ctx context.Context, keyHash string) (int64, error) {
	return pr.companyOf(ctx, `SELECT company_id FROM members WHERE unsubscribe_key_hash = ? ORDER BY id LIMIT 1`, keyHash,
		"No member has that unsubscribe link.")
}

// companyOf reads the one company id the query names by hash, or apperr.NotFound with message.
func (pr Problems) companyOf(ctx context.Context, q, hash, message string) (int64, error) {
	var id int64
	err := pr.db.Read(ctx, func(tx *Tx) error { return tx.QueryRow(ctx, q, hash).Scan(&id) })
	if IsNoRows(err) {
		return 0, apperr.New(apperr.NotFound, "%s", message)
	}
	return id, translate(err)
}
