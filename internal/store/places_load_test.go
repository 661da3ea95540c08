package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// TestBookLoadedCountsOnce: the bulk load's counting (the demo's history) adds each booking's sessions to
// the session counters once, with the installation's capacity, sums bookings that share a session and
// adds to a session that already has a row; a booking that already holds places is refused and its
// chunk changes nothing.
func TestBookLoadedCountsOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, err := company.NewCompany(company.NewCompanyInput{Name: "Load Ring", TimeZone: "Europe/Madrid", Culture: "es-ES",
			Currency: "EUR", Circuit: "Loop"})
		if err != nil {
			t.Fatal(err)
		}
		made, err := db.Companies().CreateCompany(ctx, c, "Loop", time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		id := made.Company.ID
		var circuit, capacity, product int64
		var booking [3]int64
		const at1, at2 = int64(1_900_000_000_000), int64(1_900_000_900_000)
		if err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT c.id, i.max_participants FROM circuits c JOIN installations i ON i.id = c.installation_id
				WHERE i.company_id = ?`, id).Scan(&circuit, &capacity); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `INSERT INTO products (company_id, kind, id_local, name, price_cents, variant_id, created_at,
				updated_at) VALUES (?, 'PRODUCT', 'x', 'Adult', 100, ?, 1, 1) RETURNING id`, id, made.VariantID).Scan(&product); err != nil {
				return err
			}
			// A session someone booked before the load: its row exists with 2 places.
			if _, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
				VALUES (?, ?, '2030-03-17', '19:00:00', ?, 2, 0)`, circuit, at2, capacity); err != nil {
				return err
			}
			for i, places := range []int{3, 4, 5} {
				if err := tx.QueryRow(ctx, `INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone,
					email, original_total_cents, total_cents, created_at, updated_at)
					VALUES (?, ?, 'pagada', 'online', 'A', '1', 'a@x', 0, 0, 0, 0) RETURNING id`,
					"load-"+string(rune('a'+i)), id).Scan(&booking[i]); err != nil {
					return err
				}
				var line int64
				if err := tx.QueryRow(ctx, `INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers,
					unit_price_cents, original_price_cents, discount_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'x', ?, ?, 0, 0, 0, 0)
					RETURNING id`, booking[i], product, places, places).Scan(&line); err != nil {
					return err
				}
				start := at1
				if i == 2 {
					start = at2
				}
				if _, err := tx.Exec(ctx, `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date,
					local_time, product_id, places) VALUES (?, 1, ?, ?, '2030-03-17', '18:45:00', ?, ?)`, line, circuit, start, product, places); err != nil {
					return err
				}
			}
			return tx.BookLoaded(ctx, booking[:])
		}); err != nil {
			t.Fatal(err)
		}
		counter := func(at int64) (booked, cap int64) {
			t.Helper()
			if err := db.Read(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT booked, capacity FROM slots WHERE circuit_id = ? AND starts_at = ?`, circuit, at).Scan(&booked, &cap)
			}); err != nil {
				t.Fatal(err)
			}
			return
		}
		if b, cp := counter(at1); b != 7 || cp != capacity {
			t.Errorf("session shared by two loaded bookings: booked %d capacity %d, want 7 and %d", b, cp, capacity)
		}
		if b, _ := counter(at2); b != 7 {
			t.Errorf("session with a row before the load: booked %d, want 2 + 5", b)
		}
		err = db.Write(ctx, func(tx *store.Tx) error { return tx.BookLoaded(ctx, booking[1:2]) })
		if err == nil || !strings.Contains(err.Error(), "already hold places") {
			t.Fatalf("a booking counted twice: %v, want refused", err)
		}
		if b, _ := counter(at1); b != 7 {
			t.Errorf("after the refused second count: booked %d, want 7 still", b)
		}
	})
}
