package checkout_test

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// rowCounts counts every table a save-booking writes.
func (e *env) rowCounts(t testing.TB) map[string]int {
	out := map[string]int{}
	for _, table := range []string{"bookings", "booking_lines", "booking_slots", "drivers", "vouchers", "members",
		"payments", "outbox_emails", "idempotency_keys"} {
		out[table] = e.count(t, `SELECT COUNT(*) FROM `+table)
	}
	out["booked"] = e.count(t, `SELECT COALESCE(SUM(booked), 0) FROM slots`)
	out["used"] = e.count(t, `SELECT COALESCE(SUM(used_count), 0) FROM discount_codes`)
	return out
}

func sameCounts(t *testing.T, before, after map[string]int) {
	t.Helper()
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s: %d rows, was %d", k, after[k], v)
		}
	}
}

// A pre-booking that expired (or was released) makes the save a 410 that writes nothing.
func TestSaveExpiredHold(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		before := e.rowCounts(t)
		e.clk.Advance(10*time.Minute + time.Second)
		res := e.saveBooking(t, save(cart, id, "A", "B"), "Idempotency-Key", "k-expired")
		if res.Status != 410 {
			t.Fatalf("expired: %d %s", res.Status, res.Body)
		}
		sameCounts(t, before, e.rowCounts(t))
		// Released: the same.
		id = e.hold(t, cart, e.fix.Product, 2, at("10:30"))
		if res := e.api.Do("DELETE", "/api/prebooking/"+id, map[string]string{"token": cart}); res.Status != 200 {
			t.Fatalf("release: %d", res.Status)
		}
		if res := e.saveBooking(t, save(cart, id, "A", "B")); res.Status != 410 {
			t.Fatalf("released: %d %s", res.Status, res.Body)
		}
		sameCounts(t, before, e.rowCounts(t))
	})
}

// Save-booking statuses other than success, each writing nothing.
func TestSaveRejections(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		otherCart := e.cart(t)
		otherID := e.hold(t, otherCart, e.fix.Product, 1, at("10:00"))
		with := func(change func(m map[string]any)) map[string]any {
			m := save(cart, id, "Ana", "Bo")
			change(m)
			return m
		}
		before := e.rowCounts(t)
		cases := []struct {
			name   string
			body   any
			status int
			field  string
		}{
			{"malformed JSON", `{"token":`, 400, ""},
			{"unknown field", with(func(m map[string]any) { m["admin"] = true }), 400, "admin"},
			{"unknown cart", with(func(m map[string]any) { m["token"] = "nope" }), 404, ""},
			{"a hold of another cart", with(func(m map[string]any) { m["identifiersPrebooking"] = []string{otherID} }), 422, "identifiersPrebooking"},
			{"no holds", with(func(m map[string]any) { m["identifiersPrebooking"] = []string{} }), 422, "identifiersPrebooking"},
			{"bad phone", with(func(m map[string]any) { m["phone"] = "12345" }), 422, "phone"},
			{"e-mails differ", with(func(m map[string]any) { m["emailConfirmation"] = "x@example.com" }), 422, "emailConfirmation"},
			{"a slash in the name", with(func(m map[string]any) { m["nombre"] = "A/B" }), 422, "nombre"},
			{"no adult confirmation", with(func(m map[string]any) { delete(m, "adultConfirmation") }), 422, "adultConfirmation"},
			{"a driver missing", with(func(m map[string]any) {
				m["slots"] = []any{map[string]any{"prebookingIdentifier": id, "drivers": []string{"Ana"}}}
			}), 422, "slots[0].drivers"},
			{"gift without online payment", with(func(m map[string]any) {
				m["gift"] = map[string]string{"name": "Bo", "email": "bo@example.com", "message": "Enjoy"}
			}), 422, "gift"},
			{"a future birth date", with(func(m map[string]any) { m["fechaNacimiento"] = "2030-01-01" }), 422, "fechaNacimiento"},
		}
		for _, c := range cases {
			res := e.saveBooking(t, c.body)
			if res.Status != c.status {
				t.Errorf("%s: %d %s, want %d", c.name, res.Status, res.Body, c.status)
				continue
			}
			if c.field != "" && !bytes.Contains(res.Body, []byte(`"`+c.field+`"`)) {
				t.Errorf("%s: no error on %s: %s", c.name, c.field, res.Body)
			}
		}
		sameCounts(t, before, e.rowCounts(t))
		// The cart is already ordered: 409.
		if res := e.saveBooking(t, save(cart, id, "Ana", "Bo")); res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if res := e.saveBooking(t, save(cart, id, "Ana", "Bo")); res.Status != 409 {
			t.Errorf("second save: %d %s", res.Status, res.Body)
		}
	})
}

// The same Idempotency-Key: a retry answers the first answer and books once; another body is a 409;
// ten identical requests at once book once.
func TestIdempotency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		cart := e.cart(t)
		id := e.hold(t, cart, e.fix.Product, 2, at("10:00"))
		body := save(cart, id, "Ana", "Bo")
		first := e.saveBooking(t, body, "Idempotency-Key", "key-1")
		again := e.saveBooking(t, body, "Idempotency-Key", "key-1")
		if first.Status != 200 || again.Status != 200 || !bytes.Equal(first.Body, again.Body) {
			t.Fatalf("first %d %s, again %d %s", first.Status, first.Body, again.Status, again.Body)
		}
		other := save(cart, id, "Ana", "Cy")
		if res := e.saveBooking(t, other, "Idempotency-Key", "key-1"); res.Status != 409 {
			t.Errorf("another body: %d %s", res.Status, res.Body)
		}
		if e.count(t, `SELECT COUNT(*) FROM bookings`) != 1 || e.booked(t, at("10:00")) != 2 {
			t.Errorf("booked twice")
		}

		// Online, concurrently: one booking, one provider checkout, ten identical answers.
		e.paymentsOn(t)
		cart = e.cart(t)
		id = e.hold(t, cart, e.fix.Product, 3, at("11:00"))
		body = save(cart, id, "A", "B", "C")
		const n = 10
		answers := make([][]byte, n)
		codes := make([]int, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				res := e.saveBooking(t, body, "Idempotency-Key", "key-2")
				codes[i], answers[i] = res.Status, res.Body
			}(i)
		}
		close(start)
		wg.Wait()
		for i := range codes {
			if codes[i] != 200 || !bytes.Equal(answers[i], answers[0]) {
				t.Errorf("request %d: %d %s (first %s)", i, codes[i], answers[i], answers[0])
			}
		}
		if got := e.count(t, `SELECT COUNT(*) FROM bookings`); got != 2 {
			t.Errorf("%d bookings, want 2", got)
		}
		if e.gw.n != 1 || e.held(t, at("11:00")) != 3 {
			t.Errorf("%d provider checkouts, %d held", e.gw.n, e.held(t, at("11:00")))
		}
	})
}
