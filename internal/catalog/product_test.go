package catalog_test

import (
	"encoding/json"
	"testing"
	"time"

	"pitlane/internal/catalog"
)

func TestMoneyIsADecimalWithTwoPlaces(t *testing.T) {
	cases := map[catalog.Money]string{0: "0.00", 5: "0.05", 2250: "22.50", 2200: "22.00", 199900: "1999.00",
		-150: "-1.50", -5: "-0.05", 1: "0.01"}
	for m, want := range cases {
		b, err := json.Marshal(m)
		if err != nil || string(b) != want {
			t.Errorf("Money(%d) = %s, %v; want %s", int64(m), b, err, want)
		}
		var f float64
		if err := json.Unmarshal(b, &f); err != nil {
			t.Errorf("Money(%d) is not a JSON number: %s", int64(m), b)
		}
	}
}

func TestRemaining(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	if catalog.Remaining(nil, 5) != nil {
		t.Error("unlimited stock must stay nil")
	}
	for _, c := range []struct{ max, taken, want int64 }{{40, 0, 40}, {40, 9, 31}, {40, 40, 0}, {40, 45, 0}} {
		if got := catalog.Remaining(n(c.max), c.taken); got == nil || *got != c.want {
			t.Errorf("Remaining(%d, %d) = %v, want %d", c.max, c.taken, got, c.want)
		}
	}
}

func TestSplitSortsAndFinishes(t *testing.T) {
	stock := int64(30)
	day := time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC)
	in := []catalog.Product{
		{ID: 1, Kind: catalog.KindProduct, Price: 1000, Products: []catalog.PackItem{{ID: 9}}},
		{ID: 2, Kind: catalog.KindEvent, Price: 4500, MaxStock: &stock, Taken: 2, Event: &catalog.EventRef{ID: 1, StartsAt: day.Add(time.Hour)}},
		{ID: 3, Kind: catalog.KindPack, Price: 2500},
		{ID: 4, Kind: catalog.KindEvent, Event: &catalog.EventRef{ID: 2, StartsAt: day}},
	}
	out := catalog.Split(in, "kr.")
	if len(out.ProductsBooking) != 2 || out.ProductsBooking[0].ID != 1 || out.ProductsBooking[1].ID != 3 {
		t.Fatalf("productsBooking %+v", out.ProductsBooking)
	}
	if out.ProductsBooking[0].Products != nil || out.ProductsBooking[1].Products == nil {
		t.Errorf("a product must have null sub-products and a pack a list: %+v", out.ProductsBooking)
	}
	if len(out.ProductsEvent) != 2 || out.ProductsEvent[0].ID != 4 || out.ProductsEvent[1].ID != 2 {
		t.Fatalf("productsEvent not by start: %+v", out.ProductsEvent)
	}
	e := out.ProductsEvent[1]
	if e.Stock == nil || *e.Stock != 28 || e.SimbolCoinType != "kr." || e.PriceConverted != 4500 {
		t.Errorf("event product finished as %+v", e)
	}
	empty := catalog.Split(nil, "€")
	if b, _ := json.Marshal(empty); string(b) != `{"productsBooking":[],"productsEvent":[]}` {
		t.Errorf("empty list JSON %s", b)
	}
}

func TestProductJSONHasTheSchemaProperties(t *testing.T) {
	// The required list of the Product schema in docs/openapi.yaml.
	want := []string{"data", "description", "event", "group", "id", "idLocal", "image", "isActive", "isDynamicPrice",
		"name", "price", "priceConverted", "products", "simbolCoinType", "stock", "variant"}
	b, err := json.Marshal(catalog.Product{Kind: catalog.KindPack, Products: []catalog.PackItem{{ID: 1, IDLocal: "1", Name: "a", Order: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if len(m) != len(want) {
		t.Errorf("product JSON has %d properties, want %d: %s", len(m), len(want), b)
	}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("product JSON lacks %q: %s", k, b)
		}
	}
	if string(m["products"]) != `[{"id":1,"idLocal":"1","name":"a","order":1}]` {
		t.Errorf("pack items JSON %s", m["products"])
	}
}
