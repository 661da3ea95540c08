package checkout_test

import (
	"errors"
	"strconv"
	"testing"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/checkout"
	"pitlane/internal/pricing"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A dynamic price saved through the back office's catalogue is what a customer is charged: on the
// fixture's Tuesday, 25.00 a driver before 18:00 and 40.00 from 18:00, instead of the 20.00 base price.
// A price row that starts before the installation opens (10:00) is refused as overlappingHours and
// changes nothing.
func TestDynamicPriceIsCharged(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.paymentsOn(t)
		admin := catalog.NewAdminService(db.CatalogAdmin(), db.Categories(), db.Media(), e.clk, nil)
		by := catalog.Actor{UserID: 0, Email: "staff@example.com"}
		list, err := admin.List(t.Context(), e.fix.CompanyID)
		if err != nil {
			t.Fatal(err)
		}
		var p catalog.StaffProduct
		for _, x := range list.Products {
			if x.ID == e.fix.Product {
				p = x
			}
		}
		if p.ID == 0 || p.IsDynamicPrice != 0 {
			t.Fatalf("fixture product %+v", p)
		}
		input := func(data string) catalog.ProductInput {
			price, dyn := pricing.Cents(p.Price), 1
			return catalog.ProductInput{ID: p.ID, Name: p.Name, IDLocal: p.IDLocal, Price: &price, IsDynamicPrice: &dyn,
				IDVariant: p.IDVariant, Data: &data}
		}

		early := `{"dynamicPrice":{"TU":{"prices":[{"from":"08:00","to":"18:00","price":25},{"from":"18:00","to":"22:00","price":40}]}}}`
		_, err = admin.Save(t.Context(), e.fix.CompanyID, catalog.KindProduct, false, input(early), by)
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != apperr.Unprocessable || ae.Fields["dynamicPrice.TU.prices[0]"] == "" {
			t.Fatalf("a row before opening: %v (fields %v)", err, ae)
		}
		if e.count(t, `SELECT is_dynamic_price FROM products WHERE id = ?`, p.ID) != 0 {
			t.Fatal("a refused dynamic price was saved")
		}

		good := `{"dynamicPrice":{"TU":{"prices":[{"from":"10:00","to":"18:00","price":25},{"from":"18:00","to":"22:00","price":40}]}}}`
		saved, err := admin.Save(t.Context(), e.fix.CompanyID, catalog.KindProduct, false, input(good), by)
		if err != nil || saved.IsDynamicPrice != 1 {
			t.Fatalf("save dynamic price: %v %+v", err, saved)
		}
		for _, c := range []struct {
			at   string
			want int64
		}{{"10:00", 5000}, {"18:30", 8000}} {
			cart := e.cart(t)
			id := e.hold(t, cart, e.fix.Product, 2, at(c.at))
			res := e.saveBooking(t, save(cart, id, "Ana", "Bea"))
			if res.Status != 200 {
				t.Fatalf("save at %s: %d %s", c.at, res.Status, res.Body)
			}
			var out checkout.SaveResult
			res.JSON(t, &out)
			req := e.gw.request(out.URL[len("https://pay.example/"):])
			if req.AmountCents != c.want {
				t.Errorf("two drivers at %s charged %d cents, want %d", c.at, req.AmountCents, c.want)
			}
		}
		if n := e.count(t, `SELECT COUNT(*) FROM audit_log WHERE action = 'product.update' AND entity_id = ?`, strconv.FormatInt(p.ID, 10)); n != 1 {
			t.Errorf("%d audit entries for the saved dynamic price, want 1", n)
		}
	})
}
