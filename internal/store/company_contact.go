package store

import (
	"context"

	"pitlane/internal/apperr"
)

// SetCompanyContact sets the company's postal address (the calendar entries' LOCATION), contact
// e-mail (the Reply-To of its mails) and contact phone (international form, "+34 942 123 456"; what
// the cancel page and mails give a customer who can no longer cancel online). Returns ENOTFOUND when
// the company does not exist.
func (t *Tx) SetCompanyContact(ctx context.Context, companyID int64, address, email, phone string) error {
	res, err := t.Exec(ctx, `UPDATE companies SET address = ?, contact_email = ?, contact_phone = ? WHERE id = ?`,
		address, email, phone, companyID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = apperr.New(apperr.NotFound, "No such company.")
		}
		return err
	}
	return nil
}
