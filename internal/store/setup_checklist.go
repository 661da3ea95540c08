package store

import (
	"context"

	"pitlane/internal/apperr"
	"pitlane/internal/setup"
)

// SetupChecklist reads the company's checklist. Returns apperr.NotFound if there is no such company.
func (cs Companies) SetupChecklist(ctx context.Context, companyID int64) (setup.Checklist, error) {
	var c setup.Checklist
	err := cs.db.Read(ctx, func(tx *Tx) error {
		var online int
		if err := tx.QueryRow(ctx, `SELECT payments_active FROM companies WHERE id = ?`, companyID).Scan(&online); err != nil {
			if IsNoRows(err) {
				return apperr.New(apperr.NotFound, "No company with that id.")
			}
			return err
		}
		c.PaymentsOnline = online == 1
		return tx.QueryRow(ctx, `SELECT
			EXISTS (SELECT 1 FROM installations WHERE company_id = ? AND (updated_at > created_at OR general_schedule <> '{}')),
			EXISTS (SELECT 1 FROM products WHERE company_id = ? AND kind IN ('PRODUCT', 'PACK') AND is_active = 1
				AND deleted_at IS NULL AND (variant_id IS NOT NULL OR kind = 'PACK')),
			EXISTS (SELECT 1 FROM terms WHERE company_id = ?),
			EXISTS (SELECT 1 FROM bookings WHERE company_id = ?)`, companyID, companyID, companyID, companyID).
			Scan(&c.Hours, &c.Product, &c.Terms, &c.FirstBooking)
	})
	return c.Finish(), err
}
