package demo_test

import (
	"context"
	"testing"
	"time"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/demo"
	"pitlane/internal/store"
	"pitlane/internal/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// seedTime is a Monday morning in spring; the demo's dates are computed from it.
var seedTime = time.Date(2026, 4, 6, 8, 30, 0, 0, time.UTC)

// seed seeds db (the catalogue, no history) with a manual clock at seedTime and returns the result and
// the clock.
func seed(t *testing.T, db *store.DB) (demo.Result, *clock.Manual) {
	return seedOptions(t, db, demo.Options{})
}

// seedOptions is seed with options (History: as the demo commands seed).
func seedOptions(t *testing.T, db *store.DB, o demo.Options) (demo.Result, *clock.Manual) {
	t.Helper()
	clk := clock.NewManual(seedTime)
	r, err := demo.SeedWith(context.Background(), db, clk, o)
	if err != nil {
		t.Fatalf("seed: %v", err)
	}
	return r, clk
}

// byName indexes the seeded companies by name.
func byName(r demo.Result) map[string]demo.CompanyResult {
	m := map[string]demo.CompanyResult{}
	for _, c := range r.Companies {
		m[c.Name] = c
	}
	return m
}

func TestSeedTwiceAddsNothingAndRenewsPasswords(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// A small history is enough to show the second run adds none (TestHistory seeds the full year).
		small := demo.Options{History: true, HistoryBookings: 200}
		first, _ := seedOptions(t, db, small)
		before, err := db.RowCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		second, _ := seedOptions(t, db, small)
		after, err := db.RowCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for table, n := range before {
			if after[table] != n {
				t.Errorf("table %s: %d rows after the first run, %d after the second", table, n, after[table])
			}
		}
		want := map[string]int64{"companies": 3, "installations": 3, "circuits": 5, "variants": 5,
			"special_schedules": 3, "categories": 3, "products": 18, "pack_items": 6, "events": 4,
			"event_categories": 2, "event_category_options": 6, "discount_codes": 6, "landing_buttons": 11,
			"terms": 6, "advertising_images": 4, "media": 22, "admin_users": 4, "memberships": 6}
		for table, n := range want {
			if before[table] != n {
				t.Errorf("table %s has %d rows, want %d", table, before[table], n)
			}
		}

		if len(first.Companies) != 3 || len(second.Companies) != 3 {
			t.Fatalf("companies: %+v / %+v", first.Companies, second.Companies)
		}
		for i, c := range second.Companies {
			f := first.Companies[i]
			if !f.Created || c.Created {
				t.Errorf("%s: Created %v then %v, want true then false", c.Name, f.Created, c.Created)
			}
			if c.ID != f.ID || c.PublicKey != f.PublicKey || c.Culture != f.Culture {
				t.Errorf("second run reports %+v, first %+v", c, f)
			}
		}

		if len(second.Admins) != 4 {
			t.Fatalf("admins: %+v", second.Admins)
		}
		for i, a := range second.Admins {
			old := first.Admins[i]
			if a.Email != old.Email || a.Password == old.Password || len(a.Password) < 16 {
				t.Errorf("admin %s: passwords %q then %q: want a new one of 16+ characters", a.Email, old.Password, a.Password)
			}
			hash, err := db.Admins().AdminPasswordHash(ctx, a.Email)
			if err != nil {
				t.Fatal(err)
			}
			if ok, err := account.CheckPassword(hash, a.Password); err != nil || !ok {
				t.Errorf("admin %s: the new password does not verify (%v, %v)", a.Email, ok, err)
			}
			if ok, _ := account.CheckPassword(hash, old.Password); ok {
				t.Errorf("admin %s: the previous run's password still works", a.Email)
			}
		}
	})
}

func TestSeedGivesAdminsTheirCompanies(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r, _ := seed(t, db)
		companies := byName(r)
		cases := map[string][]account.Membership{
			"admin@circuitonorte.example":  {{CompanyID: companies["Circuito Norte"].ID, CompanyName: "Circuito Norte", Role: account.RoleAdmin}},
			"admin@fjordkarting.example":   {{CompanyID: companies["Fjord Karting"].ID, CompanyName: "Fjord Karting", Role: account.RoleAdmin}},
			"admin@vatternkarting.example": {{CompanyID: companies["Vättern Karting"].ID, CompanyName: "Vättern Karting", Role: account.RoleAdmin}},
			"super@pitlane.example": {
				{CompanyID: companies["Circuito Norte"].ID, CompanyName: "Circuito Norte", Role: account.RoleSuperAdmin},
				{CompanyID: companies["Fjord Karting"].ID, CompanyName: "Fjord Karting", Role: account.RoleSuperAdmin},
				{CompanyID: companies["Vättern Karting"].ID, CompanyName: "Vättern Karting", Role: account.RoleSuperAdmin},
			},
		}
		for email, want := range cases {
			got, err := db.Admins().AdminMemberships(ctx, email)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%s: memberships %+v, want %+v", email, got, want)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s: membership %d is %+v, want %+v", email, i, got[i], want[i])
				}
			}
		}
		for _, a := range r.Admins {
			if a.Email == "super@pitlane.example" && (a.Role != account.RoleSuperAdmin || len(a.CompanyNames) != 3) {
				t.Errorf("superadmin result: %+v", a)
			}
		}
	})
}
