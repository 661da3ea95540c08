package store

import (
	"context"
	"time"

	"pitlane/internal/apperr"
	"pitlane/internal/checkout"
	"pitlane/internal/sessions"
)

// Holds is the visitor's side of the places: offers, availability, carts and holds (sessions.Store).
type Holds struct{ db *DB }

// Holds returns the store of this aggregate.
func (db *DB) Holds() Holds { return Holds{db} }

// InsertHold implements sessions.Store: it decides and writes a hold in one write transaction. The
// product row (when its stock is limited) and then each session's slot row are locked — on SQLite by
// the transaction's immediate write lock, on PostgreSQL by row locks taken in (circuit, start) order —
// and places are taken with one conditional UPDATE of the session's counter (slots.held), so places and
// stock are counted and taken without a window for another transaction in between.
func (hs Holds) InsertHold(ctx context.Context, h sessions.NewHold) error {
	err := hs.insertHold(ctx, h)
	if apperr.CodeOf(err) != apperr.NoStock || len(h.Slots) == 0 {
		return err
	}
	// A refused hold rolls back what its transaction reclaimed; when a waiting-list offer on one of its
	// sessions has run out, the offer passes on in a transaction of its own, and the hold is tried again
	// (it gets what no entry takes).
	passed, perr := passExpiredOffers(ctx, hs.db, h.Slots, h.CreatedAt.UnixMilli())
	if perr != nil || !passed {
		return err
	}
	return hs.insertHold(ctx, h)
}

func (hs Holds) insertHold(ctx context.Context, h sessions.NewHold) error {
	now := h.CreatedAt.UnixMilli()
	return hs.db.Write(ctx, func(tx *Tx) error {
		var cartID int64
		var productID, maxStock *int64
		var maxSlots, cartSessions int
		// The cart, its company's maxSlotsBooking, the sessions of its live product holds and the
		// product's stock limit in one statement (one round trip on PostgreSQL; the hold path is what a
		// rush waits on). The stock limit is read here, not taken from h.MaxStock: the offer may have
		// been read a moment ago (sessions.ReuseTTL) and an admin may have limited the stock since.
		err := tx.QueryRow(ctx, `SELECT ca.id, co.max_slots_booking,
			(SELECT COUNT(*) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
				WHERE h.cart_id = ca.id AND h.kind = ? AND `+liveHold+`), p.id, p.max_stock
			FROM carts ca JOIN companies co ON co.id = ca.company_id LEFT JOIN products p ON p.id = ?
			WHERE ca.token = ? AND ca.company_id = ? AND ca.status = 'open'`,
			sessions.KindProduct, now, h.ProductID, h.CartToken, h.CompanyID).Scan(&cartID, &maxSlots, &cartSessions, &productID, &maxStock)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No open shopping cart with that token.", map[string]string{"token": "unknown shopping cart"})
		}
		if err != nil {
			return err
		}
		if productID == nil {
			return apperr.New(apperr.NotFound, "No such product.")
		}
		if err := checkMaxSlots(h, cartSessions, maxSlots); err != nil {
			return err
		}
		if err := takeStock(ctx, tx, h, maxStock, now); err != nil {
			return err
		}
		for _, s := range sortedSlots(h) {
			if err := takePlaces(ctx, tx, h, s, now); err != nil {
				return err
			}
		}
		_, err = insertHold(ctx, tx, holdRow{Identifier: h.Identifier, VisitorID: h.VisitorID, Kind: h.Kind,
			CompanyID: h.CompanyID, CartID: cartID, ProductID: h.ProductID, NumDrivers: h.NumDrivers,
			PriceCents: h.PriceCents, UnitCents: h.UnitCents, CreatedAt: now, ExpiresAt: h.ExpiresAt.UnixMilli(), Slots: h.Slots,
			CheckVisitor: true})
		return err
	})
}

// takeStock checks that the product's stock, when limited (maxStock, as read in this transaction),
// covers the hold, with the product row locked (on SQLite the write transaction holds the database lock
// already). Unlimited products take no lock.
func takeStock(ctx context.Context, tx *Tx, h sessions.NewHold, maxStock *int64, now int64) error {
	if maxStock == nil {
		return nil
	}
	if tx.Engine() == Postgres {
		if err := tx.QueryRow(ctx, `SELECT max_stock FROM products WHERE id = ? FOR UPDATE`, h.ProductID).Scan(&maxStock); err != nil {
			return Translate(err)
		}
		if maxStock == nil {
			return nil
		}
	}
	used, err := stockUsed(ctx, tx, h.ProductID, h.Kind, now)
	if err != nil {
		return err
	}
	if used+int64(h.StockUnits) > *maxStock {
		return apperr.New(apperr.NoStock, "Not enough stock left of %s.", h.Name)
	}
	return nil
}

// stockUsed counts the units of a product's stock taken by live holds and by bookings that are not
// cancelled: a product's units are driver-sessions, a pack's are drivers. A hold waiting for its
// booking's online payment is counted through the booking's lines, not twice.
func stockUsed(ctx context.Context, tx *Tx, productID int64, kind string, now int64) (int64, error) {
	held, booked := `SELECT COALESCE(SUM(hs.places), 0) FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		WHERE h.product_id = ? AND h.pending_booking_id IS NULL AND `+liveHold,
		`SELECT COALESCE(SUM(bs.places), 0) FROM booking_slots bs JOIN booking_lines bl ON bl.id = bs.booking_line_id
		JOIN bookings b ON b.id = bl.booking_id WHERE bl.product_id = ? AND b.status <> ?`
	if kind == "EVENT" {
		var eventID int64
		if err := tx.QueryRow(ctx, `SELECT COALESCE(event_id, 0) FROM products WHERE id = ?`, productID).Scan(&eventID); err != nil {
			return 0, translate(err)
		}
		return eventPlacesTaken(ctx, tx, productID, eventID, now)
	}
	if kind == sessions.KindPack {
		held = `SELECT COALESCE(SUM(h.num_drivers), 0) FROM holds h WHERE h.product_id = ? AND h.pending_booking_id IS NULL AND ` + liveHold
		booked = `SELECT COALESCE(SUM(bl.num_drivers), 0) FROM booking_lines bl JOIN bookings b ON b.id = bl.booking_id
			WHERE bl.product_id = ? AND b.status <> ?`
	}
	var h, b int64
	if err := tx.QueryRow(ctx, held, productID, now).Scan(&h); err != nil {
		return 0, err
	}
	if err := tx.QueryRow(ctx, booked, productID, checkout.StatusCancelled).Scan(&b); err != nil {
		return 0, err
	}
	return h + b, nil
}

// StockUsed tells how many units of a product's stock are taken at now (for catalogue listings).
func (hs Holds) StockUsed(ctx context.Context, productID int64, kind string, now time.Time) (int64, error) {
	var n int64
	err := hs.db.Read(ctx, func(tx *Tx) error {
		var err error
		n, err = stockUsed(ctx, tx, productID, kind, now.UnixMilli())
		return err
	})
	return n, err
}

// takePlaces takes the hold's places in one session: it creates the session's row on first use, then
// adds the places to its counter with one conditional UPDATE, which also locks the row. When the counter
// says the session is full it may still count holds that are no longer live, so those are reclaimed
// (exactly, under the row lock) and the UPDATE tried once more, under the lock, before answering 421. The visitor check
// runs under the row lock too, so it sees every hold committed before this one on the session.
func takePlaces(ctx context.Context, tx *Tx, h sessions.NewHold, s sessions.HoldSlot, now int64) error {
	ok, err := insertOrTakeHeld(ctx, tx, s, h.NumDrivers)
	if err != nil {
		return err
	}
	if !ok {
		if err := lockSlot(ctx, tx, s.CircuitID, s.StartsAt); err != nil {
			return err
		}
	}
	if ok && tx.Engine() == Postgres {
		return nil // the hold's insert checks the visitor (holdRow.CheckVisitor), still under this row's lock
	}
	if err := visitorFree(ctx, tx, h, s, now); err != nil {
		return err
	}
	if ok {
		return nil
	}
	if _, err := reclaimSlot(ctx, tx, s.CircuitID, s.StartsAt, now); err != nil {
		return err
	}
	// What was reclaimed goes first to the waiting list, in this transaction (an expired offer passes
	// to the next entry rather than to this visitor); what no entry takes is on sale again.
	if err := offerSession(ctx, tx, s.SlotKey, now); err != nil {
		return err
	}
	// Tried again even when nothing was reclaimed here: while this transaction waited for the row lock,
	// another one (a release, housekeeping, a cancellation) may have taken places out of the counter and
	// committed. On PostgreSQL the first UPDATE read the counter before that; answering 421 then would
	// turn a customer away from a session with places (a busy run saw 3 of 4 free places sold).
	if ok, err = takeHeld(ctx, tx, s, h.NumDrivers); err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.NoStock, "Not enough places left in the session at %s %s.", s.LocalDate, s.LocalTime[:5])
	}
	return nil
}

// insertOrTakeHeld takes places into a session's counter of held places in one statement (one round
// trip: the hold path is what a rush waits on): the session's row is created holding them, or its
// counter raised if they fit its capacity (brought up to date from the installation's settings at the
// same time). Either way the row exists afterwards and is locked (PostgreSQL locks the conflicting row
// even when the update's condition is false), and it reports whether the places were taken.
func insertOrTakeHeld(ctx context.Context, tx *Tx, s sessions.HoldSlot, places int) (bool, error) {
	if places > s.Capacity {
		// More than the session holds at all: the row is made (empty) for the refusal's path.
		_, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
			VALUES (?, ?, ?, ?, ?, 0, 0) ON CONFLICT (circuit_id, starts_at) DO NOTHING`,
			s.CircuitID, s.StartsAt, s.LocalDate, s.LocalTime, s.Capacity)
		return false, Translate(err)
	}
	res, err := tx.Exec(ctx, `INSERT INTO slots (circuit_id, starts_at, local_date, local_time, capacity, booked, held)
		VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (circuit_id, starts_at) DO UPDATE
		SET held = slots.held + excluded.held, capacity = excluded.capacity
		WHERE slots.held + slots.booked + excluded.held <= excluded.capacity`,
		s.CircuitID, s.StartsAt, s.LocalDate, s.LocalTime, s.Capacity, places)
	if err != nil {
		return false, Translate(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// visitorFree returns apperr.SameUserSlot when the visitor already has a live hold on the session.
func visitorFree(ctx context.Context, tx *Tx, h sessions.NewHold, s sessions.HoldSlot, now int64) error {
	if h.VisitorID == "" {
		return nil
	}
	var mine int
	err := tx.QueryRow(ctx, `SELECT 1 FROM hold_slots hs JOIN holds h ON h.id = hs.hold_id
		WHERE hs.circuit_id = ? AND hs.starts_at = ? AND hs.visitor_id = ? AND `+liveHold+` LIMIT 1`,
		s.CircuitID, s.StartsAt, h.VisitorID, now).Scan(&mine)
	switch {
	case IsNoRows(err):
		return nil
	case err != nil:
		return err
	}
	return apperr.New(apperr.SameUserSlot, "You already hold the session at %s %s.", s.LocalDate, s.LocalTime[:5])
}

// ReleaseHold implements sessions.Store. The hold's places leave the session counters in the
// transaction that releases it, and only if this call is the one that released it.
func (hs Holds) ReleaseHold(ctx context.Context, cartToken, identifier string, now time.Time) error {
	return hs.db.Write(ctx, func(tx *Tx) error {
		var cartID, holdID int64
		var bookingID *int64
		err := tx.QueryRow(ctx, `SELECT id FROM carts WHERE token = ?`, cartToken).Scan(&cartID)
		if IsNoRows(err) {
			return apperr.WithFields(apperr.NotFound, "No shopping cart with that token.", map[string]string{"token": "unknown shopping cart"})
		}
		if err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `SELECT id, booking_id FROM holds WHERE identifier = ? AND cart_id = ?`, identifier, cartID).Scan(&holdID, &bookingID)
		if IsNoRows(err) {
			// Unknown in this cart: never held here, or dead and already swept by housekeeping.
			// Either way its places are not counted, which is what the caller wants.
			return nil
		}
		if err != nil {
			return err
		}
		if bookingID != nil {
			return apperr.New(apperr.Conflict, "This pre-booking is already part of a booking.")
		}
		res, err := tx.Exec(ctx, `UPDATE holds SET released_at = ? WHERE id = ? AND released_at IS NULL AND booking_id IS NULL`,
			now.UnixMilli(), holdID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 1 {
			if err := uncountHolds(ctx, tx, []int64{holdID}, now.UnixMilli()); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `DELETE FROM cart_lines WHERE hold_id = ?`, holdID)
		return err
	})
}

// deleteBatch is how many dead holds one housekeeping transaction deletes.
const deleteBatch = 500

// DeleteDeadHolds implements sessions.Store. Dead holds still in a session counter leave it in the
// transaction that deletes them (their places go to the waiting list at now, as every freed place does);
// the work is done in batches, each its own transaction.
func (hs Holds) DeleteDeadHolds(ctx context.Context, before, now time.Time) (int64, error) {
	var total int64
	for {
		var n int64
		err := hs.db.Write(ctx, func(tx *Tx) error {
			n = 0
			const dead = `booking_id IS NULL AND (expires_at < ? OR released_at < ?)`
			q := `SELECT id FROM holds WHERE ` + dead + ` ORDER BY id LIMIT ?`
			if tx.Engine() == Postgres {
				q += ` FOR UPDATE` // no late payment turns them into a booking meanwhile
			}
			ids, err := int64sOf(ctx, tx, q, before.UnixMilli(), before.UnixMilli(), deleteBatch)
			if err != nil || len(ids) == 0 {
				return err
			}
			if err := uncountHolds(ctx, tx, ids, now.UnixMilli()); err != nil {
				return err
			}
			args := append(int64Args(ids), before.UnixMilli(), before.UnixMilli())
			res, err := tx.Exec(ctx, `DELETE FROM holds WHERE id IN (`+Placeholders(len(ids))+`) AND `+dead, args...)
			if err != nil {
				return err
			}
			n, err = res.RowsAffected()
			return err
		})
		total += n
		if err != nil || n < deleteBatch {
			return total, err
		}
	}
}

// CreateCart implements sessions.Store.
func (hs Holds) CreateCart(ctx context.Context, companyID int64, token string, now time.Time) error {
	return hs.db.Write(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM companies WHERE id = ?`, companyID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return apperr.WithFields(apperr.NotFound, "No such company.", map[string]string{"idCompany": "unknown company"})
		}
		_, err := tx.Exec(ctx, `INSERT INTO carts (token, company_id, status, created_at, updated_at) VALUES (?, ?, 'open', ?, ?)`,
			token, companyID, now.UnixMilli(), now.UnixMilli())
		return err
	})
}
