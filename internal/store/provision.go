package store

import (
	"context"
	"time"

	"pitlane/internal/company"
	"pitlane/internal/setup"
)

// NewCompanySetup is what CreateCompany wrote: the company (with its id) and the ids of its one
// installation, circuit and circuit variant.
type NewCompanySetup struct {
	Company        company.Company
	InstallationID int64
	CircuitID      int64
	VariantID      int64
}

// CreateCompany writes, in one transaction, a new company (see company.NewCompany), its one
// installation named after it (the schema's default booking settings, no schedule yet: it offers no
// session until staff set the weekly schedule in the settings dialog), one circuit named circuit and
// that circuit's variant (id_local "1"), which the products of the settings dialog are raced on.
// This is all `pitlane admin create --new-company` needs to hand a circuit to its staff.
func (cs Companies) CreateCompany(ctx context.Context, c company.Company, circuit string, now time.Time) (NewCompanySetup, error) {
	out := NewCompanySetup{}
	err := cs.db.Write(ctx, func(tx *Tx) error {
		if err := tx.InsertCompany(ctx, &c, now); err != nil {
			return err
		}
		ms := now.UnixMilli()
		var err error
		// The booking settings a new company starts with are admin-side.md's defaults (setup's constants),
		// not the schema's column defaults (which older rows were written with).
		if out.InstallationID, err = tx.insertID(ctx, `INSERT INTO installations (company_id, name, time_zone,
			interval_minutes, opening_time, closing_time, max_participants, max_days_booking, disable_hours_booking,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id`, c.ID, c.Name, c.TimeZone,
			setup.DefaultIntervalMinutes, setup.DefaultOpeningTime, setup.DefaultClosingTime, setup.DefaultMaxParticipants,
			setup.DefaultMaxDaysBooking, ms, ms); err != nil {
			return err
		}
		if out.CircuitID, err = tx.InsertCircuit(ctx, out.InstallationID, circuit); err != nil {
			return err
		}
		if out.VariantID, err = tx.InsertVariant(ctx, c.ID, out.CircuitID, "1", circuit); err != nil {
			return err
		}
		out.Company = c
		return nil
	})
	return out, err
}
