package demo

import (
	"context"
	"fmt"

	"pitlane/internal/store"
)

// companyContact is a demo circuit's postal address (the .ics LOCATION, what a map app needs) and the
// address its mails' Reply-To carries, so that a customer's reply reaches the circuit.
type companyContact struct{ address, email string }

// demoContacts are the demo circuits' contacts, by company name. The .example domains receive nothing;
// in development every mail lands in the dev mail page anyway.
var demoContacts = map[string]companyContact{
	nameNorte:   {"Carretera de la Costa 12, 39300 Torrelavega, Cantabria, España", "reservas@circuitonorte.example"},
	nameFjord:   {"Fjordvej 8, 4000 Roskilde, Danmark", "booking@fjordkarting.example"},
	nameVattern: {"Vätterstranden 4, 561 34 Huskvarna, Sverige", "bokning@vatternkarting.example"},
}

// seedContacts sets the demo companies' address and contact e-mail (also on a database seeded before
// they existed), ids being the seeded companies by name.
func seedContacts(ctx context.Context, tx *store.Tx, ids map[string]int64) error {
	for name, id := range ids {
		c, ok := demoContacts[name]
		if !ok {
			continue
		}
		if err := tx.SetCompanyContact(ctx, id, c.address, c.email); err != nil {
			return fmt.Errorf("demo: %s contact: %w", name, err)
		}
	}
	return nil
}
