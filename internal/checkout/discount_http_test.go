package checkout_test

import (
	"fmt"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// addCode inserts a discount code of the fixture company.
func (e *env) addCode(t *testing.T, code, kind string, value int64, products string, expires any, limit any, used int) {
	t.Helper()
	e.exec(t, `INSERT INTO discount_codes (company_id, code, kind, value, product_ids, expires_on, usage_limit, used_count, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)`, e.fix.CompanyID, code, kind, value, products, expires, limit, used)
}

func (e *env) applyCode(t *testing.T, cart, code string, headers ...string) (int, checkout.CartView, string) {
	t.Helper()
	if headers == nil {
		headers = e.auth
	}
	res := e.api.Do("POST", "/api/booking/discount", map[string]string{"token": cart, "discount": code}, headers...)
	var out checkout.CartResponse
	if res.Status == 200 {
		res.JSON(t, &out)
	}
	return res.Status, out.Data, string(res.Body)
}

// Discount codes over HTTP: each status, and the refreshed cart.
func TestDiscountCodes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.addCode(t, "TEN", "PERCENT", 10, "[]", nil, nil, 0)
		e.addCode(t, "FIVE", "FIXED", 500, "[]", nil, nil, 0)
		e.addCode(t, "OLD", "PERCENT", 10, "[]", "2026-11-30", nil, 0)
		e.addCode(t, "GONE", "PERCENT", 10, "[]", nil, 3, 3)
		e.addCode(t, "JUNIOR", "PERCENT", 50, fmt.Sprintf("[%d]", e.fix.Product2), nil, nil, 0)
		cart := e.cart(t)
		e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		cases := []struct {
			name, code string
			headers    []string
			status     int
		}{
			{"no company token", "TEN", []string{"X-No", "auth"}, 401},
			{"unknown code", "NOPE", nil, 404},
			{"expired", "OLD", nil, 410},
			{"used up", "GONE", nil, 410},
			{"valid for no product in the cart", "JUNIOR", nil, 422},
			{"empty code", " ", nil, 400},
		}
		for _, c := range cases {
			if status, _, body := e.applyCode(t, cart, c.code, c.headers...); status != c.status {
				t.Errorf("%s: %d %s, want %d", c.name, status, body, c.status)
			}
		}
		if status, _, body := e.applyCode(t, "no-such-cart", "TEN"); status != 404 {
			t.Errorf("unknown cart: %d %s", status, body)
		}
		status, v, body := e.applyCode(t, cart, "ten")
		if status != 200 {
			t.Fatalf("apply: %d %s", status, body)
		}
		if v.PriceConverted != 3600 || v.OriginalPriceConverted != 4000 || v.Discount == nil || v.Discount.Amount != 400 ||
			v.Discount.Code != "TEN" || v.Details[0].DiscountedPrice != 1800 || v.Details[0].Total != 3600 || v.NumParticipants != 2 {
			t.Errorf("cart after TEN: %+v", v)
		}
		if status, _, _ := e.applyCode(t, cart, "FIVE"); status != 412 {
			t.Errorf("second code: %d, want 412", status)
		}
		// The cart keeps the discount when read again, and the booking carries it.
		res := e.api.Do("GET", "/api/payment/shopping-cart/"+cart, nil)
		var got checkout.CartResponse
		res.JSON(t, &got)
		if got.Data.PriceConverted != 3600 || got.Data.ExpiresAt == nil {
			t.Errorf("cart %+v", got.Data)
		}
	})
}

// A code with one use left, applied to two carts: the first booking takes the use; the second save is a
// 410 that writes nothing.
func TestDiscountUseTakenAtSave(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		e.addCode(t, "ONCE", "FIXED", 1000, "[]", nil, 1, 0)
		var carts, ids []string
		for i := 0; i < 2; i++ {
			c := e.cart(t)
			carts, ids = append(carts, c), append(ids, e.hold(t, c, e.fix.Product, 1, at("12:00")))
			if status, _, body := e.applyCode(t, c, "ONCE"); status != 200 {
				t.Fatalf("apply: %d %s", status, body)
			}
		}
		if res := e.saveBooking(t, save(carts[0], ids[0], "Ana")); res.Status != 200 {
			t.Fatalf("first: %d %s", res.Status, res.Body)
		}
		if got := e.count(t, `SELECT total_cents FROM bookings`); got != 1000 {
			t.Errorf("total %d, want 1000", got)
		}
		before := e.rowCounts(t)
		body := save(carts[1], ids[1], "Bo")
		body["email"], body["emailConfirmation"] = "bo@example.com", "bo@example.com"
		if res := e.saveBooking(t, body); res.Status != 410 {
			t.Errorf("second: %d %s", res.Status, res.Body)
		}
		sameCounts(t, before, e.rowCounts(t))
	})
}
