package store

import (
	"context"
	"strings"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/notify"
)

// Resets is the forgot-password links (account.ResetStore).
type Resets struct{ db *DB }

// Resets returns the store of this aggregate.
func (db *DB) Resets() Resets { return Resets{db} }

// CreateReset implements account.ResetStore.
func (s Resets) CreateReset(ctx context.Context, r account.ResetRequest) (bool, error) {
	sent := false
	err := s.db.Write(ctx, func(tx *Tx) error {
		sent = false
		var userID int64
		err := tx.QueryRow(ctx, `SELECT id FROM admin_users WHERE email = ?`, r.Email).Scan(&userID)
		if IsNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		// The account's row locked (PostgreSQL) so two requests at once cannot both pass the count.
		if tx.Engine() == Postgres {
			if _, err := tx.Exec(ctx, `SELECT id FROM admin_users WHERE id = ? FOR UPDATE`, userID); err != nil {
				return err
			}
		}
		var recent int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM password_resets WHERE user_id = ? AND created_at > ?`,
			userID, r.Now.Add(-time.Hour).UnixMilli()).Scan(&recent); err != nil {
			return err
		}
		if recent >= account.ResetMailsPerHour {
			return nil
		}
		if _, err := tx.Exec(ctx, `INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			userID, r.TokenHash, r.Now.UnixMilli(), r.ExpiresAt.UnixMilli()); err != nil {
			return translate(err)
		}
		var company string
		var companyID *int64
		if err := tx.QueryRow(ctx, `SELECT MIN(m.company_id) FROM memberships m WHERE m.user_id = ?`, userID).Scan(&companyID); err != nil {
			return err
		}
		if companyID != nil {
			if err := tx.QueryRow(ctx, `SELECT name FROM companies WHERE id = ?`, *companyID).Scan(&company); err != nil {
				return translate(err)
			}
		}
		m, err := notify.PasswordResetMail(notify.PasswordReset{To: r.Email, Culture: r.Culture, CompanyName: company,
			URL: strings.TrimRight(tx.db.webBase(), "/") + r.Link, Minutes: int(r.ExpiresAt.Sub(r.Now).Minutes())})
		if err != nil {
			return err
		}
		if companyID != nil {
			m.CompanyID = *companyID
		}
		if err := tx.EnqueueEmail(ctx, m, r.Now); err != nil {
			return err
		}
		sent = true
		return auditEveryCompany(ctx, tx, userID, r.Email, "account.reset_request", nil, r.Now)
	})
	return sent, err
}

// ResetByToken implements account.ResetStore.
func (s Resets) ResetByToken(ctx context.Context, tokenHash string) (account.ResetRecord, error) {
	var r account.ResetRecord
	err := s.db.Read(ctx, func(tx *Tx) error {
		var expires int64
		if err := tx.QueryRow(ctx, `SELECT r.id, r.user_id, u.email, r.expires_at FROM password_resets r
			JOIN admin_users u ON u.id = r.user_id WHERE r.token_hash = ? AND r.used_at IS NULL`, tokenHash).
			Scan(&r.ID, &r.UserID, &r.Email, &expires); err != nil {
			return translate(err)
		}
		r.ExpiresAt = time.UnixMilli(expires).UTC()
		return nil
	})
	return r, err
}

// CompleteReset implements account.ResetStore.
func (s Resets) CompleteReset(ctx context.Context, id int64, hash string, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		at := now.UnixMilli()
		var userID int64
		if err := tx.QueryRow(ctx, `UPDATE password_resets SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?
			RETURNING user_id`, at, id, at).Scan(&userID); err != nil {
			return translate(err)
		}
		var email string
		if err := tx.QueryRow(ctx, `SELECT email FROM admin_users WHERE id = ?`, userID).Scan(&email); err != nil {
			return translate(err)
		}
		if _, err := tx.Exec(ctx, `UPDATE admin_users SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, at, userID); err != nil {
			return err
		}
		// Every other open link of the account ends with this one: a link mailed earlier is no way back in.
		if _, err := tx.Exec(ctx, `UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL`, at, userID); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE admin_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?`,
			at, userID, at)
		if err != nil {
			return err
		}
		revoked, err := res.RowsAffected()
		if err != nil {
			return err
		}
		// The owner of the address proved it: the account's failed sign-ins, from anywhere, are forgotten.
		if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE (scope = ? AND key = ?) OR (scope = ? AND key LIKE ? ESCAPE '\')`,
			failureAccount, email, failurePair, "% "+escapeLike(email)); err != nil {
			return err
		}
		return auditEveryCompany(ctx, tx, userID, email, "account.password_reset", map[string]any{"sessionsSignedOut": revoked}, now)
	})
}
