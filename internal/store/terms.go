package store

import (
	"context"

	"pitlane/internal/apperr"
	"pitlane/internal/terms"
)

// CompanyTerms returns the company's default culture and all its terms and conditions. Returns
// apperr.NotFound if there is no such company.
func (cs Companies) CompanyTerms(ctx context.Context, companyID int64) (terms.Company, error) {
	var c terms.Company
	err := cs.db.Read(ctx, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `SELECT name, default_culture FROM companies WHERE id = ?`, companyID).
			Scan(&c.Name, &c.DefaultCulture); err != nil {
			return translate(err)
		}
		rows, err := tx.Query(ctx, `SELECT culture, text FROM terms WHERE company_id = ? ORDER BY culture`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var t terms.Terms
			if err := rows.Scan(&t.Culture, &t.Text); err != nil {
				return err
			}
			c.Terms = append(c.Terms, t)
		}
		return rows.Err()
	})
	return c, err
}

// SaveTerms implements terms.AdminStore: the text of one culture is written (or deleted when empty) and
// recorded in the company's audit log, in one transaction.
func (cs Companies) SaveTerms(ctx context.Context, e terms.Edit) error {
	return cs.db.Write(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM companies WHERE id = ?`, e.CompanyID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return apperr.New(apperr.NotFound, "No company with that id.")
		}
		action := "terms.update"
		if e.Text == "" {
			action = "terms.delete"
			if _, err := tx.Exec(ctx, `DELETE FROM terms WHERE company_id = ? AND culture = ?`, e.CompanyID, e.Culture); err != nil {
				return err
			}
		} else if _, err := tx.Exec(ctx, `INSERT INTO terms (company_id, culture, text, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (company_id, culture) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
			e.CompanyID, e.Culture, e.Text, e.Now.UnixMilli()); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: e.CompanyID, UserID: e.UserID, UserEmail: e.Email, Action: action,
			Entity: "terms", EntityID: e.Culture, Details: map[string]any{"characters": len([]rune(e.Text))}, At: e.Now})
	})
}
