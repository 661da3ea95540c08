package main

import (
	"context"
	"fmt"
	"time"

	"pitlane/internal/schedule"
	"pitlane/internal/store"
)

// Shape of the bench installation: one company, one installation open 10:00–22:00 every 15 minutes
// (48 sessions a day) with benchCircuits circuits and one product on each. Capacity is huge so that holds
// are decided by the engine, never refused for lack of places.
const (
	benchCapacity = 1_000_000
	benchCircuits = 8
	benchToken    = "bench-company-token"
	benchTZ       = "Europe/Madrid"
	busyHolds     = 24 // holds per session on the availability day
	busyBooked    = 6  // places booked per session on the availability day
)

// benchDay is the first bookable date; the manual clock stands at 09:00 that morning at the circuit.
var benchDay = schedule.Date{Year: 2030, Month: time.June, Day: 4}

// fixture names what the bench writes into a fresh database.
type fixture struct {
	CompanyID int64
	Circuits  []int64
	Products  []int64 // Products[i] is sold on Circuits[i]
}

// newFixture writes the bench company with SQL against the schema (the same tables storetest.NewFixture
// fills, with more circuits and products).
func newFixture(ctx context.Context, db *store.DB) (fixture, error) {
	var f fixture
	err := db.Write(ctx, func(tx *store.Tx) error {
		ins := func(dst *int64, q string, args ...any) error {
			return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(dst)
		}
		// The hold runs go round benchCarts carts, yet over all runs a cart gathers more sessions than the
		// spec's default maxSlotsBooking (10): it is lifted, as refusing is not what the bench measures.
		if err := ins(&f.CompanyID, `INSERT INTO companies (name, public_key, token, time_zone, max_slots_booking, created_at, updated_at)
			VALUES ('Bench Karting', 'bench-key', ?, ?, 1000000000, 1, 1)`, benchToken, benchTZ); err != nil {
			return err
		}
		var inst int64
		if err := ins(&inst, `INSERT INTO installations (company_id, name, time_zone, interval_minutes,
			opening_time, closing_time, max_participants, max_days_booking, created_at, updated_at)
			VALUES (?, 'Main', ?, 15, '10:00', '22:00', ?, 30, 1, 1)`, f.CompanyID, benchTZ, benchCapacity); err != nil {
			return err
		}
		for i := 0; i < benchCircuits; i++ {
			var circuit, variant, product int64
			name := fmt.Sprintf("Track %d", i+1)
			if err := ins(&circuit, `INSERT INTO circuits (installation_id, name) VALUES (?, ?)`, inst, name); err != nil {
				return err
			}
			if err := ins(&variant, `INSERT INTO variants (company_id, circuit_id, id_local, name) VALUES (?, ?, ?, 'Standard')`,
				f.CompanyID, circuit, name); err != nil {
				return err
			}
			if err := ins(&product, `INSERT INTO products (company_id, kind, id_local, name, price_cents, variant_id, data, created_at, updated_at)
				VALUES (?, 'PRODUCT', ?, ?, 2000, ?, '{}', 1, 1)`, f.CompanyID, name, "10 min on "+name, variant); err != nil {
				return err
			}
			f.Circuits = append(f.Circuits, circuit)
			f.Products = append(f.Products, product)
		}
		return nil
	})
	return f, err
}

// sessionStarts lists the local start times of one bench day ("10:00:00" … "21:45:00").
func sessionStarts() []string {
	var out []string
	for m := 10 * 60; m < 22*60; m += 15 {
		out = append(out, fmt.Sprintf("%02d:%02d:00", m/60, m%60))
	}
	return out
}

// seedBusyDay makes d busy on the first product's circuit: busyHolds live holds (counted in the
// sessions' counters, as store.DB.InsertHold counts them) and busyBooked booked places in every session,
// written in one transaction (not timed). Holds expire an hour after now.
func seedBusyDay(ctx context.Context, db *store.DB, f fixture, d schedule.Date, now time.Time) error {
	loc, err := time.LoadLocation(benchTZ)
	if err != nil {
		return err
	}
	circuit, product := f.Circuits[0], f.Products[0]
	return db.Write(ctx, func(tx *store.Tx) error {
		var cart int64
		if err := tx.QueryRow(ctx, `INSERT INTO carts (token, company_id, status, created_at, updated_at)
			VALUES ('bench-busy-cart', ?, 'open', ?, ?) RETURNING id`, f.CompanyID, now.UnixMilli(), now.UnixMilli()).Scan(&cart); err != nil {
			return err
		}
		for si, local := range sessionStarts() {
			var hh, mm int
			_, _ = fmt.Sscanf(local, "%d:%d", &hh, &mm)
			start := d.At(hh, mm, loc).UnixMilli()
			if _, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, circuit, start, d.String(), local, benchCapacity, busyBooked, busyHolds); err != nil {
				return err
			}
			for k := 0; k < busyHolds; k++ {
				var hold int64
				if err := tx.QueryRow(ctx, `INSERT INTO holds (identifier, company_id, cart_id, visitor_id, kind, product_id,
					num_drivers, price_cents, created_at, expires_at) VALUES (?, ?, ?, ?, 'PRODUCT', ?, 1, 2000, ?, ?) RETURNING id`,
					fmt.Sprintf("busy-%02d-%02d", si, k), f.CompanyID, cart, fmt.Sprintf("busy-visitor-%02d", k), product,
					now.UnixMilli(), now.Add(time.Hour).UnixMilli()).Scan(&hold); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO hold_slots (hold_id, position, circuit_id, starts_at, product_id, places,
					price_cents, visitor_id, counted) VALUES (?, 0, ?, ?, ?, 1, 2000, ?, 1)`,
					hold, circuit, start, product, fmt.Sprintf("busy-visitor-%02d", k)); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
