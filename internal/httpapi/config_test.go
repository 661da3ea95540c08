package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/company"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/sessions"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestGetConfig: GET /api/config/{key} answers the right company, and a key nobody has — unknown,
// over-long or with characters a key never has — is a JSON 404.
func TestGetConfig(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		config := func(want company.Config) func(t *testing.T, res *apitest.Response) {
			return func(t *testing.T, res *apitest.Response) {
				var got company.Config
				res.JSON(t, &got)
				if got.IDCompany != want.IDCompany || got.CompanyName != want.CompanyName || got.Theme != want.Theme ||
					got.IsPaymentsActive != want.IsPaymentsActive || got.Currency != want.Currency ||
					got.SimbolCoinType != want.SimbolCoinType || got.DefaultCulture != want.DefaultCulture {
					t.Errorf("config %+v\nwant %+v", got, want)
				}
				if len(got.Token) < 22 || len(got.Landing) == 0 {
					t.Errorf("token %q, %d landing buttons", got.Token, len(got.Landing))
				}
			}
		}
		w.run(t, []row{
			{name: "Circuito Norte", method: "GET", path: "/api/config/" + w.norte.PublicKey, status: 200,
				check: config(company.Config{IDCompany: w.norte.ID, CompanyName: "Circuito Norte", IsPaymentsActive: 1,
					Theme:    company.Theme{PrimaryColor: "#c92a2a", SecondaryColor: "#212529"},
					Currency: "EUR", SimbolCoinType: "€", DefaultCulture: "es-ES"})},
			{name: "Fjord Karting", method: "GET", path: "/api/config/" + w.fjord.PublicKey, status: 200,
				check: config(company.Config{IDCompany: w.fjord.ID, CompanyName: "Fjord Karting", IsPaymentsActive: 0,
					Theme:    company.Theme{PrimaryColor: "#0b7285", SecondaryColor: "#102a43"},
					Currency: "DKK", SimbolCoinType: "kr.", DefaultCulture: "da-DK"})},
			{name: "unknown key", method: "GET", path: "/api/config/NoSuchKey_0123456789ab", status: 404, code: apperr.NotFound},
			{name: "key of another case", method: "GET", path: "/api/config/" + strings.ToUpper(w.norte.PublicKey), status: 404, code: apperr.NotFound},
			{name: "over-long key", method: "GET", path: "/api/config/" + strings.Repeat("a", 201), status: 404, code: apperr.NotFound},
			{name: "key with a space", method: "GET", path: "/api/config/bad%20key", status: 404, code: apperr.NotFound},
			{name: "key with quotes", method: "GET", path: "/api/config/x%27%20OR%201%3D1--", status: 404, code: apperr.NotFound},
			{name: "key with a dot", method: "GET", path: "/api/config/" + w.norte.PublicKey + ".json", status: 404, code: apperr.NotFound},
			{name: "non-ASCII key", method: "GET", path: "/api/config/%C3%B1and%C3%BA", status: 404, code: apperr.NotFound},
		})
		// The token the config hands out is the one availability accepts.
		var cfg company.Config
		w.api.Do("GET", "/api/config/"+w.fjord.PublicKey, nil).JSON(t, &cfg)
		adult := w.productID(t, w.fjord.ID, "101")
		if res := w.api.Do("GET", fmt.Sprintf("/api/booking/availability?date=2026-12-02&idType=%d&type=PRODUCT", adult), nil, bearer(cfg.Token)...); res.Status != 200 {
			t.Errorf("availability with the config's token: %d %s", res.Status, res.Body)
		}
	})
}

// productID finds a product of a company by its point-of-sale id.
func (w *world) productID(t *testing.T, companyID int64, idLocal string) int64 {
	t.Helper()
	list, err := catalog.NewService(w.db.Catalog(), w.clk).Products(t.Context(), companyID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list.ProductsBooking {
		if p.IDLocal == idLocal {
			return p.ID
		}
	}
	t.Fatalf("company %d sells no %s", companyID, idLocal)
	return 0
}

// listed is a Product as the API writes it, keeping stock's null apart from a number.
type listed struct {
	ID       int64    `json:"id"`
	IDLocal  string   `json:"idLocal"`
	Price    float64  `json:"price"`
	Stock    *float64 `json:"stock"`
	Products []struct {
		ID      int64  `json:"id"`
		IDLocal string `json:"idLocal"`
		Order   int    `json:"order"`
	} `json:"products"`
	Event *struct {
		DateStart string `json:"dateStart"`
	} `json:"event"`
}

type listedProducts struct {
	ProductsBooking []listed `json:"productsBooking"`
	ProductsEvent   []listed `json:"productsEvent"`
}

// TestListProducts: GET /api/product lists a company's products in order, packs with their
// sub-products in order, limited stock as a number that drops with holds and unlimited as null.
func TestListProducts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		byLocal := func(res *apitest.Response, t *testing.T) (map[string]listed, []string, listedProducts) {
			var list listedProducts
			res.JSON(t, &list)
			m := map[string]listed{}
			var order []string
			for _, p := range list.ProductsBooking {
				m[p.IDLocal] = p
				order = append(order, p.IDLocal)
			}
			return m, order, list
		}
		norte := fmt.Sprintf("/api/product?idCompany=%d", w.norte.ID)
		w.run(t, []row{
			{name: "Circuito Norte", method: "GET", path: norte, status: 200, check: func(t *testing.T, res *apitest.Response) {
				m, order, list := byLocal(res, t)
				if want := []string{"101", "102", "103", "201", "301"}; !slices.Equal(order, want) {
					t.Errorf("products in order %q, want %q", order, want)
				}
				pack := m["301"]
				var subs []string
				for i, s := range pack.Products {
					subs = append(subs, s.IDLocal)
					if s.Order != i+1 || s.ID != m[s.IDLocal].ID {
						t.Errorf("pack item %d: %+v", i, s)
					}
				}
				if !slices.Equal(subs, []string{"101", "102", "103"}) {
					t.Errorf("pack sub-products %q", subs)
				}
				if m["101"].Products != nil || m["101"].Stock != nil || m["101"].Price != 22 {
					t.Errorf("adult 10 min: %+v, want no sub-products, stock null, price 22", m["101"])
				}
				if s := m["201"].Stock; s == nil || *s != 40 {
					t.Errorf("kids stock %v, want 40", s)
				}
				if len(list.ProductsEvent) != 2 || list.ProductsEvent[0].Event == nil ||
					list.ProductsEvent[0].Event.DateStart != "2026-12-15 20:00:00" {
					t.Errorf("events %+v", list.ProductsEvent)
				}
			}},
			{name: "Fjord Karting", method: "GET", path: fmt.Sprintf("/api/product?idCompany=%d", w.fjord.ID), status: 200,
				check: func(t *testing.T, res *apitest.Response) {
					m, order, _ := byLocal(res, t)
					if want := []string{"101", "102", "103", "201", "301"}; !slices.Equal(order, want) || m["101"].Price != 199 {
						t.Errorf("products %q, adult %+v", order, m["101"])
					}
				}},
			{name: "missing idCompany", method: "GET", path: "/api/product", status: 400, code: apperr.Invalid, field: "idCompany", text: "required"},
			{name: "empty idCompany", method: "GET", path: "/api/product?idCompany=", status: 400, code: apperr.Invalid, field: "idCompany"},
			{name: "malformed idCompany", method: "GET", path: "/api/product?idCompany=abc", status: 400, code: apperr.Invalid, field: "idCompany", text: "positive integer"},
			{name: "zero idCompany", method: "GET", path: "/api/product?idCompany=0", status: 400, code: apperr.Invalid, field: "idCompany"},
			{name: "huge idCompany", method: "GET", path: "/api/product?idCompany=99999999999999999999", status: 400, code: apperr.Invalid, field: "idCompany"},
			{name: "unknown company", method: "GET", path: "/api/product?idCompany=999999", status: 404, code: apperr.NotFound},
		})

		// Holding 3 kids' places leaves 37 of the stock.
		cart, err := w.sessions.NewCart(t.Context(), w.norte.ID)
		if err != nil {
			t.Fatal(err)
		}
		kids := w.productID(t, w.norte.ID, "201")
		if _, err := w.sessions.Hold(t.Context(), w.norteToken(t), "visitor-kids-1", sessions.HoldRequest{
			BookingDates: []string{"2026-12-02 11:00:00"}, NumDrivers: 3, IDType: kids, Type: "PRODUCT", Token: cart}); err != nil {
			t.Fatal(err)
		}
		m, _, _ := byLocal(w.api.Do("GET", norte, nil), t)
		if s := m["201"].Stock; s == nil || *s != 37 {
			t.Errorf("kids stock after a hold of 3: %v, want 37", s)
		}
	})
}

// norteToken is Circuito Norte's company token, as its config gives it.
func (w *world) norteToken(t *testing.T) string {
	t.Helper()
	var cfg company.Config
	w.api.Do("GET", "/api/config/"+w.norte.PublicKey, nil).JSON(t, &cfg)
	return cfg.Token
}
