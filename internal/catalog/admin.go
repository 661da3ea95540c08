package catalog

import (
	"context"
	"fmt"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// StaffProduct is a product or pack as the back office edits it (schema StaffProduct): every field of
// the edit dialog, inactive and expired ones included.
type StaffProduct struct {
	ID             int64      `json:"id"`
	Kind           Kind       `json:"kind"`
	Name           string     `json:"name"`
	IDLocal        string     `json:"idLocal"`
	Price          Money      `json:"price"`
	PriceConverted Money      `json:"priceConverted"`
	SimbolCoinType string     `json:"simbolCoinType"`
	IsActive       int        `json:"isActive"`
	IsDynamicPrice int        `json:"isDynamicPrice"`
	MaxStock       *int64     `json:"maxStock"`
	Stock          *int64     `json:"stock"`
	IDGroup        *int64     `json:"idGroup"`
	IDVariant      *int64     `json:"idVariant"`
	Description    *string    `json:"description"`
	Image          *string    `json:"image"`
	Data           string     `json:"data"`
	ExpirationDate *string    `json:"expirationDate"`
	Expired        bool       `json:"expired"`
	Products       []PackItem `json:"products"`   // a pack's sub-products in order; nil for a product
	ProductIDs     []int64    `json:"productIds"` // the same ids, as the pack form sends them back

	// Taken is the places of MaxStock in live holds and non-cancelled bookings.
	Taken int64 `json:"-"`
}

// StaffList is the staff catalogue (schema StaffProductList).
type StaffList struct {
	Products       []StaffProduct `json:"products"`
	Packs          []StaffProduct `json:"packs"`
	SimbolCoinType string         `json:"simbolCoinType"`
}

// Actor is the staff user behind a catalogue write, for the audit log.
type Actor struct {
	UserID int64
	Email  string
}

// Hours is an installation's opening and closing time ("HH:mm"); empty when the company has none.
type Hours struct{ Open, Close string }

// AdminStore is what AdminService needs from the database. Every method is scoped to companyID: a row
// of another company is apperr.NotFound.
type AdminStore interface {
	// CatalogCompany returns the currency symbol and time zone of the company.
	CatalogCompany(ctx context.Context, companyID int64) (CompanyInfo, error)
	// StaffProducts returns the company's products and packs that are not archived, by position then
	// id, with pack items and Taken (at now) filled in.
	StaffProducts(ctx context.Context, companyID int64, now time.Time) ([]StaffProduct, error)
	// StaffProduct returns one product or pack of the kind; apperr.NotFound if none.
	StaffProduct(ctx context.Context, companyID int64, kind Kind, id int64, now time.Time) (StaffProduct, error)
	// ProductHours returns the opening hours that a product on the variant (nil: none) is sold in: its
	// circuit's installation, else the company's first installation.
	ProductHours(ctx context.Context, companyID int64, variantID *int64) (Hours, error)
	// SaveProduct inserts (id 0) or updates the product or pack and records the audit entry, in one
	// transaction; it checks that the category, variant and pack items are the company's (the items
	// active products), answering apperr.Unprocessable with fields otherwise. Returns the id.
	SaveProduct(ctx context.Context, companyID, id int64, d Draft, by Actor, now time.Time) (int64, error)
	// DeleteProduct deletes the product or pack of the kind, or archives it when anything refers to it
	// (archived reports which), and records the audit entry.
	DeleteProduct(ctx context.Context, companyID int64, kind Kind, id int64, by Actor, now time.Time) (archived bool, err error)
}

// AdminService is the back office's catalogue: products and packs (this file), categories
// (group.go) and images (image.go).
type AdminService struct {
	store   AdminStore
	groups  GroupStore
	media   MediaStore
	clock   clock.Clock
	changed func(ctx context.Context, companyID int64)
}

// NewAdminService returns the staff catalogue over its stores. changed (may be nil) is called after
// every product or pack write, so that reused availability answers of the company are dropped.
func NewAdminService(s AdminStore, g GroupStore, m MediaStore, clk clock.Clock, changed func(ctx context.Context, companyID int64)) *AdminService {
	return &AdminService{store: s, groups: g, media: m, clock: clk, changed: changed}
}

// today is the company's local date and currency symbol.
func (s *AdminService) today(ctx context.Context, companyID int64) (string, CompanyInfo, error) {
	info, err := s.store.CatalogCompany(ctx, companyID)
	if err != nil {
		return "", info, err
	}
	loc, err := time.LoadLocation(info.TimeZone)
	if err != nil {
		return "", info, fmt.Errorf("company %d: time zone %q: %w", companyID, info.TimeZone, err)
	}
	return s.clock.Now().In(loc).Format(time.DateOnly), info, nil
}

// List returns the company's catalogue for the back office, split into products and packs.
func (s *AdminService) List(ctx context.Context, companyID int64) (StaffList, error) {
	today, info, err := s.today(ctx, companyID)
	if err != nil {
		return StaffList{}, err
	}
	rows, err := s.store.StaffProducts(ctx, companyID, s.clock.Now())
	if err != nil {
		return StaffList{}, err
	}
	out := StaffList{Products: []StaffProduct{}, Packs: []StaffProduct{}, SimbolCoinType: info.CurrencySymbol}
	for _, p := range rows {
		p = finish(p, today, info.CurrencySymbol)
		if p.Kind == KindPack {
			out.Packs = append(out.Packs, p)
		} else {
			out.Products = append(out.Products, p)
		}
	}
	return out, nil
}

// finish sets the derived fields of a staff product.
func finish(p StaffProduct, today, symbol string) StaffProduct {
	p.SimbolCoinType = symbol
	p.PriceConverted = p.Price
	p.Stock = Remaining(p.MaxStock, p.Taken)
	p.Expired = p.ExpirationDate != nil && *p.ExpirationDate < today
	if p.Kind == KindPack {
		if p.Products == nil {
			p.Products = []PackItem{}
		}
		p.ProductIDs = make([]int64, len(p.Products))
		for i, it := range p.Products {
			p.ProductIDs[i] = it.ID
		}
	} else {
		p.Products, p.ProductIDs = nil, nil
	}
	return p
}

// Save creates (in.ID ignored when create is true) or updates a product or pack of the kind after
// checking every rule of the admin spec, sections 3-5, and returns it as saved.
func (s *AdminService) Save(ctx context.Context, companyID int64, kind Kind, create bool, in ProductInput, by Actor) (StaffProduct, error) {
	today, info, err := s.today(ctx, companyID)
	if err != nil {
		return StaffProduct{}, err
	}
	now := s.clock.Now()
	var previous *string
	id := int64(0)
	if !create {
		if in.ID < 1 {
			return StaffProduct{}, apperr.WithFields(apperr.Invalid, "The id is missing.", map[string]string{"id": "required"})
		}
		old, err := s.store.StaffProduct(ctx, companyID, kind, in.ID, now)
		if err != nil {
			return StaffProduct{}, err
		}
		id, previous = in.ID, old.ExpirationDate
	}
	d, err := in.Draft(kind, today, previous)
	if err != nil {
		return StaffProduct{}, err
	}
	if d.dynamic != nil {
		h, err := s.store.ProductHours(ctx, companyID, d.VariantID)
		if err != nil {
			return StaffProduct{}, err
		}
		if err := checkDynamic(*d.dynamic, h); err != nil {
			return StaffProduct{}, err
		}
	}
	id, err = s.store.SaveProduct(ctx, companyID, id, d, by, now)
	if err != nil {
		return StaffProduct{}, err
	}
	s.notify(ctx, companyID)
	p, err := s.store.StaffProduct(ctx, companyID, kind, id, now)
	if err != nil {
		return StaffProduct{}, err
	}
	return finish(p, today, info.CurrencySymbol), nil
}

// Delete deletes a product or pack, or archives it when bookings (or carts, holds, vouchers) refer to
// it; archived says which.
func (s *AdminService) Delete(ctx context.Context, companyID int64, kind Kind, id int64, by Actor) (archived bool, err error) {
	if id < 1 {
		return false, apperr.WithFields(apperr.Invalid, "The id is missing.", map[string]string{"id": "required"})
	}
	archived, err = s.store.DeleteProduct(ctx, companyID, kind, id, by, s.clock.Now())
	if err == nil {
		s.notify(ctx, companyID)
	}
	return archived, err
}

func (s *AdminService) notify(ctx context.Context, companyID int64) {
	if s.changed != nil {
		s.changed(ctx, companyID)
	}
}
