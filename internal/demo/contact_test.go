package demo_test

import (
	"context"
	"net/mail"
	"testing"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// Every demo circuit has a postal address (its calendar entries' LOCATION), a contact address that
// parses as one (its mails' Reply-To) and one address for problem reports, and no booking is left
// without a short reference.
func TestDemoCompaniesHaveContactsAndBookingsReferences(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		r, _ := seed(t, db)
		ctx := context.Background()
		err := db.Read(ctx, func(tx *store.Tx) error {
			for _, c := range r.Companies {
				var address, email string
				if err := tx.QueryRow(ctx, `SELECT address, contact_email FROM companies WHERE id = ?`, c.ID).Scan(&address, &email); err != nil {
					return err
				}
				if len(address) < 10 {
					t.Errorf("%s: address %q", c.Name, address)
				}
				if _, err := mail.ParseAddress(email); err != nil {
					t.Errorf("%s: contact e-mail %q: %v", c.Name, email, err)
				}
				problems, err := tx.CompanyNotifyEmails(ctx, c.ID, "problem")
				if err != nil {
					return err
				}
				if len(problems) != 1 {
					t.Errorf("%s: problem-report addresses %v, want one (a report must reach the dev mail page)", c.Name, problems)
				}
			}
			var missing int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM bookings WHERE reference IS NULL`).Scan(&missing); err != nil {
				return err
			}
			if missing != 0 {
				t.Errorf("%d bookings without a reference after seeding", missing)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
