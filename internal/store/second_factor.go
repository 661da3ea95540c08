package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
)

// SecondFactor is the store of the staff's second factors: secrets, recovery codes, the sign-in's
// second step and the company switch that requires one (account.SecondFactorStore).
type SecondFactor struct{ db *DB }

// SecondFactor returns the second-factor store.
func (db *DB) SecondFactor() SecondFactor { return SecondFactor{db: db} }

// Status implements account.SecondFactorStore.
func (s SecondFactor) Status(ctx context.Context, userID int64) (account.SecondFactorStatus, error) {
	var st account.SecondFactorStatus
	err := s.db.Read(ctx, func(tx *Tx) error {
		var secret sql.NullString
		if err := tx.QueryRow(ctx, `SELECT totp_secret FROM admin_users WHERE id = ?`, userID).Scan(&secret); err != nil {
			return translate(err)
		}
		st.Enabled = secret.Valid && secret.String != ""
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM memberships m JOIN companies c ON c.id = m.company_id
			WHERE m.user_id = ? AND m.disabled_at IS NULL AND c.require_second_factor <> 0`, userID).Scan(&n); err != nil {
			return err
		}
		st.Required = n > 0
		if !st.Enabled {
			return nil
		}
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL`, userID).
			Scan(&st.RecoveryCodesLeft)
	})
	return st, err
}

// CreateChallenge implements account.SecondFactorStore.
func (s SecondFactor) CreateChallenge(ctx context.Context, c account.Challenge) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		var pending any
		if c.PendingSecret != "" {
			pending = c.PendingSecret
		}
		if _, err := tx.Exec(ctx, `INSERT INTO login_challenges (token_hash, user_id, kind, pending_secret, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?)`, c.TokenHash, c.UserID, c.Kind, pending, c.Now.UnixMilli(), c.ExpiresAt.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE id = ?`, c.AddressFailureID)
		return err
	})
}

// ReserveCode implements account.SecondFactorStore. Like ReserveLogin, it counts and writes with the
// keys locked (SQLite: the single writer; PostgreSQL: advisory locks on the user, then the address).
func (s SecondFactor) ReserveCode(ctx context.Context, a account.CodeAttempt) (account.CodeReservation, error) {
	var r account.CodeReservation
	err := s.db.Write(ctx, func(tx *Tx) error {
		r = account.CodeReservation{}
		userID := a.UserID
		if a.TokenHash != "" {
			var expires int64
			err := tx.QueryRow(ctx, `SELECT id, user_id, kind, COALESCE(pending_secret, ''), expires_at FROM login_challenges
				WHERE token_hash = ? AND used_at IS NULL`, a.TokenHash).Scan(&r.ChallengeID, &userID, &r.Kind, &r.Secret, &expires)
			if IsNoRows(err) || (err == nil && expires <= a.Now.UnixMilli()) {
				return nil
			}
			if err != nil {
				return translate(err)
			}
		}
		var secret, pending sql.NullString
		var created int64
		err := tx.QueryRow(ctx, `SELECT id, email, name, created_at, totp_secret, totp_pending_secret, totp_last_step
			FROM admin_users WHERE id = ?`, userID).Scan(&r.User.ID, &r.User.Email, &r.User.Name, &created, &secret, &pending, &r.LastStep)
		if IsNoRows(err) {
			return nil
		}
		if err != nil {
			return translate(err)
		}
		r.Found, r.User.CreatedAt = true, time.UnixMilli(created).UTC()
		if r.Kind != account.ChallengeEnrol {
			r.Secret = secret.String
		}
		r.PendingSecret = pending.String
		if tx.Engine() == Postgres {
			keys := []string{fmt.Sprint("second_factor:", userID)}
			if a.TokenHash != "" {
				keys = append(keys, failureAddress+":"+a.Address)
			}
			for _, k := range keys {
				if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?::text, 7))`, k); err != nil {
					return err
				}
			}
		}
		var at int64
		err = tx.QueryRow(ctx, `SELECT failed_at FROM second_factor_failures WHERE user_id = ? AND failed_at > ?
			ORDER BY failed_at DESC LIMIT 1 OFFSET ?`, userID, a.CodeSince.UnixMilli(), max(a.UserLimit, 1)-1).Scan(&at)
		if err != nil && !IsNoRows(err) {
			return translate(err)
		}
		if at != 0 {
			r.UserLimitHit = time.UnixMilli(at)
		}
		acct := account.NormaliseEmail(r.User.Email)
		if a.TokenHash != "" {
			if r.Gate.PairLimitHit, err = limitHit(ctx, tx, failurePair, pairKey(acct, a.Address), a.Since, a.PairLimit); err != nil {
				return err
			}
			if r.Gate.AddressLimitHit, err = limitHit(ctx, tx, failureAddress, a.Address, a.Since, a.AddressLimit); err != nil {
				return err
			}
		}
		if !r.UserLimitHit.IsZero() || !r.Gate.PairLimitHit.IsZero() || !r.Gate.AddressLimitHit.IsZero() {
			return nil
		}
		now := a.Now.UnixMilli()
		if _, err := tx.Exec(ctx, `INSERT INTO second_factor_failures (user_id, failed_at) VALUES (?, ?)`, userID, now); err != nil {
			return err
		}
		if a.TokenHash == "" {
			return nil
		}
		if _, err := tx.Exec(ctx, `INSERT INTO login_failures (scope, key, failed_at) VALUES (?, ?, ?)`, failurePair, pairKey(acct, a.Address), now); err != nil {
			return err
		}
		return translate(tx.QueryRow(ctx, `INSERT INTO login_failures (scope, key, failed_at) VALUES (?, ?, ?) RETURNING id`,
			failureAddress, a.Address, now).Scan(&r.AddressFailureID))
	})
	return r, err
}

// UseSecondFactor implements account.SecondFactorStore: each use is one conditional UPDATE, so two
// requests racing with one step, one recovery code or one challenge cannot both pass.
func (s SecondFactor) UseSecondFactor(ctx context.Context, u account.SecondFactorUse) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		now := u.Now.UnixMilli()
		taken := func(res sql.Result, err error) error {
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n != 1 {
				return apperr.New(apperr.NotFound, "already used")
			}
			return nil
		}
		if u.ChallengeID != 0 {
			if err := taken(tx.Exec(ctx, `UPDATE login_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL`, now, u.ChallengeID)); err != nil {
				return err
			}
		}
		switch {
		case u.Step != 0:
			if err := taken(tx.Exec(ctx, `UPDATE admin_users SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, u.Step, u.UserID, u.Step)); err != nil {
				return err
			}
		case u.Recovery != "":
			if err := taken(tx.Exec(ctx, `UPDATE totp_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
				now, u.UserID, u.Recovery)); err != nil {
				return err
			}
			var left int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL`, u.UserID).Scan(&left); err != nil {
				return err
			}
			if err := auditEveryCompany(ctx, tx, u.UserID, u.Email, "account.recovery_code_used",
				map[string]any{"address": u.Address, "recoveryCodesLeft": left}, u.Now); err != nil {
				return err
			}
		default:
			return apperr.New(apperr.NotFound, "no code")
		}
		if u.Enrol != nil {
			if _, err := tx.Exec(ctx, `UPDATE admin_users SET totp_secret = ?, totp_pending_secret = NULL, updated_at = ? WHERE id = ?`,
				u.Enrol.Secret, now, u.UserID); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM totp_recovery_codes WHERE user_id = ?`, u.UserID); err != nil {
				return err
			}
			for _, h := range u.Enrol.RecoveryHashes {
				if _, err := tx.Exec(ctx, `INSERT INTO totp_recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)`, u.UserID, h, now); err != nil {
					return err
				}
			}
			if err := auditEveryCompany(ctx, tx, u.UserID, u.Email, "account.second_factor_enabled",
				map[string]any{"address": u.Address, "method": "totp"}, u.Now); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `DELETE FROM second_factor_failures WHERE user_id = ?`, u.UserID)
		return err
	})
}

// SetPendingSecret implements account.SecondFactorStore.
func (s SecondFactor) SetPendingSecret(ctx context.Context, userID int64, secret string) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		return taken1(tx.Exec(ctx, `UPDATE admin_users SET totp_pending_secret = ? WHERE id = ?`, secret, userID))
	})
}

// taken1 is apperr.NotFound unless the statement changed a row.
func taken1(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return apperr.New(apperr.NotFound, "No such user.")
	}
	return nil
}

// DisableSecondFactor implements account.SecondFactorStore.
func (s SecondFactor) DisableSecondFactor(ctx context.Context, userID int64, email, address string, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		if err := taken1(tx.Exec(ctx, `UPDATE admin_users SET totp_secret = NULL, totp_pending_secret = NULL, updated_at = ? WHERE id = ?`,
			now.UnixMilli(), userID)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM totp_recovery_codes WHERE user_id = ?`, userID); err != nil {
			return err
		}
		return auditEveryCompany(ctx, tx, userID, email, "account.second_factor_disabled", map[string]any{"address": address}, now)
	})
}

// SecondFactorRequired implements account.SecondFactorStore.
func (s SecondFactor) SecondFactorRequired(ctx context.Context, companyID int64) (bool, error) {
	var n int
	err := s.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT require_second_factor FROM companies WHERE id = ?`, companyID).Scan(&n))
	})
	return n != 0, err
}

// RequireSecondFactor implements account.SecondFactorStore.
func (s SecondFactor) RequireSecondFactor(ctx context.Context, a account.TeamActor, required bool, now time.Time) error {
	v := 0
	if required {
		v = 1
	}
	return s.db.Write(ctx, func(tx *Tx) error {
		// Saving the value it has changes nothing and is not recorded.
		res, err := tx.Exec(ctx, `UPDATE companies SET require_second_factor = ? WHERE id = ? AND require_second_factor <> ?`, v, a.CompanyID, v)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: a.CompanyID, UserID: a.UserID, UserEmail: a.Email,
			Action: "company.second_factor_required", Entity: "company", EntityID: fmt.Sprint(a.CompanyID),
			Details: map[string]any{"required": required}, At: now})
	})
}
