package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/event"
)

// Events is the companies' events and their registration holds (with Companies, event.Store: see EventSite).
type Events struct{ db *DB }

// Events returns the store of this aggregate.
func (db *DB) Events() Events { return Events{db} }

// eventColumns is the column list scanEvent reads, in order.
const eventColumns = `id, company_id, public_key, name, team, date_start, date_end, starts_at, ends_at,
	template_html, data, add_to_landing, landing_link, landing_is_new, landing_is_disabled`

func scanEvent(s scanner) (event.Event, error) {
	var e event.Event
	var team, onLanding, isNew, disabled int
	var starts, ends int64
	var data string
	var link sql.NullString
	err := s.Scan(&e.ID, &e.CompanyID, &e.Key, &e.Name, &team, &e.DateStart, &e.DateEnd, &starts, &ends,
		&e.TemplateHTML, &data, &onLanding, &link, &isNew, &disabled)
	if err != nil {
		return event.Event{}, translate(err)
	}
	if e.Data, err = event.ParseData(data); err != nil {
		return event.Event{}, fmt.Errorf("event %d: data is not valid JSON: %w", e.ID, err)
	}
	e.Team, e.AddToLanding = team == 1, onLanding == 1
	e.StartsAt, e.EndsAt = time.UnixMilli(starts).UTC(), time.UnixMilli(ends).UTC()
	e.Landing = event.LandingLink{Link: link.String, IsNew: isNew == 1, IsDisabled: disabled == 1}
	return e, nil
}

// EventsBetween implements event.Store.
func (es Events) EventsBetween(ctx context.Context, companyID int64, from, to time.Time) ([]event.Event, error) {
	out := []event.Event{}
	err := es.db.Read(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+eventColumns+` FROM events
			WHERE company_id = ? AND starts_at < ? AND ends_at > ? ORDER BY starts_at, id`,
			companyID, to.UnixMilli(), from.UnixMilli())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			e, err := scanEvent(rows)
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return rows.Err()
	})
	return out, err
}

// EventByKey implements event.Store.
func (es Events) EventByKey(ctx context.Context, key string, now time.Time) (event.Detail, error) {
	return es.db.eventDetail(ctx, `public_key = ?`, key, now)
}

// EventByID implements event.Store.
func (es Events) EventByID(ctx context.Context, id int64, now time.Time) (event.Detail, error) {
	return es.db.eventDetail(ctx, `id = ?`, id, now)
}

func (db *DB) eventDetail(ctx context.Context, where string, arg any, now time.Time) (event.Detail, error) {
	var d event.Detail
	err := db.Read(ctx, func(tx *Tx) error {
		var err error
		if d.Event, err = scanEvent(tx.QueryRow(ctx, `SELECT `+eventColumns+` FROM events WHERE `+where, arg)); err != nil {
			return err
		}
		if d.Company, err = tx.CompanyByID(ctx, d.Event.CompanyID); err != nil {
			return err
		}
		if d.Categories, err = eventCategories(ctx, tx, d.Event.ID); err != nil {
			return err
		}
		d.Ticket, err = eventTicket(ctx, tx, d.Event.ID, now.UnixMilli())
		return err
	})
	return d, err
}

// eventTicket loads the event's ticket product (the first one, should an event have several) and
// counts its places taken at now. Returns apperr.NotFound when the event has no ticket.
func eventTicket(ctx context.Context, tx *Tx, eventID, now int64) (event.Ticket, error) {
	var t event.Ticket
	var active int
	var maxStock sql.NullInt64
	var circuit sql.NullString
	err := tx.QueryRow(ctx, `SELECT p.id, p.name, p.price_cents, p.is_active, p.max_stock, p.data, c.name
		FROM products p LEFT JOIN variants v ON v.id = p.variant_id LEFT JOIN circuits c ON c.id = v.circuit_id
		WHERE p.event_id = ? AND p.kind = 'EVENT' AND p.deleted_at IS NULL ORDER BY p.id LIMIT 1`, eventID).
		Scan(&t.ID, &t.Name, &t.PriceCents, &active, &maxStock, &t.Data, &circuit)
	if err != nil {
		return t, translate(err)
	}
	t.IsActive, t.CircuitName = active == 1, circuit.String
	if maxStock.Valid {
		t.MaxStock = &maxStock.Int64
	}
	t.Taken, err = eventPlacesTaken(ctx, tx, t.ID, eventID, now)
	return t, err
}

// eventPlacesTaken counts the places of an event ticket taken at now: one per live EVENT hold of
// the ticket not yet part of a registration, and one per registration of the event whose booking is
// not cancelled. (A hold waiting for its registration's payment is linked by pending_booking_id and
// counted through the registration, once.)
func eventPlacesTaken(ctx context.Context, tx *Tx, productID, eventID, now int64) (int64, error) {
	var held, registered int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(SUM(h.num_drivers), 0) FROM holds h
		WHERE h.product_id = ? AND h.kind = 'EVENT' AND h.pending_booking_id IS NULL AND `+liveHold, productID, now).Scan(&held); err != nil {
		return 0, translate(err)
	}
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM event_registrations r JOIN bookings b ON b.id = r.booking_id
		WHERE r.event_id = ? AND b.status <> ?`, eventID, checkout.StatusCancelled).Scan(&registered); err != nil {
		return 0, translate(err)
	}
	return held + registered, nil
}

// eventCategories loads the event's categories with their options, in order.
func eventCategories(ctx context.Context, tx *Tx, eventID int64) ([]event.Category, error) {
	rows, err := tx.Query(ctx, `SELECT c.id, c.title, c.excluding, o.name, o.short_name, o.checked, o.disabled
		FROM event_categories c LEFT JOIN event_category_options o ON o.category_id = c.id
		WHERE c.event_id = ? ORDER BY c.id, o.position, o.id`, eventID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []event.Category{}
	last := int64(-1)
	for rows.Next() {
		var id int64
		var title string
		var excluding int
		var name, short sql.NullString
		var checked, disabled sql.NullInt64
		if err := rows.Scan(&id, &title, &excluding, &name, &short, &checked, &disabled); err != nil {
			return nil, translate(err)
		}
		if id != last {
			out = append(out, event.Category{Title: title, Excluding: excluding == 1, Options: []event.Option{}})
			last = id
		}
		if name.Valid {
			c := &out[len(out)-1]
			c.Options = append(c.Options, event.Option{Name: name.String, ShortName: short.String,
				Checked: checked.Int64 == 1, Disabled: disabled.Int64 == 1})
		}
	}
	return out, rows.Err()
}

// InsertEventHold implements event.Store. The ticket's row is locked first (on SQLite by the
// transaction's immediate write lock, on PostgreSQL by SELECT … FOR UPDATE), so the reuse check,
// the stock count and the insert see no other registration in between.
func (es Events) InsertEventHold(ctx context.Context, h event.NewHold) (event.HeldPlace, error) {
	var out event.HeldPlace
	var soldOut error
	now := h.CreatedAt.UnixMilli()
	err := es.db.Write(ctx, func(tx *Tx) error {
		soldOut = nil
		lock := `SELECT max_stock, is_active, event_id FROM products WHERE id = ? AND kind = 'EVENT' AND deleted_at IS NULL`
		if tx.Engine() == Postgres {
			lock += ` FOR UPDATE`
		}
		var maxStock, eventID sql.NullInt64
		var active int
		if err := tx.QueryRow(ctx, lock, h.ProductID).Scan(&maxStock, &active, &eventID); err != nil {
			return translate(err)
		}
		if h.VisitorID != "" {
			held, found, err := visitorEventHold(ctx, tx, h.ProductID, h.VisitorID, now)
			if err != nil || found {
				out = held
				return err
			}
		}
		var starts int64
		if err := tx.QueryRow(ctx, `SELECT starts_at FROM events WHERE id = ?`, h.EventID).Scan(&starts); err != nil {
			return translate(err)
		}
		if starts <= now || active != 1 || eventID.Int64 != h.EventID {
			return apperr.New(apperr.Gone, "Registration for this event is closed.")
		}
		if maxStock.Valid {
			// Places freed by dead holds go to the waiting list first, in join order.
			if err := offerEvent(ctx, tx, h.EventID, now); err != nil {
				return err
			}
			taken, err := eventPlacesTaken(ctx, tx, h.ProductID, h.EventID, now)
			if err != nil {
				return err
			}
			if taken+1 > maxStock.Int64 {
				// Refused, but committed: offers the waiting list was just given must stand.
				soldOut = apperr.New(apperr.NoStock, "No places left for %s.", h.Name)
				return nil
			}
		}
		cartID, err := tx.insertID(ctx, `INSERT INTO carts (token, company_id, status, created_at, updated_at)
			VALUES (?, ?, 'open', ?, ?) RETURNING id`, h.CartToken, h.CompanyID, now, now)
		if err != nil {
			return err
		}
		if _, err := insertHold(ctx, tx, holdRow{Identifier: h.Identifier, VisitorID: h.VisitorID, Kind: "EVENT",
			CompanyID: h.CompanyID, CartID: cartID, ProductID: h.ProductID, NumDrivers: 1, PriceCents: h.PriceCents,
			UnitCents: h.PriceCents, CreatedAt: now, ExpiresAt: h.ExpiresAt.UnixMilli()}); err != nil {
			return err
		}
		out = event.HeldPlace{Identifier: h.Identifier, CartToken: h.CartToken, ExpiresAt: h.ExpiresAt.UTC()}
		return nil
	})
	if err == nil && soldOut != nil {
		return event.HeldPlace{}, soldOut
	}
	return out, err
}

// VisitorEventHold implements event.Store: the visitor's live place of the ticket, read without
// writing anything (the registration page's GET).
func (es Events) VisitorEventHold(ctx context.Context, productID int64, visitorID string, now time.Time) (event.HeldPlace, bool, error) {
	var out event.HeldPlace
	var found bool
	if visitorID == "" {
		return out, false, nil
	}
	err := es.db.Read(ctx, func(tx *Tx) error {
		var err error
		out, found, err = visitorEventHold(ctx, tx, productID, visitorID, now.UnixMilli())
		return err
	})
	return out, found, err
}

// visitorEventHold finds the visitor's live, unpaid hold of the event ticket in an open cart.
func visitorEventHold(ctx context.Context, tx *Tx, productID int64, visitorID string, now int64) (event.HeldPlace, bool, error) {
	var out event.HeldPlace
	var expires int64
	err := tx.QueryRow(ctx, `SELECT h.identifier, c.token, h.expires_at FROM holds h JOIN carts c ON c.id = h.cart_id
		WHERE h.product_id = ? AND h.kind = 'EVENT' AND h.visitor_id = ? AND h.pending_booking_id IS NULL
		  AND c.status = 'open' AND `+liveHold+`
		ORDER BY h.expires_at DESC LIMIT 1`, productID, visitorID, now).Scan(&out.Identifier, &out.CartToken, &expires)
	if IsNoRows(err) {
		return event.HeldPlace{}, false, nil
	}
	if err != nil {
		return event.HeldPlace{}, false, translate(err)
	}
	out.ExpiresAt = time.UnixMilli(expires).UTC()
	return out, true, nil
}
