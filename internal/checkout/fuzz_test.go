package checkout_test

import (
	"encoding/json"
	"testing"

	"pitlane/internal/httpapi/apitest"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// FuzzSaveBooking sends arbitrary bodies to POST /api/booking/saveBooking for a cart with a live
// pre-booking whose identifier the fuzzer does not know: the decoder and the validator never panic,
// never answer 5xx, and nothing is ever written.
func FuzzSaveBooking(f *testing.F) {
	seeds := []string{
		`{}`, `null`, `[]`, `"x"`, `{"token":`, `{"slots":[{"2026-12-01 10:00:00":["A"]}]}`,
		`{"slots":[{"2026-12-01 10:00:00":[{"name":"A","email":"a@b.co"}],"drivers":[]}]}`,
		`{"isPaymentsActive":"1"}`, `{"adultConfirmation":2}`, `{"gift":{"name":"","email":"x"}}`,
		`{"idProductLocal":{}}`, `{"slots":[null]}`, `{"slots":[{"drivers":[1]}]}`,
	}
	full, _ := json.Marshal(save("CART", "hold-the-fuzzer-does-not-know", "Ana", "Bo"))
	seeds = append(seeds, string(full))
	for _, s := range seeds {
		f.Add(s)
	}
	db := storetest.Open(f, store.SQLite)
	e := newEnv(f, db)
	cart := e.cart(f)
	e.hold(f, cart, e.fix.Product, 2, at("10:00"))
	f.Fuzz(func(t *testing.T, body string) {
		res := apitest.New(t, e.h).Do("POST", "/api/booking/saveBooking", replaceCart(body, cart))
		if res.Status >= 500 || res.Status == 200 {
			t.Fatalf("%q → %d %s", body, res.Status, res.Body)
		}
		if n := e.count(t, `SELECT COUNT(*) FROM bookings`) + e.count(t, `SELECT COUNT(*) FROM idempotency_keys`); n != 0 {
			t.Fatalf("%q wrote %d rows", body, n)
		}
	})
}

// replaceCart puts the real cart token where a body says CART.
func replaceCart(body, cart string) string {
	var m map[string]any
	if json.Unmarshal([]byte(body), &m) == nil && m["token"] == "CART" {
		m["token"] = cart
		b, _ := json.Marshal(m)
		return string(b)
	}
	return body
}
