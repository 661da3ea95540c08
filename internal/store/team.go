package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/notify"
)

// Team is the Team tab's store: a company's members and its invitations (account.TeamStore,
// migration 00035).
type Team struct{ db *DB }

// Team returns the store of this aggregate.
func (db *DB) Team() Team { return Team{db} }

// Team implements account.TeamStore.
func (s Team) Team(ctx context.Context, companyID int64, now time.Time) (account.Team, error) {
	out := account.Team{Members: []account.TeamMember{}, Invitations: []account.Invitation{}}
	err := s.db.Read(ctx, func(tx *Tx) error {
		out.Members, out.Invitations = out.Members[:0], out.Invitations[:0]
		rows, err := tx.Query(ctx, `SELECT u.id, u.name, u.email, m.role, m.disabled_at,
			       (SELECT MAX(s.created_at) FROM admin_sessions s WHERE s.user_id = u.id)
			FROM memberships m JOIN admin_users u ON u.id = m.user_id
			WHERE m.company_id = ? ORDER BY LOWER(u.name), u.id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m account.TeamMember
			var role string
			var disabled, last *int64
			if err := rows.Scan(&m.UserID, &m.Name, &m.Email, &role, &disabled, &last); err != nil {
				return translate(err)
			}
			m.Role, m.State = account.Role(role), account.MemberActive
			if disabled != nil {
				m.State = account.MemberDisabled
			}
			if last != nil {
				at := time.UnixMilli(*last).UTC()
				m.LastSignInAt = &at
			}
			out.Members = append(out.Members, m)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		irows, err := tx.Query(ctx, `SELECT id, email, role, invited_by_email, created_at, expires_at FROM staff_invitations
			WHERE company_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND failed_attempts < ?
			ORDER BY created_at DESC, id DESC`, companyID, account.MaxInvitationFailures)
		if err != nil {
			return err
		}
		defer irows.Close()
		for irows.Next() {
			var inv account.Invitation
			var role string
			var created, expires int64
			if err := irows.Scan(&inv.ID, &inv.Email, &role, &inv.InvitedBy, &created, &expires); err != nil {
				return translate(err)
			}
			inv.Role, inv.CreatedAt, inv.ExpiresAt = account.Role(role), time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC()
			inv.State = account.InvitationInvited
			if !now.Before(inv.ExpiresAt) {
				inv.State = account.InvitationExpired
			}
			out.Invitations = append(out.Invitations, inv)
		}
		return irows.Err()
	})
	return out, err
}

// lockTeam serialises changes to one company's team on PostgreSQL (SQLite has a single writer), so
// two admins demoting each other at once cannot both pass the last-admin check.
func lockTeam(ctx context.Context, tx *Tx, companyID int64) error {
	if tx.Engine() != Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?::text, 7))`, fmt.Sprintf("team:%d", companyID))
	return err
}

// teamMember reads one member of the company (apperr.NotFound if none).
func teamMember(ctx context.Context, tx *Tx, companyID, userID int64) (account.TeamMember, error) {
	var m account.TeamMember
	var role string
	var disabled, last *int64
	err := tx.QueryRow(ctx, `SELECT u.id, u.name, u.email, m.role, m.disabled_at,
		       (SELECT MAX(s.created_at) FROM admin_sessions s WHERE s.user_id = u.id)
		FROM memberships m JOIN admin_users u ON u.id = m.user_id
		WHERE m.company_id = ? AND m.user_id = ?`, companyID, userID).Scan(&m.UserID, &m.Name, &m.Email, &role, &disabled, &last)
	if err != nil {
		return m, translate(err)
	}
	m.Role, m.State = account.Role(role), account.MemberActive
	if disabled != nil {
		m.State = account.MemberDisabled
	}
	if last != nil {
		at := time.UnixMilli(*last).UTC()
		m.LastSignInAt = &at
	}
	return m, nil
}

// ChangeMember implements account.TeamStore.
func (s Team) ChangeMember(ctx context.Context, c account.MemberChange, check account.MemberCheck) (account.TeamMember, error) {
	var out account.TeamMember
	err := s.db.Write(ctx, func(tx *Tx) error {
		if err := lockTeam(ctx, tx, c.CompanyID); err != nil {
			return err
		}
		cur, err := teamMember(ctx, tx, c.CompanyID, c.UserID)
		if err != nil {
			return err
		}
		var others int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM memberships WHERE company_id = ? AND user_id <> ?
			AND disabled_at IS NULL AND role IN ('ADMIN', 'SUPERADMIN')`, c.CompanyID, c.UserID).Scan(&others); err != nil {
			return translate(err)
		}
		if err := check(cur, others); err != nil {
			return err
		}
		now := c.Now.UnixMilli()
		details := map[string]any{"email": cur.Email, "name": cur.Name}
		endSessions := false
		switch c.Op {
		case account.OpRole:
			_, err = tx.Exec(ctx, `UPDATE memberships SET role = ? WHERE company_id = ? AND user_id = ?`, string(c.Role), c.CompanyID, c.UserID)
			details["role"] = map[string]any{"from": cur.Role, "to": c.Role}
		case account.OpDisable:
			_, err = tx.Exec(ctx, `UPDATE memberships SET disabled_at = ? WHERE company_id = ? AND user_id = ? AND disabled_at IS NULL`,
				now, c.CompanyID, c.UserID)
			endSessions = true
		case account.OpEnable:
			_, err = tx.Exec(ctx, `UPDATE memberships SET disabled_at = NULL WHERE company_id = ? AND user_id = ?`, c.CompanyID, c.UserID)
		case account.OpRemove:
			_, err = tx.Exec(ctx, `DELETE FROM memberships WHERE company_id = ? AND user_id = ?`, c.CompanyID, c.UserID)
			details["role"] = cur.Role
			endSessions = true
		default:
			return fmt.Errorf("store: unknown team operation %q", c.Op)
		}
		if err != nil {
			return translate(err)
		}
		if endSessions {
			res, err := tx.Exec(ctx, `UPDATE admin_sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, now, c.UserID)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			details["sessionsEnded"] = n
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: c.CompanyID, UserID: c.Actor.UserID, UserEmail: c.Actor.Email,
			Action: "team." + c.Op, Entity: "admin_user", EntityID: fmt.Sprint(c.UserID), Details: details, At: c.Now}); err != nil {
			return err
		}
		if c.Op == account.OpRemove {
			out = account.TeamMember{}
			return nil
		}
		out, err = teamMember(ctx, tx, c.CompanyID, c.UserID)
		return err
	})
	return out, err
}

// inviteMail queues the invitation mail of the company to email with the link path, in the culture.
func inviteMail(ctx context.Context, tx *Tx, companyID int64, email string, role account.Role, link, culture string,
	actor account.TeamActor, now, expires time.Time) error {
	var company, inviter string
	if err := tx.QueryRow(ctx, `SELECT name FROM companies WHERE id = ?`, companyID).Scan(&company); err != nil {
		return translate(err)
	}
	if err := tx.QueryRow(ctx, `SELECT name FROM admin_users WHERE id = ?`, actor.UserID).Scan(&inviter); err != nil {
		inviter = actor.Email
	}
	m, err := notify.TeamInvitation(notify.TeamInvite{To: email, Culture: culture, CompanyName: company, InviterName: inviter,
		Role: string(role), URL: strings.TrimRight(tx.db.webBase(), "/") + link, Hours: int(expires.Sub(now).Hours())})
	if err != nil {
		return err
	}
	m.CompanyID = companyID
	return tx.EnqueueEmail(ctx, m, now)
}

// CreateInvitation implements account.TeamStore.
func (s Team) CreateInvitation(ctx context.Context, in account.NewInvitation) (account.Invitation, error) {
	var out account.Invitation
	err := s.db.Write(ctx, func(tx *Tx) error {
		if err := lockTeam(ctx, tx, in.CompanyID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM memberships m JOIN admin_users u ON u.id = m.user_id
			WHERE m.company_id = ? AND u.email = ?`, in.CompanyID, in.Email).Scan(&n); err != nil {
			return translate(err)
		}
		if n > 0 {
			return apperr.WithFields(apperr.Conflict, "That person is a member of the company already.",
				map[string]string{"email": "That person is a member of the company already."})
		}
		// An invitation used up by wrong passwords stays closed for good: end it so a new one may open.
		if _, err := tx.Exec(ctx, `UPDATE staff_invitations SET revoked_at = ? WHERE company_id = ? AND email = ?
			AND accepted_at IS NULL AND revoked_at IS NULL AND failed_attempts >= ?`,
			in.Now.UnixMilli(), in.CompanyID, in.Email, account.MaxInvitationFailures); err != nil {
			return err
		}
		err := tx.QueryRow(ctx, `INSERT INTO staff_invitations (company_id, email, role, token_hash, invited_by, invited_by_email,
			created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, in.CompanyID, in.Email, string(in.Role),
			in.TokenHash, in.Actor.UserID, in.Actor.Email, in.Now.UnixMilli(), in.ExpiresAt.UnixMilli()).Scan(&out.ID)
		if apperr.Is(translate(err), apperr.Conflict) {
			return apperr.WithFields(apperr.Conflict, "That address has an open invitation already: send it again instead.",
				map[string]string{"email": "That address has an open invitation already."})
		}
		if err != nil {
			return translate(err)
		}
		out = account.Invitation{ID: out.ID, Email: in.Email, Role: in.Role, State: account.InvitationInvited,
			InvitedBy: in.Actor.Email, CreatedAt: in.Now.UTC(), ExpiresAt: in.ExpiresAt.UTC()}
		if err := inviteMail(ctx, tx, in.CompanyID, in.Email, in.Role, in.Link, in.Culture, in.Actor, in.Now, in.ExpiresAt); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: in.CompanyID, UserID: in.Actor.UserID, UserEmail: in.Actor.Email,
			Action: "team.invite", Entity: "staff_invitation", EntityID: fmt.Sprint(out.ID),
			Details: map[string]any{"email": in.Email, "role": in.Role}, At: in.Now})
	})
	return out, err
}

// ResendInvitation implements account.TeamStore.
func (s Team) ResendInvitation(ctx context.Context, id int64, in account.NewInvitation) (account.Invitation, error) {
	var out account.Invitation
	err := s.db.Write(ctx, func(tx *Tx) error {
		var role string
		err := tx.QueryRow(ctx, `UPDATE staff_invitations SET token_hash = ?, created_at = ?, expires_at = ?, failed_attempts = 0,
			invited_by = ?, invited_by_email = ?
			WHERE id = ? AND company_id = ? AND accepted_at IS NULL AND revoked_at IS NULL RETURNING email, role`,
			in.TokenHash, in.Now.UnixMilli(), in.ExpiresAt.UnixMilli(), in.Actor.UserID, in.Actor.Email, id, in.CompanyID).
			Scan(&out.Email, &role)
		if err != nil {
			return translate(err)
		}
		out.ID, out.Role, out.State, out.InvitedBy = id, account.Role(role), account.InvitationInvited, in.Actor.Email
		out.CreatedAt, out.ExpiresAt = in.Now.UTC(), in.ExpiresAt.UTC()
		if err := inviteMail(ctx, tx, in.CompanyID, out.Email, out.Role, in.Link, in.Culture, in.Actor, in.Now, in.ExpiresAt); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: in.CompanyID, UserID: in.Actor.UserID, UserEmail: in.Actor.Email,
			Action: "team.invitation_resend", Entity: "staff_invitation", EntityID: fmt.Sprint(id),
			Details: map[string]any{"email": out.Email, "role": out.Role}, At: in.Now})
	})
	return out, err
}

// RevokeInvitation implements account.TeamStore.
func (s Team) RevokeInvitation(ctx context.Context, companyID, id int64, actor account.TeamActor, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		var email, role string
		err := tx.QueryRow(ctx, `UPDATE staff_invitations SET revoked_at = ?
			WHERE id = ? AND company_id = ? AND accepted_at IS NULL AND revoked_at IS NULL RETURNING email, role`,
			now.UnixMilli(), id, companyID).Scan(&email, &role)
		if err != nil {
			return translate(err)
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: actor.UserID, UserEmail: actor.Email,
			Action: "team.invitation_revoke", Entity: "staff_invitation", EntityID: fmt.Sprint(id),
			Details: map[string]any{"email": email, "role": role}, At: now})
	})
}

// InvitationByToken implements account.TeamStore.
func (s Team) InvitationByToken(ctx context.Context, tokenHash string) (account.InvitationRecord, error) {
	var r account.InvitationRecord
	err := s.db.Read(ctx, func(tx *Tx) error {
		var role string
		var expires int64
		var userID *int64
		var hash *string
		err := tx.QueryRow(ctx, `SELECT i.id, i.company_id, c.name, i.email, i.role, i.expires_at, u.id, u.password_hash
			FROM staff_invitations i JOIN companies c ON c.id = i.company_id
			LEFT JOIN admin_users u ON u.email = i.email
			WHERE i.token_hash = ? AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.failed_attempts < ?`,
			tokenHash, account.MaxInvitationFailures).
			Scan(&r.ID, &r.CompanyID, &r.CompanyName, &r.Email, &role, &expires, &userID, &hash)
		if err != nil {
			return translate(err)
		}
		r.Role, r.ExpiresAt = account.Role(role), time.UnixMilli(expires).UTC()
		if userID != nil {
			r.ExistingUserID, r.PasswordHash = *userID, *hash
		}
		return nil
	})
	return r, err
}

// InvitationFailed implements account.TeamStore.
func (s Team) InvitationFailed(ctx context.Context, id int64, now time.Time) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE staff_invitations SET failed_attempts = failed_attempts + 1 WHERE id = ?`, id)
		return err
	})
}

// AcceptInvitation implements account.TeamStore.
func (s Team) AcceptInvitation(ctx context.Context, a account.Acceptance) error {
	return s.db.Write(ctx, func(tx *Tx) error {
		now := a.Now.UnixMilli()
		var companyID int64
		var email, role string
		err := tx.QueryRow(ctx, `UPDATE staff_invitations SET accepted_at = ?
			WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND failed_attempts < ? AND expires_at > ?
			RETURNING company_id, email, role`, now, a.InvitationID, account.MaxInvitationFailures, now).Scan(&companyID, &email, &role)
		if err != nil {
			return translate(err)
		}
		var userID int64
		err = tx.QueryRow(ctx, `SELECT id FROM admin_users WHERE email = ?`, email).Scan(&userID)
		switch {
		case IsNoRows(err) && a.NewUser:
			if err := tx.QueryRow(ctx, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?) RETURNING id`, email, a.Name, a.PasswordHash, now, now).Scan(&userID); err != nil {
				return translate(err)
			}
		case IsNoRows(err):
			return apperr.New(apperr.NotFound, "The account of this invitation no longer exists.")
		case err != nil:
			return translate(err)
		case a.NewUser:
			return apperr.New(apperr.Conflict, "An account with this e-mail was created meanwhile: open the link again.")
		}
		if _, err := tx.Exec(ctx, `INSERT INTO memberships (user_id, company_id, role) VALUES (?, ?, ?)
			ON CONFLICT (user_id, company_id) DO NOTHING`, userID, companyID, role); err != nil {
			return translate(err)
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: userID, UserEmail: email, Action: "team.join",
			Entity: "staff_invitation", EntityID: fmt.Sprint(a.InvitationID),
			Details: map[string]any{"role": role, "newAccount": a.NewUser}, At: a.Now})
	})
}

var _ account.TeamStore = Team{}
