package store

import (
	"context"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
)

// productReferences are the tables whose rows keep a product's id for the record: a product that any
// of them names is archived (deleted_at set, hidden everywhere) instead of deleted, so that past
// bookings, billing and KPIs keep its name and price.
var productReferences = []string{
	`SELECT 1 FROM booking_lines WHERE product_id = ? LIMIT 1`,
	`SELECT 1 FROM booking_slots WHERE product_id = ? LIMIT 1`,
	`SELECT 1 FROM holds WHERE product_id = ? LIMIT 1`,
	`SELECT 1 FROM hold_slots WHERE product_id = ? LIMIT 1`,
	`SELECT 1 FROM cart_lines WHERE product_id = ? LIMIT 1`,
	`SELECT 1 FROM vouchers WHERE product_id = ? LIMIT 1`,
	`SELECT 1 FROM pack_items WHERE product_id = ? LIMIT 1`,
}

// DeleteProduct deletes a product or pack of the company, or archives it when anything refers to it
// (catalog.AdminStore). A product that a pack which is not archived includes is apperr.Conflict.
func (ca CatalogAdmin) DeleteProduct(ctx context.Context, companyID int64, kind catalog.Kind, id int64, by catalog.Actor, now time.Time) (bool, error) {
	archived := false
	err := ca.db.Write(ctx, func(tx *Tx) error {
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM products WHERE id = ? AND company_id = ? AND kind = ? AND deleted_at IS NULL`,
			id, companyID, string(kind)).Scan(&name)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such %s.", kindNoun(kind))
		}
		if err != nil {
			return err
		}
		if kind == catalog.KindProduct {
			var pack string
			err := tx.QueryRow(ctx, `SELECT pk.name FROM pack_items pi JOIN products pk ON pk.id = pi.pack_id
				WHERE pi.product_id = ? AND pk.company_id = ? AND pk.deleted_at IS NULL ORDER BY pk.id LIMIT 1`, id, companyID).Scan(&pack)
			if err == nil {
				return apperr.New(apperr.Conflict, "The pack %q includes this product: remove it from the pack first.", pack)
			}
			if !IsNoRows(err) {
				return err
			}
		}
		for _, q := range productReferences {
			var one int
			err := tx.QueryRow(ctx, q, id).Scan(&one)
			if err == nil {
				archived = true
				break
			}
			if !IsNoRows(err) {
				return err
			}
		}
		ms := now.UnixMilli()
		if archived {
			if _, err := tx.Exec(ctx, `UPDATE products SET deleted_at = ?, is_active = 0, updated_at = ?
				WHERE id = ? AND company_id = ?`, ms, ms, id, companyID); err != nil {
				return err
			}
		} else {
			if _, err := tx.Exec(ctx, `DELETE FROM pack_items WHERE pack_id = ?`, id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM products WHERE id = ? AND company_id = ?`, id, companyID); err != nil {
				return translate(err)
			}
		}
		action := "delete"
		if archived {
			action = "archive"
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: kindNoun(kind) + "." + action, Entity: kindNoun(kind), EntityID: strconv.FormatInt(id, 10),
			Details: map[string]any{"name": name}, At: now})
	})
	return archived, err
}
