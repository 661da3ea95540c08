package store

import (
	"context"
	"time"

	"pitlane/internal/account"
)

// Admins is the staff accounts as the command line manages them (account.Store).
type Admins struct{ db *DB }

// Admins returns the store of this aggregate.
func (db *DB) Admins() Admins { return Admins{db} }

// UpsertAdmin creates the admin user a.Email unless it exists (an existing user keeps its name and
// password) and grants it a.Role in a.CompanyID, in one write transaction; see account.Store.
// Returns apperr.NotFound if the company does not exist.
func (ad Admins) UpsertAdmin(ctx context.Context, a account.NewAdmin, now time.Time) (account.Admin, bool, error) {
	var out account.Admin
	var created bool
	err := ad.db.Write(ctx, func(tx *Tx) error {
		var err error
		out, created, err = tx.UpsertAdmin(ctx, a, now, false)
		return err
	})
	return out, created, err
}

// UpsertAdmin does what DB.UpsertAdmin does inside the transaction. With resetPassword, an existing
// user's password hash is replaced by a.PasswordHash (the demo seeder hands out new passwords on
// every run). Returns apperr.NotFound if the company does not exist.
func (t *Tx) UpsertAdmin(ctx context.Context, a account.NewAdmin, now time.Time, resetPassword bool) (account.Admin, bool, error) {
	var one int
	if err := t.QueryRow(ctx, `SELECT 1 FROM companies WHERE id = ?`, a.CompanyID).Scan(&one); err != nil {
		return account.Admin{}, false, translate(err)
	}
	ms := now.UnixMilli()
	u := account.Admin{Email: a.Email}
	var createdAt int64
	created := false
	err := t.QueryRow(ctx, `SELECT id, name, created_at FROM admin_users WHERE email = ?`, a.Email).
		Scan(&u.ID, &u.Name, &createdAt)
	switch {
	case IsNoRows(err):
		created, u.Name, createdAt = true, a.Name, ms
		err = t.QueryRow(ctx, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, a.Email, a.Name, a.PasswordHash, ms, ms).Scan(&u.ID)
		if err != nil {
			return account.Admin{}, false, translate(err)
		}
	case err != nil:
		return account.Admin{}, false, translate(err)
	case resetPassword:
		if _, err := t.Exec(ctx, `UPDATE admin_users SET password_hash = ?, updated_at = ? WHERE id = ?`,
			a.PasswordHash, ms, u.ID); err != nil {
			return account.Admin{}, false, err
		}
	}
	u.CreatedAt = time.UnixMilli(createdAt).UTC()
	if _, err := t.Exec(ctx, `INSERT INTO memberships (user_id, company_id, role) VALUES (?, ?, ?)
		ON CONFLICT (user_id, company_id) DO UPDATE SET role = excluded.role`,
		u.ID, a.CompanyID, string(a.Role)); err != nil {
		return account.Admin{}, false, err
	}
	return u, created, nil
}

// AdminPasswordHash returns the stored password hash of the admin with the (normalised) e-mail.
// Returns apperr.NotFound if there is no such admin.
func (ad Admins) AdminPasswordHash(ctx context.Context, email string) (string, error) {
	var hash string
	err := ad.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT password_hash FROM admin_users WHERE email = ?`, email).Scan(&hash))
	})
	return hash, err
}

// AdminMemberships returns the companies the admin with the e-mail has a role in, ordered by
// company name then id; none (or no such admin) is an empty list.
func (ad Admins) AdminMemberships(ctx context.Context, email string) ([]account.Membership, error) {
	out := []account.Membership{}
	err := ad.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT c.id, c.name, m.role
			FROM admin_users u
			JOIN memberships m ON m.user_id = u.id
			JOIN companies c ON c.id = m.company_id
			WHERE u.email = ? ORDER BY c.name, c.id`, email)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m account.Membership
			var role string
			if err := rows.Scan(&m.CompanyID, &m.CompanyName, &role); err != nil {
				return translate(err)
			}
			m.Role = account.Role(role)
			out = append(out, m)
		}
		return rows.Err()
	})
	return out, err
}
