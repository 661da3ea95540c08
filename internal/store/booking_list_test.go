package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"pitlane/internal/checkout"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// listColumns reads every booking's list_* columns (migration 00028) and, beside them, what the view
// booking_list_counts recounts from its lines and sessions.
func listColumns(t *testing.T, db *store.DB) (stored, recount map[int64]string) {
	t.Helper()
	stored, recount = map[int64]string{}, map[int64]string{}
	read := func(q string, into map[int64]string) {
		rows, err := db.SQL().QueryContext(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id, drivers, sessions int64
			var first *string
			var circuits string
			if err := rows.Scan(&id, &drivers, &sessions, &first, &circuits); err != nil {
				t.Fatal(err)
			}
			f := "<nil>"
			if first != nil {
				f = *first
			}
			into[id] = fmt.Sprintf("drivers=%d sessions=%d first=%s circuits=%q", drivers, sessions, f, circuits)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	read(`SELECT id, list_drivers, list_sessions, list_first, list_circuits FROM bookings`, stored)
	read(`SELECT booking_id, drivers, sessions, first, circuits FROM booking_list_counts`, recount)
	return stored, recount
}

// The staff list reads a booking's drivers, sessions, first session and track from the booking's own
// list_* columns, which triggers keep: after random inserts, changes and deletions of lines and sessions
// (single rows and multi-row statements), every booking's columns equal the recount from its lines and
// sessions. Removing any of the six triggers fails this test.
func TestBookingListColumnsFollowLinesAndSessions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fix := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		rng := rand.New(rand.NewPCG(13, 28))
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.SQL().ExecContext(ctx, db.Rebind(q), args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		ids := func(q string) []int64 {
			t.Helper()
			rows, err := db.SQL().QueryContext(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out []int64
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					t.Fatal(err)
				}
				out = append(out, id)
			}
			return out
		}
		check := func(step string) {
			t.Helper()
			stored, recount := listColumns(t, db)
			for id, want := range recount {
				if stored[id] != want {
					t.Fatalf("after %s, booking %d stores %s, its lines and sessions say %s", step, id, stored[id], want)
				}
			}
		}
		circuits := []int64{fix.Circuit, fix.Circuit2}
		for i := range 12 {
			exec(`INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone, email,
				original_total_cents, total_cents, created_at, updated_at) VALUES (?, ?, ?, 'circuit', 'A', '1', 'a@x', 0, 0, 0, 0)`,
				fmt.Sprintf("list-%d", i), fix.CompanyID, checkout.StatusPaid)
		}
		bookings := ids(`SELECT id FROM bookings ORDER BY id`)
		check("bookings without lines")
		addLine := func(b int64) {
			exec(`INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
				original_price_cents, total_cents) VALUES (?, ?, 'PRODUCT', 'Kart', 1, ?, 100, 100, 100)`, b, fix.Product, 1+rng.IntN(5))
		}
		addSlots := func(line int64, n int) {
			q := `INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time, product_id, places) VALUES `
			var args []any
			for p := range n {
				if p > 0 {
					q += ", "
				}
				q += "(?, ?, ?, ?, ?, ?, ?, 1)"
				day, hour := 1+rng.IntN(28), 10+rng.IntN(10)
				pos := int64(p)
				if line%2 == 0 {
					pos = int64(n - p) // positions written out of order
				}
				args = append(args, line, pos, circuits[rng.IntN(2)], int64(day*100+hour),
					fmt.Sprintf("2026-12-%02d", day), fmt.Sprintf("%02d:%02d:00", hour, 15*rng.IntN(4)), fix.Product)
			}
			exec(q, args...)
		}
		for _, b := range bookings[2:] {
			for range 1 + rng.IntN(3) {
				addLine(b)
			}
		}
		check("lines added")
		for _, line := range ids(`SELECT id FROM booking_lines ORDER BY id`) {
			if rng.IntN(4) > 0 {
				addSlots(line, 1+rng.IntN(4))
			}
		}
		check("sessions added")
		exec(`UPDATE booking_lines SET num_drivers = num_drivers + 1 WHERE id % 3 = 0`)
		check("drivers changed")
		exec(`UPDATE booking_slots SET starts_at = starts_at + 5000, local_date = '2027-01-02', local_time = '09:30:00'
			WHERE position = 1`)
		check("sessions moved")
		exec(`UPDATE booking_slots SET circuit_id = ? WHERE position = 0`, fix.Circuit2)
		check("circuits changed")
		exec(`DELETE FROM booking_slots WHERE position = 2`)
		check("sessions removed")
		exec(`DELETE FROM booking_lines WHERE id IN (SELECT MIN(id) FROM booking_lines GROUP BY booking_id) AND id % 2 = 0`)
		check("first lines removed")
		lines := ids(`SELECT id FROM booking_lines ORDER BY id`)
		exec(`UPDATE booking_lines SET booking_id = ? WHERE id = ?`, bookings[0], lines[len(lines)-1])
		check("a line moved to another booking")

		// The recount itself is the list's definition: a booking of two lines, the first on two circuits.
		exec(`INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone, email,
			original_total_cents, total_cents, created_at, updated_at) VALUES ('list-known', ?, 'pagada', 'circuit', 'A', '1', 'a@x', 0, 0, 0, 0)`,
			fix.CompanyID)
		known := ids(`SELECT id FROM bookings WHERE identifier = 'list-known'`)[0]
		exec(`INSERT INTO booking_lines (booking_id, product_id, kind, name, quantity, num_drivers, unit_price_cents,
			original_price_cents, total_cents) VALUES (?, ?, 'PACK', 'Pack', 1, 3, 100, 100, 100), (?, ?, 'PRODUCT', 'Kart', 1, 2, 100, 100, 100)`,
			known, fix.Product, known, fix.Product)
		kl := ids(fmt.Sprintf(`SELECT id FROM booking_lines WHERE booking_id = %d ORDER BY id`, known))
		exec(`INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time, product_id, places)
			VALUES (?, 0, ?, 2000, '2026-12-05', '11:00:00', ?, 1), (?, 1, ?, 3000, '2026-12-05', '11:30:00', ?, 1),
				(?, 2, ?, 4000, '2026-12-05', '12:00:00', ?, 1), (?, 0, ?, 1000, '2026-12-04', '18:45:00', ?, 1)`,
			kl[0], fix.Circuit2, fix.Product, kl[0], fix.Circuit, fix.Product, kl[0], fix.Circuit2, fix.Product,
			kl[1], fix.Circuit, fix.Product)
		stored, _ := listColumns(t, db)
		want := fmt.Sprintf("drivers=5 sessions=4 first=2026-12-04 18:45 circuits=%q", fmt.Sprintf("%d,%d", fix.Circuit2, fix.Circuit))
		if stored[known] != want {
			t.Fatalf("the known booking stores %s, want %s", stored[known], want)
		}
		check("the known booking")
	})
}
