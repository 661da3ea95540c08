package store

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
	"pitlane/internal/waitlist"
)

// Events' waiting lists (issue 27) are sessions' lists with another key: session_key "e:<event id>",
// no circuit, the event's start, and the event ticket's places instead of a session's counters. An
// event's places are counted live (eventPlacesTaken), so the ticket's row is the lock: every statement
// that frees an event place (a registration cancelled, an offer's entry leaving, staff raising the
// ticket's stock) notes the event in its transaction, and giveFreed hands the free places to the first
// entries before the commit, with the ticket locked. An expired hold frees its place by being dead: it is
// given where the next registration would take it (InsertEventHold asks the list first) and by Sweep.
// A registration is one place (one driver or one team), so an entry waits for one place.

// noteEventFreed records that an event gave places back at now (Unix ms), for giveFreed.
func (t *Tx) noteEventFreed(eventID, now int64) {
	if t.freedEvents == nil {
		t.freedEvents = map[int64]int64{}
	}
	if now > t.freedEvents[eventID] {
		t.freedEvents[eventID] = now
	}
}

// noteBookingEventFreed notes the event of a booking that is an event registration as freed at now:
// the booking was just cancelled.
func noteBookingEventFreed(ctx context.Context, tx *Tx, bookingID, now int64) error {
	ids, err := int64sOf(ctx, tx, `SELECT event_id FROM event_registrations WHERE booking_id = ?`, bookingID)
	for _, id := range ids {
		tx.noteEventFreed(id, now)
	}
	return err
}

// giveFreedEvent runs offerEvent on the noted event with the smallest id.
func giveFreedEvent(ctx context.Context, tx *Tx) error {
	ids := make([]int64, 0, len(tx.freedEvents))
	for id := range tx.freedEvents {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	id := ids[0]
	now := tx.freedEvents[id]
	delete(tx.freedEvents, id)
	return offerEvent(ctx, tx, id, now)
}

// eventTicketLock is the event ticket a list's offers hold places of, locked for the transaction.
type eventTicketLock struct {
	ProductID, PriceCents int64
	MaxStock              sql.NullInt64
	Active                bool
}

// lockEventTicket locks the event's ticket (the first one, as eventTicket reads it): on SQLite the
// transaction's immediate write lock already does, on PostgreSQL SELECT … FOR UPDATE. Returns
// apperr.NotFound when the event has no ticket.
func lockEventTicket(ctx context.Context, tx *Tx, eventID int64) (eventTicketLock, error) {
	q := `SELECT id, price_cents, max_stock, is_active FROM products
		WHERE event_id = ? AND kind = 'EVENT' AND deleted_at IS NULL ORDER BY id LIMIT 1`
	if tx.Engine() == Postgres {
		q += ` FOR UPDATE`
	}
	var t eventTicketLock
	var active int
	err := tx.QueryRow(ctx, q, eventID).Scan(&t.ProductID, &t.PriceCents, &t.MaxStock, &active)
	t.Active = active == 1
	return t, translate(err)
}

// offerEvent is offerSession for an event: it settles the event's offers and gives its free places to
// the first waiting entries, in join order, with the ticket locked. Events nobody waits for cost one
// indexed query.
func offerEvent(ctx context.Context, tx *Tx, eventID, now int64) error {
	key := eventKey(eventID)
	var companyID, startsAt int64
	err := tx.QueryRow(ctx, `SELECT company_id, starts_at FROM waitlist_entries WHERE session_key = ? AND state IN (?, ?) LIMIT 1`,
		key, WaitWaiting, WaitOffered).Scan(&companyID, &startsAt)
	if IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	t, err := lockEventTicket(ctx, tx, eventID)
	if apperr.CodeOf(err) == apperr.NotFound {
		t = eventTicketLock{} // the ticket was deleted: nothing can be offered, the entries end below
	} else if err != nil {
		return err
	}
	if err := settleOffers(ctx, tx, key, now); err != nil {
		return err
	}
	if startsAt <= now || t.ProductID == 0 {
		_, err := tx.Exec(ctx, `UPDATE waitlist_entries SET state = ?, updated_at = ? WHERE session_key = ? AND state IN (?, ?)`,
			WaitExpired, now, key, WaitWaiting, WaitOffered)
		return err
	}
	var enabled, minutes int
	if err := tx.QueryRow(ctx, `SELECT waitlist_enabled, waitlist_offer_minutes FROM companies WHERE id = ?`, companyID).
		Scan(&enabled, &minutes); err != nil {
		return translate(err)
	}
	if enabled == 0 || !t.Active {
		return nil // the list is off (or sales are): entries keep their place
	}
	free := 1 << 30 // no stock limit any more: everyone waiting gets a place
	if t.MaxStock.Valid {
		taken, err := eventPlacesTaken(ctx, tx, t.ProductID, eventID, now)
		if err != nil {
			return err
		}
		free = int(t.MaxStock.Int64 - taken)
	}
	if free <= 0 {
		return nil
	}
	entries, err := waitingEntries(ctx, tx, key, free)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Drivers > free {
			continue
		}
		// The list was read without row locks: an entry that left since (its own transaction, committed
		// while this one waited) is passed over, and its places go to the next that fits.
		if still, err := claimWaiting(ctx, tx, e.ID, now); err != nil {
			return err
		} else if !still {
			continue
		}
		if err := makeEventOffer(ctx, tx, e, minutes, now); err != nil {
			return err
		}
		free -= e.Drivers
		if free == 0 {
			break
		}
	}
	return nil
}

// makeEventOffer holds one place of the event ticket for the entry in a cart made for the offer, under
// a random visitor id the offer link hands to the browser (the registration page finds the visitor's
// hold by it), and marks the entry offered. The caller has locked the ticket and counted the places.
func makeEventOffer(ctx context.Context, tx *Tx, e waitEntry, minutes int, now int64) error {
	cartToken := sessions.NewToken()
	var cartID int64
	if err := tx.QueryRow(ctx, `INSERT INTO carts (token, company_id, status, created_at, updated_at)
		VALUES (?, ?, 'open', ?, ?) RETURNING id`, cartToken, e.CompanyID, now, now).Scan(&cartID); err != nil {
		return translate(err)
	}
	expires := now + int64(minutes)*60_000
	holdID, err := insertHold(ctx, tx, holdRow{Identifier: sessions.NewToken(), VisitorID: randomToken()[:32], Kind: "EVENT",
		CompanyID: e.CompanyID, CartID: cartID, ProductID: e.ProductID, NumDrivers: 1, PriceCents: e.UnitCents,
		UnitCents: e.UnitCents, CreatedAt: now, ExpiresAt: expires})
	if err != nil {
		return err
	}
	return markOffered(ctx, tx, e.ID, holdID, cartToken, minutes, expires, now)
}

// claimWaiting locks a waiting entry for an offer and reports whether it is still waiting (on
// PostgreSQL an UPDATE waits for a concurrent leave and then sees its result).
func claimWaiting(ctx context.Context, tx *Tx, entryID, now int64) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE waitlist_entries SET updated_at = ? WHERE id = ? AND state = ?`, now, entryID, WaitWaiting)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// markOffered records an offer on a waiting entry and queues its mail (once per offer).
func markOffered(ctx context.Context, tx *Tx, entryID, holdID int64, cartToken string, minutes int, expires, now int64) error {
	offerToken := randomToken()
	res, err := tx.Exec(ctx, `UPDATE waitlist_entries SET state = ?, offer_hold_id = ?, offer_cart_token = ?, offer_expires_at = ?,
		offer_token_hash = ?, offers = offers + 1, offered_at = ?, updated_at = ? WHERE id = ? AND state = ?`,
		WaitOffered, holdID, cartToken, expires, hashToken(offerToken), now, now, entryID, WaitWaiting)
	if err := oneRow(res, err); err != nil {
		return apperr.New(apperr.Internal, "waitlist: entry %d was not waiting: %v", entryID, err)
	}
	return queueWaitOffer(ctx, tx, entryID, offerToken, minutes, expires, now)
}

// markOffersBooked marks the offers whose holds a booking just took as booked, so the staff's list says
// so at once (settleOffers would otherwise say it at the next freed place).
func markOffersBooked(ctx context.Context, tx *Tx, bookingID, now int64) error {
	_, err := tx.Exec(ctx, `UPDATE waitlist_entries SET state = ?, booking_id = ?, booked_at = ?, updated_at = ?
		WHERE state = ? AND offer_hold_id IN (SELECT id FROM holds WHERE booking_id = ?)`,
		WaitBooked, bookingID, now, now, WaitOffered, bookingID)
	return err
}

// JoinEvent adds a visitor to a sold-out event's waiting list (one place) and returns the entry with
// its position. Returns apperr.NotFound for an unknown event or one without a ticket,
// apperr.Unprocessable when the company has the list off or the event has started (or sells no more),
// apperr.Conflict when a place is free (it can be taken) or the e-mail already waits for the event.
func (w Waitlist) JoinEvent(ctx context.Context, eventPublicKey string, j waitlist.Join, now time.Time) (waitlist.Entry, error) {
	var out waitlist.Entry
	ms := now.UnixMilli()
	err := w.db.Write(ctx, func(tx *Tx) error {
		var eventID, companyID, startsAt int64
		var dateStart string
		var enabled int
		if err := tx.QueryRow(ctx, `SELECT ev.id, ev.company_id, ev.starts_at, ev.date_start, co.waitlist_enabled
			FROM events ev JOIN companies co ON co.id = ev.company_id WHERE ev.public_key = ?`, eventPublicKey).
			Scan(&eventID, &companyID, &startsAt, &dateStart, &enabled); err != nil {
			return translate(err)
		}
		if enabled == 0 {
			return apperr.New(apperr.Unprocessable, "This circuit has no waiting list.")
		}
		if startsAt <= ms {
			return apperr.New(apperr.Unprocessable, "The event has already started.")
		}
		t, err := lockEventTicket(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if !t.Active {
			return apperr.New(apperr.Unprocessable, "Registration for this event is closed.")
		}
		taken, err := eventPlacesTaken(ctx, tx, t.ProductID, eventID, ms)
		if err != nil {
			return err
		}
		if !t.MaxStock.Valid || taken+1 <= t.MaxStock.Int64 {
			return apperr.New(apperr.Conflict, "The event still has places: register instead.")
		}
		date, at, _ := strings.Cut(dateStart, " ")
		out, err = insertWaitEntry(ctx, tx, waitRow{CompanyID: companyID, Key: eventKey(eventID), ProductID: t.ProductID,
			StartsAt: startsAt, LocalDate: date, LocalTime: at, UnitCents: t.PriceCents, Drivers: 1, Join: j}, "event", now)
		return err
	})
	return out, err
}

// companyEvent checks that the event is the company's. Returns apperr.NotFound otherwise.
func companyEvent(ctx context.Context, tx *Tx, companyID, eventID int64) error {
	var n int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM events WHERE id = ? AND company_id = ?`, eventID, companyID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return apperr.WithFields(apperr.NotFound, "No such event.", map[string]string{"eventId": "unknown"})
	}
	return nil
}

// Event lists an event's entries, in join order, for the company's staff. Returns apperr.NotFound when
// the company has no such event.
func (w Waitlist) Event(ctx context.Context, companyID, eventID int64) ([]waitlist.Entry, error) {
	var out []waitlist.Entry
	err := w.db.Read(ctx, func(tx *Tx) error {
		if err := companyEvent(ctx, tx, companyID, eventID); err != nil {
			return err
		}
		var err error
		out, err = keyEntries(ctx, tx, companyID, eventKey(eventID))
		return err
	})
	return out, err
}

// OfferEvent gives an event's free places to its entries at once (staff, by hand or after raising the
// ticket's stock) and returns the entries afterwards. Returns apperr.NotFound when the company has no
// such event.
func (w Waitlist) OfferEvent(ctx context.Context, companyID, eventID int64, by waitlist.Actor, now time.Time) ([]waitlist.Entry, error) {
	var out []waitlist.Entry
	err := w.db.Write(ctx, func(tx *Tx) error {
		if err := companyEvent(ctx, tx, companyID, eventID); err != nil {
			return err
		}
		before, err := keyEntries(ctx, tx, companyID, eventKey(eventID))
		if err != nil {
			return err
		}
		if err := offerEvent(ctx, tx, eventID, now.UnixMilli()); err != nil {
			return err
		}
		if out, err = keyEntries(ctx, tx, companyID, eventKey(eventID)); err != nil {
			return err
		}
		return auditOffer(ctx, tx, companyID, eventKey(eventID), before, out, by, now)
	})
	return out, err
}
