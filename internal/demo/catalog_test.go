package demo_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestProductsOfDemoCompany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r, clk := seed(t, db)
		svc := catalog.NewService(db.Catalog(), clk)
		list, err := svc.Products(ctx, byName(r)["Circuito Norte"].ID)
		if err != nil {
			t.Fatal(err)
		}
		var locals []string
		byLocal := map[string]catalog.Product{}
		for _, p := range list.ProductsBooking {
			locals = append(locals, p.IDLocal)
			byLocal[p.IDLocal] = p
		}
		// By position; the expired Christmas offer (901) is not on sale.
		if want := []string{"101", "102", "103", "201", "301"}; !slices.Equal(locals, want) {
			t.Fatalf("productsBooking idLocal %q, want %q", locals, want)
		}

		pack := byLocal["301"]
		var subs []string
		for i, s := range pack.Products {
			subs = append(subs, s.IDLocal)
			if s.Order != i+1 || s.ID != byLocal[s.IDLocal].ID {
				t.Errorf("pack item %d: %+v", i, s)
			}
		}
		if !slices.Equal(subs, []string{"101", "102", "103"}) || !strings.Contains(pack.Data, `"gapSlots":1`) {
			t.Errorf("pack sub-products %q, data %s", subs, pack.Data)
		}
		if byLocal["101"].Products != nil {
			t.Errorf("a product has sub-products: %+v", byLocal["101"].Products)
		}

		dyn := byLocal["101"]
		var data struct {
			DynamicPrice map[string]json.RawMessage `json:"dynamicPrice"`
		}
		if err := json.Unmarshal([]byte(dyn.Data), &data); err != nil {
			t.Fatalf("data of 101: %v", err)
		}
		if dyn.IsDynamicPrice != 1 || data.DynamicPrice["SA"] == nil || data.DynamicPrice["exceptionalDays"] == nil ||
			!strings.Contains(string(data.DynamicPrice["FR"]), `{"from":"18:00","price":27,"to":"22:00"}`) {
			t.Errorf("dynamic price product: isDynamicPrice %d, data %s", dyn.IsDynamicPrice, dyn.Data)
		}
		if byLocal["102"].IsDynamicPrice != 0 || !strings.Contains(byLocal["102"].Data, `"oldPrice":34`) {
			t.Errorf("102: %+v", byLocal["102"])
		}

		if s := byLocal["201"].Stock; s == nil || *s != 40 {
			t.Errorf("child product stock %v, want 40", s)
		}
		if byLocal["101"].Stock != nil || byLocal["301"].Stock != nil {
			t.Errorf("unlimited products have a stock")
		}
		if g := byLocal["101"].Group; g == nil || g.Name != "Karts adultos" || byLocal["201"].Group != nil {
			t.Errorf("groups: %+v / %+v", g, byLocal["201"].Group)
		}
		if v := byLocal["201"].Variant; v == nil || v.Circuit.Name != "Pista Infantil" || v.Circuit.IDInstallation == 0 {
			t.Errorf("variant of 201: %+v", v)
		}

		raw, err := json.Marshal(byLocal["101"])
		if err != nil {
			t.Fatal(err)
		}
		for _, frag := range []string{`"price":22.00`, `"priceConverted":22.00`, `"simbolCoinType":"€"`, `"stock":null`,
			`"products":null`, `"event":null`, `"isActive":1`, `"description":"Diez minutos`} {
			if !strings.Contains(string(raw), frag) {
				t.Errorf("product JSON lacks %s: %s", frag, raw)
			}
		}

		ev := list.ProductsEvent
		if len(ev) != 2 || ev[0].IDLocal != "E-401" || ev[1].IDLocal != "E-402" {
			t.Fatalf("productsEvent: %+v", ev)
		}
		// 14 days after Monday 6 April 2026 at 20:00 in Madrid (summer time).
		if e := ev[0].Event; e == nil || e.DateStart != "2026-04-20 20:00:00" || len(e.Key) != 22 ||
			!e.StartsAt.Equal(time.Date(2026, 4, 20, 18, 0, 0, 0, time.UTC)) {
			t.Errorf("event of E-401: %+v", ev[0].Event)
		}
		if s := ev[1].Stock; s == nil || *s != 12 {
			t.Errorf("team event stock %v, want 12", s)
		}

		// Once the first event has started, only the second is listed.
		clk.Set(time.Date(2026, 4, 20, 18, 0, 0, 0, time.UTC))
		later, err := svc.Products(ctx, byName(r)["Circuito Norte"].ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(later.ProductsEvent) != 1 || later.ProductsEvent[0].IDLocal != "E-402" {
			t.Errorf("after the first event started: %+v", later.ProductsEvent)
		}
	})
}

func TestProductsInKroner(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		r, clk := seed(t, db)
		list, err := catalog.NewService(db.Catalog(), clk).Products(context.Background(), byName(r)["Fjord Karting"].ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(list.ProductsBooking) != 5 || len(list.ProductsEvent) != 2 {
			t.Fatalf("Fjord Karting lists %d products and %d events", len(list.ProductsBooking), len(list.ProductsEvent))
		}
		p := list.ProductsBooking[0]
		if p.SimbolCoinType != "kr." || p.Price != 19900 || p.Group == nil || p.Group.Name != "Voksne" {
			t.Errorf("first Fjord product: %+v", p)
		}
	})
}

func TestProductsOfUnknownCompanyIsNotFound(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		_, clk := seed(t, db)
		_, err := catalog.NewService(db.Catalog(), clk).Products(context.Background(), 9999)
		if !apperr.Is(err, apperr.NotFound) {
			t.Errorf("Products(9999) = %v, want not found", err)
		}
	})
}

// The voucher shop sells two vouchers in kronor, with no pack and no events.
func TestProductsOfVoucherCompany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		r, clk := seed(t, db)
		list, err := catalog.NewService(db.Catalog(), clk).Products(context.Background(), byName(r)["Vättern Karting"].ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(list.ProductsBooking) != 2 || len(list.ProductsEvent) != 0 {
			t.Fatalf("Vättern Karting lists %d products and %d events", len(list.ProductsBooking), len(list.ProductsEvent))
		}
		p := list.ProductsBooking[0]
		if p.Name != "Presentkort – 10 minuter" || p.SimbolCoinType != "kr" || p.Price != 25000 || p.Products != nil {
			t.Errorf("first Vättern product: %+v", p)
		}
	})
}
