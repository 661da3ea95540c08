// Package demo seeds a database with three demo circuits worth looking at: "Circuito Norte" (Spanish,
// euros, online payment, advertising) and "Fjord Karting" (Danish, kroner, pay at the circuit), each
// with an installation, circuits, products, a pack, discount codes, upcoming events, a landing page
// and terms, and "Vättern Karting" (Swedish, kronor, voucher mode: it sells gift vouchers with no
// session, paid at the circuit), plus their admin users. With Options.History (the demo commands) each
// company is also given a year of activity ending on the seeding day and two weeks of bookings ahead:
// bookings of every source (BOOKING, EVENT, LICENSING, EXTERNAL) with their drivers, members who book
// again and again, payments and refunds in the ledger (history.go, history_gen.go, history_sales.go).
//
// Seeding is idempotent. A demo company is recognised by its exact name ("Circuito Norte", "Fjord
// Karting", "Vättern Karting"): when a company of that name exists, nothing of it is written again.
// Only the admin users change on every run: each gets a new random password (returned in the Result,
// never fixed in code), whose argon2id hash replaces the stored one. Dates (special closing, events,
// expired codes) are computed from the clock at the first run, in each circuit's time zone.
package demo

import (
	"context"
	"fmt"
	"slices"

	"pitlane/internal/account"
	"pitlane/internal/clock"
	"pitlane/internal/store"
)

// Result tells what the demo consists of and how to log in.
type Result struct {
	Companies []CompanyResult
	Admins    []AdminResult
}

// CompanyResult is one demo company.
type CompanyResult struct {
	ID        int64
	Name      string
	PublicKey string // the booking page is /{PublicKey}
	Culture   string // default culture, e.g. "es-ES"
	Created   bool   // this run created it (false: it existed and was left as it was)
}

// AdminResult is one demo admin user and the password this run gave it.
type AdminResult struct {
	Email        string
	Password     string
	Role         account.Role
	CompanyNames []string
}

// demoAdmin is an admin user of the demo and the companies (by name) it has its role in.
type demoAdmin struct {
	email, name string
	role        account.Role
	companies   []string
}

func demoAdmins() []demoAdmin {
	return []demoAdmin{
		{"admin@circuitonorte.example", "Lucía Fernández", account.RoleAdmin, []string{nameNorte}},
		{"admin@fjordkarting.example", "Mads Kristensen", account.RoleAdmin, []string{nameFjord}},
		{"admin@vatternkarting.example", "Elsa Lindqvist", account.RoleAdmin, []string{nameVattern}},
		{"super@pitlane.example", "Pitlane Support", account.RoleSuperAdmin, []string{nameNorte, nameFjord, nameVattern}},
	}
}

// Options tune what Seed writes; the zero value is the demo.
type Options struct {
	// Companies are the names of the demo companies to seed; empty is all three.
	Companies []string
	// History gives every company this run creates a year of activity ending today and two weeks
	// of bookings ahead (history.go): what `pitlane serve --demo` and `pitlane demo` show. Without it
	// only the catalogue is written (tests of the customer side count on its untouched stock).
	History bool
	// HistoryBookings is how many past bookings (source BOOKING) each created company gets over the
	// year; 0 is the demo's own volume (a few thousand).
	HistoryBookings int
	// MaxParticipants, when above 0, is every session's capacity (installation max_participants), so a
	// large history has room.
	MaxParticipants int
	// MaxDaysBooking, when above 0, replaces the installations' max_days_booking (the back office's
	// query range limit follows it).
	MaxDaysBooking int
}

// Seed writes the demo data into db in one write transaction (see the package comment) and returns
// the demo companies and the admin logins with their new passwords. It writes no history: the demo
// commands call SeedWith with Options.History.
func Seed(ctx context.Context, db *store.DB, clk clock.Clock) (Result, error) {
	return SeedWith(ctx, db, clk, Options{})
}

// SeedWith is Seed with options: load tests seed one company with a larger history.
func SeedWith(ctx context.Context, db *store.DB, clk clock.Clock, o Options) (Result, error) {
	now := clk.Now()
	var specs []companySpec
	for _, s := range []companySpec{norte(), fjord(), vattern()} {
		if len(o.Companies) == 0 || slices.Contains(o.Companies, s.company.Name) {
			if o.MaxParticipants > 0 {
				s.installation.maxParticipants = o.MaxParticipants
			}
			if o.MaxDaysBooking > 0 {
				s.installation.maxDaysBooking = o.MaxDaysBooking
			}
			specs = append(specs, s)
		}
	}
	if len(specs) == 0 {
		return Result{}, fmt.Errorf("demo: no demo company named %q", o.Companies)
	}
	var admins []demoAdmin
	for _, a := range demoAdmins() {
		a.companies = slices.DeleteFunc(a.companies, func(name string) bool {
			return !slices.ContainsFunc(specs, func(s companySpec) bool { return s.company.Name == name })
		})
		if len(a.companies) > 0 {
			admins = append(admins, a)
		}
	}
	// Hash before the transaction: argon2id takes a while and the write lock should not wait on it.
	passwords := make([]string, len(admins))
	hashes := make([]string, len(admins))
	for i := range admins {
		passwords[i] = account.GeneratePassword()
		h, err := account.HashPassword(passwords[i])
		if err != nil {
			return Result{}, err
		}
		hashes[i] = h
	}
	var res Result
	err := db.Write(ctx, func(tx *store.Tx) error {
		res = Result{} // a retried transaction starts over
		// The history is written by multi-row INSERTs; the age rollups are built once at the end.
		if err := tx.PauseAgeRollups(ctx); err != nil {
			return err
		}
		ids := map[string]int64{}
		created := map[string]*seeder{}
		for _, s := range specs {
			c, sd, err := seedCompany(ctx, tx, s, now)
			if err != nil {
				return fmt.Errorf("demo: %s: %w", s.company.Name, err)
			}
			ids[c.Name] = c.ID
			created[c.Name] = sd
			res.Companies = append(res.Companies, c)
		}
		if err := seedContacts(ctx, tx, ids); err != nil {
			return err
		}
		staff := map[string]int64{} // the company's own admin, who made its refunds
		for i, a := range admins {
			for _, name := range a.companies {
				u, _, err := tx.UpsertAdmin(ctx, account.NewAdmin{Email: a.email, Name: a.name,
					PasswordHash: hashes[i], CompanyID: ids[name], Role: a.role}, now, true)
				if err != nil {
					return fmt.Errorf("demo: admin %s: %w", a.email, err)
				}
				if _, ok := staff[name]; !ok || a.role == account.RoleAdmin {
					staff[name] = u.ID
				}
			}
			res.Admins = append(res.Admins, AdminResult{Email: a.email, Password: passwords[i], Role: a.role,
				CompanyNames: append([]string(nil), a.companies...)})
		}
		for _, s := range specs {
			sd := created[s.company.Name]
			if sd == nil || !o.History {
				continue
			}
			n := o.HistoryBookings
			if n == 0 {
				n = defaultHistoryBookings[s.company.Name]
			}
			if err := sd.history(ids[s.company.Name], s, sd.capacity, n, staff[s.company.Name]); err != nil {
				return fmt.Errorf("demo: %s: history: %w", s.company.Name, err)
			}
		}
		seeded := make([]int64, 0, len(res.Companies))
		for _, c := range res.Companies {
			seeded = append(seeded, c.ID)
		}
		return tx.RebuildAgeRollups(ctx, seeded)
	})
	if err != nil {
		return Result{}, err
	}
	// Bookings written directly by the seeding get their short reference here.
	if _, err := db.BackfillReferences(ctx); err != nil {
		return Result{}, err
	}
	return res, nil
}
