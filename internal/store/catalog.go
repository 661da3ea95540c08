package store

import (
	"context"
	"database/sql"
	"time"

	"pitlane/internal/catalog"
)

// Catalog is a company's catalogue of products and packs as sold on the customer pages (catalog.Store).
type Catalog struct{ db *DB }

// Catalog returns the store of this aggregate.
func (db *DB) Catalog() Catalog { return Catalog{db} }

// CatalogCompany returns the currency symbol and time zone of the company. Returns apperr.NotFound
// if there is no company with the id.
func (ca Catalog) CatalogCompany(ctx context.Context, companyID int64) (catalog.CompanyInfo, error) {
	var info catalog.CompanyInfo
	err := ca.db.Read(ctx, func(tx *Tx) error {
		err := tx.QueryRow(ctx, `SELECT currency_symbol, time_zone FROM companies WHERE id = ?`, companyID).
			Scan(&info.CurrencySymbol, &info.TimeZone)
		return translate(err)
	})
	return info, err
}

// CatalogProducts returns the products of a company's catalogue (see catalog.Store) with three
// queries in one read transaction: the products with their category, variant, circuit and event
// joined; the sub-products of the company's packs; and the places taken of the products with stock.
func (ca Catalog) CatalogProducts(ctx context.Context, q catalog.Query) ([]catalog.Product, error) {
	var out []catalog.Product
	err := ca.db.Read(ctx, func(tx *Tx) error {
		var err error
		if out, err = catalogRows(ctx, tx, q); err != nil {
			return err
		}
		if err = attachPackItems(ctx, tx, q.CompanyID, out); err != nil {
			return err
		}
		return attachTaken(ctx, tx, q, out)
	})
	return out, err
}

func catalogRows(ctx context.Context, tx *Tx, q catalog.Query) ([]catalog.Product, error) {
	rows, err := tx.Query(ctx, `SELECT p.id, p.kind, p.id_local, p.name, p.description, p.image, p.price_cents,
			p.is_active, p.max_stock, p.is_dynamic_price, p.data, g.id, g.name,
			v.id, v.name, c.id, c.name, c.installation_id, e.id, e.public_key, e.date_start, e.starts_at
		FROM products p
		LEFT JOIN categories g ON g.id = p.category_id
		LEFT JOIN variants v ON v.id = p.variant_id
		LEFT JOIN circuits c ON c.id = v.circuit_id
		LEFT JOIN events e ON e.id = p.event_id
		WHERE p.company_id = ? AND p.is_active = 1 AND p.deleted_at IS NULL
		  AND (p.expiration_date IS NULL OR SUBSTR(p.expiration_date, 1, 10) >= ?)
		  AND (p.kind IN ('PRODUCT', 'PACK') OR (p.kind = 'EVENT' AND e.starts_at > ?))
		ORDER BY p.position, p.id`, q.CompanyID, q.Today, q.Now.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []catalog.Product{}
	for rows.Next() {
		var p catalog.Product
		var kind string
		var maxStock, groupID, variantID, circuitID, installationID, eventID, eventStart sql.NullInt64
		var groupName, variantName, circuitName, eventKey, eventDate sql.NullString
		if err := rows.Scan(&p.ID, &kind, &p.IDLocal, &p.Name, &p.Description, &p.Image, &p.Price,
			&p.IsActive, &maxStock, &p.IsDynamicPrice, &p.Data, &groupID, &groupName,
			&variantID, &variantName, &circuitID, &circuitName, &installationID,
			&eventID, &eventKey, &eventDate, &eventStart); err != nil {
			return nil, translate(err)
		}
		p.Kind = catalog.Kind(kind)
		if maxStock.Valid {
			p.MaxStock = &maxStock.Int64
		}
		if groupID.Valid {
			p.Group = &catalog.Group{ID: groupID.Int64, Name: groupName.String}
		}
		if variantID.Valid {
			p.Variant = &catalog.Variant{IDVariant: variantID.Int64, Name: variantName.String,
				Circuit: catalog.Circuit{ID: circuitID.Int64, Name: circuitName.String, IDInstallation: installationID.Int64}}
		}
		if eventID.Valid {
			p.Event = &catalog.EventRef{ID: eventID.Int64, Key: eventKey.String, DateStart: eventDate.String,
				StartsAt: time.UnixMilli(eventStart.Int64).UTC()}
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// attachPackItems fills in the sub-products of the packs in list, in pack order.
func attachPackItems(ctx context.Context, tx *Tx, companyID int64, list []catalog.Product) error {
	packs := map[int64]int{}
	for i, p := range list {
		if p.Kind == catalog.KindPack {
			packs[p.ID] = i
			list[i].Products = []catalog.PackItem{}
		}
	}
	if len(packs) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `SELECT pi.pack_id, pi.position, s.id, s.id_local, s.name
		FROM pack_items pi
		JOIN products pk ON pk.id = pi.pack_id
		JOIN products s ON s.id = pi.product_id
		WHERE pk.company_id = ? AND pk.kind = 'PACK'
		ORDER BY pi.pack_id, pi.position`, companyID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var packID int64
		var it catalog.PackItem
		if err := rows.Scan(&packID, &it.Order, &it.ID, &it.IDLocal, &it.Name); err != nil {
			return translate(err)
		}
		if i, ok := packs[packID]; ok {
			list[i].Products = append(list[i].Products, it)
		}
	}
	return rows.Err()
}

// attachTaken sets Taken on the products of list that have a stock, counted by stockUsed: the one
// definition of what takes stock, shared with pre-bookings and event registrations.
func attachTaken(ctx context.Context, tx *Tx, q catalog.Query, list []catalog.Product) error {
	for i, p := range list {
		if p.MaxStock == nil {
			continue
		}
		taken, err := stockUsed(ctx, tx, p.ID, string(p.Kind), q.Now.UnixMilli())
		if err != nil {
			return err
		}
		list[i].Taken = taken
	}
	return nil
}
