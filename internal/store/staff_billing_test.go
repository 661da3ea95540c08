package store_test

import (
	"context"
	"testing"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/billing"
	"pitlane/internal/checkout"
	"pitlane/internal/payment"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

// billingSale writes a booking of the fixture's company paid 50.00 through the simulated provider
// (reference ref_1) and an admin user; it returns the booking's identifier and id, and the admin's id.
func billingSale(t *testing.T, db *store.DB, f storetest.Fixture, at time.Time) (string, int64, int64) {
	t.Helper()
	ctx := context.Background()
	var booking, pay, admin int64
	ms := at.UnixMilli()
	err := db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE companies SET is_refund_enabled = 1 WHERE id = ?`, f.CompanyID); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO admin_users (email, name, password_hash, created_at, updated_at)
			VALUES ('desk@kart.example', 'Desk', 'x', 1, 1) RETURNING id`).Scan(&admin); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO bookings (identifier, company_id, status, payment_mode, contact_name, phone, email,
			original_total_cents, total_cents, created_at, updated_at) VALUES ('PL-1', ?, 'pagada', 'online', 'Ana', '600', 'ana@example.com',
			5000, 5000, ?, ?) RETURNING id`, f.CompanyID, ms, ms).Scan(&booking); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO payments (company_id, booking_id, provider, provider_ref, status, amount_cents, currency,
			created_at, updated_at) VALUES (?, ?, 'simulated', 'ref_1', 'approved', 5000, 'EUR', ?, ?) RETURNING id`,
			f.CompanyID, booking, ms, ms).Scan(&pay); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO payment_entries (payment_id, booking_id, kind, amount_cents, provider, provider_event_id, created_at)
			VALUES (?, ?, 'charge', 5000, 'simulated', 'evt_charge', ?)`, pay, booking, ms)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return "PL-1", booking, admin
}

// A staff refund and the provider's notification of the same refund, in either order, leave one
// ledger entry, authored by the staff user.
func TestStaffRefundMeetsItsNotification(t *testing.T) {
	t.Parallel()
	for _, engine := range storetest.Engines {
		for _, notifiedFirst := range []bool{true, false} {
			name := string(engine) + "/settled first"
			if notifiedFirst {
				name = string(engine) + "/notified first"
			}
			t.Run(name, func(t *testing.T) {
				ctx := context.Background()
				db := storetest.Open(t, engine)
				f := storetest.NewFixture(t, db, storetest.FixtureOptions{})
				now := time.UnixMilli(1_780_000_000_000)
				ident, booking, admin := billingSale(t, db, f, now)
				b := db.Billing()
				res, err := b.ReserveRefund(ctx, billing.Reservation{RefundRequest: billing.RefundRequest{CompanyID: f.CompanyID,
					UserID: admin, Identifier: ident, AmountCents: 2000}, Now: now})
				if err != nil || len(res.Parts) != 1 || res.Parts[0].ProviderRef != "ref_1" {
					t.Fatalf("reserve: %+v %v", res, err)
				}
				notify := func() checkout.Applied {
					a, err := db.Checkout().ApplyPayment(ctx, checkout.PaymentEvent{Provider: "simulated", Now: now, Payload: "{}",
						Notification: payment.Notification{EventID: "evt_r1", ProviderRef: "ref_1", Outcome: payment.Refunded, AmountCents: 2000}})
					if err != nil {
						t.Fatal(err)
					}
					return a
				}
				settle := func() billing.RefundResult {
					out, err := b.SettleRefund(ctx, billing.Settlement{CompanyID: f.CompanyID, BookingID: booking, UserID: admin, Now: now,
						Outcomes: []billing.PartOutcome{{RefundID: res.Parts[0].RefundID, AmountCents: 2000, Provider: "simulated", ProviderRefundID: "evt_r1"}}})
					if err != nil {
						t.Fatal(err)
					}
					return out
				}
				if notifiedFirst {
					notify()
					if out := settle(); out.RefundedCents != 2000 || out.RemainingCents != 3000 {
						t.Errorf("settled %+v", out)
					}
				} else {
					settle()
					if a := notify(); !a.Duplicate {
						t.Errorf("the notification of a recorded staff refund was applied again: %+v", a)
					}
				}
				if again := settle(); again.RefundedCents != 0 {
					t.Errorf("settling twice refunded %d again", again.RefundedCents)
				}
				var n, sum, by int64
				var status string
				err = db.Read(ctx, func(tx *store.Tx) error {
					if err := tx.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(amount_cents), 0), COALESCE(MAX(created_by), 0)
						FROM payment_entries WHERE booking_id = ? AND kind = 'refund'`, booking).Scan(&n, &sum, &by); err != nil {
						return err
					}
					return tx.QueryRow(ctx, `SELECT status FROM payments WHERE booking_id = ?`, booking).Scan(&status)
				})
				if err != nil {
					t.Fatal(err)
				}
				if n != 1 || sum != -2000 || by != admin || status != "partially_refunded" {
					t.Errorf("ledger: %d entries summing %d by %d; payment %s", n, sum, by, status)
				}
			})
		}
	}
}

// Billing queries are scoped by company: another company's range is empty, and a refund named with
// another company is not found.
func TestBillingIsScopedByCompany(t *testing.T) {
	t.Parallel()
	for _, engine := range storetest.Engines {
		t.Run(string(engine), func(t *testing.T) {
			ctx := context.Background()
			db := storetest.Open(t, engine)
			a := storetest.NewFixture(t, db, storetest.FixtureOptions{})
			other := storetest.NewFixture(t, db, storetest.FixtureOptions{Token: "other", PublicKey: "other"})
			now := time.UnixMilli(1_780_000_000_000)
			ident, _, admin := billingSale(t, db, a, now)
			from, to := now.Add(-time.Hour), now.Add(time.Hour)
			if rows, err := db.Billing().Sales(ctx, a.CompanyID, from, to); err != nil || len(rows) != 1 || rows[0].AmountCents != 5000 {
				t.Fatalf("own sales: %+v %v", rows, err)
			}
			if rows, err := db.Billing().Sales(ctx, other.CompanyID, from, to); err != nil || len(rows) != 0 {
				t.Errorf("another company sees %d rows (%v)", len(rows), err)
			}
			_, err := db.Billing().ReserveRefund(ctx, billing.Reservation{RefundRequest: billing.RefundRequest{CompanyID: other.CompanyID,
				UserID: admin, Identifier: ident, AmountCents: 100}, Now: now})
			if !apperr.Is(err, apperr.NotFound) {
				t.Errorf("another company's refund of the sale: %v, want not found", err)
			}
		})
	}
}
