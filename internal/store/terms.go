package store

import (
	"context"

	"pitlane/internal/terms"
)

// CompanyTerms returns the company's default culture and all its terms and conditions. Returns
// apperr.NotFound if there is no such company.
func (cs Companies) CompanyTerms(ctx context.Context, companyID int64) (terms.Company, error) {
	var c terms.Company
	err := cs.db.Read(ctx, func(tx *Tx) error {
		if err := tx.QueryRow(ctx, `SELECT default_culture FROM companies WHERE id = ?`, companyID).
			Scan(&c.DefaultCulture); err != nil {
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
