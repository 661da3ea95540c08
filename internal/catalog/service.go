package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/clock"
)

// CompanyInfo is what the catalogue needs to know about the company that sells.
type CompanyInfo struct {
	CurrencySymbol string // shown with prices
	TimeZone       string // IANA name; expiration dates are local dates of this zone
}

// Query selects the products of one company's catalogue.
type Query struct {
	CompanyID int64
	// Today is the company's local date, "YYYY-MM-DD": a product whose expiration date is before it
	// is no longer on sale.
	Today string
	// Now is the present instant: holds that expire at or before it no longer take stock, and events
	// that start at or before it are no longer listed.
	Now time.Time
}

// Store is what Service needs from the database.
type Store interface {
	// CatalogCompany returns the currency symbol and time zone of the company.
	// Returns apperr.NotFound if no company has the id.
	CatalogCompany(ctx context.Context, companyID int64) (CompanyInfo, error)
	// CatalogProducts returns the products of q.CompanyID that are active, not deleted and not expired
	// on q.Today: every PRODUCT and PACK ordered by position then id, and the EVENT products whose
	// event starts after q.Now. Group, Variant, Event, pack Products, MaxStock and Taken are filled
	// in; Taken counts the places of the product in unexpired, unreleased, unconverted holds and in
	// bookings that are not cancelled. Returns an empty list, not an error, when there are none.
	CatalogProducts(ctx context.Context, q Query) ([]Product, error)
}

// Service lists a company's catalogue.
type Service struct {
	store Store
	clock clock.Clock
}

// NewService returns a Service over the store, telling time with clk.
func NewService(s Store, clk clock.Clock) *Service { return &Service{store: s, clock: clk} }

// Products returns what the company sells now: its bookable products and packs, and the tickets of
// its upcoming events. Returns apperr.NotFound if no company has the id.
func (s *Service) Products(ctx context.Context, companyID int64) (ProductList, error) {
	info, err := s.store.CatalogCompany(ctx, companyID)
	if apperr.Is(err, apperr.NotFound) {
		return ProductList{}, apperr.New(apperr.NotFound, "No company with that id.")
	}
	if err != nil {
		return ProductList{}, err
	}
	loc, err := time.LoadLocation(info.TimeZone)
	if err != nil {
		return ProductList{}, fmt.Errorf("company %d: time zone %q: %w", companyID, info.TimeZone, err)
	}
	now := s.clock.Now()
	list, err := s.store.CatalogProducts(ctx, Query{CompanyID: companyID, Today: now.In(loc).Format(time.DateOnly), Now: now})
	if err != nil {
		return ProductList{}, err
	}
	return Split(list, info.CurrencySymbol), nil
}

// Split finishes the store's products for the API and sorts them into the two lists: the currency
// symbol, the decimal price and the remaining stock are set, packs always carry a sub-product list,
// and event tickets are ordered by event start (then id). Both lists are non-nil.
func Split(products []Product, symbol string) ProductList {
	out := ProductList{ProductsBooking: []Product{}, ProductsEvent: []Product{}}
	for _, p := range products {
		p.SimbolCoinType = symbol
		p.PriceConverted = p.Price
		p.Stock = Remaining(p.MaxStock, p.Taken)
		switch p.Kind {
		case KindEvent:
			out.ProductsEvent = append(out.ProductsEvent, p)
		case KindPack:
			if p.Products == nil {
				p.Products = []PackItem{}
			}
			out.ProductsBooking = append(out.ProductsBooking, p)
		default:
			p.Products = nil
			out.ProductsBooking = append(out.ProductsBooking, p)
		}
	}
	slices.SortStableFunc(out.ProductsEvent, func(a, b Product) int {
		var sa, sb time.Time
		if a.Event != nil {
			sa = a.Event.StartsAt
		}
		if b.Event != nil {
			sb = b.Event.StartsAt
		}
		return cmp.Or(sa.Compare(sb), cmp.Compare(a.ID, b.ID))
	})
	return out
}
