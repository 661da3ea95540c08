package account_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/apperr"
	"pitlane/internal/clock"
	"pitlane/internal/company"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// newCompanies inserts companies with the names and returns their ids.
func newCompanies(t *testing.T, db *store.DB, names ...string) []int64 {
	t.Helper()
	var ids []int64
	err := db.Write(context.Background(), func(tx *store.Tx) error {
		ids = ids[:0]
		for _, n := range names {
			c := company.Company{Name: n, PublicKey: company.NewPublicKey(), Token: company.NewToken(),
				DefaultCulture: "en-GB", Country: "GB", Currency: "GBP", CurrencySymbol: "£", TimeZone: "Europe/London",
				PrimaryColor: "#000000", SecondaryColor: "#ffffff", PaymentProvider: "simulated", MaxSlotsBooking: 3}
			if err := tx.InsertCompany(context.Background(), &c, time.Now()); err != nil {
				return err
			}
			ids = append(ids, c.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func TestCreateAdmin(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ids := newCompanies(t, db, "Alpha Karts", "Beta Raceway")
		svc := account.NewService(db.Admins(), clock.NewManual(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)))

		if err := svc.CreateAdmin(ctx, " Boss@Example.COM ", "Boss", "first-password-123", ids[0], "ADMIN"); err != nil {
			t.Fatal(err)
		}
		hash, err := db.Admins().AdminPasswordHash(ctx, "boss@example.com")
		if err != nil {
			t.Fatalf("the e-mail is not stored normalised: %v", err)
		}
		if ok, _ := account.CheckPassword(hash, "first-password-123"); !ok {
			t.Error("the stored hash does not verify the password")
		}

		// Twice for the same company changes nothing; the existing user keeps its password.
		if err := svc.CreateAdmin(ctx, "boss@example.com", "Boss", "other-password-456", ids[0], "ADMIN"); err != nil {
			t.Fatal(err)
		}
		// Another company adds a membership with its own role.
		if err := svc.CreateAdmin(ctx, "boss@example.com", "Boss", "other-password-456", ids[1], "SUPERADMIN"); err != nil {
			t.Fatal(err)
		}
		got, err := db.Admins().AdminMemberships(ctx, "boss@example.com")
		if err != nil {
			t.Fatal(err)
		}
		want := []account.Membership{
			{CompanyID: ids[0], CompanyName: "Alpha Karts", Role: account.RoleAdmin},
			{CompanyID: ids[1], CompanyName: "Beta Raceway", Role: account.RoleSuperAdmin},
		}
		if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("memberships %+v, want %+v", got, want)
		}
		hash2, _ := db.Admins().AdminPasswordHash(ctx, "boss@example.com")
		if hash2 != hash {
			t.Error("adding a membership changed the existing user's password")
		}
		counts, err := db.RowCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if counts["admin_users"] != 1 || counts["memberships"] != 2 {
			t.Errorf("rows: %d admin_users, %d memberships; want 1 and 2", counts["admin_users"], counts["memberships"])
		}
	})
}

func TestCreateAdminRejectsBadInput(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		ids := newCompanies(t, db, "Alpha Karts")
		svc := account.NewService(db.Admins(), clock.System{})
		cases := []struct {
			email, name, password string
			companyID             int64
			role                  string
			field                 string
		}{
			{"not-an-email", "A", "long-enough-password", ids[0], "ADMIN", "email"},
			{"a@example.com", "A", "long-enough-password", ids[0], "OWNER", "role"},
			{"a@example.com", "A", "long-enough-password", ids[0], "admin", "role"},
			{"a@example.com", "A", "short", ids[0], "ADMIN", "password"},
			{"a@example.com", "  ", "long-enough-password", ids[0], "ADMIN", "name"},
		}
		for _, c := range cases {
			err := svc.CreateAdmin(ctx, c.email, c.name, c.password, c.companyID, c.role)
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Code != apperr.Unprocessable || ae.Fields[c.field] == "" {
				t.Errorf("CreateAdmin(%q, %q, role %q) = %v; want unprocessable with a %s field error",
					c.email, c.name, c.role, err, c.field)
			}
		}
		err := svc.CreateAdmin(ctx, "a@example.com", "A", "long-enough-password", 9999, "ADMIN")
		if !apperr.Is(err, apperr.NotFound) {
			t.Errorf("unknown company: %v, want not found", err)
		}
		counts, _ := db.RowCounts(ctx)
		if counts["admin_users"] != 0 || counts["memberships"] != 0 {
			t.Errorf("rejected calls left rows: %v", counts)
		}
	})
}
