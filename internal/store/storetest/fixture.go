package storetest

import (
	"context"
	"testing"

	"pitlane/internal/store"
)

// Fixture is a small company for sessions tests: one installation with two circuits, a product on each
// circuit, a three-session pack, and a product with limited stock.
type Fixture struct {
	CompanyID    int64
	Token        string // the company token public calls carry
	Installation int64
	Circuit      int64
	Circuit2     int64
	Product      int64 // 20.00 per driver, unlimited stock, on Circuit
	Product2     int64 // 15.00, on Circuit2
	Limited      int64 // 10.00, stock FixtureStock, on Circuit
	Pack         int64 // Product, Product2, Product in order; gapSlots FixtureGap
}

// Fixture defaults.
const (
	FixtureStock = 10
	FixtureGap   = 1
)

// FixtureOptions shapes the fixture's installation.
type FixtureOptions struct {
	Capacity  int    // places per session (default 12)
	TimeZone  string // default Europe/Madrid
	Opening   string // default 10:00
	Closing   string // default 22:00
	Interval  int    // default 15
	MaxDays   int    // default 30
	Token     string // default "company-token"
	PublicKey string // default "fixture-key"
}

// NewFixture writes the fixture into db.
func NewFixture(t testing.TB, db *store.DB, o FixtureOptions) Fixture {
	t.Helper()
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	defs := func(v *string, d string) {
		if *v == "" {
			*v = d
		}
	}
	def(&o.Capacity, 12)
	def(&o.Interval, 15)
	def(&o.MaxDays, 30)
	defs(&o.TimeZone, "Europe/Madrid")
	defs(&o.Opening, "10:00")
	defs(&o.Closing, "22:00")
	defs(&o.Token, "company-token")
	defs(&o.PublicKey, "fixture-key")
	f := Fixture{Token: o.Token}
	ctx := context.Background()
	err := db.Write(ctx, func(tx *store.Tx) error {
		ins := func(dst *int64, q string, args ...any) error {
			return tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(dst)
		}
		if err := ins(&f.CompanyID, `INSERT INTO companies (name, public_key, token, time_zone, created_at, updated_at)
			VALUES ('Fixture Karting', ?, ?, ?, 1, 1)`, o.PublicKey, o.Token, o.TimeZone); err != nil {
			return err
		}
		if err := ins(&f.Installation, `INSERT INTO installations (company_id, name, time_zone, interval_minutes,
			opening_time, closing_time, max_participants, max_days_booking, created_at, updated_at)
			VALUES (?, 'Main', ?, ?, ?, ?, ?, ?, 1, 1)`, f.CompanyID, o.TimeZone, o.Interval, o.Opening, o.Closing, o.Capacity, o.MaxDays); err != nil {
			return err
		}
		var v1, v2 int64
		for _, c := range []struct {
			name    string
			circuit *int64
			variant *int64
		}{{"Track A", &f.Circuit, &v1}, {"Track B", &f.Circuit2, &v2}} {
			if err := ins(c.circuit, `INSERT INTO circuits (installation_id, name) VALUES (?, ?)`, f.Installation, c.name); err != nil {
				return err
			}
			if err := ins(c.variant, `INSERT INTO variants (company_id, circuit_id, id_local, name) VALUES (?, ?, ?, 'Standard')`,
				f.CompanyID, *c.circuit, c.name); err != nil {
				return err
			}
		}
		product := func(dst *int64, kind, name string, cents int64, variant any, stock any, data string) error {
			return ins(dst, `INSERT INTO products (company_id, kind, id_local, name, price_cents, variant_id, max_stock, data, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 1)`, f.CompanyID, kind, name, name, cents, variant, stock, data)
		}
		if err := product(&f.Product, "PRODUCT", "Adult 10 min", 2000, v1, nil, "{}"); err != nil {
			return err
		}
		if err := product(&f.Product2, "PRODUCT", "Junior 10 min", 1500, v2, nil, "{}"); err != nil {
			return err
		}
		if err := product(&f.Limited, "PRODUCT", "Night race", 1000, v1, FixtureStock, "{}"); err != nil {
			return err
		}
		if err := product(&f.Pack, "PACK", "Grand Prix pack", 5000, nil, nil, `{"gapSlots":1}`); err != nil {
			return err
		}
		for i, p := range []int64{f.Product, f.Product2, f.Product} {
			if _, err := tx.Exec(ctx, `INSERT INTO pack_items (pack_id, product_id, position) VALUES (?, ?, ?)`, f.Pack, p, i); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	return f
}
