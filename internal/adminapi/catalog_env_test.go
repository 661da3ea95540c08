package adminapi_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"pitlane/internal/account"
	"pitlane/internal/adminapi"
	"pitlane/internal/catalog"
	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// catalogEnv is the staff API with the catalogue service over a fixture company (A) and a second
// company (B), and an ADMIN of A signed in.
type catalogEnv struct {
	*staffEnv
	a, b     storetest.Fixture
	auth     []string
	variantA int64 // company A's first variant (track)
}

func newCatalogEnv(t *testing.T, db *store.DB) *catalogEnv {
	t.Helper()
	a := storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-a", PublicKey: "key-a"})
	b := storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "token-b", PublicKey: "key-b"})
	e := &catalogEnv{a: a, b: b}
	e.staffEnv = newStaffEnv(t, db, envOptions{})
	e.opts.Deps.Catalog = catalog.NewAdminService(db.CatalogAdmin(), db.Categories(), db.Media(), e.clk, nil)
	e.restart(t)
	newAdmin(t, db, "cat@kart.example", map[int64]account.Role{a.CompanyID: account.RoleAdmin})
	e.auth = bearer(e.login(t, "cat@kart.example", password))
	e.variantA = count(t, db, `SELECT MIN(id) FROM variants WHERE company_id = ?`, a.CompanyID)
	return e
}

// do sends a staff call naming company A.
func (e *catalogEnv) do(method, path string, body map[string]any) *apitest.Response {
	if body == nil {
		return e.api.Do(method, path+"?idCompany="+itoa(e.a.CompanyID), nil, e.auth...)
	}
	body["idCompany"] = e.a.CompanyID
	return e.api.Do(method, path, body, e.auth...)
}

// list is company A's staff catalogue.
func (e *catalogEnv) list(t *testing.T) catalog.StaffList {
	t.Helper()
	var out catalog.StaffList
	res := e.do("GET", "/api/product/staff", nil)
	if res.Status != 200 {
		t.Fatalf("staff list: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &out)
	return out
}

// public is company A's catalogue as the booking pages get it (GET /api/product), in JSON.
func (e *catalogEnv) public(t *testing.T) string {
	t.Helper()
	list, err := catalog.NewService(e.db.Catalog(), e.clk).Products(t.Context(), e.a.CompanyID)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// find is the staff product with the id, or nil.
func find(list []catalog.StaffProduct, id int64) *catalog.StaffProduct {
	for i := range list {
		if list[i].ID == id {
			return &list[i]
		}
	}
	return nil
}

// pngOf encodes a w×h PNG.
func pngOf(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, 0, color.NRGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// bombPNG is a tiny PNG whose header claims w×h pixels (its IHDR rewritten, CRC fixed).
func bombPNG(t testing.TB, w, h uint32) []byte {
	t.Helper()
	b := pngOf(t, 1, 1)
	put := func(off int, v uint32) {
		b[off], b[off+1], b[off+2], b[off+3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
	}
	put(16, w)
	put(20, h)
	put(29, crc32.ChecksumIEEE(b[12:29])) // chunk type and data of IHDR
	return b
}

// jpegOf encodes a small JPEG.
func jpegOf(t testing.TB) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 40, 30)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// The staff route table serves the catalogue through the scope middleware: another company's user
// gets nothing (the route-table tenant test covers every route; this checks the service is wired).
func TestCatalogNeedsTheCompany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newCatalogEnv(t, db)
		res := e.api.Do("GET", "/api/product/staff?idCompany="+itoa(e.b.CompanyID), nil, e.auth...)
		if res.Status != 403 {
			t.Fatalf("company B's catalogue: %d %s", res.Status, res.Body)
		}
		if res := e.api.Do("GET", "/api/group?idCompany="+itoa(e.a.CompanyID), nil); res.Status != 401 {
			t.Fatalf("no session: %d", res.Status)
		}
		var _ adminapi.CatalogService = catalog.NewAdminService(nil, nil, nil, nil, nil)
	})
}
