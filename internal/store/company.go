package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"pitlane/internal/company"
)

// Companies is the companies (tenants) as the customer side reads them: by key or id, their landing
// buttons and terms (company.Store, terms.Store).
type Companies struct{ db *DB }

// Companies returns the store of this aggregate.
func (db *DB) Companies() Companies { return Companies{db} }

// companyColumns is the column list scanCompany reads, in order.
const companyColumns = `id, name, public_key, token, default_culture, country, currency, currency_symbol,
	time_zone, logo, footer_image, primary_color, secondary_color, feature_licences, payments_active,
	payment_provider, voucher_mode, enable_grouped_products, show_events_in_booking, show_emails,
	email_optional, show_users_available, max_participants, max_slots_booking, cancel_booking_max_days,
	is_refund_enabled, publi, web_url, newsletter_url, whatsapp_info, created_at, updated_at,
	COALESCE(kiosk_language, ''), kiosk_idle_seconds, waitlist_enabled`

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

func scanCompany(s scanner) (company.Company, error) {
	var c company.Company
	var publi string
	var created, updated int64
	err := s.Scan(&c.ID, &c.Name, &c.PublicKey, &c.Token, &c.DefaultCulture, &c.Country, &c.Currency,
		&c.CurrencySymbol, &c.TimeZone, &c.Logo, &c.FooterImage, &c.PrimaryColor, &c.SecondaryColor,
		&c.FeatureLicences, &c.PaymentsActive, &c.PaymentProvider, &c.VoucherMode, &c.EnableGroupedProducts,
		&c.ShowEventsInBooking, &c.ShowEmails, &c.EmailOptional, &c.ShowUsersAvailable, &c.MaxParticipants,
		&c.MaxSlotsBooking, &c.CancelBookingMaxDays, &c.IsRefundEnabled, &publi, &c.WebURL,
		&c.NewsletterURL, &c.WhatsappInfo, &created, &updated, &c.KioskLanguage, &c.KioskIdleSeconds, &c.WaitlistEnabled)
	if err != nil {
		return company.Company{}, translate(err)
	}
	if publi != "" {
		if err := json.Unmarshal([]byte(publi), &c.Publi); err != nil {
			return company.Company{}, fmt.Errorf("company %d: publi is not valid JSON: %w", c.ID, err)
		}
	}
	c.CreatedAt, c.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return c, nil
}

// CompanyByKey returns the company whose public key is key. Returns apperr.NotFound if there is none.
func (cs Companies) CompanyByKey(ctx context.Context, key string) (company.Company, error) {
	var c company.Company
	err := cs.db.Read(ctx, func(tx *Tx) error {
		var err error
		c, err = scanCompany(tx.QueryRow(ctx, `SELECT `+companyColumns+` FROM companies WHERE public_key = ?`, key))
		return err
	})
	return c, err
}

// CompanyByID returns the company with the id. Returns apperr.NotFound if there is none.
func (cs Companies) CompanyByID(ctx context.Context, id int64) (company.Company, error) {
	var c company.Company
	err := cs.db.Read(ctx, func(tx *Tx) error {
		var err error
		c, err = tx.CompanyByID(ctx, id)
		return err
	})
	return c, err
}

// CompanyByID returns the company with the id inside the transaction. Returns apperr.NotFound if
// there is none.
func (t *Tx) CompanyByID(ctx context.Context, id int64) (company.Company, error) {
	return scanCompany(t.QueryRow(ctx, `SELECT `+companyColumns+` FROM companies WHERE id = ?`, id))
}

// Companies returns every company ordered by id.
func (cs Companies) Companies(ctx context.Context) ([]company.Company, error) {
	var out []company.Company
	err := cs.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+companyColumns+` FROM companies ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanCompany(rows)
			if err != nil {
				return err
			}
			out = append(out, c)
		}
		return rows.Err()
	})
	return out, err
}

// CompanyIDsByName returns the ids of the companies named name, lowest first.
func (t *Tx) CompanyIDsByName(ctx context.Context, name string) ([]int64, error) {
	rows, err := t.Query(ctx, `SELECT id FROM companies WHERE name = ? ORDER BY id`, name)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// InsertCompany writes c as a new company and sets c.ID, c.CreatedAt and c.UpdatedAt (to now).
// Returns apperr.Conflict if its public key or token is taken.
func (t *Tx) InsertCompany(ctx context.Context, c *company.Company, now time.Time) error {
	if err := company.CheckCompanyLinks(*c); err != nil {
		return err
	}
	publi, err := json.Marshal(c.Publi)
	if err != nil {
		return err
	}
	ms := now.UnixMilli()
	err = t.QueryRow(ctx, `INSERT INTO companies (name, public_key, token, default_culture, country, currency,
		currency_symbol, time_zone, logo, footer_image, primary_color, secondary_color, feature_licences,
		payments_active, payment_provider, voucher_mode, enable_grouped_products, show_events_in_booking,
		show_emails, email_optional, show_users_available, max_participants, max_slots_booking,
		cancel_booking_max_days, is_refund_enabled, publi, web_url, newsletter_url, whatsapp_info,
		created_at, updated_at, kiosk_language, kiosk_idle_seconds)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		c.Name, c.PublicKey, c.Token, c.DefaultCulture, c.Country, c.Currency, c.CurrencySymbol, c.TimeZone,
		c.Logo, c.FooterImage, c.PrimaryColor, c.SecondaryColor, flag(c.FeatureLicences),
		flag(c.PaymentsActive), c.PaymentProvider, flag(c.VoucherMode), flag(c.EnableGroupedProducts),
		flag(c.ShowEventsInBooking), flag(c.ShowEmails), flag(c.EmailOptional), flag(c.ShowUsersAvailable),
		c.MaxParticipants, c.MaxSlotsBooking, c.CancelBookingMaxDays, flag(c.IsRefundEnabled), string(publi),
		c.WebURL, c.NewsletterURL, c.WhatsappInfo, ms, ms, nullable(c.KioskLanguage), company.KioskIdleOf(*c)).Scan(&c.ID)
	if err != nil {
		return translate(err)
	}
	c.CreatedAt, c.UpdatedAt = time.UnixMilli(ms).UTC(), time.UnixMilli(ms).UTC()
	return nil
}

// LandingButtons returns the company's landing buttons ordered by position, then id.
func (cs Companies) LandingButtons(ctx context.Context, companyID int64) ([]company.LandingButton, error) {
	var out []company.LandingButton
	err := cs.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT title, link, is_new, is_disabled, category, options
			FROM landing_buttons WHERE company_id = ? ORDER BY position, id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var b company.LandingButton
			var options sql.NullString
			if err := rows.Scan(&b.Title, &b.Link, &b.IsNew, &b.IsDisabled, &b.Category, &options); err != nil {
				return err
			}
			if options.Valid && options.String != "" && options.String != "null" {
				if !json.Valid([]byte(options.String)) {
					return fmt.Errorf("landing button %q of company %d: options is not valid JSON", b.Title, companyID)
				}
				b.Options = json.RawMessage(options.String)
			}
			out = append(out, b)
		}
		return rows.Err()
	})
	return out, err
}

// InsertLandingButton adds a button at position to the company's landing page.
// Returns apperr.Unprocessable if its link is not an http(s) address or a path on this site.
func (t *Tx) InsertLandingButton(ctx context.Context, companyID int64, b company.LandingButton, position int) error {
	if err := company.CheckLink("link", b.Link); err != nil {
		return err
	}
	var options *string
	if len(b.Options) > 0 {
		s := string(b.Options)
		options = &s
	}
	_, err := t.Exec(ctx, `INSERT INTO landing_buttons (company_id, title, link, category, is_new, is_disabled,
		options, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		companyID, b.Title, b.Link, b.Category, flag(b.IsNew), flag(b.IsDisabled), options, position)
	return err
}

// flag writes a bool as the schema's INTEGER 0/1.
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
