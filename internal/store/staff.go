package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"pitlane/internal/account"
)

// Staff is the store of staff sign-in: sessions, the sign-in throttle's failures, memberships, the
// company header and the audit log (account.StaffStore).
type Staff struct{ db *DB }

// Staff returns the staff sign-in store.
func (db *DB) Staff() Staff { return Staff{db: db} }

// The scopes of login_failures rows: sign-in failures per normalised e-mail, per (e-mail, address)
// pair and per address, and wrong current passwords per user (reauth).
const (
	failureAccount = "account"
	failurePair    = "pair"
	failureAddress = "address"
	failureReauth  = "reauth"
)

// pairKey is the key of a pair's failures: the address, a space, the e-mail (an address has no space,
// so two pairs never share a key).
func pairKey(account, address string) string { return address + " " + account }

// ReserveLogin implements account.StaffStore. The gate's check and the attempt's rows are written in
// one transaction with the account's and the address's keys locked (SQLite: the single writer;
// PostgreSQL: transaction advisory locks, account first; the pair's rows are covered by both), so
// parallel attempts cannot all slip under a limit.
func (s Staff) ReserveLogin(ctx context.Context, a account.LoginAttempt) (account.LoginReservation, error) {
	var r account.LoginReservation
	err := s.db.Write(ctx, func(tx *Tx) error {
		r = account.LoginReservation{}
		if tx.Engine() == Postgres {
			for _, k := range []string{failureAccount + ":" + a.Account, failureAddress + ":" + a.Address} {
				if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?::text, 7))`, k); err != nil {
					return err
				}
			}
		}
		var err error
		if r.Gate.AccountLimitHit, err = limitHit(ctx, tx, failureAccount, a.Account, a.Since, a.AccountLimit); err != nil {
			return err
		}
		if r.Gate.PairLimitHit, err = limitHit(ctx, tx, failurePair, pairKey(a.Account, a.Address), a.Since, a.PairLimit); err != nil {
			return err
		}
		if r.Gate.AddressLimitHit, err = limitHit(ctx, tx, failureAddress, a.Address, a.Since, a.AddressLimit); err != nil {
			return err
		}
		if !r.Gate.PairLimitHit.IsZero() || !r.Gate.AddressLimitHit.IsZero() || (r.Gate.NeedsCaptcha() && !a.CaptchaSolved) {
			return nil
		}
		now := a.Now.UnixMilli()
		for _, row := range [][2]string{{failureAccount, a.Account}, {failurePair, pairKey(a.Account, a.Address)}} {
			if _, err := tx.Exec(ctx, `INSERT INTO login_failures (scope, key, failed_at) VALUES (?, ?, ?)`, row[0], row[1], now); err != nil {
				return err
			}
		}
		if err := tx.QueryRow(ctx, `INSERT INTO login_failures (scope, key, failed_at) VALUES (?, ?, ?) RETURNING id`,
			failureAddress, a.Address, now).Scan(&r.AddressFailureID); err != nil {
			return translate(err)
		}
		var created int64
		err = tx.QueryRow(ctx, `SELECT id, email, name, password_hash, created_at FROM admin_users WHERE email = ?`, a.Account).
			Scan(&r.User.ID, &r.User.Email, &r.User.Name, &r.PasswordHash, &created)
		if IsNoRows(err) {
			return nil
		}
		if err != nil {
			return translate(err)
		}
		r.Found, r.User.CreatedAt = true, time.UnixMilli(created).UTC()
		r.Memberships, err = memberships(ctx, tx, r.User.ID)
		return err
	})
	return r, err
}

// limitHit returns the time of the limit-th most recent failure of the key since since, or zero when
// there are fewer.
func limitHit(ctx context.Context, tx *Tx, scope, key string, since time.Time, limit int) (time.Time, error) {
	var at int64
	err := tx.QueryRow(ctx, `SELECT failed_at FROM login_failures WHERE scope = ? AND key = ? AND failed_at > ?
		ORDER BY failed_at DESC LIMIT 1 OFFSET ?`, scope, key, since.UnixMilli(), max(limit, 1)-1).Scan(&at)
	if IsNoRows(err) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, translate(err)
	}
	return time.UnixMilli(at), nil
}

// StartSession implements account.StaffStore.
func (s Staff) StartSession(ctx context.Context, n account.NewSession) (int64, error) {
	var id int64
	err := s.db.Write(ctx, func(tx *Tx) error {
		now := n.Now.UnixMilli()
		if err := tx.QueryRow(ctx, `INSERT INTO admin_sessions (token_hash, user_id, created_at, last_seen_at, expires_at, user_agent, address)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, n.TokenHash, n.UserID, now, now, n.ExpiresAt.UnixMilli(), n.UserAgent, n.Address).Scan(&id); err != nil {
			return translate(err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE (scope = ? AND key = ?) OR (scope = ? AND key = ?)`,
			failureAccount, n.Account, failurePair, pairKey(n.Account, n.Address)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE id = ?`, n.AddressFailureID); err != nil {
			return err
		}
		var email string
		if err := tx.QueryRow(ctx, `SELECT email FROM admin_users WHERE id = ?`, n.UserID).Scan(&email); err != nil {
			return translate(err)
		}
		return auditEveryCompany(ctx, tx, n.UserID, email, "account.login", map[string]any{"address": n.Address, "sessionId": id}, n.Now)
	})
	return id, err
}

// LoginFailed implements account.StaffStore.
func (s Staff) LoginFailed(ctx context.Context, userID int64, email, address, reason string, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		return auditEveryCompany(ctx, tx, userID, email, "account.login_failed", map[string]any{"address": address, "reason": reason}, now)
	})
}

// Session implements account.StaffStore.
func (s Staff) Session(ctx context.Context, tokenHash string) (account.SessionRecord, error) {
	var r account.SessionRecord
	err := s.db.Read(ctx, func(tx *Tx) error {
		var created, seen, expires int64
		err := tx.QueryRow(ctx, `SELECT s.id, s.user_id, u.email, u.name, s.created_at, s.last_seen_at, s.expires_at
			FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id
			WHERE s.token_hash = ? AND s.revoked_at IS NULL`, tokenHash).
			Scan(&r.ID, &r.UserID, &r.Email, &r.Name, &created, &seen, &expires)
		r.CreatedAt, r.LastSeenAt, r.ExpiresAt = time.UnixMilli(created), time.UnixMilli(seen), time.UnixMilli(expires)
		return translate(err)
	})
	return r, err
}

// TouchSession implements account.StaffStore.
func (s Staff) TouchSession(ctx context.Context, id int64, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE admin_sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?`,
			now.UnixMilli(), id, now.UnixMilli())
		return err
	})
}

// RevokeSession implements account.StaffStore.
func (s Staff) RevokeSession(ctx context.Context, tokenHash, address string, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		var id, userID int64
		err := tx.QueryRow(ctx, `UPDATE admin_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL
			RETURNING id, user_id`, now.UnixMilli(), tokenHash).Scan(&id, &userID)
		if IsNoRows(err) {
			return nil
		}
		if err != nil {
			return translate(err)
		}
		var email string
		if err := tx.QueryRow(ctx, `SELECT email FROM admin_users WHERE id = ?`, userID).Scan(&email); err != nil {
			return translate(err)
		}
		return auditEveryCompany(ctx, tx, userID, email, "account.logout", map[string]any{"address": address, "sessionId": id}, now)
	})
}

// StaffUser implements account.StaffStore.
func (s Staff) StaffUser(ctx context.Context, userID int64) (account.Admin, []account.Membership, error) {
	var u account.Admin
	var ms []account.Membership
	err := s.db.Read(ctx, func(tx *Tx) error {
		var created int64
		if err := tx.QueryRow(ctx, `SELECT id, email, name, created_at FROM admin_users WHERE id = ?`, userID).
			Scan(&u.ID, &u.Email, &u.Name, &created); err != nil {
			return translate(err)
		}
		u.CreatedAt = time.UnixMilli(created).UTC()
		var err error
		ms, err = memberships(ctx, tx, userID)
		return err
	})
	return u, ms, err
}

// memberships lists the user's companies and roles (in no particular order: account sorts them); a
// disabled membership (the Team tab, team.go) is no role at all.
func memberships(ctx context.Context, tx *Tx, userID int64) ([]account.Membership, error) {
	rows, err := tx.Query(ctx, `SELECT c.id, c.name, m.role FROM memberships m JOIN companies c ON c.id = m.company_id
		WHERE m.user_id = ? AND m.disabled_at IS NULL`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []account.Membership{}
	for rows.Next() {
		var m account.Membership
		var role string
		if err := rows.Scan(&m.CompanyID, &m.CompanyName, &role); err != nil {
			return nil, translate(err)
		}
		m.Role = account.Role(role)
		out = append(out, m)
	}
	return out, rows.Err()
}

// Role implements account.StaffStore.
func (s Staff) Role(ctx context.Context, userID, companyID int64) (account.Role, error) {
	var role string
	err := s.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT role FROM memberships WHERE user_id = ? AND company_id = ? AND disabled_at IS NULL`,
			userID, companyID).Scan(&role))
	})
	return account.Role(role), err
}

// CompanyHeader implements account.StaffStore. The schedule fields are those of the company's first
// installation, or the spec's defaults when it has none.
func (s Staff) CompanyHeader(ctx context.Context, userID, companyID int64) (account.CompanyHeader, error) {
	var c account.CompanyHeader
	err := s.db.Read(ctx, func(tx *Tx) error {
		var role, publi string
		var refund, licences int
		var maxDays, interval *int
		var opening, closing *string
		err := tx.QueryRow(ctx, `SELECT c.id, c.name, m.role, c.public_key, c.currency_symbol, c.currency, c.time_zone,
			       c.default_culture, c.logo, c.is_refund_enabled, c.refund_max_days, c.feature_licences, c.publi,
			       i.max_days_booking, i.interval_minutes, i.opening_time, i.closing_time
			FROM companies c
			JOIN memberships m ON m.company_id = c.id AND m.user_id = ? AND m.disabled_at IS NULL
			LEFT JOIN installations i ON i.id = (SELECT MIN(id) FROM installations WHERE company_id = c.id)
			WHERE c.id = ?`, userID, companyID).Scan(&c.ID, &c.Name, &role, &c.PublicKey, &c.CurrencySymbol, &c.Currency,
			&c.TimeZone, &c.DefaultCulture, &c.Logo, &refund, &c.RefundMaxDays, &licences, &publi,
			&maxDays, &interval, &opening, &closing)
		if err != nil {
			return translate(err)
		}
		c.Role, c.IsRefundEnabled, c.ShowLicences = account.Role(role), refund == 1, licences == 1
		var p struct {
			IsActive bool `json:"isActive"`
		}
		if publi != "" {
			if err := json.Unmarshal([]byte(publi), &p); err != nil {
				return fmt.Errorf("company %d: publi is not valid JSON: %w", c.ID, err)
			}
		}
		c.AdvertisingActive = p.IsActive
		c.MaxDaysBooking, c.IntervalMinutes = account.DefaultMaxDaysBooking, account.DefaultInterval
		c.OpeningTime, c.ClosingTime = account.DefaultOpening, account.DefaultClosing
		if maxDays != nil {
			c.MaxDaysBooking, c.IntervalMinutes, c.OpeningTime, c.ClosingTime = *maxDays, *interval, staffHHMM(*opening), staffHHMM(*closing)
		}
		return nil
	})
	return c, err
}

// staffHHMM cuts a stored time ('HH:MM' or 'HH:MM:SS') to HH:mm.
func staffHHMM(t string) string {
	if len(t) > 5 {
		return t[:5]
	}
	return t
}

// AuditLog implements account.StaffStore.
func (s Staff) AuditLog(ctx context.Context, companyID int64, limit int, before int64) ([]account.AuditEntry, error) {
	out := []account.AuditEntry{}
	err := s.db.Read(ctx, func(tx *Tx) error {
		q := `SELECT id, user_id, user_email, action, entity, entity_id, details, created_at FROM audit_log
			WHERE company_id = ?`
		args := []any{companyID}
		if before > 0 {
			q += ` AND id < ?`
			args = append(args, before)
		}
		rows, err := tx.Query(ctx, q+` ORDER BY id DESC LIMIT ?`, append(args, limit)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var e account.AuditEntry
			var details string
			var at int64
			if err := rows.Scan(&e.ID, &e.UserID, &e.UserEmail, &e.Action, &e.Entity, &e.EntityID, &details, &at); err != nil {
				return translate(err)
			}
			e.At, e.Details = time.UnixMilli(at).UTC(), json.RawMessage(details)
			if !json.Valid(e.Details) || len(details) == 0 || details[0] != '{' {
				e.Details = json.RawMessage(`{}`)
			}
			out = append(out, e)
		}
		return rows.Err()
	})
	return out, err
}

// DeleteStale implements account.StaffStore.
func (s Staff) DeleteStale(ctx context.Context, sessionsBefore, failuresBefore time.Time) (int64, error) {
	var n int64
	err := s.db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM admin_sessions WHERE expires_at < ? OR revoked_at < ?`,
			sessionsBefore.UnixMilli(), sessionsBefore.UnixMilli())
		if err != nil {
			return err
		}
		a, _ := res.RowsAffected()
		if res, err = tx.Exec(ctx, `DELETE FROM login_failures WHERE failed_at <= ?`, failuresBefore.UnixMilli()); err != nil {
			return err
		}
		b, _ := res.RowsAffected()
		n = a + b
		// The second factor's leftovers (second_factor.go): challenges past their five minutes, old wrong codes.
		if res, err = tx.Exec(ctx, `DELETE FROM login_challenges WHERE expires_at < ?`, sessionsBefore.UnixMilli()); err != nil {
			return err
		}
		c, _ := res.RowsAffected()
		if res, err = tx.Exec(ctx, `DELETE FROM second_factor_failures WHERE failed_at <= ?`, failuresBefore.UnixMilli()); err != nil {
			return err
		}
		d, _ := res.RowsAffected()
		n += c + d
		return nil
	})
	return n, err
}

var _ account.StaffStore = Staff{}
