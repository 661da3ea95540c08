package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"

	"pitlane/internal/apperr"
	"pitlane/internal/sessions"
	"pitlane/internal/waitlist"
)

// This file gives freed places to the waiting list (docs/architecture.md "Waiting list"). Every
// statement that gives places back to a session (releaseHeld, unbook) notes the session in its
// transaction; before that transaction commits, giveFreed settles the session's offers and makes new
// ones, with the session's row locked, so a freed place is either back on sale or held for exactly one
// offer when the transaction becomes visible. Offers are holds like any other: they count in slots.held
// and expire without a sweeper; an expired one is reclaimed where expired holds are reclaimed today
// (reclaimSlot), which notes the session again, and the places pass to the next entry.

// Waitlist entry states, as the store's statements name them.
const (
	WaitWaiting = waitlist.Waiting
	WaitOffered = waitlist.Offered
	WaitBooked  = waitlist.Booked
	WaitExpired = waitlist.Expired
	WaitLeft    = waitlist.Left
)

// sessionKey names a circuit session in waitlist_entries.session_key.
func sessionKey(circuitID, startsAt int64) string {
	return fmt.Sprintf("c:%d:%d", circuitID, startsAt)
}

// eventKey names an event (by its id) in waitlist_entries.session_key: an event's list is a session's
// list whose places are the event ticket's.
func eventKey(eventID int64) string {
	return fmt.Sprintf("e:%d", eventID)
}

// noteFreed records that a session gave places back at now (Unix ms), for giveFreed.
func (t *Tx) noteFreed(circuitID, startsAt, now int64) {
	if t.freed == nil {
		t.freed = map[sessions.SlotKey]int64{}
	}
	k := sessions.SlotKey{CircuitID: circuitID, StartsAt: startsAt}
	if now > t.freed[k] {
		t.freed[k] = now
	}
}

// giveFreed runs offerSession on every session noted as freed in the transaction, in lock order
// (circuit, start), until none is left (offerSession may reclaim expired holds, which notes again).
func giveFreed(ctx context.Context, tx *Tx) error {
	for len(tx.freed) > 0 || len(tx.freedEvents) > 0 {
		if len(tx.freed) == 0 {
			if err := giveFreedEvent(ctx, tx); err != nil {
				return err
			}
			continue
		}
		keys := make([]sessions.SlotKey, 0, len(tx.freed))
		for k := range tx.freed {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].CircuitID != keys[j].CircuitID {
				return keys[i].CircuitID < keys[j].CircuitID
			}
			return keys[i].StartsAt < keys[j].StartsAt
		})
		k := keys[0]
		now := tx.freed[k]
		delete(tx.freed, k)
		if err := offerSession(ctx, tx, k, now); err != nil {
			return err
		}
	}
	return nil
}

// offerSession settles a session's waiting list at now and gives its free places to the first waiting
// entries, in join order, whose drivers fit what is left (a larger party higher up does not block a
// smaller one). Sessions nobody waits for cost one indexed query. The session's row is locked first, its
// expired holds reclaimed, so the free places counted here are exact and no other transaction can take
// them until this one ends.
func offerSession(ctx context.Context, tx *Tx, k sessions.SlotKey, now int64) error {
	key := sessionKey(k.CircuitID, k.StartsAt)
	var companyID int64
	err := tx.QueryRow(ctx, `SELECT company_id FROM waitlist_entries WHERE session_key = ? AND state IN (?, ?) LIMIT 1`,
		key, WaitWaiting, WaitOffered).Scan(&companyID)
	if IsNoRows(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := lockSlot(ctx, tx, k.CircuitID, k.StartsAt); IsNoRows(err) {
		return nil // no row: nothing was ever held or booked on the session, so nothing was freed
	} else if err != nil {
		return translate(err)
	}
	if _, err := reclaimSlot(ctx, tx, k.CircuitID, k.StartsAt, now); err != nil {
		return err
	}
	delete(tx.freed, k) // reclaimSlot noted it again; this call is the one that gives those places
	if err := settleOffers(ctx, tx, key, now); err != nil {
		return err
	}
	if k.StartsAt <= now {
		// The session has started: nobody can book it any more, so every entry ends.
		_, err := tx.Exec(ctx, `UPDATE waitlist_entries SET state = ?, updated_at = ? WHERE session_key = ? AND state IN (?, ?)`,
			WaitExpired, now, key, WaitWaiting, WaitOffered)
		return err
	}
	var enabled, minutes, capacity, held, booked int
	if err := tx.QueryRow(ctx, `SELECT waitlist_enabled, waitlist_offer_minutes FROM companies WHERE id = ?`, companyID).
		Scan(&enabled, &minutes); err != nil {
		return translate(err)
	}
	if enabled == 0 {
		return nil // the list is off: freed places are on sale, entries keep their place for when it is on again
	}
	// The capacity comes from the installation, as takeHeld brings it up to date: a raise by staff is
	// seen here at once.
	if err := tx.QueryRow(ctx, `SELECT i.max_participants, s.held, s.booked FROM slots s
		JOIN circuits c ON c.id = s.circuit_id JOIN installations i ON i.id = c.installation_id
		WHERE s.circuit_id = ? AND s.starts_at = ?`, k.CircuitID, k.StartsAt).Scan(&capacity, &held, &booked); IsNoRows(err) {
		return nil
	} else if err != nil {
		return translate(err)
	}
	free := capacity - held - booked
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
		if err := makeOffer(ctx, tx, e, k, capacity, minutes, now); err != nil {
			return err
		}
		free -= e.Drivers
		if free == 0 {
			break
		}
	}
	return nil
}

// passExpiredOffers passes on the run-out offers of the given sessions, each session in a write
// transaction of its own, and reports whether it found any. A read finds them first, so a session
// without a waiting list costs one indexed read.
func passExpiredOffers(ctx context.Context, db *DB, slots []sessions.HoldSlot, now int64) (bool, error) {
	found := false
	for _, s := range slots {
		var n int
		if err := db.Read(ctx, func(tx *Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM waitlist_entries WHERE session_key = ? AND state = ? AND offer_expires_at <= ?`,
				sessionKey(s.CircuitID, s.StartsAt), WaitOffered, now).Scan(&n)
		}); err != nil {
			return found, err
		}
		if n == 0 {
			continue
		}
		found = true
		if err := db.Write(ctx, func(tx *Tx) error { return offerSession(ctx, tx, s.SlotKey, now) }); err != nil {
			return found, err
		}
	}
	return found, nil
}

// settleOffers ends the session's offers whose hold is no longer live: booked when the hold became a
// booking, expired when it ran out (and no payment is under way for it) or was let go.
func settleOffers(ctx context.Context, tx *Tx, key string, now int64) error {
	if _, err := tx.Exec(ctx, `UPDATE waitlist_entries SET state = ?, updated_at = ?, booked_at = ?,
			booking_id = (SELECT h.booking_id FROM holds h WHERE h.id = waitlist_entries.offer_hold_id)
		WHERE session_key = ? AND state = ? AND offer_hold_id IN (SELECT id FROM holds WHERE booking_id IS NOT NULL)`,
		WaitBooked, now, now, key, WaitOffered); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE waitlist_entries SET state = ?, updated_at = ?
		WHERE session_key = ? AND state = ? AND (offer_hold_id IS NULL OR offer_hold_id IN (SELECT id FROM holds
			WHERE booking_id IS NULL AND (released_at IS NOT NULL OR (expires_at <= ? AND pending_booking_id IS NULL))))`,
		WaitExpired, now, key, WaitOffered, now)
	return err
}

// waitEntry is a waiting entry as an offer needs it.
type waitEntry struct {
	ID, CompanyID, ProductID, UnitCents int64
	Drivers                             int
	LocalDate, LocalTime                string
}

// waitingEntries lists the session's waiting entries that fit in free places, in join order.
func waitingEntries(ctx context.Context, tx *Tx, key string, free int) ([]waitEntry, error) {
	rows, err := tx.Query(ctx, `SELECT id, company_id, product_id, unit_cents, drivers, local_date, local_time
		FROM waitlist_entries WHERE session_key = ? AND state = ? AND drivers <= ? ORDER BY id`, key, WaitWaiting, free)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []waitEntry
	for rows.Next() {
		var e waitEntry
		if err := rows.Scan(&e.ID, &e.CompanyID, &e.ProductID, &e.UnitCents, &e.Drivers, &e.LocalDate, &e.LocalTime); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// makeOffer holds the entry's places for minutes in a cart created for the offer and marks the entry
// offered. The caller has locked the session's row and counted the free places.
func makeOffer(ctx context.Context, tx *Tx, e waitEntry, k sessions.SlotKey, capacity, minutes int, now int64) error {
	cartToken := sessions.NewToken()
	var cartID int64
	if err := tx.QueryRow(ctx, `INSERT INTO carts (token, company_id, status, created_at, updated_at)
		VALUES (?, ?, 'open', ?, ?) RETURNING id`, cartToken, e.CompanyID, now, now).Scan(&cartID); err != nil {
		return translate(err)
	}
	slot := sessions.HoldSlot{SlotKey: k, ProductID: e.ProductID, LocalDate: e.LocalDate, LocalTime: e.LocalTime,
		Capacity: capacity, PriceCents: e.UnitCents}
	ok, err := takeHeld(ctx, tx, slot, e.Drivers)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.Internal, "waitlist: counted free places vanished under the row lock")
	}
	expires := now + int64(minutes)*60_000
	holdID, err := insertHold(ctx, tx, holdRow{Identifier: sessions.NewToken(), VisitorID: fmt.Sprintf("waitlist-%d", e.ID),
		Kind: sessions.KindProduct, CompanyID: e.CompanyID, CartID: cartID, ProductID: e.ProductID, NumDrivers: e.Drivers,
		PriceCents: e.UnitCents * int64(e.Drivers), UnitCents: e.UnitCents, CreatedAt: now, ExpiresAt: expires,
		Slots: []sessions.HoldSlot{slot}})
	if err != nil {
		return err
	}
	return markOffered(ctx, tx, e.ID, holdID, cartToken, minutes, expires, now)
}

// randomToken returns 256 random bits as 64 hex characters.
func randomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return hex.EncodeToString(b)
}

// hashToken is the SHA-256 of a token, as stored.
func hashToken(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}
