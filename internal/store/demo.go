package store

import (
	"context"
	"encoding/json"
	"time"

	"pitlane/internal/catalog"
	"pitlane/internal/company"
	"pitlane/internal/event"
)

// This file holds insert helpers for rows that have no domain write path yet, so the demo seeder
// (internal/demo) can build a whole demo company inside one write transaction. The admin screens
// that later own these rows bring their own validated store methods.

// SeedInstallation is an installations row to insert. GeneralSchedule and Rules are JSON text in the
// admin settings' shape.
type SeedInstallation struct {
	CompanyID       int64
	Name            string
	TimeZone        string
	Interval        int // minutes
	Opening         string
	Closing         string // "HH:MM"
	MaxParticipants int
	MaxDaysBooking  int
	GeneralSchedule string
	Rules           string
}

// InsertInstallation inserts an installation and returns its id.
func (t *Tx) InsertInstallation(ctx context.Context, in SeedInstallation, now time.Time) (int64, error) {
	ms := now.UnixMilli()
	return t.insertID(ctx, `INSERT INTO installations (company_id, name, time_zone, interval_minutes,
		opening_time, closing_time, max_participants, max_days_booking, general_schedule, rules,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		in.CompanyID, in.Name, in.TimeZone, in.Interval, in.Opening, in.Closing, in.MaxParticipants,
		in.MaxDaysBooking, in.GeneralSchedule, in.Rules, ms, ms)
}

// SeedSpecialSchedule is a special_schedules row: local dates "YYYY-MM-DD" and periods as JSON text.
type SeedSpecialSchedule struct {
	InstallationID   int64
	DateFrom, DateTo string
	Closed, Open24h  bool
	Periods          string
}

// InsertSpecialSchedule inserts a special-schedule row and returns its id.
func (t *Tx) InsertSpecialSchedule(ctx context.Context, s SeedSpecialSchedule, now time.Time) (int64, error) {
	return t.insertID(ctx, `INSERT INTO special_schedules (installation_id, date_from, date_to, closed, open24h,
		periods, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		s.InstallationID, s.DateFrom, s.DateTo, flag(s.Closed), flag(s.Open24h), s.Periods, now.UnixMilli())
}

// InsertCircuit inserts a circuit (track) of an installation and returns its id.
func (t *Tx) InsertCircuit(ctx context.Context, installationID int64, name string) (int64, error) {
	return t.insertID(ctx, `INSERT INTO circuits (installation_id, name) VALUES (?, ?) RETURNING id`, installationID, name)
}

// InsertVariant inserts a circuit variant of a company and returns its id.
func (t *Tx) InsertVariant(ctx context.Context, companyID, circuitID int64, idLocal, name string) (int64, error) {
	return t.insertID(ctx, `INSERT INTO variants (company_id, circuit_id, id_local, name) VALUES (?, ?, ?, ?) RETURNING id`,
		companyID, circuitID, idLocal, name)
}

// InsertCategory inserts a product category (group) and returns its id.
func (t *Tx) InsertCategory(ctx context.Context, companyID int64, name string, now time.Time) (int64, error) {
	return t.insertID(ctx, `INSERT INTO categories (company_id, name, created_at) VALUES (?, ?, ?) RETURNING id`,
		companyID, name, now.UnixMilli())
}

// SeedProduct is a products row to insert; Data is JSON text.
type SeedProduct struct {
	CompanyID      int64
	Kind           catalog.Kind
	IDLocal, Name  string
	Description    *string
	Image          *string
	PriceCents     int64
	Inactive       bool
	MaxStock       *int64 // nil is unlimited
	IsDynamicPrice bool
	Data           string
	CategoryID     *int64
	VariantID      *int64
	EventID        *int64
	ExpirationDate *string // "YYYY-MM-DD"; nil never expires
	Position       int
}

// InsertProduct inserts a product, pack or event product and returns its id.
func (t *Tx) InsertProduct(ctx context.Context, p SeedProduct, now time.Time) (int64, error) {
	ms := now.UnixMilli()
	return t.insertID(ctx, `INSERT INTO products (company_id, kind, id_local, name, description, image, price_cents,
		is_active, max_stock, is_dynamic_price, data, category_id, variant_id, event_id, expiration_date,
		position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.CompanyID, string(p.Kind), p.IDLocal, p.Name, p.Description, p.Image, p.PriceCents, flag(!p.Inactive),
		p.MaxStock, flag(p.IsDynamicPrice), p.Data, p.CategoryID, p.VariantID, p.EventID, p.ExpirationDate,
		p.Position, ms, ms)
}

// InsertPackItems makes productIDs, in order, the sessions of the pack (positions 1, 2, …).
func (t *Tx) InsertPackItems(ctx context.Context, packID int64, productIDs []int64) error {
	for i, id := range productIDs {
		if _, err := t.Exec(ctx, `INSERT INTO pack_items (pack_id, product_id, position) VALUES (?, ?, ?)`,
			packID, id, i+1); err != nil {
			return err
		}
	}
	return nil
}

// SeedEvent is an events row: DateStart and DateEnd are local "YYYY-MM-DD HH:MM:SS", StartsAt and
// EndsAt the same instants; Data is JSON text.
type SeedEvent struct {
	CompanyID                       int64
	PublicKey, Name                 string
	Team                            bool
	DateStart, DateEnd              string
	StartsAt, EndsAt                time.Time
	TemplateHTML, Data              string
	AddToLanding                    bool
	LandingLink                     *string
	LandingIsNew, LandingIsDisabled bool
}

// InsertEvent inserts an event and returns its id. Its template is sanitised on the way in
// (event.SanitizeTemplate): admin-supplied HTML is rendered on public pages; its landing link must be a
// company.SafeLink (apperr.Unprocessable otherwise).
func (t *Tx) InsertEvent(ctx context.Context, e SeedEvent, now time.Time) (int64, error) {
	ms := now.UnixMilli()
	if e.LandingLink != nil {
		if err := company.CheckLink("landingLink", *e.LandingLink); err != nil {
			return 0, err
		}
	}
	e.TemplateHTML = event.SanitizeTemplate(e.TemplateHTML)
	return t.insertID(ctx, `INSERT INTO events (company_id, public_key, name, team, date_start, date_end, starts_at,
		ends_at, template_html, data, add_to_landing, landing_link, landing_is_new, landing_is_disabled,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		e.CompanyID, e.PublicKey, e.Name, flag(e.Team), e.DateStart, e.DateEnd, e.StartsAt.UnixMilli(),
		e.EndsAt.UnixMilli(), e.TemplateHTML, e.Data, flag(e.AddToLanding), e.LandingLink,
		flag(e.LandingIsNew), flag(e.LandingIsDisabled), ms, ms)
}

// SeedEventOption is one option of an event category.
type SeedEventOption struct {
	Name, ShortName   string
	Checked, Disabled bool
}

// InsertEventCategory inserts a category of an event with its options (in order) and returns its id.
func (t *Tx) InsertEventCategory(ctx context.Context, eventID int64, title string, excluding bool, options []SeedEventOption) (int64, error) {
	id, err := t.insertID(ctx, `INSERT INTO event_categories (event_id, title, excluding) VALUES (?, ?, ?) RETURNING id`,
		eventID, title, flag(excluding))
	if err != nil {
		return 0, err
	}
	for i, o := range options {
		if _, err := t.Exec(ctx, `INSERT INTO event_category_options (category_id, name, short_name, checked,
			disabled, position) VALUES (?, ?, ?, ?, ?, ?)`,
			id, o.Name, o.ShortName, flag(o.Checked), flag(o.Disabled), i+1); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// SeedDiscountCode is a discount_codes row. Kind is "PERCENT" (Value in whole percent) or "FIXED"
// (Value in cents); no ProductIDs means every product.
type SeedDiscountCode struct {
	CompanyID  int64
	Code, Kind string
	Value      int64
	ProductIDs []int64
	ExpiresOn  *string // local date "YYYY-MM-DD", the last valid day
	UsageLimit *int64
	EventID    *int64
}

// InsertDiscountCode inserts a discount code and returns its id. Returns apperr.Conflict if the
// company already has the code.
func (t *Tx) InsertDiscountCode(ctx context.Context, d SeedDiscountCode, now time.Time) (int64, error) {
	ids := d.ProductIDs
	if ids == nil {
		ids = []int64{}
	}
	products, err := json.Marshal(ids)
	if err != nil {
		return 0, err
	}
	return t.insertID(ctx, `INSERT INTO discount_codes (company_id, code, kind, value, product_ids, expires_on,
		usage_limit, event_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		d.CompanyID, d.Code, d.Kind, d.Value, string(products), d.ExpiresOn, d.UsageLimit, d.EventID, now.UnixMilli())
}

// InsertTerms stores the company's terms and conditions in a culture.
func (t *Tx) InsertTerms(ctx context.Context, companyID int64, culture, text string, now time.Time) error {
	_, err := t.Exec(ctx, `INSERT INTO terms (company_id, culture, text, updated_at) VALUES (?, ?, ?, ?)`,
		companyID, culture, text, now.UnixMilli())
	return err
}

// InsertAdvertisingImage stores one side-advertising image ("left"/"right", "default"/"eng").
func (t *Tx) InsertAdvertisingImage(ctx context.Context, companyID int64, side, lang, url string, hyperlink *string) error {
	_, err := t.Exec(ctx, `INSERT INTO advertising_images (company_id, side, lang, url, hyperlink) VALUES (?, ?, ?, ?, ?)`,
		companyID, side, lang, url, hyperlink)
	return err
}

func (t *Tx) insertID(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	if err := t.QueryRow(ctx, query, args...).Scan(&id); err != nil {
		return 0, translate(err)
	}
	return id, nil
}

// RowCounts returns the number of rows of every application table (goose's own table left out), for
// checks such as "seeding twice adds nothing".
func (db *DB) RowCounts(ctx context.Context) (map[string]int64, error) {
	out := map[string]int64{}
	err := db.Read(ctx, func(tx *Tx) error {
		q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version'`
		if tx.Engine() == Postgres {
			q = `SELECT table_name FROM information_schema.tables
				WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version'`
		}
		rows, err := tx.Query(ctx, q)
		if err != nil {
			return err
		}
		var tables []string
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				rows.Close()
				return err
			}
			tables = append(tables, name)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, name := range tables {
			var n int64
			// The names come from the database's own catalogue, not from input.
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+name).Scan(&n); err != nil {
				return translate(err)
			}
			out[name] = n
		}
		return nil
	})
	return out, err
}
