package demo

import (
	"context"
	"fmt"

	"pitlane/internal/store"
)

// companyContact is a demo circuit's postal address (the .ics LOCATION, what a map app needs), the
// address its mails' Reply-To carries, so that a customer's reply reaches the circuit, and the address
// the phone customers call (the cancel page shows it when a booking can no longer be cancelled online),
// and the address its visitors' problem reports go to (so that a report shows in the dev mail page).
type companyContact struct{ address, email, phone, problems string }

// demoContacts are the demo circuits' contacts, by company name. The .example domains receive nothing;
// in development every mail lands in the dev mail page anyway.
var demoContacts = map[string]companyContact{
	nameNorte:   {"Carretera de la Costa 12, 39300 Torrelavega, Cantabria, España", "reservas@circuitonorte.example", "+34 942 12 34 56", "incidencias@circuitonorte.example"},
	nameFjord:   {"Fjordvej 8, 4000 Roskilde, Danmark", "booking@fjordkarting.example", "+45 46 12 34 56", "fejl@fjordkarting.example"},
	nameVattern: {"Vätterstranden 4, 561 34 Huskvarna, Sverige", "bokning@vatternkarting.example", "+46 36 12 34 56", "fel@vatternkarting.example"},
}

// seedContacts sets the demo companies' address and contact e-mail (also on a database seeded before
// they existed), ids being the seeded companies by name.
func seedContacts(ctx context.Context, tx *store.Tx, ids map[string]int64) error {
	for name, id := range ids {
		c, ok := demoContacts[name]
		if !ok {
			continue
		}
		if err := tx.SetCompanyContact(ctx, id, c.address, c.email, c.phone); err != nil {
			return fmt.Errorf("demo: %s contact: %w", name, err)
		}
		// The problem-report address, unless the company already has one (staff may have set their own).
		if _, err := tx.Exec(ctx, `INSERT INTO company_notify_emails (company_id, kind, email)
			SELECT ?, 'problem', ? WHERE NOT EXISTS
				(SELECT 1 FROM company_notify_emails WHERE company_id = ? AND kind = 'problem')`, id, c.problems, id); err != nil {
			return fmt.Errorf("demo: %s problem address: %w", name, err)
		}
	}
	return nil
}
