package store

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
)

// CatalogAdmin is the back office's side of the products and packs aggregate (catalog.AdminStore).
// Every query carries the company in its WHERE.
type CatalogAdmin struct{ db *DB }

// CatalogAdmin returns the store of this aggregate.
func (db *DB) CatalogAdmin() CatalogAdmin { return CatalogAdmin{db} }

// CatalogCompany returns the currency symbol and time zone of the company.
func (ca CatalogAdmin) CatalogCompany(ctx context.Context, companyID int64) (catalog.CompanyInfo, error) {
	return ca.db.Catalog().CatalogCompany(ctx, companyID)
}

const staffProductColumns = `SELECT p.id, p.kind, p.id_local, p.name, p.description, p.image, p.price_cents,
	p.is_active, p.max_stock, p.is_dynamic_price, p.data, p.category_id, p.variant_id, p.expiration_date
	FROM products p`

// StaffProducts returns the company's products and packs that are not archived (catalog.AdminStore).
func (ca CatalogAdmin) StaffProducts(ctx context.Context, companyID int64, now time.Time) ([]catalog.StaffProduct, error) {
	var out []catalog.StaffProduct
	err := ca.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, err = staffProducts(ctx, tx, now, staffProductColumns+` WHERE p.company_id = ? AND p.kind IN ('PRODUCT', 'PACK')
			AND p.deleted_at IS NULL ORDER BY p.position, p.id`, companyID)
		return err
	})
	return out, err
}

// StaffProduct returns one product or pack of the company (catalog.AdminStore).
func (ca CatalogAdmin) StaffProduct(ctx context.Context, companyID int64, kind catalog.Kind, id int64, now time.Time) (catalog.StaffProduct, error) {
	var out []catalog.StaffProduct
	err := ca.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, err = staffProducts(ctx, tx, now, staffProductColumns+` WHERE p.company_id = ? AND p.kind = ? AND p.id = ?
			AND p.deleted_at IS NULL`, companyID, string(kind), id)
		return err
	})
	if err == nil && len(out) == 0 {
		err = apperr.New(apperr.NotFound, "No such %s.", kindNoun(kind))
	}
	if err != nil {
		return catalog.StaffProduct{}, err
	}
	return out[0], nil
}

func kindNoun(k catalog.Kind) string {
	if k == catalog.KindPack {
		return "pack"
	}
	return "product"
}

// staffProducts runs a staffProductColumns query and fills in pack items and taken stock.
func staffProducts(ctx context.Context, tx *Tx, now time.Time, q string, args ...any) ([]catalog.StaffProduct, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	out := []catalog.StaffProduct{}
	for rows.Next() {
		var p catalog.StaffProduct
		var kind string
		var maxStock, group, variant sql.NullInt64
		var expiration sql.NullString
		if err := rows.Scan(&p.ID, &kind, &p.IDLocal, &p.Name, &p.Description, &p.Image, &p.Price, &p.IsActive,
			&maxStock, &p.IsDynamicPrice, &p.Data, &group, &variant, &expiration); err != nil {
			rows.Close()
			return nil, translate(err)
		}
		p.Kind = catalog.Kind(kind)
		p.MaxStock, p.IDGroup, p.IDVariant = nullInt(maxStock), nullInt(group), nullInt(variant)
		if expiration.Valid && len(expiration.String) >= len(time.DateOnly) {
			d := expiration.String[:len(time.DateOnly)]
			p.ExpirationDate = &d
		}
		out = append(out, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i, p := range out {
		if p.Kind == catalog.KindPack {
			if out[i].Products, err = packItems(ctx, tx, p.ID); err != nil {
				return nil, err
			}
		}
		if p.MaxStock != nil {
			if out[i].Taken, err = stockUsed(ctx, tx, p.ID, string(p.Kind), now.UnixMilli()); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func nullInt(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

// packItems returns a pack's sub-products in order.
func packItems(ctx context.Context, tx *Tx, packID int64) ([]catalog.PackItem, error) {
	rows, err := tx.Query(ctx, `SELECT pi.position, s.id, s.id_local, s.name FROM pack_items pi
		JOIN products s ON s.id = pi.product_id WHERE pi.pack_id = ? ORDER BY pi.position`, packID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []catalog.PackItem{}
	for rows.Next() {
		var it catalog.PackItem
		if err := rows.Scan(&it.Order, &it.ID, &it.IDLocal, &it.Name); err != nil {
			return nil, translate(err)
		}
		items = append(items, it)
	}
	return items, rows.Err()
}

// ProductHours returns the opening and closing of the installation a product on the variant is sold in
// (catalog.AdminStore): the variant's circuit's, else the company's first installation's.
func (ca CatalogAdmin) ProductHours(ctx context.Context, companyID int64, variantID *int64) (catalog.Hours, error) {
	var h catalog.Hours
	err := ca.db.Read(ctx, func(tx *Tx) error {
		err := sql.ErrNoRows
		if variantID != nil {
			err = tx.QueryRow(ctx, `SELECT i.opening_time, i.closing_time FROM variants v
				JOIN circuits c ON c.id = v.circuit_id JOIN installations i ON i.id = c.installation_id
				WHERE v.id = ? AND v.company_id = ?`, *variantID, companyID).Scan(&h.Open, &h.Close)
		}
		if IsNoRows(err) {
			err = tx.QueryRow(ctx, `SELECT opening_time, closing_time FROM installations WHERE company_id = ?
				ORDER BY id LIMIT 1`, companyID).Scan(&h.Open, &h.Close)
		}
		if IsNoRows(err) {
			h, err = catalog.Hours{}, nil
		}
		return err
	})
	return h, err
}

// SaveProduct inserts or updates a product or pack with its audit entry (catalog.AdminStore).
func (ca CatalogAdmin) SaveProduct(ctx context.Context, companyID, id int64, d catalog.Draft, by catalog.Actor, now time.Time) (int64, error) {
	err := ca.db.Write(ctx, func(tx *Tx) error {
		var err error
		if d.VariantID, err = sessionVariant(ctx, tx, companyID, d); err != nil {
			return err
		}
		if err := checkReferences(ctx, tx, companyID, d); err != nil {
			return err
		}
		ms := now.UnixMilli()
		action := "create"
		var before []catalog.StaffProduct
		if id == 0 {
			var pos int64
			if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(position), 0) + 1 FROM products WHERE company_id = ?`, companyID).Scan(&pos); err != nil {
				return err
			}
			err := tx.QueryRow(ctx, `INSERT INTO products (company_id, kind, id_local, name, description, image, price_cents,
				is_active, max_stock, is_dynamic_price, data, category_id, variant_id, expiration_date, position, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				companyID, string(d.Kind), d.IDLocal, d.Name, d.Description, d.Image, d.PriceCents, d.IsActive, d.MaxStock,
				d.IsDynamicPrice, d.Data, d.GroupID, d.VariantID, d.ExpirationDate, pos, ms, ms).Scan(&id)
			if err != nil {
				return translate(err)
			}
		} else {
			action = "update"
			var err error
			if before, err = staffProducts(ctx, tx, now, staffProductColumns+` WHERE p.company_id = ? AND p.kind = ? AND p.id = ?
				AND p.deleted_at IS NULL`, companyID, string(d.Kind), id); err != nil {
				return err
			}
			if len(before) == 0 {
				return apperr.New(apperr.NotFound, "No such %s.", kindNoun(d.Kind))
			}
			if _, err := tx.Exec(ctx, `UPDATE products SET id_local = ?, name = ?, description = ?, image = ?, price_cents = ?,
				is_active = ?, max_stock = ?, is_dynamic_price = ?, data = ?, category_id = ?, variant_id = ?, expiration_date = ?,
				updated_at = ? WHERE id = ? AND company_id = ? AND kind = ?`,
				d.IDLocal, d.Name, d.Description, d.Image, d.PriceCents, d.IsActive, d.MaxStock, d.IsDynamicPrice, d.Data,
				d.GroupID, d.VariantID, d.ExpirationDate, ms, id, companyID, string(d.Kind)); err != nil {
				return translate(err)
			}
			if d.Kind == catalog.KindEvent {
				// A raised stock (or an opened sale) gives the new places to the event's waiting list at once.
				events, err := int64sOf(ctx, tx, `SELECT event_id FROM products WHERE id = ? AND event_id IS NOT NULL`, id)
				if err != nil {
					return err
				}
				for _, ev := range events {
					tx.noteEventFreed(ev, ms)
				}
			}
		}
		if d.Kind == catalog.KindPack {
			if _, err := tx.Exec(ctx, `DELETE FROM pack_items WHERE pack_id = ?`, id); err != nil {
				return err
			}
			if err := tx.InsertPackItems(ctx, id, d.ProductIDs); err != nil {
				return translate(err)
			}
		}
		details := map[string]any{"after": draftDetails(d)}
		if len(before) == 1 {
			details["before"] = staffDetails(before[0])
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: kindNoun(d.Kind) + "." + action, Entity: kindNoun(d.Kind), EntityID: strconv.FormatInt(id, 10),
			Details: details, At: now})
	})
	return id, err
}

// sessionVariant is the variant (track) a product is saved with. A product the booking page sells by
// session needs one: without it the page lists the product and then cannot load its sessions. A company
// with one variant gets it by default; one with several must choose (422 on idVariant). Packs (their
// products carry the variants) and companies in voucher mode (no sessions) may leave it out.
func sessionVariant(ctx context.Context, tx *Tx, companyID int64, d catalog.Draft) (*int64, error) {
	if d.VariantID != nil || d.Kind != catalog.KindProduct {
		return d.VariantID, nil
	}
	var voucherMode bool
	var variants, only int64
	if err := tx.QueryRow(ctx, `SELECT c.voucher_mode <> 0, (SELECT COUNT(*) FROM variants v WHERE v.company_id = c.id),
		(SELECT COALESCE(MIN(v.id), 0) FROM variants v WHERE v.company_id = c.id) FROM companies c WHERE c.id = ?`, companyID).
		Scan(&voucherMode, &variants, &only); err != nil {
		return nil, translate(err)
	}
	switch {
	case voucherMode:
		return nil, nil
	case variants == 1:
		return &only, nil
	case variants == 0:
		return nil, apperr.WithFields(apperr.Unprocessable, "This company has no track to race the product on yet.",
			map[string]string{"idVariant": "required: the company has no track yet"})
	}
	return nil, apperr.WithFields(apperr.Unprocessable, "Choose the track this product is raced on.",
		map[string]string{"idVariant": "required: choose the track this product is raced on"})
}

// checkReferences checks that the category, the variant and a pack's items are the company's, the
// items active products that are not archived.
func checkReferences(ctx context.Context, tx *Tx, companyID int64, d catalog.Draft) error {
	bad := map[string]string{}
	exists := func(q string, args ...any) (bool, error) {
		var one int
		err := tx.QueryRow(ctx, q, args...).Scan(&one)
		if IsNoRows(err) {
			return false, nil
		}
		return err == nil, err
	}
	if d.GroupID != nil {
		ok, err := exists(`SELECT 1 FROM categories WHERE id = ? AND company_id = ?`, *d.GroupID, companyID)
		if err != nil {
			return err
		}
		if !ok {
			bad["idGroup"] = "no such category"
		}
	}
	if d.VariantID != nil {
		ok, err := exists(`SELECT 1 FROM variants WHERE id = ? AND company_id = ?`, *d.VariantID, companyID)
		if err != nil {
			return err
		}
		if !ok {
			bad["idVariant"] = "no such variant"
		}
	}
	for i, pid := range d.ProductIDs {
		ok, err := exists(`SELECT 1 FROM products WHERE id = ? AND company_id = ? AND kind = 'PRODUCT'
			AND is_active = 1 AND deleted_at IS NULL`, pid, companyID)
		if err != nil {
			return err
		}
		if !ok {
			bad["productIds["+strconv.Itoa(i)+"]"] = "not an active product of this company"
		}
	}
	if len(bad) > 0 {
		return apperr.WithFields(apperr.Unprocessable, "Some fields are not valid.", bad)
	}
	return nil
}

// draftDetails is what the audit log keeps of a saved product.
func draftDetails(d catalog.Draft) map[string]any {
	m := map[string]any{"name": d.Name, "idLocal": d.IDLocal, "priceCents": d.PriceCents, "isActive": d.IsActive,
		"isDynamicPrice": d.IsDynamicPrice, "maxStock": d.MaxStock, "idGroup": d.GroupID, "idVariant": d.VariantID,
		"expirationDate": d.ExpirationDate, "image": d.Image, "data": d.Data}
	if d.Kind == catalog.KindPack {
		m["productIds"] = d.ProductIDs
	}
	return m
}

// staffDetails is what the audit log keeps of a product before a change.
func staffDetails(p catalog.StaffProduct) map[string]any {
	m := map[string]any{"name": p.Name, "idLocal": p.IDLocal, "priceCents": int64(p.Price), "isActive": p.IsActive,
		"isDynamicPrice": p.IsDynamicPrice, "maxStock": p.MaxStock, "idGroup": p.IDGroup, "idVariant": p.IDVariant,
		"expirationDate": p.ExpirationDate, "image": p.Image, "data": p.Data}
	if p.Kind == catalog.KindPack {
		ids := make([]int64, len(p.Products))
		for i, it := range p.Products {
			ids[i] = it.ID
		}
		m["productIds"] = ids
	}
	return m
}

// CompanyToken returns the company's public API token, which names its reused availability answers.
func (ca CatalogAdmin) CompanyToken(ctx context.Context, companyID int64) (string, error) {
	var token string
	err := ca.db.Read(ctx, func(tx *Tx) error {
		return translate(tx.QueryRow(ctx, `SELECT token FROM companies WHERE id = ?`, companyID).Scan(&token))
	})
	return token, err
}
