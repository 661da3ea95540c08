package store

import (
	"context"
	"fmt"
	"time"
)

// Profiles is a staff user's own account as the settings dialog's "My account" changes it
// (account.ProfileStore).
type Profiles struct{ db *DB }

// Profiles returns the store of this aggregate.
func (db *DB) Profiles() Profiles { return Profiles{db} }

// ReserveReauth implements account.ProfileStore: login_failures rows of scope 'reauth' keyed by the
// user's id, counted and written with the key locked (SQLite: the single writer; PostgreSQL: a
// transaction advisory lock), as ReserveLogin does.
func (p Profiles) ReserveReauth(ctx context.Context, userID int64, since, now time.Time, limit int) (time.Time, string, error) {
	var hit time.Time
	var hash string
	key := fmt.Sprint(userID)
	err := p.db.Write(ctx, func(tx *Tx) error {
		hit, hash = time.Time{}, ""
		if tx.Engine() == Postgres {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?::text, 7))`, failureReauth+":"+key); err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, `SELECT password_hash FROM admin_users WHERE id = ?`, userID).Scan(&hash); err != nil {
			return translate(err)
		}
		var err error
		if hit, err = limitHit(ctx, tx, failureReauth, key, since, limit); err != nil || !hit.IsZero() {
			hash = ""
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO login_failures (scope, key, failed_at) VALUES (?, ?, ?)`, failureReauth, key, now.UnixMilli())
		return err
	})
	return hit, hash, err
}

// ClearReauth implements account.ProfileStore.
func (p Profiles) ClearReauth(ctx context.Context, userID int64) error {
	return p.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE scope = ? AND key = ?`, failureReauth, fmt.Sprint(userID))
		return err
	})
}

// UpdateProfile implements account.ProfileStore.
func (p Profiles) UpdateProfile(ctx context.Context, userID int64, name, email string, now time.Time) error {
	return p.db.Write(ctx, func(tx *Tx) error {
		var oldName, oldEmail string
		if err := tx.QueryRow(ctx, `SELECT name, email FROM admin_users WHERE id = ?`, userID).Scan(&oldName, &oldEmail); err != nil {
			return translate(err)
		}
		if _, err := tx.Exec(ctx, `UPDATE admin_users SET name = ?, email = ?, updated_at = ? WHERE id = ?`,
			name, email, now.UnixMilli(), userID); err != nil {
			return translate(err)
		}
		changes := map[string]any{}
		if oldName != name {
			changes["name"] = map[string]any{"from": oldName, "to": name}
		}
		if oldEmail != email {
			changes["email"] = map[string]any{"from": oldEmail, "to": email}
		}
		return auditEveryCompany(ctx, tx, userID, email, "account.update", map[string]any{"changes": changes}, now)
	})
}

// SetPassword implements account.ProfileStore.
func (p Profiles) SetPassword(ctx context.Context, userID int64, hash string, keep int64, now time.Time) (int64, error) {
	var revoked int64
	err := p.db.Write(ctx, func(tx *Tx) error {
		var email string
		if err := tx.QueryRow(ctx, `SELECT email FROM admin_users WHERE id = ?`, userID).Scan(&email); err != nil {
			return translate(err)
		}
		if _, err := tx.Exec(ctx, `UPDATE admin_users SET password_hash = ?, updated_at = ? WHERE id = ?`,
			hash, now.UnixMilli(), userID); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, `UPDATE admin_sessions SET revoked_at = ?
			WHERE user_id = ? AND id <> ? AND revoked_at IS NULL AND expires_at > ?`, now.UnixMilli(), userID, keep, now.UnixMilli())
		if err != nil {
			return err
		}
		if revoked, err = res.RowsAffected(); err != nil {
			return err
		}
		return auditEveryCompany(ctx, tx, userID, email, "account.password", map[string]any{"otherSessionsSignedOut": revoked}, now)
	})
	return revoked, err
}

// auditEveryCompany records a change of the user's own account in the audit log of each company the
// user has a role in (the audit log is kept per company).
func auditEveryCompany(ctx context.Context, tx *Tx, userID int64, email, action string, details map[string]any, now time.Time) error {
	rows, err := tx.Query(ctx, `SELECT company_id FROM memberships WHERE user_id = ? ORDER BY company_id`, userID)
	if err != nil {
		return err
	}
	var companies []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		companies = append(companies, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range companies {
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: c, UserID: userID, UserEmail: email, Action: action,
			Entity: "admin_user", EntityID: fmt.Sprint(userID), Details: details, At: now}); err != nil {
			return err
		}
	}
	return nil
}
