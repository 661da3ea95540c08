package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"pitlane/internal/catalog"
	"pitlane/internal/clock"
	"pitlane/internal/demo"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// stockOf returns the stock the catalogue shows for the product with the idLocal.
func stockOf(t *testing.T, svc *catalog.Service, companyID int64, idLocal string) (catalog.Product, *int64) {
	t.Helper()
	list, err := svc.Products(context.Background(), companyID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list.ProductsBooking {
		if p.IDLocal == idLocal {
			return p, p.Stock
		}
	}
	t.Fatalf("product %s not listed", idLocal)
	return catalog.Product{}, nil
}

// Places in live holds and in bookings that are not cancelled come off a product's stock; expired,
// released and converted holds and cancelled bookings do not.
func TestStockCountsLiveHoldsAndBookings(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 4, 6, 8, 30, 0, 0, time.UTC)
		clk := clock.NewManual(now)
		r, err := demo.Seed(ctx, db, clk)
		if err != nil {
			t.Fatal(err)
		}
		companyID := r.Companies[0].ID
		svc := catalog.NewService(db.Catalog(), clk)
		kids, stock := stockOf(t, svc, companyID, "201")
		if stock == nil || *stock != 40 {
			t.Fatalf("stock before any hold: %v", stock)
		}
		circuit := kids.Variant.Circuit.ID
		ms := now.UnixMilli()
		slot := now.Add(48 * time.Hour).UnixMilli()
		err = db.Write(ctx, func(tx *store.Tx) error {
			var werr error
			exec := func(q string, args ...any) {
				if werr == nil {
					_, werr = tx.Exec(ctx, q, args...)
				}
			}
			// A booking that is paid (4 places) and one that was cancelled (5 places).
			for i, status := range []string{"pagada", "cancelada"} {
				exec(`INSERT INTO bookings (id, identifier, company_id, status, payment_mode, contact_name, phone, email,
					original_total_cents, total_cents, created_at, updated_at) VALUES (?, ?, ?, ?, 'online', 'Ana', '600000000',
					'ana@example.com', 6000, 6000, ?, ?)`, 900+i, "B-"+status, companyID, status, ms, ms)
				exec(`INSERT INTO booking_lines (id, booking_id, product_id, kind, name, quantity, num_drivers,
					unit_price_cents, original_price_cents, total_cents) VALUES (?, ?, ?, 'PRODUCT', 'Tanda', 1, 4, 1500, 1500, 6000)`,
					900+i, 900+i, kids.ID)
				exec(`INSERT INTO booking_slots (booking_line_id, position, circuit_id, starts_at, local_date, local_time,
					product_id, places) VALUES (?, 1, ?, ?, '2026-04-08', '10:30:00', ?, ?)`, 900+i, circuit, slot, kids.ID, 4+i)
			}
			// Holds: live (3+2 places over two slots), expired, released, and converted into the paid booking.
			holds := []struct {
				id       int64
				expires  int64
				released any
				booking  any
				places   []int
			}{
				{1, ms + 600_000, nil, nil, []int{3, 2}},
				{2, ms - 1, nil, nil, []int{7}},
				{3, ms + 600_000, ms, nil, []int{7}},
				{4, ms + 600_000, nil, 900, []int{4}},
			}
			for _, h := range holds {
				exec(`INSERT INTO holds (id, identifier, company_id, visitor_id, kind, product_id, num_drivers, price_cents,
					created_at, expires_at, released_at, booking_id) VALUES (?, ?, ?, 'visitor', 'PRODUCT', ?, 3, 4500, ?, ?, ?, ?)`,
					h.id, fmt.Sprintf("H%d", h.id), companyID, kids.ID, ms, h.expires, h.released, h.booking)
				for i, p := range h.places {
					exec(`INSERT INTO hold_slots (hold_id, position, circuit_id, starts_at, product_id, places, price_cents)
						VALUES (?, ?, ?, ?, ?, ?, 1500)`, h.id, i+1, circuit, slot+int64(i)*900_000, kids.ID, p)
				}
			}
			return werr
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, stock := stockOf(t, svc, companyID, "201"); stock == nil || *stock != 40-5-4 {
			t.Errorf("stock with a live hold of 5 and a booking of 4: %v, want 31", stock)
		}
		clk.Advance(10 * time.Minute) // the live hold expires
		if _, stock := stockOf(t, svc, companyID, "201"); stock == nil || *stock != 40-4 {
			t.Errorf("stock once the hold expired: %v, want 36", stock)
		}
	})
}
