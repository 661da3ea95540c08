package store

import (
	"context"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
)

// Categories is a company's product categories (catalog.GroupStore).
type Categories struct{ db *DB }

// Categories returns the store of this aggregate.
func (db *DB) Categories() Categories { return Categories{db} }

// Groups returns the company's categories by name (catalog.GroupStore).
func (c Categories) Groups(ctx context.Context, companyID int64) ([]catalog.Category, error) {
	out := []catalog.Category{}
	err := c.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, name, company_id FROM categories WHERE company_id = ? ORDER BY name, id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var g catalog.Category
			if err := rows.Scan(&g.ID, &g.Name, &g.IDCompany); err != nil {
				return translate(err)
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	return out, err
}

// SaveGroup inserts (id 0) or renames a category, with its audit entry (catalog.GroupStore).
func (c Categories) SaveGroup(ctx context.Context, companyID, id int64, name string, by catalog.Actor, at int64) (catalog.Category, error) {
	err := c.db.Write(ctx, func(tx *Tx) error {
		var other int64
		err := tx.QueryRow(ctx, `SELECT id FROM categories WHERE company_id = ? AND LOWER(name) = LOWER(?) AND id <> ?`,
			companyID, name, id).Scan(&other)
		if err == nil {
			return apperr.WithFields(apperr.Unprocessable, "A category with this name exists.", map[string]string{"name": "already exists"})
		}
		if !IsNoRows(err) {
			return err
		}
		details := map[string]any{"name": name}
		action := "category.create"
		if id == 0 {
			if err := tx.QueryRow(ctx, `INSERT INTO categories (company_id, name, created_at) VALUES (?, ?, ?) RETURNING id`,
				companyID, name, at).Scan(&id); err != nil {
				return translate(err)
			}
		} else {
			action = "category.update"
			var before string
			err := tx.QueryRow(ctx, `SELECT name FROM categories WHERE id = ? AND company_id = ?`, id, companyID).Scan(&before)
			if IsNoRows(err) {
				return apperr.New(apperr.NotFound, "No such category.")
			}
			if err != nil {
				return err
			}
			details["before"] = before
			if _, err := tx.Exec(ctx, `UPDATE categories SET name = ? WHERE id = ? AND company_id = ?`, name, id, companyID); err != nil {
				return translate(err)
			}
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email, Action: action,
			Entity: "category", EntityID: strconv.FormatInt(id, 10), Details: details, At: time.UnixMilli(at)})
	})
	return catalog.Category{ID: id, Name: name, IDCompany: companyID}, err
}

// DeleteGroup deletes a category; its products stay, without a category (catalog.GroupStore).
func (c Categories) DeleteGroup(ctx context.Context, companyID, id int64, by catalog.Actor, at int64) error {
	return c.db.Write(ctx, func(tx *Tx) error {
		var name string
		err := tx.QueryRow(ctx, `SELECT name FROM categories WHERE id = ? AND company_id = ?`, id, companyID).Scan(&name)
		if IsNoRows(err) {
			return apperr.New(apperr.NotFound, "No such category.")
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE products SET category_id = NULL, updated_at = ? WHERE category_id = ? AND company_id = ?`,
			at, id, companyID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM categories WHERE id = ? AND company_id = ?`, id, companyID); err != nil {
			return translate(err)
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email, Action: "category.delete",
			Entity: "category", EntityID: strconv.FormatInt(id, 10), Details: map[string]any{"name": name}, At: time.UnixMilli(at)})
	})
}
