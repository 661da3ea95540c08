package store

import (
	"context"
	"encoding/json"
	"fmt"

	"pitlane/internal/apperr"
	"pitlane/internal/schedule"
	"pitlane/internal/setup"
)

// Settings is the settings dialog's aggregate (setup.Store): an installation's booking settings and
// schedules, the company's booking switches, notification lists and settings version. Every query
// names the company.
type Settings struct{ db *DB }

// Settings returns the store of this aggregate.
func (db *DB) Settings() Settings { return Settings{db} }

// Config implements setup.Store.
func (s Settings) Config(ctx context.Context, companyID, installationID int64) (setup.Config, error) {
	var c setup.Config
	err := s.db.Read(ctx, func(tx *Tx) error {
		var err error
		c, err = settingsConfig(ctx, tx, companyID, installationID)
		return err
	})
	return c, err
}

func settingsConfig(ctx context.Context, tx *Tx, companyID, installationID int64) (setup.Config, error) {
	c := setup.Config{CompanyID: companyID}
	if installationID == 0 {
		var first *int64
		if err := tx.QueryRow(ctx, `SELECT MIN(id) FROM installations WHERE company_id = ?`, companyID).Scan(&first); err != nil {
			return c, translate(err)
		}
		if first == nil {
			return c, apperr.New(apperr.NotFound, "This company has no installation yet.")
		}
		installationID = *first
	}
	b := &c.Booking
	var refund, payments, showEmails, emailOptional, grouped, enable, limitEnabled int
	var limit *string
	var general, rules string
	err := tx.QueryRow(ctx, `SELECT c.token, c.settings_version, c.currency_symbol, c.name, c.default_culture, c.logo,
			c.contact_email, c.contact_phone, c.is_refund_enabled, c.payments_active, c.show_emails, c.email_optional, c.enable_grouped_products,
			c.max_slots_booking, i.id, i.name, i.time_zone, i.enable_booking, i.interval_minutes, i.opening_time,
			i.closing_time, i.max_participants, i.max_days_booking, i.disable_hours_booking, i.date_limit_enabled,
			i.date_limit_date, i.general_schedule, i.rules
		FROM companies c JOIN installations i ON i.company_id = c.id
		WHERE c.id = ? AND i.id = ?`, companyID, installationID).Scan(
		&c.CompanyToken, &c.Version, &c.CurrencySymbol, &c.CompanyName, &c.DefaultCulture, &c.Logo,
		&b.ContactEmail, &b.ContactPhone, &refund, &payments, &showEmails, &emailOptional, &grouped,
		&b.MaxSlotsBooking, &c.InstallationID, &c.InstallationName, &c.TimeZone, &enable, &b.Interval, &b.Opening,
		&b.Closing, &b.MaxParticipants, &b.MaxDaysBooking, &b.DisableHoursBooking, &limitEnabled,
		&limit, &general, &rules)
	if IsNoRows(err) {
		return c, apperr.New(apperr.NotFound, "This company has no installation with that id.")
	}
	if err != nil {
		return c, translate(err)
	}
	c.IsRefundEnabled, c.IsPaymentsActive = refund == 1, payments == 1
	b.ShowEmails, b.EmailOptional, b.EnableGroupedProducts, b.EnableBooking = showEmails == 1, emailOptional == 1, grouped == 1, enable == 1
	b.Opening, b.Closing = setup.HHMM(b.Opening), setup.HHMM(b.Closing)
	b.DateLimit.Enabled = limitEnabled == 1
	if limit != nil {
		b.DateLimit.Date = *limit
	}
	if err := json.Unmarshal([]byte(general), &b.GeneralSchedule); err != nil {
		return c, fmt.Errorf("installation %d general_schedule: %w", c.InstallationID, err)
	}
	if err := json.Unmarshal([]byte(rules), &b.Rules); err != nil {
		return c, fmt.Errorf("installation %d rules: %w", c.InstallationID, err)
	}
	if b.SpecialSchedule, err = specialRows(ctx, tx, c.InstallationID); err != nil {
		return c, err
	}
	if b.ConfirmationEmails, err = notifyEmails(ctx, tx, companyID, "confirmation"); err != nil {
		return c, err
	}
	if b.CancellationEmails, err = notifyEmails(ctx, tx, companyID, "cancellation"); err != nil {
		return c, err
	}
	rows, err := tx.Query(ctx, `SELECT id, name FROM installations WHERE company_id = ? ORDER BY id`, companyID)
	if err != nil {
		return c, err
	}
	defer rows.Close()
	for rows.Next() {
		var r setup.InstallationRef
		if err := rows.Scan(&r.ID, &r.Name); err != nil {
			return c, err
		}
		c.Installations = append(c.Installations, r)
	}
	return c, rows.Err()
}

func notifyEmails(ctx context.Context, tx *Tx, companyID int64, kind string) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT email FROM company_notify_emails WHERE company_id = ? AND kind = ? ORDER BY id`, companyID, kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// SaveConfig implements setup.Store: the version check is the first statement, a conditional
// UPDATE of the company row, so two saves based on the same version cannot both pass it.
func (s Settings) SaveConfig(ctx context.Context, r setup.Record) (int64, error) {
	var version int64
	b := r.Booking
	general, err := json.Marshal(jsonObject(b.GeneralSchedule))
	if err != nil {
		return 0, err
	}
	rules, err := json.Marshal(b.Rules)
	if err != nil {
		return 0, err
	}
	ms := r.At.UnixMilli()
	err = s.db.Write(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE companies SET settings_version = settings_version + 1, show_emails = ?,
				email_optional = ?, enable_grouped_products = ?, max_slots_booking = ?, contact_email = ?, contact_phone = ?,
				updated_at = ?
			WHERE id = ? AND settings_version = ?`, flag(b.ShowEmails), flag(b.EmailOptional), flag(b.EnableGroupedProducts),
			b.MaxSlotsBooking, b.ContactEmail, b.ContactPhone, ms, r.CompanyID, r.Version)
		if err != nil {
			return translate(err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return apperr.New(apperr.Conflict, "The settings were saved by someone else in the meantime.")
		}
		var limit any
		if b.DateLimit.Date != "" {
			limit = b.DateLimit.Date
		}
		res, err = tx.Exec(ctx, `UPDATE installations SET enable_booking = ?, interval_minutes = ?, opening_time = ?,
				closing_time = ?, max_participants = ?, max_days_booking = ?, disable_hours_booking = ?,
				date_limit_enabled = ?, date_limit_date = ?, general_schedule = ?, rules = ?, updated_at = ?
			WHERE id = ? AND company_id = ?`, flag(b.EnableBooking), b.Interval, b.Opening, b.Closing, b.MaxParticipants,
			b.MaxDaysBooking, b.DisableHoursBooking, flag(b.DateLimit.Enabled), limit, string(general), string(rules), ms,
			r.InstallationID, r.CompanyID)
		if err != nil {
			return translate(err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return apperr.New(apperr.NotFound, "This company has no installation with that id.")
		}
		if _, err := tx.Exec(ctx, `DELETE FROM special_schedules WHERE installation_id = ?`, r.InstallationID); err != nil {
			return err
		}
		for _, row := range b.SpecialSchedule {
			periods, err := json.Marshal(rangesOrEmpty(row.Schedule.Value))
			if err != nil {
				return err
			}
			if _, err := tx.InsertSpecialSchedule(ctx, SeedSpecialSchedule{InstallationID: r.InstallationID,
				DateFrom: row.Date[0], DateTo: row.Date[len(row.Date)-1], Closed: row.Schedule.Closed,
				Open24h: row.Schedule.Open24h, Periods: string(periods)}, r.At); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM company_notify_emails WHERE company_id = ? AND kind IN ('confirmation', 'cancellation')`,
			r.CompanyID); err != nil {
			return err
		}
		for kind, list := range map[string][]string{"confirmation": b.ConfirmationEmails, "cancellation": b.CancellationEmails} {
			for _, e := range list {
				if _, err := tx.Exec(ctx, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, ?, ?)`,
					r.CompanyID, kind, e); err != nil {
					return translate(err)
				}
			}
		}
		if err := tx.QueryRow(ctx, `SELECT settings_version FROM companies WHERE id = ?`, r.CompanyID).Scan(&version); err != nil {
			return err
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: r.CompanyID, UserID: r.Actor.UserID, UserEmail: r.Actor.Email,
			Action: "settings.save", Entity: "installation", EntityID: fmt.Sprint(r.InstallationID),
			Details: map[string]any{"changes": r.Changes, "version": version}, At: r.At})
	})
	return version, err
}

func jsonObject[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return m
}

func rangesOrEmpty(rs []schedule.Range) []schedule.Range {
	if rs == nil {
		return []schedule.Range{}
	}
	return rs
}

// VariantsAndCircuits implements setup.Store.
func (s Settings) VariantsAndCircuits(ctx context.Context, companyID int64) (setup.VariantsAndCircuits, error) {
	out := setup.VariantsAndCircuits{Variants: []setup.Variant{}, Circuits: []setup.Circuit{}}
	err := s.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT v.id, v.id_local, v.name, c.id, c.name, c.installation_id
			FROM variants v JOIN circuits c ON c.id = v.circuit_id
			WHERE v.company_id = ? ORDER BY c.name, v.name, v.id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var v setup.Variant
			if err := rows.Scan(&v.ID, &v.IDLocal, &v.Name, &v.CircuitID, &v.Circuit, &v.InstallationID); err != nil {
				return err
			}
			out.Variants = append(out.Variants, v)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		crows, err := tx.Query(ctx, `SELECT c.id, c.name, c.installation_id FROM circuits c
			JOIN installations i ON i.id = c.installation_id WHERE i.company_id = ? ORDER BY c.id`, companyID)
		if err != nil {
			return err
		}
		defer crows.Close()
		for crows.Next() {
			var c setup.Circuit
			if err := crows.Scan(&c.ID, &c.Name, &c.InstallationID); err != nil {
				return err
			}
			out.Circuits = append(out.Circuits, c)
		}
		return crows.Err()
	})
	return out, err
}
