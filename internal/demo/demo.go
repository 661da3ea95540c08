// Package demo seeds a database with three demo circuits worth looking at: "Circuito Norte" (Spanish,
// euros, online payment, advertising) and "Fjord Karting" (Danish, kroner, pay at the circuit), each
// with an installation, circuits, products, a pack, discount codes, upcoming events, a landing page
// and terms, and "Vättern Karting" (Swedish, kronor, voucher mode: it sells gift vouchers with no
// session, paid at the circuit), plus their admin users.
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

// Seed writes the demo data into db in one write transaction (see the package comment) and returns
// the demo companies and the admin logins with their new passwords.
func Seed(ctx context.Context, db *store.DB, clk clock.Clock) (Result, error) {
	now := clk.Now()
	specs := []companySpec{norte(), fjord(), vattern()}
	admins := demoAdmins()
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
		ids := map[string]int64{}
		for _, s := range specs {
			c, err := seedCompany(ctx, tx, s, now)
			if err != nil {
				return fmt.Errorf("demo: %s: %w", s.company.Name, err)
			}
			ids[c.Name] = c.ID
			res.Companies = append(res.Companies, c)
		}
		if err := seedContacts(ctx, tx, ids); err != nil {
			return err
		}
		for i, a := range admins {
			for _, name := range a.companies {
				_, _, err := tx.UpsertAdmin(ctx, account.NewAdmin{Email: a.email, Name: a.name,
					PasswordHash: hashes[i], CompanyID: ids[name], Role: a.role}, now, true)
				if err != nil {
					return fmt.Errorf("demo: admin %s: %w", a.email, err)
				}
			}
			res.Admins = append(res.Admins, AdminResult{Email: a.email, Password: passwords[i], Role: a.role,
				CompanyNames: append([]string(nil), a.companies...)})
		}
		return nil
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
