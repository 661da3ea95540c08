package store_test

import (
	"context"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/company"
	"pitlane/internal/setup"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// A company made as `pitlane admin create --new-company` makes it starts with nothing ticked; each step
// ticks as its data appears (hours saved, a product the booking page can sell, terms, a booking), and the
// checklist is done only with all four. A product without a circuit, or deleted, does not count.
func TestSetupChecklistTicksFromTheData(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c, err := company.NewCompany(company.NewCompanyInput{Name: "Ring Zero", TimeZone: "Europe/Oslo", Culture: "nb-NO",
			Currency: "NOK", Circuit: "Loop"})
		if err != nil {
			t.Fatal(err)
		}
		made, err := db.Companies().CreateCompany(ctx, c, "Loop", time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		id := made.Company.ID
		exec := func(q string, args ...any) {
			t.Helper()
			if err := db.Write(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, q, args...); return err }); err != nil {
				t.Fatal(err)
			}
		}
		check := func(step string, want setup.Checklist) {
			t.Helper()
			got, err := db.Companies().SetupChecklist(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if got != want.Finish() {
				t.Fatalf("%s: %+v, want %+v", step, got, want.Finish())
			}
		}
		check("new company", setup.Checklist{})

		exec(`INSERT INTO products (company_id, kind, id_local, name, price_cents, variant_id, created_at, updated_at)
			VALUES (?, 'PRODUCT', 'x', 'No circuit', 100, NULL, 1, 1)`, id)
		exec(`INSERT INTO products (company_id, kind, id_local, name, price_cents, variant_id, created_at, updated_at, deleted_at)
			VALUES (?, 'PRODUCT', 'y', 'Deleted', 100, ?, 1, 1, 2)`, id, made.VariantID)
		check("products that cannot be sold", setup.Checklist{})

		exec(`UPDATE installations SET closing_time = '22:00', updated_at = updated_at + 1 WHERE company_id = ?`, id)
		exec(`INSERT INTO products (company_id, kind, id_local, name, price_cents, variant_id, created_at, updated_at)
			VALUES (?, 'PRODUCT', 'z', 'Adult 10 min', 2500, ?, 1, 1)`, id, made.VariantID)
		check("hours and a product", setup.Checklist{Hours: true, Product: true})

		exec(`INSERT INTO terms (company_id, culture, text, updated_at) VALUES (?, 'nb-NO', 'Vilkår', 1)`, id)
		exec(`UPDATE companies SET payments_active = 1 WHERE id = ?`, id)
		check("terms, payments online", setup.Checklist{Hours: true, Product: true, Terms: true, PaymentsOnline: true})

		exec(`INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone, email,
			original_total_cents, total_cents, created_at, updated_at) VALUES ('first', ?, 'pagada', 'circuit', 'A', '1', 'a@x', 0, 0, 0, 0)`, id)
		check("a first booking", setup.Checklist{Hours: true, Product: true, Terms: true, PaymentsOnline: true, FirstBooking: true})

		if _, err := db.Companies().SetupChecklist(ctx, id+1000); !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown company: %v, want NotFound", err)
		}
	})
}
