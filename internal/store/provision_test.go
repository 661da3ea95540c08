package store_test

import (
	"context"
	"testing"
	"time"

	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// CreateCompany writes a company its staff can set up on screen, on both engines: the company, an
// installation with admin-side.md's booking defaults (15 minutes, 10 drivers, 45 days, 3 sessions, 0 hours,
// 08:00–23:00), one circuit and its variant, all found again by the
// queries the settings dialog and the booking page use.
func TestCreateCompanyForTheSettingsDialog(t *testing.T) {
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
		got, err := db.Companies().CompanyByKey(ctx, made.Company.PublicKey)
		if err != nil || got.ID != made.Company.ID || got.Name != "Ring Zero" || got.CurrencySymbol != "kr" || got.Country != "NO" {
			t.Fatalf("company %+v (%v)", got, err)
		}
		vc, err := db.Settings().VariantsAndCircuits(ctx, got.ID)
		if err != nil || len(vc.Variants) != 1 || vc.Variants[0].ID != made.VariantID || vc.Variants[0].CircuitID != made.CircuitID ||
			vc.Variants[0].InstallationID != made.InstallationID || vc.Circuits[0].Name != "Loop" {
			t.Fatalf("variants and circuits %+v (%v)", vc, err)
		}
		var interval, drivers, days, hours, slots int
		var opens, closes string
		if err := db.Read(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT i.interval_minutes, i.max_participants, i.max_days_booking, i.disable_hours_booking,
				c.max_slots_booking, i.opening_time, i.closing_time FROM installations i JOIN companies c ON c.id = i.company_id
				WHERE i.id = ?`, made.InstallationID).Scan(&interval, &drivers, &days, &hours, &slots, &opens, &closes)
		}); err != nil {
			t.Fatal(err)
		}
		if interval != 15 || drivers != 10 || days != 45 || hours != 0 || slots != 3 || opens != "08:00" || closes != "23:00" {
			t.Errorf("a new company's booking settings: %d min, %d drivers, %d days, %d hours, %d sessions, %s–%s; want the spec's 15, 10, 45, 0, 3, 08:00–23:00",
				interval, drivers, days, hours, slots, opens, closes)
		}
		// A second company of the same name is another company with its own keys.
		c2, _ := company.NewCompany(company.NewCompanyInput{Name: "Ring Zero", TimeZone: "Europe/Oslo", Culture: "nb-NO", Currency: "NOK", Circuit: "Loop"})
		made2, err := db.Companies().CreateCompany(ctx, c2, "Loop", time.Now())
		if err != nil || made2.Company.ID == made.Company.ID || made2.Company.PublicKey == made.Company.PublicKey {
			t.Fatalf("second company %+v (%v)", made2, err)
		}
	})
}
