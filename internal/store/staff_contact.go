package store

import (
	"context"
	"strconv"
	"time"

	"pitlane/internal/checkout"
)

// UpdateContact implements checkout.StaffStore. The booking is locked (PostgreSQL: FOR UPDATE; SQLite:
// the write transaction), so the audit's "before" is what the edit replaced. The search keys follow
// (generated columns, migration 00030).
func (b Bookings) UpdateContact(ctx context.Context, companyID, bookingID int64, by checkout.Actor, now time.Time,
	validate func(country string) (checkout.ContactEdit, error)) (checkout.ContactEdit, error) {
	var out checkout.ContactEdit
	err := b.db.Write(ctx, func(tx *Tx) error {
		d, err := lockDeskBooking(ctx, tx, companyID, bookingID)
		if err != nil {
			return err
		}
		var before checkout.ContactEdit
		var country string
		if err := tx.QueryRow(ctx, `SELECT b.contact_name, COALESCE(b.contact_surname, ''), b.email, b.phone, c.country
			FROM bookings b JOIN companies c ON c.id = b.company_id WHERE b.id = ?`, d.id).Scan(
			&before.Name, &before.Surname, &before.Email, &before.Phone, &country); err != nil {
			return translate(err)
		}
		if out, err = validate(country); err != nil {
			return err
		}
		if out == before {
			return nil // nothing changed: nothing to write or audit
		}
		if _, err := tx.Exec(ctx, `UPDATE bookings SET contact_name = ?, contact_surname = ?, email = ?, phone = ?, updated_at = ?
			WHERE id = ?`, out.Name, nullable(out.Surname), out.Email, out.Phone, now.UnixMilli(), d.id); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "booking.contact", Entity: "booking", EntityID: strconv.FormatInt(d.id, 10), At: now,
			Details: map[string]any{"identifier": d.identifier, "before": before, "after": out}})
	})
	return out, err
}
