package store_test

import (
	"context"
	"fmt"
	"testing"

	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// insertBareBooking writes a booking without a reference, as code that predates migration 00013 does.
func insertBareBooking(t *testing.T, db *store.DB, companyID int64, n int) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	err := db.Write(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO bookings (identifier, company_id, payment_mode, contact_name, phone, email,
			original_total_cents, total_cents, created_at, updated_at) VALUES (?, ?, 'circuit', 'Ana', '+34600', 'a@x.example',
			0, 0, 0, 0) RETURNING id`, fmt.Sprintf("ref-test-%d", n), companyID).Scan(&id)
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// A reference already taken in the company is drawn again inside the same transaction (under a
// savepoint, so PostgreSQL's aborted statement does not lose the booking); the same reference in
// another company is fine; the backfill gives every booking without one a reference.
func TestBookingReferenceIsUniquePerCompany(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a := storetest.NewFixture(t, db, storetest.FixtureOptions{})
		var otherCompany int64
		if err := db.Write(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `INSERT INTO companies (name, public_key, token, created_at, updated_at)
				VALUES ('Other', 'other-key', 'other-token', 0, 0) RETURNING id`).Scan(&otherCompany)
		}); err != nil {
			t.Fatal(err)
		}
		first, second, other := insertBareBooking(t, db, a.CompanyID, 1), insertBareBooking(t, db, a.CompanyID, 2),
			insertBareBooking(t, db, otherCompany, 3)
		insertBareBooking(t, db, otherCompany, 4)
		draws := []string{"AAAA2222", "AAAA2222", "BBBB3333"}
		next := func() string { r := draws[0]; draws = draws[1:]; return r }
		got := map[int64]string{}
		err := db.Write(ctx, func(tx *store.Tx) error {
			for _, id := range []int64{first, second} {
				ref, err := tx.SetReferenceDrawn(ctx, id, next)
				if err != nil {
					return err
				}
				got[id] = ref
			}
			// The other company may hold the same reference.
			ref, err := tx.SetReferenceDrawn(ctx, other, func() string { return "AAAA2222" })
			got[other] = ref
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if got[first] != "AAAA2222" || got[second] != "BBBB3333" || got[other] != "AAAA2222" {
			t.Fatalf("references %v", got)
		}
		n, err := db.BackfillReferences(ctx)
		if err != nil || n != 1 {
			t.Fatalf("backfill: %d, %v", n, err)
		}
		err = db.Read(ctx, func(tx *store.Tx) error {
			var missing, stored int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM bookings WHERE reference IS NULL`).Scan(&missing); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM bookings WHERE id IN (?, ?) AND reference IN ('AAAA2222', 'BBBB3333')`,
				first, second).Scan(&stored); err != nil {
				return err
			}
			if missing != 0 || stored != 2 {
				t.Errorf("after backfill: %d without a reference, %d of the drawn ones kept", missing, stored)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
