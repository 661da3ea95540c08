package store

import (
	"context"
	"database/sql"
	"strconv"

	"pitlane/internal/apperr"
	"pitlane/internal/catalog"
	"pitlane/internal/event"
)

// CreateEvent implements event.CreateStore: in one transaction the event (on the events landing with
// a link to its page when e.AddToLanding), its ticket (an EVENT product on the company's first circuit
// variant, if any), its category, its discount code (a FIXED amount valid for the ticket only) and the
// audit entry. Any failure — a discount code the company already has included — writes nothing.
func (es Events) CreateEvent(ctx context.Context, e event.NewEvent) (int64, error) {
	var eventID int64
	err := es.db.Write(ctx, func(tx *Tx) error {
		var link *string
		if e.AddToLanding {
			l := event.PagePath(e.Key)
			link = &l
		}
		var err error
		eventID, err = tx.InsertEvent(ctx, SeedEvent{CompanyID: e.CompanyID, PublicKey: e.Key, Name: e.Name, Team: e.Team,
			DateStart: e.DateStart, DateEnd: e.DateEnd, StartsAt: e.StartsAt, EndsAt: e.EndsAt,
			TemplateHTML: e.TemplateHTML, Data: e.Data, AddToLanding: e.AddToLanding, LandingLink: link,
			LandingIsNew: e.AddToLanding}, e.CreatedAt)
		if err != nil {
			return err
		}
		variant, position, err := tx.eventTicketPlace(ctx, e.CompanyID)
		if err != nil {
			return err
		}
		productID, err := tx.InsertProduct(ctx, SeedProduct{CompanyID: e.CompanyID, Kind: catalog.KindEvent, IDLocal: e.IDLocal,
			Name: e.Name, Description: &e.Name, PriceCents: e.PriceCents, MaxStock: e.MaxStock, Data: e.ProductData,
			VariantID: variant, EventID: &eventID, Position: position}, e.CreatedAt)
		if err != nil {
			return err
		}
		if c := e.Category; c != nil {
			opts := make([]SeedEventOption, len(c.Options))
			for i, o := range c.Options {
				opts[i] = SeedEventOption{Name: o.Name, ShortName: o.ShortName, Checked: o.Checked, Disabled: o.Disabled}
			}
			if _, err := tx.InsertEventCategory(ctx, eventID, c.Title, c.Excluding, opts); err != nil {
				return err
			}
		}
		details := map[string]any{"key": e.Key, "name": e.Name, "productId": productID, "price": e.PriceCents,
			"dateStart": e.DateStart, "dateEnd": e.DateEnd, "addToLanding": e.AddToLanding}
		if d := e.Discount; d != nil {
			if err := tx.insertEventDiscount(ctx, e, d, eventID, productID); err != nil {
				return err
			}
			details["discountCode"] = d.Code
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: e.CompanyID, UserID: e.CreatedByID, UserEmail: e.CreatedByEmail,
			Action: "event.create", Entity: "event", EntityID: strconv.FormatInt(eventID, 10), At: e.CreatedAt, Details: details})
	})
	return eventID, err
}

// eventTicketPlace is where a new event ticket goes: the company's first variant (nil without one) and
// the position after its last product.
func (t *Tx) eventTicketPlace(ctx context.Context, companyID int64) (*int64, int, error) {
	var variant sql.NullInt64
	err := t.QueryRow(ctx, `SELECT id FROM variants WHERE company_id = ? ORDER BY id LIMIT 1`, companyID).Scan(&variant)
	if err != nil && !IsNoRows(err) {
		return nil, 0, translate(err)
	}
	var last int
	if err := t.QueryRow(ctx, `SELECT COALESCE(MAX(position), 0) FROM products WHERE company_id = ?`, companyID).Scan(&last); err != nil {
		return nil, 0, translate(err)
	}
	if variant.Valid {
		return &variant.Int64, last + 1, nil
	}
	return nil, last + 1, nil
}

// insertEventDiscount writes the event's discount code. A code the company already has is
// apperr.Unprocessable naming discount.code (the whole creation is then rolled back).
func (t *Tx) insertEventDiscount(ctx context.Context, e event.NewEvent, d *event.NewDiscount, eventID, productID int64) error {
	var one int
	err := t.QueryRow(ctx, `SELECT 1 FROM discount_codes WHERE company_id = ? AND LOWER(code) = LOWER(?)`, e.CompanyID, d.Code).Scan(&one)
	if err == nil {
		return errCodeTaken()
	}
	if !IsNoRows(err) {
		return translate(err)
	}
	_, err = t.InsertDiscountCode(ctx, SeedDiscountCode{CompanyID: e.CompanyID, Code: d.Code, Kind: "FIXED", Value: d.AmountCents,
		ProductIDs: []int64{productID}, ExpiresOn: d.ExpiresOn, UsageLimit: d.UsageLimit, EventID: &eventID}, e.CreatedAt)
	if apperr.Is(err, apperr.Conflict) {
		return errCodeTaken()
	}
	return err
}

func errCodeTaken() error {
	return apperr.WithFields(apperr.Unprocessable, "The discount code is already in use.",
		map[string]string{"discount.code": "the company already has this code"})
}
