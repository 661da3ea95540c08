package adminapi_test

import (
	"strings"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// product is a valid createProduct body on the track variant (0: the body names no track); edit it per
// case. The fixture's company has several tracks, so its products must name one (TestProductNeedsATrack).
func product(name string, variant int64) map[string]any {
	b := map[string]any{"name": name, "idLocal": "L-" + name, "price": "12.50", "isActive": 1, "maxStock": nil,
		"description": "Ten laps", "data": "", "expirationDate": nil, "simbolCoinType": "€", "priceConverted": 12.5}
	if variant != 0 {
		b["idVariant"] = variant
	}
	return b
}

// Every rule of the product form is checked on the server: required fields, lengths, numbers, the
// expiration window (the fixture's today is 2026-12-01, so 2031-12-31 is the last day allowed), the
// discounted price below the price, a category and variant of the company's own. A refused product
// is not saved and not audited.
func TestProductRules(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCatalogEnv(t, db)
		before := count(t, db, `SELECT COUNT(*) FROM products`)
		cases := []struct {
			name  string
			edit  func(b map[string]any)
			field string
		}{
			{"no name", func(b map[string]any) { b["name"] = "  " }, "name"},
			{"no local id", func(b map[string]any) { delete(b, "idLocal") }, "idLocal"},
			{"no price", func(b map[string]any) { delete(b, "price") }, "price"},
			{"long description", func(b map[string]any) { b["description"] = strings.Repeat("é", 301) }, "description"},
			{"negative stock", func(b map[string]any) { b["maxStock"] = -1 }, "maxStock"},
			{"expired", func(b map[string]any) { b["expirationDate"] = "2026-11-30" }, "expirationDate"},
			{"too far", func(b map[string]any) { b["expirationDate"] = "2032-01-01" }, "expirationDate"},
			{"discount above price", func(b map[string]any) { b["data"] = `{"oldPrice": 10}` }, "data.oldPrice"},
			{"dynamic without prices", func(b map[string]any) { b["isDynamicPrice"] = 1 }, "data.dynamicPrice"},
			{"session longer than a slot can be", func(b map[string]any) { b["data"] = `{"durationMinutes": 481}` }, "data.durationMinutes"},
			{"negative session length", func(b map[string]any) { b["data"] = `{"durationMinutes": -5}` }, "data.durationMinutes"},
			{"other company's variant", func(b map[string]any) { b["idVariant"] = e.variantOf(t, e.b.CompanyID) }, "idVariant"},
			{"foreign image", func(b map[string]any) { b["image"] = "https://evil.example/x.png" }, "image"},
		}
		for _, c := range cases {
			b := product("Sprint", e.variantA)
			c.edit(b)
			res := e.do("POST", "/api/product/createProduct", b)
			var out struct{ Fields map[string]string }
			res.JSON(t, &out)
			if res.Status != 422 || out.Fields[c.field] == "" {
				t.Errorf("%s: %d %s; want 422 naming %s", c.name, res.Status, res.Body, c.field)
			}
		}
		if res := e.do("POST", "/api/product/createProduct", map[string]any{"name": "x", "idLocal": "x", "price": -1, "idVariant": e.variantA}); res.Status != 400 {
			t.Errorf("negative price: %d %s, want 400", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM products`); n != before {
			t.Fatalf("refused products were saved: %d rows, want %d", n, before)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE entity = 'product'`); n != 0 {
			t.Fatalf("refused products were audited: %d", n)
		}

		// The last allowed day, a discount and a limited stock are accepted.
		b := product("Endurance", e.variantA)
		b["expirationDate"], b["data"], b["maxStock"], b["price"] = "2031-12-31T00:00:00", `{"oldPrice": "30", "promotionText": "-20%"}`, 8, "24"
		res := e.do("POST", "/api/product/createProduct", b)
		if res.Status != 201 {
			t.Fatalf("valid product: %d %s", res.Status, res.Body)
		}
		var saved struct {
			ID             int64
			Price          float64
			ExpirationDate *string
			Stock          *int64
			Data           string
		}
		res.JSON(t, &saved)
		if saved.Price != 24 || saved.ExpirationDate == nil || *saved.ExpirationDate != "2031-12-31" || saved.Stock == nil || *saved.Stock != 8 ||
			!strings.Contains(saved.Data, `"oldPrice":30`) {
			t.Errorf("saved %+v", saved)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action = 'product.create' AND entity_id = ? AND user_email = ?`,
			itoa(saved.ID), "cat@kart.example"); n != 1 {
			t.Errorf("create audited %d times", n)
		}

		// Inactive and expired products are in the staff list, not on the booking pages.
		execSQL(t, db, `UPDATE products SET expiration_date = '2026-11-02' WHERE id = ?`, saved.ID)
		upd := product("Endurance", e.variantA)
		upd["id"], upd["isActive"], upd["expirationDate"] = saved.ID, 0, "2026-11-02"
		if res := e.do("PUT", "/api/product/updateProduct", upd); res.Status != 200 {
			t.Fatalf("update keeping its passed expiration: %d %s", res.Status, res.Body)
		}
		got := find(e.list(t).Products, saved.ID)
		if got == nil || got.IsActive != 0 || !got.Expired {
			t.Errorf("inactive expired product in the staff list: %+v", got)
		}
		if strings.Contains(e.public(t), `"name":"Endurance"`) {
			t.Error("an inactive product is on the booking pages")
		}
	})
}

// variantOf is a circuit variant of the company.
func (e *catalogEnv) variantOf(t *testing.T, company int64) int64 {
	return count(t, e.db, `SELECT MIN(id) FROM variants WHERE company_id = ?`, company)
}

// A pack keeps its products in the order given, on create and on update; a product of another company,
// an inactive one or a pack is refused with the position named.
func TestPackOrderKept(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCatalogEnv(t, db)
		ids := make([]int64, 3)
		for i, n := range []string{"Qualifying", "Race", "Final"} {
			res := e.do("POST", "/api/product/createProduct", product(n, e.variantA))
			var p struct{ ID int64 }
			res.JSON(t, &p)
			ids[i] = p.ID
		}
		pack := map[string]any{"name": "Weekend", "idLocal": "W1", "price": 55, "productIds": []int64{ids[2], ids[0], ids[1], ids[0]}}
		res := e.do("POST", "/api/product/createPack", pack)
		if res.Status != 201 {
			t.Fatalf("create pack: %d %s", res.Status, res.Body)
		}
		var p struct{ ID int64 }
		res.JSON(t, &p)
		order := func() []int64 {
			got := find(e.list(t).Packs, p.ID)
			if got == nil {
				t.Fatal("pack not listed")
			}
			return got.ProductIDs
		}
		if got := order(); !equal(got, []int64{ids[2], ids[0], ids[1], ids[0]}) {
			t.Errorf("created order %v", got)
		}
		pack["id"], pack["productIds"] = p.ID, []int64{ids[1], ids[2], ids[0]}
		if res := e.do("PUT", "/api/product/updatePack", pack); res.Status != 200 {
			t.Fatalf("update pack: %d %s", res.Status, res.Body)
		}
		if got := order(); !equal(got, []int64{ids[1], ids[2], ids[0]}) {
			t.Errorf("reordered %v", got)
		}
		// The booking pages see the new order.
		body := e.public(t)
		if i, j := strings.Index(body, `"name":"Race","order":1`), strings.Index(body, `"name":"Qualifying","order":3`); i < 0 || j < 0 {
			t.Errorf("public pack order not updated: %s", body)
		}
		execSQL(t, db, `UPDATE products SET is_active = 0 WHERE id = ?`, ids[0])
		for _, c := range []struct {
			id    int64
			field string
		}{{e.b.Product, "productIds[1]"}, {ids[0], "productIds[1]"}, {e.a.Pack, "productIds[1]"}} {
			pack["productIds"] = []int64{ids[1], c.id}
			res := e.do("PUT", "/api/product/updatePack", pack)
			var out struct{ Fields map[string]string }
			res.JSON(t, &out)
			if res.Status != 422 || out.Fields[c.field] == "" {
				t.Errorf("pack with product %d: %d %s", c.id, res.Status, res.Body)
			}
		}
		if got := order(); !equal(got, []int64{ids[1], ids[2], ids[0]}) {
			t.Errorf("a refused update changed the order: %v", got)
		}
		if res := e.do("POST", "/api/product/createPack", map[string]any{"name": "Empty", "idLocal": "E", "price": 1}); res.Status != 422 {
			t.Errorf("pack without products: %d", res.Status)
		}
	})
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A product that a booking refers to is archived, not deleted: the booking keeps its line, name and
// price, and the product leaves the staff list and the booking pages. A product nothing refers to is
// deleted. A product inside a pack is refused until it leaves the pack.
func TestDeleteArchivesBookedProducts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCatalogEnv(t, db)
		// The fixture pack includes the fixture product: refused while the pack is live.
		res := e.do("DELETE", "/api/product/deleteProduct", map[string]any{"id": e.a.Product})
		if res.Status != 409 {
			t.Fatalf("product in a pack: %d %s", res.Status, res.Body)
		}
		booking := insertID(t, db, `INSERT INTO bookings (identifier, company_id, payment_mode, contact_name, phone, email,
			original_total_cents, total_cents, created_at, updated_at)
			VALUES ('arch-1', ?, 'circuit', 'Ana', '+34600000000', 'ana@example.com', 9000, 9000, 1, 1)`, e.a.CompanyID)
		execSQL(t, db, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
			original_price_cents, total_cents) VALUES (?, ?, 'PACK', 'Fixture pack', 1, 2, 4500, 4500, 9000)`, booking, e.a.Pack)
		res = e.do("DELETE", "/api/product/deletePack", map[string]any{"id": e.a.Pack})
		var out struct {
			ID       int64
			Archived bool
		}
		res.JSON(t, &out)
		if res.Status != 200 || !out.Archived {
			t.Fatalf("delete booked pack: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM products WHERE id = ? AND deleted_at IS NOT NULL`, e.a.Pack); n != 1 {
			t.Fatal("booked pack not kept as archived")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM booking_lines WHERE product_id = ? AND name = 'Fixture pack' AND total_cents = 9000`, e.a.Pack); n != 1 {
			t.Fatal("the booking lost its line")
		}
		if find(e.list(t).Packs, e.a.Pack) != nil {
			t.Error("archived pack still in the staff list")
		}
		if res := e.do("DELETE", "/api/product/deletePack", map[string]any{"id": e.a.Pack}); res.Status != 404 {
			t.Errorf("deleting an archived pack again: %d", res.Status)
		}
		// The pack is archived, so its product may go; the archived pack still names it: archived too.
		res = e.do("DELETE", "/api/product/deleteProduct", map[string]any{"id": e.a.Product})
		res.JSON(t, &out)
		if res.Status != 200 || !out.Archived {
			t.Fatalf("product of an archived pack: %d %s", res.Status, res.Body)
		}
		// A new product nothing refers to is deleted.
		res = e.do("POST", "/api/product/createProduct", product("Taster", e.variantA))
		var p struct{ ID int64 }
		res.JSON(t, &p)
		res = e.do("DELETE", "/api/product/deleteProduct", map[string]any{"id": p.ID})
		res.JSON(t, &out)
		if res.Status != 200 || out.Archived || count(t, db, `SELECT COUNT(*) FROM products WHERE id = ?`, p.ID) != 0 {
			t.Fatalf("unreferenced product: %d %s", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action IN ('pack.archive', 'product.archive', 'product.delete')`); n != 3 {
			t.Errorf("%d delete/archive audit entries, want 3", n)
		}
		// Another company's product: not found, untouched.
		if res := e.do("DELETE", "/api/product/deleteProduct", map[string]any{"id": e.b.Product2}); res.Status != 404 {
			t.Errorf("B's product: %d", res.Status)
		}
	})
}

// Categories: create, rename, refuse a duplicate or empty name, delete (its products stay, without one).
func TestCategories(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCatalogEnv(t, db)
		res := e.do("POST", "/api/group/createGroup", map[string]any{"name": " Adults "})
		var g struct {
			ID        int64
			Name      string
			IDCompany int64
		}
		res.JSON(t, &g)
		if res.Status != 201 || g.Name != "Adults" || g.IDCompany != e.a.CompanyID {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		for _, name := range []string{"adults", ""} {
			if res := e.do("POST", "/api/group/createGroup", map[string]any{"name": name}); res.Status != 422 {
				t.Errorf("name %q: %d", name, res.Status)
			}
		}
		if res := e.do("PUT", "/api/group/updateGroup", map[string]any{"id": g.ID, "name": "Juniors"}); res.Status != 200 {
			t.Fatalf("rename: %d %s", res.Status, res.Body)
		}
		b := product("Kids", e.variantA)
		b["idGroup"] = g.ID
		res = e.do("POST", "/api/product/createProduct", b)
		var p struct {
			ID      int64
			IDGroup *int64
		}
		res.JSON(t, &p)
		if res.Status != 201 || p.IDGroup == nil || *p.IDGroup != g.ID {
			t.Fatalf("product in category: %d %s", res.Status, res.Body)
		}
		res = e.do("GET", "/api/group", nil)
		if res.Status != 200 || !strings.Contains(string(res.Body), `"name":"Juniors"`) {
			t.Fatalf("list: %d %s", res.Status, res.Body)
		}
		if res := e.do("DELETE", "/api/group/deleteGroup", map[string]any{"id": g.ID}); res.Status != 200 {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if got := find(e.list(t).Products, p.ID); got == nil || got.IDGroup != nil {
			t.Errorf("product after its category went: %+v", got)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE entity = 'category'`); n != 3 {
			t.Errorf("%d category audit entries, want 3", n)
		}
	})
}

// A product the booking page sells by session needs a track (variant): without one the page listed it and
// then failed to load its sessions. A company with several tracks must choose (422 naming idVariant,
// nothing saved); a company with one gets it by default; a voucher shop sells no sessions and needs none.
func TestProductNeedsATrack(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCatalogEnv(t, db)
		before := count(t, db, `SELECT COUNT(*) FROM products`)
		b := product("No track", 0)
		b["idVariant"] = nil
		res := e.do("POST", "/api/product/createProduct", b)
		var out struct{ Fields map[string]string }
		res.JSON(t, &out)
		if res.Status != 422 || out.Fields["idVariant"] == "" {
			t.Errorf("several tracks, none chosen: %d %s; want 422 naming idVariant", res.Status, res.Body)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM products`); n != before {
			t.Errorf("the refused product was saved: %d rows, want %d", n, before)
		}

		c, err := company.NewCompany(company.NewCompanyInput{Name: "Solo Ring", TimeZone: "Europe/Madrid", Culture: "es-ES", Currency: "EUR", Circuit: "Only"})
		if err != nil {
			t.Fatal(err)
		}
		solo, err := db.Companies().CreateCompany(t.Context(), c, "Only", t0)
		if err != nil {
			t.Fatal(err)
		}
		newAdmin(t, db, "solo@kart.example", map[int64]account.Role{solo.Company.ID: account.RoleAdmin})
		auth := bearer(e.login(t, "solo@kart.example", password))
		b = product("Sprint", 0)
		b["idCompany"] = solo.Company.ID
		if res := e.api.Do("POST", "/api/product/createProduct", b, auth...); res.Status != 201 {
			t.Fatalf("one track, none named: %d %s; want 201", res.Status, res.Body)
		}
		if v := count(t, db, `SELECT variant_id FROM products WHERE company_id = ? AND name = 'Sprint'`, solo.Company.ID); v != solo.VariantID {
			t.Errorf("the product races on variant %d, want the company's one track %d", v, solo.VariantID)
		}

		execSQL(t, db, `UPDATE companies SET voucher_mode = 1 WHERE id = ?`, e.a.CompanyID)
		b = product("Gift card", 0)
		b["idVariant"] = nil
		if res := e.do("POST", "/api/product/createProduct", b); res.Status != 201 {
			t.Errorf("voucher shop, no track: %d %s; want 201", res.Status, res.Body)
		}
	})
}
