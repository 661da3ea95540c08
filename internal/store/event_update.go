package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/event"
	"pitlane/internal/pricing"
)

// An event's version (the event form's staleness check, issue 25) is the later of the event's and its
// ticket's updated_at: a save of either (here, or of the ticket in the catalogue) changes it, and an edit
// sets both to a value above the version it was based on, so two saves in one millisecond still differ.

// FullEvent implements event.EditStore.
func (es Events) FullEvent(ctx context.Context, companyID, id int64, now time.Time) (event.FullEvent, error) {
	var out event.FullEvent
	err := es.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, err = fullEvent(ctx, tx, companyID, id, now.UnixMilli())
		return err
	})
	return out, err
}

// fullEvent reads the company's event as the event form edits it. Returns apperr.NotFound if the
// company has no such event.
func fullEvent(ctx context.Context, tx *Tx, companyID, id, now int64) (event.FullEvent, error) {
	var out event.FullEvent
	var team, landing int
	err := tx.QueryRow(ctx, `SELECT id, public_key, name, team, date_start, date_end, template_html, add_to_landing, updated_at
		FROM events WHERE id = ? AND company_id = ?`, id, companyID).Scan(&out.ID, &out.Key, &out.Event.Name, &team,
		&out.Event.DateIni, &out.Event.DateEnd, &out.TemplateHTML, &landing, &out.Version)
	if IsNoRows(err) {
		return out, apperr.New(apperr.NotFound, "No such event.")
	}
	if err != nil {
		return out, translate(err)
	}
	out.Event.TeamEvent, out.AddToLandingPage = team == 1, landing == 1
	out.Event.ProductData = json.RawMessage(`{}`)
	var productID, price, updated int64
	var maxStock sql.NullInt64
	var data string
	err = tx.QueryRow(ctx, `SELECT id, id_local, price_cents, max_stock, data, updated_at FROM products
		WHERE event_id = ? AND kind = 'EVENT' AND deleted_at IS NULL ORDER BY id LIMIT 1`, id).
		Scan(&productID, &out.Event.IDLocalProduct, &price, &maxStock, &data, &updated)
	switch {
	case IsNoRows(err): // an event without a ticket: nothing to sell, nothing taken
	case err != nil:
		return out, translate(err)
	default:
		out.Event.Price = pricing.Cents(price)
		if maxStock.Valid {
			out.Event.MaxStock = &maxStock.Int64
		}
		if json.Valid([]byte(data)) && strings.HasPrefix(strings.TrimSpace(data), "{") {
			out.Event.ProductData = json.RawMessage(data)
		}
		out.Version = max(out.Version, updated)
		if out.PlacesTaken, err = eventPlacesTaken(ctx, tx, productID, id, now); err != nil {
			return out, err
		}
	}
	cats, err := eventCategories(ctx, tx, id)
	if err != nil {
		return out, err
	}
	if len(cats) > 0 {
		out.Categorys = &event.FullCategory{Title: cats[0].Title, Excluding: cats[0].Excluding, Options: event.CategoryOptionsText(cats[0])}
	}
	var d event.FullDiscount
	var value int64
	var expires sql.NullString
	var limit sql.NullInt64
	err = tx.QueryRow(ctx, `SELECT code, value, expires_on, usage_limit FROM discount_codes
		WHERE event_id = ? AND company_id = ? ORDER BY id LIMIT 1`, id, companyID).Scan(&d.Code, &value, &expires, &limit)
	switch {
	case IsNoRows(err):
	case err != nil:
		return out, translate(err)
	default:
		d.Price = pricing.Cents(value)
		if expires.Valid {
			d.ExpirationDate = &expires.String
		}
		if limit.Valid {
			d.Stock = &limit.Int64
		}
		out.Discount = &d
	}
	return out, nil
}

// UpdateEvent implements event.EditStore. The event's row and its ticket's are locked first (on SQLite
// by the transaction's immediate write lock, on PostgreSQL by SELECT … FOR UPDATE, the lock a
// registration's hold takes on the ticket), so the version check, the count of places taken and the
// writes see no save or registration in between.
func (es Events) UpdateEvent(ctx context.Context, e event.EventEdit) error {
	return es.db.Write(ctx, func(tx *Tx) error {
		lock := `SELECT updated_at, data, landing_link FROM events WHERE id = ? AND company_id = ?`
		if tx.Engine() == Postgres {
			lock += ` FOR UPDATE`
		}
		var version int64
		var data string
		var link sql.NullString
		if err := tx.QueryRow(ctx, lock, e.ID, e.CompanyID).Scan(&version, &data, &link); err != nil {
			if IsNoRows(err) {
				return apperr.New(apperr.NotFound, "No such event.")
			}
			return translate(err)
		}
		ticket, err := lockEventTicket(ctx, tx, e.ID)
		if err != nil && apperr.CodeOf(err) != apperr.NotFound {
			return err
		}
		ms := e.At.UnixMilli()
		before, err := fullEvent(ctx, tx, e.CompanyID, e.ID, ms)
		if err != nil {
			return err
		}
		version = max(version, before.Version)
		if version != e.Version {
			return apperr.WithFields(apperr.Conflict, "Someone saved this event after you opened it; nothing was saved. Reopen it to see their changes.",
				map[string]string{"version": "the event was saved since this version"})
		}
		if ticket.ProductID != 0 && e.MaxStock != nil && *e.MaxStock < before.PlacesTaken {
			return apperr.WithFields(apperr.Conflict,
				"The event already has "+strconv.FormatInt(before.PlacesTaken, 10)+" places taken: its places cannot go below that.",
				map[string]string{"event.maxStock": "must be at least " + strconv.FormatInt(before.PlacesTaken, 10) + ", the places already taken"})
		}
		next := max(ms, version+1)
		if err := updateEventRow(ctx, tx, e, before, data, link, next); err != nil {
			return err
		}
		if ticket.ProductID != 0 {
			if _, err := tx.Exec(ctx, `UPDATE products SET name = ?, description = CASE WHEN description = ? THEN ? ELSE description END,
				id_local = ?, price_cents = ?, max_stock = ?, data = ?, updated_at = ? WHERE id = ?`,
				e.Name, before.Event.Name, e.Name, e.IDLocal, e.PriceCents, e.MaxStock, e.ProductData, next, ticket.ProductID); err != nil {
				return translate(err)
			}
			// Raised places (or unlimited ones) go to the event's waiting list before the commit.
			tx.noteEventFreed(e.ID, ms)
		}
		if err := replaceEventCategory(ctx, tx, e.ID, e.Category); err != nil {
			return err
		}
		if e.DateStart != before.Event.DateIni {
			if err := moveEventBookings(ctx, tx, e, ms); err != nil {
				return err
			}
		}
		return tx.InsertAudit(ctx, AuditEntry{CompanyID: e.CompanyID, UserID: e.ByID, UserEmail: e.ByEmail,
			Action: "event.update", Entity: "event", EntityID: strconv.FormatInt(e.ID, 10), At: e.At,
			Details: editChanges(before, e)})
	})
}

// updateEventRow writes the event's own columns: the event's data keeps its other keys and takes the
// ticket's checkbox text; an event put on the landing page for the first time gets a link to its page,
// shown as new, as a created one does.
func updateEventRow(ctx context.Context, tx *Tx, e event.EventEdit, before event.FullEvent, data string, link sql.NullString, next int64) error {
	m := map[string]any{}
	if err := json.Unmarshal([]byte(data), &m); err != nil || m == nil {
		m = map[string]any{}
	}
	if e.CheckboxText != "" {
		m["checkboxText"] = e.CheckboxText
	} else {
		delete(m, "checkboxText")
	}
	text, err := json.Marshal(m)
	if err != nil {
		return err
	}
	newLink, isNew := link, 0
	if e.AddToLanding && !link.Valid {
		newLink, isNew = sql.NullString{String: event.PagePath(before.Key), Valid: true}, 1
	}
	_, err = tx.Exec(ctx, `UPDATE events SET name = ?, date_start = ?, date_end = ?, starts_at = ?, ends_at = ?, template_html = ?,
		data = ?, add_to_landing = ?, landing_link = ?, landing_is_new = CASE WHEN ? = 1 THEN 1 ELSE landing_is_new END, updated_at = ?
		WHERE id = ? AND company_id = ?`,
		e.Name, e.DateStart, e.DateEnd, e.StartsAt.UnixMilli(), e.EndsAt.UnixMilli(), e.TemplateHTML, string(text),
		flag(e.AddToLanding), newLink, isNew, next, e.ID, e.CompanyID)
	return translate(err)
}

// replaceEventCategory puts c in place of the event's categories (their options go with them); nil
// leaves the event without one.
func replaceEventCategory(ctx context.Context, tx *Tx, eventID int64, c *event.Category) error {
	if _, err := tx.Exec(ctx, `DELETE FROM event_category_options WHERE category_id IN (SELECT id FROM event_categories WHERE event_id = ?)`, eventID); err != nil {
		return translate(err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM event_categories WHERE event_id = ?`, eventID); err != nil {
		return translate(err)
	}
	if c == nil {
		return nil
	}
	opts := make([]SeedEventOption, len(c.Options))
	for i, o := range c.Options {
		opts[i] = SeedEventOption{Name: o.Name, ShortName: o.ShortName, Checked: o.Checked, Disabled: o.Disabled}
	}
	_, err := tx.InsertEventCategory(ctx, eventID, c.Title, c.Excluding, opts)
	return err
}

// moveEventBookings moves the event's registrations' bookings and its waiting list to the new start,
// as moving a booking does (the KPI triggers follow first_starts_at).
func moveEventBookings(ctx context.Context, tx *Tx, e event.EventEdit, ms int64) error {
	day, at, _ := strings.Cut(e.DateStart, " ")
	if _, err := tx.Exec(ctx, `UPDATE bookings SET booking_date = ?, first_starts_at = ?, updated_at = ?
		WHERE id IN (SELECT booking_id FROM event_registrations WHERE event_id = ?)`, day, e.StartsAt.UnixMilli(), ms, e.ID); err != nil {
		return translate(err)
	}
	_, err := tx.Exec(ctx, `UPDATE waitlist_entries SET starts_at = ?, local_date = ?, local_time = ?, updated_at = ? WHERE session_key = ?`,
		e.StartsAt.UnixMilli(), day, at, ms, eventKey(e.ID))
	return translate(err)
}

// editChanges is the audit entry's details of an edit: each field that changed, before and after.
func editChanges(b event.FullEvent, e event.EventEdit) map[string]any {
	changes := map[string]any{}
	note := func(field string, before, after any) {
		bj, _ := json.Marshal(before)
		aj, _ := json.Marshal(after)
		if string(bj) != string(aj) {
			changes[field] = map[string]any{"before": before, "after": after}
		}
	}
	note("name", b.Event.Name, e.Name)
	note("price", int64(b.Event.Price), e.PriceCents)
	note("idLocalProduct", b.Event.IDLocalProduct, e.IDLocal)
	note("maxStock", b.Event.MaxStock, e.MaxStock)
	note("dateStart", b.Event.DateIni, e.DateStart)
	note("dateEnd", b.Event.DateEnd, e.DateEnd)
	note("addToLanding", b.AddToLandingPage, e.AddToLanding)
	var pd any
	_ = json.Unmarshal([]byte(e.ProductData), &pd)
	var bpd any
	_ = json.Unmarshal(b.Event.ProductData, &bpd)
	note("productData", bpd, pd)
	if b.TemplateHTML != e.TemplateHTML {
		changes["templateHtml"] = "changed"
	}
	var cat *event.FullCategory
	if e.Category != nil {
		cat = &event.FullCategory{Title: e.Category.Title, Excluding: e.Category.Excluding, Options: event.CategoryOptionsText(*e.Category)}
	}
	note("category", b.Categorys, cat)
	return map[string]any{"changes": changes, "version": b.Version}
}
