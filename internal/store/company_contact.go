package store

import (
	"context"

	"pitlane/internal/apperr"
)

// SetCompanyContact sets the company's postal address (the calendar entries' LOCATION) and contact
// e-mail (the Reply-To of its mails). Returns ENOTFOUND when the company does not exist.
func (t *Tx) SetCompanyContact(ctx context.Context, companyID int64, address, email string) error {
	res, err := t.Exec(ctx, `UPDATE companies SET address = ?, contact_email = ? WHERE id = ?`, address, email, companyID)
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
