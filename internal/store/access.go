package store

import (
	"context"
	"fmt"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
)

// Access is the store of a member's sessions and the companies' API tokens (account.AccessStore).
type Access struct{ db *DB }

// Access returns the sessions and API tokens store.
func (db *DB) Access() Access { return Access{db} }

// LiveSessions implements account.AccessStore.
func (s Access) LiveSessions(ctx context.Context, userID int64, now, idleSince time.Time) ([]account.SessionInfo, error) {
	var out []account.SessionInfo
	err := s.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, created_at, last_seen_at, expires_at, user_agent, address FROM admin_sessions
			WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? AND last_seen_at > ?
			ORDER BY created_at DESC, id DESC`, userID, now.UnixMilli(), idleSince.UnixMilli())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var si account.SessionInfo
			var created, seen, expires int64
			if err := rows.Scan(&si.ID, &created, &seen, &expires, &si.UserAgent, &si.Address); err != nil {
				return err
			}
			si.CreatedAt, si.LastSeenAt, si.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(seen).UTC(), time.UnixMilli(expires).UTC()
			out = append(out, si)
		}
		return rows.Err()
	})
	return out, err
}

// EndSessions implements account.AccessStore.
func (s Access) EndSessions(ctx context.Context, e account.EndSessions) (int64, error) {
	var n int64
	err := s.db.Write(ctx, func(tx *Tx) error {
		now := e.Now.UnixMilli()
		q := `UPDATE admin_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?`
		args := []any{now, e.UserID, now}
		switch {
		case e.SessionID != 0:
			q += ` AND id = ?`
			args = append(args, e.SessionID)
		case e.ExceptID != 0:
			q += ` AND id <> ?`
			args = append(args, e.ExceptID)
		}
		res, err := tx.Exec(ctx, q, args...)
		if err != nil {
			return translate(err)
		}
		n, _ = res.RowsAffected()
		if e.SessionID != 0 && n == 0 {
			return apperr.New(apperr.NotFound, "No such live session.")
		}
		var email string
		if err := tx.QueryRow(ctx, `SELECT email FROM admin_users WHERE id = ?`, e.UserID).Scan(&email); err != nil {
			return translate(err)
		}
		details := map[string]any{"email": email, "sessionsEnded": n}
		action := "team.end_sessions"
		if e.SessionID != 0 {
			details["sessionId"] = e.SessionID
			action = "team.end_session"
		}
		if e.CompanyID == 0 {
			return auditEveryCompany(ctx, tx, e.UserID, email, "account.end_sessions", details, e.Now)
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: e.CompanyID, UserID: e.Actor.UserID, UserEmail: e.Actor.Email,
			Action: action, Entity: "admin_user", EntityID: fmt.Sprint(e.UserID), Details: details, At: e.Now})
	})
	return n, err
}

// MemberRole implements account.AccessStore.
func (s Access) MemberRole(ctx context.Context, companyID, userID int64) (account.Role, error) {
	var role string
	err := s.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT role FROM memberships WHERE company_id = ? AND user_id = ?`, companyID, userID).Scan(&role))
	})
	return account.Role(role), err
}

const apiTokenColumns = `t.id, t.name, t.role, u.email, t.created_at, t.last_used_at, t.revoked_at`

func scanAPIToken(sc interface{ Scan(...any) error }) (account.APIToken, error) {
	var t account.APIToken
	var role string
	var created int64
	var used, revoked *int64
	if err := sc.Scan(&t.ID, &t.Name, &role, &t.CreatedBy, &created, &used, &revoked); err != nil {
		return t, err
	}
	t.Role, t.CreatedAt = account.Role(role), time.UnixMilli(created).UTC()
	if used != nil {
		at := time.UnixMilli(*used).UTC()
		t.LastUsedAt = &at
	}
	if revoked != nil {
		at := time.UnixMilli(*revoked).UTC()
		t.RevokedAt = &at
	}
	return t, nil
}

// CreateAPIToken implements account.AccessStore.
func (s Access) CreateAPIToken(ctx context.Context, n account.NewAPIToken) (account.APIToken, error) {
	var out account.APIToken
	err := s.db.Write(ctx, func(tx *Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO api_tokens (company_id, user_id, name, role, token_hash, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, n.Actor.CompanyID, n.Actor.UserID, n.Name, string(n.Role), n.TokenHash,
			n.Now.UnixMilli()).Scan(&id); err != nil {
			return translate(err)
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: n.Actor.CompanyID, UserID: n.Actor.UserID, UserEmail: n.Actor.Email,
			Action: "api_token.create", Entity: "api_token", EntityID: fmt.Sprint(id),
			Details: map[string]any{"name": n.Name, "role": n.Role}, At: n.Now}); err != nil {
			return err
		}
		var err error
		out, err = scanAPIToken(tx.QueryRow(ctx, `SELECT `+apiTokenColumns+` FROM api_tokens t JOIN admin_users u ON u.id = t.user_id
			WHERE t.id = ?`, id))
		return translate(err)
	})
	return out, err
}

// APITokens implements account.AccessStore.
func (s Access) APITokens(ctx context.Context, companyID int64) ([]account.APIToken, error) {
	var out []account.APIToken
	err := s.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+apiTokenColumns+` FROM api_tokens t JOIN admin_users u ON u.id = t.user_id
			WHERE t.company_id = ? ORDER BY t.created_at DESC, t.id DESC`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			t, err := scanAPIToken(rows)
			if err != nil {
				return err
			}
			out = append(out, t)
		}
		return rows.Err()
	})
	return out, err
}

// RevokeAPIToken implements account.AccessStore.
func (s Access) RevokeAPIToken(ctx context.Context, companyID, id int64, actor account.TeamActor, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		var name string
		var revoked *int64
		if err := tx.QueryRow(ctx, `SELECT name, revoked_at FROM api_tokens WHERE company_id = ? AND id = ?`, companyID, id).
			Scan(&name, &revoked); err != nil {
			return translate(err)
		}
		if revoked != nil {
			return nil
		}
		if _, err := tx.Exec(ctx, `UPDATE api_tokens SET revoked_at = ? WHERE company_id = ? AND id = ?`, now.UnixMilli(), companyID, id); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: actor.UserID, UserEmail: actor.Email,
			Action: "api_token.revoke", Entity: "api_token", EntityID: fmt.Sprint(id), Details: map[string]any{"name": name}, At: now})
	})
}

// APITokenByHash implements account.AccessStore.
func (s Access) APITokenByHash(ctx context.Context, hash string) (account.APITokenRecord, error) {
	var r account.APITokenRecord
	err := s.db.Read(ctx, func(tx *Tx) error {
		var role string
		var used *int64
		err := tx.QueryRow(ctx, `SELECT t.id, t.company_id, t.user_id, u.email, u.name, t.role, t.last_used_at
			FROM api_tokens t JOIN admin_users u ON u.id = t.user_id
			WHERE t.token_hash = ? AND t.revoked_at IS NULL`, hash).Scan(&r.ID, &r.CompanyID, &r.UserID, &r.Email, &r.Name, &role, &used)
		if err != nil {
			return translate(err)
		}
		r.Role = account.Role(role)
		if used != nil {
			r.LastUsedAt = time.UnixMilli(*used)
		}
		return nil
	})
	return r, err
}

// TouchAPIToken implements account.AccessStore.
func (s Access) TouchAPIToken(ctx context.Context, id int64, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE api_tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`,
			now.UnixMilli(), id, now.UnixMilli())
		return err
	})
}
