package store

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/company"
)

// CompanySettings is the Company tab's store (company.SettingsStore): columns of the companies row,
// the advertising switch inside its publi JSON, and the problem-report addresses of
// company_notify_emails.
type CompanySettings struct{ db *DB }

// CompanySettings returns the store of this aggregate.
func (db *DB) CompanySettings() CompanySettings { return CompanySettings{db} }

// CompanySettings implements company.SettingsStore.
func (cs CompanySettings) CompanySettings(ctx context.Context, companyID int64) (company.Settings, error) {
	var out company.Settings
	err := cs.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, _, _, err = tx.companySettings(ctx, companyID, false)
		return err
	})
	return out, err
}

// companySettings reads the settings, the publi JSON they were taken from and the public token,
// locking the row (PostgreSQL) when lock is set.
func (t *Tx) companySettings(ctx context.Context, companyID int64, lock bool) (company.Settings, string, string, error) {
	var s company.Settings
	var publi, token string
	q := `SELECT name, address, contact_email, currency, currency_symbol, time_zone, logo, is_refund_enabled,
		refund_max_days, payments_active, feature_licences, publi, token FROM companies WHERE id = ?`
	if lock && t.Engine() == Postgres {
		q += ` FOR UPDATE`
	}
	err := t.QueryRow(ctx, q, companyID).Scan(&s.Name, &s.Address, &s.ReplyTo, &s.Currency, &s.CurrencySymbol, &s.TimeZone,
		&s.Logo, &s.IsRefundEnabled, &s.RefundMaxDays, &s.PaymentsActive, &s.FeatureLicences, &publi, &token)
	if IsNoRows(err) {
		return s, "", "", apperr.New(apperr.NotFound, "No such company.")
	}
	if err != nil {
		return s, "", "", translate(err)
	}
	var p company.Publi
	if publi != "" {
		if err := json.Unmarshal([]byte(publi), &p); err != nil {
			return s, "", "", err
		}
	}
	s.AdvertisingActive = p.IsActive
	rows, err := t.Query(ctx, `SELECT email FROM company_notify_emails WHERE company_id = ? AND kind = 'problem' ORDER BY id`, companyID)
	if err != nil {
		return s, "", "", err
	}
	defer rows.Close()
	s.ReportEmails = []string{}
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return s, "", "", err
		}
		s.ReportEmails = append(s.ReportEmails, e)
	}
	return s, publi, token, rows.Err()
}

// UpdateCompanySettings implements company.SettingsStore.
func (cs CompanySettings) UpdateCompanySettings(ctx context.Context, companyID int64,
	apply func(company.Settings) (company.Settings, map[string]any, error), by company.Actor, at time.Time) (company.Settings, string, error) {
	var saved company.Settings
	var token string
	err := cs.db.Write(ctx, func(tx *Tx) error {
		cur, publi, tok, err := tx.companySettings(ctx, companyID, true)
		if err != nil {
			return err
		}
		next, changes, err := apply(cur)
		if err != nil {
			return err
		}
		saved = cur
		if len(changes) == 0 {
			return nil
		}
		if _, changed := changes["logo"]; changed && next.Logo != "" {
			sum, _ := company.LogoSum(next.Logo)
			var one int
			err := tx.QueryRow(ctx, `SELECT 1 FROM media WHERE company_id = ? AND sha256 = ? AND content_type = ?`,
				companyID, sum, catalog.ImageMediaType()).Scan(&one)
			if IsNoRows(err) {
				return apperr.WithFields(apperr.Unprocessable, "Some company settings break a rule; nothing was saved.",
					map[string]string{"logo": "Upload the logo here, or leave it empty."})
			}
			if err != nil {
				return translate(err)
			}
		}
		// The advertising switch lives in the publi JSON: rewritten only when the switch moves, with every
		// other key of it kept as stored.
		publiText := []byte(publi)
		if _, changed := changes["advertisingActive"]; changed {
			doc := map[string]json.RawMessage{}
			if publi != "" {
				if err := json.Unmarshal([]byte(publi), &doc); err != nil {
					return err
				}
			}
			doc["isActive"], _ = json.Marshal(next.AdvertisingActive)
			if publiText, err = json.Marshal(doc); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE companies SET name = ?, address = ?, contact_email = ?, currency = ?, currency_symbol = ?,
			time_zone = ?, logo = ?, is_refund_enabled = ?, refund_max_days = ?, payments_active = ?, feature_licences = ?,
			publi = ?, updated_at = ? WHERE id = ?`, next.Name, next.Address, next.ReplyTo, next.Currency, next.CurrencySymbol,
			next.TimeZone, next.Logo, flag(next.IsRefundEnabled), next.RefundMaxDays, flag(next.PaymentsActive), flag(next.FeatureLicences),
			string(publiText), at.UnixMilli(), companyID); err != nil {
			return translate(err)
		}
		if _, changed := changes["reportEmails"]; changed {
			if _, err := tx.Exec(ctx, `DELETE FROM company_notify_emails WHERE company_id = ? AND kind = 'problem'`, companyID); err != nil {
				return err
			}
			for _, e := range next.ReportEmails {
				if _, err := tx.Exec(ctx, `INSERT INTO company_notify_emails (company_id, kind, email) VALUES (?, 'problem', ?)`, companyID, e); err != nil {
					return translate(err)
				}
			}
		}
		if err := tx.InsertAudit(ctx, AuditEntry{CompanyID: companyID, UserID: by.UserID, UserEmail: by.Email,
			Action: "company.settings", Entity: "company", EntityID: strconv.FormatInt(companyID, 10), At: at,
			Details: changes}); err != nil {
			return err
		}
		saved, token = next, tok
		return nil
	})
	if err != nil {
		return company.Settings{}, "", err
	}
	return saved, token, nil
}
